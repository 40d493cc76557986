// A round robin of several engines (match with --engine three times or
// more): every two engines play a match of --pairs pairs, in the order of
// the pairings; each engine's standing against the field (its pairs against
// every other engine, as one pentanomial, with its Elo) and the cross table
// of points are counted here, once, for the text and the JSON alike.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "run/match.hpp"
#include "run/match_stats.hpp"

namespace rb {

// The engines of each match, by their index on the command line: (0, 1)
// alone for two engines; every two, in order, for more.
using EnginePairs = std::vector<std::pair<int, int>>;
EnginePairs round_robin_pairings(int engines);

struct Standing {
  Pentanomial counts;  // the engine's pairs against every other one
  double points = 0;
  int games = 0;
  std::optional<EloEstimate> elo;  // none before its first pair
};

struct RoundRobin {
  std::vector<Standing> standings;         // by engine
  std::vector<std::vector<double>> cross;  // points of the row's engine against the column's
};

// The standings of `results[k]`, the match between the engines matches[k].
RoundRobin round_robin_standings(std::size_t engines, const EnginePairs& matches,
                                 const std::vector<MatchResult>& results, double confidence);

}  // namespace rb
