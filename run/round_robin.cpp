#include "run/round_robin.hpp"

namespace rb {

EnginePairs round_robin_pairings(int engines) {
  EnginePairs out;
  for (int i = 0; i < engines; ++i) {
    for (int j = i + 1; j < engines; ++j) out.emplace_back(i, j);
  }
  return out;
}

RoundRobin round_robin_standings(std::size_t engines, const EnginePairs& matches,
                                 const std::vector<MatchResult>& results, double confidence) {
  RoundRobin r;
  r.standings.resize(engines);
  r.cross.assign(engines, std::vector<double>(engines, 0));
  for (std::size_t k = 0; k < matches.size(); ++k) {
    const auto& m = matches[k];
    for (const PairRecord& p : results[k].pairs) {
      for (const int e : {m.first, m.second}) {
        // Engine e's pentanomial index: A's, or its mirror for B.
        const int index = e == m.first ? p.penta_index() : 4 - p.penta_index();
        Standing& s = r.standings[static_cast<std::size_t>(e)];
        ++s.counts.n[static_cast<std::size_t>(index)];
        s.points += index / 2.0;
        s.games += 2;
        const int other = e == m.first ? m.second : m.first;
        r.cross[static_cast<std::size_t>(e)][static_cast<std::size_t>(other)] += index / 2.0;
      }
    }
  }
  for (Standing& s : r.standings) {
    if (s.counts.pairs() > 0) s.elo = elo_estimate(s.counts, confidence);
  }
  return r;
}

}  // namespace rb
