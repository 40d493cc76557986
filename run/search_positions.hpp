// The work of `reversi-bench search`: the playing search (search/session.hpp)
// on positions one after the other, each from cleared tables within the
// same limits, each iteration shown to the caller as it finishes.
#pragma once

#include <functional>
#include <vector>

#include "io/data_files.hpp"
#include "search/session.hpp"

namespace rb {

struct SearchedPosition {
  int index = 0;  // 1-based
  const NamedPosition* input = nullptr;
  ThinkResult result;
};

// What the caller sees as the positions are searched (search prints it).
struct SearchObserver {
  std::function<void(int index, const NamedPosition&)> begin;  // before a position
  ThinkCallback iteration;                                     // each finished iteration
  std::function<void(const SearchedPosition&)> end;            // its answer
};

std::vector<SearchedPosition> search_positions(SearchSession& session,
                                               const std::vector<NamedPosition>& positions,
                                               const ThinkLimits& limits,
                                               const SearchObserver& observer);

}  // namespace rb
