#include "run/search_positions.hpp"

namespace rb {

std::vector<SearchedPosition> search_positions(SearchSession& session,
                                               const std::vector<NamedPosition>& positions,
                                               const ThinkLimits& limits,
                                               const SearchObserver& observer) {
  std::vector<SearchedPosition> out;
  out.reserve(positions.size());
  ThinkLimits each = limits;
  each.on_iteration = observer.iteration;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    if (observer.begin) observer.begin(index, positions[i]);
    SearchedPosition s;
    s.index = index;
    s.input = &positions[i];
    s.result = session.think(positions[i].entry.position, each, Tables::clear);
    out.push_back(std::move(s));
    if (observer.end) observer.end(out.back());
  }
  return out;
}

}  // namespace rb
