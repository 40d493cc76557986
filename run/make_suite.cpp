#include "run/make_suite.hpp"

#include <algorithm>
#include <random>

#include "check/random_positions.hpp"
#include "core/errors.hpp"
#include "search/session.hpp"

namespace rb {
namespace {

// The two independent computations: a bitboard with the list, PVS and a
// table; and a bitboard with the legal mask, alpha-beta, no table.
SearchSession primary() {
  SearchRequest r;
  r.preset = "pvs";
  r.tt_mb = 32;
  r.variant = "kindergarten+list";
  return SearchSession::open(r);
}

SearchSession confirmation() {
  SearchRequest r;
  r.preset = "fastest";
  r.variant = "shift";
  r.moves = MoveGen::mask;
  return SearchSession::open(r);
}

}  // namespace

std::string suite_header(const SuiteRequest& request) {
  return "% reversi-bench make-suite -e " + std::to_string(request.empties) + " -n " +
         std::to_string(request.count) + " --seed " + std::to_string(request.seed) +
         "\n% Positions with " + std::to_string(request.empties) +
         " empties from seeded random games; every move's exact score by kindergarten+list\n"
         "% (pvs, table) confirmed by shift (alpha-beta, legal mask, no table).\n";
}

std::optional<Position> make_suite(const SuiteRequest& request,
                                   const std::function<void(const ObfEntry&, int made)>& on_entry) {
  SearchSession first = primary();
  SearchSession second = confirmation();
  std::mt19937_64 rng(request.seed);
  for (int made = 0, attempts = 0; made < request.count; ++attempts) {
    if (attempts > request.count * 1000) throw UsageError("random games do not reach the empties");
    const Position p = random_reachable(rng, 60 - request.empties);
    if (p.empties() != request.empties) continue;
    const MoveScores a = first.score_moves(p);
    if (a.moves.empty()) continue;  // the game is over
    const MoveScores b = second.score_moves(p);
    if (a.moves != b.moves) return p;
    ObfEntry entry;
    entry.position = p;
    entry.moves = a.moves;
    std::stable_sort(entry.moves.begin(), entry.moves.end(),
                     [](const MoveScore& x, const MoveScore& y) { return x.score > y.score; });
    on_entry(entry, ++made);
  }
  return std::nullopt;
}

}  // namespace rb
