// What the endgame solver (search/solver.hpp) is asked: the algorithm and
// move-order enums with their tables, and the options with their rows
// (command line and JSON read them; see core/option_rows.hpp). What it
// answers is in search/solve_result.hpp.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>

#include "core/enum_table.hpp"
#include "core/option_rows.hpp"
#include "core/position.hpp"

namespace rb {

// The search algorithm.
enum class Algo { minimax, alphabeta, pvs };
RB_ENUM_TABLE(Algo,
              {Algo::minimax, "minimax",
               "negamax over the whole tree, no pruning (a table still reuses exact scores)"},
              {Algo::alphabeta, "alphabeta",
               "fail-soft alpha-beta: a score outside the window is returned as found"},
              {Algo::pvs, "pvs",
               "NegaScout: the first move with the full window, the others with a null "
               "window, re-searched when they fail high inside the window"});

// The move order. In every order, a best move found in the transposition
// table is tried first; ties always keep the move source's order. The
// orders that look at the children (fastest, mobility) do so at nodes with
// at least SolveOptions::fastest_min_empties empties and keep the source
// order below that.
enum class Order { none, fastest, parity, fastest_parity, mobility, shallow };
RB_ENUM_TABLE(Order,
              {Order::none, "none",
               "the move source's order (a1..h8, or the empty list's static priority)"},
              {Order::fastest, "fastest",
               "fewest opponent replies first (a corner reply counts 1 + the corner bonus)"},
              {Order::parity, "parity",
               "moves in a quadrant with an odd number of empties first, at every node"},
              {Order::fastest_parity, "fastest-parity",
               "fastest-first near the root, quadrant parity below fastest_min_empties"},
              {Order::mobility, "mobility",
               "fastest-first refined: 2 x replies + the opponent's potential mobility - "
               "the mover's safe corner and edge discs"},
              {Order::shallow, "shallow",
               "at nodes with at least shallow_min_empties empties, best first by a "
               "shallow_depth search with the evaluator (--eval); below, shallow_below"});

// The evaluation that orders moves in Order::shallow (eval/pattern.hpp).
enum class EvalKind { classic, pattern };
RB_ENUM_TABLE(EvalKind, {EvalKind::classic, "classic", "mobility, corners and disc difference"},
              {EvalKind::pattern, "pattern",
               "learned pattern weights (data/pattern-weights.txt, see train-eval)"});

class PatternEval;

struct SolveOptions {
  Algo algo = Algo::pvs;
  Order order = Order::fastest;
  // Win/draw/loss only: the root window is (-1, 1) and the reported score is
  // its sign (-1 loss, 0 draw, +1 win for the side to move).
  bool wld = false;
  std::size_t tt_mb = 0;  // transposition table size in MiB; 0 = no table
  // The table is probed and stored only at nodes with at least this many
  // empties: near the leaves a subtree is cheaper to search than to look up.
  int tt_min_empties = 8;
  int fastest_min_empties = 7;
  // Fastest-first counts an opponent reply on a corner as 1 + this; 0 gives
  // the plain reply count. (PVS with a table on FForum #1-#27: 2 saves 40-50%
  // of the nodes of 0, 1 a little less, more than 2 nothing.)
  int fastest_corner_bonus = 2;
  // The last-empty shortcut: a node with one empty square is scored from the
  // flips of that square alone, without playing it.
  bool last_empty = false;
  // The few-empties path: at nodes with at most this many empties (0: never)
  // a dedicated search takes over: no table, quadrant parity order over the
  // empty squares, on the two bitboards alone for KernelBoard variants.
  // Minimax stays minimax there; PVS becomes alpha-beta (at these depths
  // nearly every window is already null).
  int few_empties = 0;
  // Enhanced transposition cutoff: at nodes with a table and more than
  // tt_min_empties empties, the children are first looked up in the table,
  // and one whose stored bound already refutes the window ends the search.
  bool etc = false;
  // The stability cutoff: at nodes with at least stability_min_empties
  // empties, when the opponent's stable discs (search/stability.hpp) cap the
  // score at or below alpha, that cap is returned without a search.
  bool stability = false;
  int stability_min_empties = 6;
  // The parallel search (threads > 1) splits nodes with at least this many
  // empties, after their first moves (search/parallel.hpp).
  int split_min_empties = 12;
  // Order::shallow: at nodes with at least shallow_min_empties empties, the
  // moves are ranked by the score of a search of each child shallow_depth
  // plies deep with the evaluation `eval` at its leaves (0: the child's own
  // evaluation); below, by shallow_below (shallow there means none).
  EvalKind eval = EvalKind::classic;
  int shallow_depth = 2;
  int shallow_min_empties = 14;
  Order shallow_below = Order::mobility;
  // Order::shallow: the searches are shallow_depth plies deep at nodes with
  // at least shallow_deep_empties empties; at nodes with fewer (and at least
  // shallow_min_empties), each child is ranked by its own evaluation (depth
  // 0). 0: shallow_depth everywhere.
  int shallow_deep_empties = 0;
  // Order::shallow adds this many times the Order::mobility cost of a move
  // (in kEvalScale units, eval/pattern.hpp) to its shallow score: 0 orders
  // by the evaluation alone. The defaults (depth 2 at >= 14 empties, 16)
  // are the measured best on FForum #20-#39 (results/2026-11-23-eval-order).
  int shallow_mobility = 16;
  // Order::shallow: at a node whose own evaluation is more than this many
  // discs below alpha, the mobility order instead of the shallow searches
  // (-1: never). Such a node is expected to fail low, and then all its moves
  // are searched whatever their order: the shallow searches would be spent
  // in vain (results/2026-11-25-table-depth).
  int shallow_all_margin = -1;
  // The pre-search (search/presearch.hpp): before the exact search, a
  // search with the evaluation `eval`, deepened ply by ply down to positions
  // with presearch_empties empties, leaves its best move in the table at
  // positions with at least presearch_min_empties empties, for the exact
  // search to try first; it stops when it has searched presearch_nodes
  // positions (inside an iteration as a rule). Needs a table. The defaults
  // are the measured best on FForum #20-#39 (results/2026-11-24-presearch).
  bool presearch = false;
  int presearch_empties = 10;
  int presearch_min_empties = 14;
  std::size_t presearch_nodes = 1'000'000;
  // With threads: the pre-search splits like the exact search, its budget
  // shared (otherwise it runs on the first thread alone, the others idle),
  // always with presearch_split, and by default with at most
  // presearch_split_threads threads. Split, it leaves moves that vary from
  // run to run. With two threads on two cores that costs little: on FForum
  // #20-#39 the exact search's work is 1.06-1.07 times one thread's in every
  // run, and the solve takes 0.57 of one thread's time against 0.61 with the
  // pre-search on one thread. With 4, 8 and 16 threads (on two cores) the
  // work then varies up to 1.26, 1.18 and 1.43 times, against 1.09, 1.15
  // and 1.21 unsplit (results/2026-11-24-lazy-rank, and with other weights
  // results/2026-11-24-parallel-presearch).
  bool presearch_split = false;
  int presearch_split_threads = 2;
  // The selective pass (search/selective.hpp): before the exact search, the
  // same search of the root, selective_levels times, each one pruned by
  // ProbCut: a node with at least selective_min_empties empties returns
  // beta (alpha) at once when a selective_depth search of it with the
  // evaluation `eval` is at least beta + m (at most alpha - m) discs, m
  // being the level's margin: selective_margin, then selective_step more at
  // each next level. Each level leaves its best moves in the table for the
  // next and for the exact search, its bounds forgotten (they are guesses);
  // its score is the estimate of mtd. After a pre-search, the pass begins
  // at its estimate and drops its moves. Needs a table and a windowed
  // algorithm. The defaults are the best of the settings tried on FForum
  // #20-#39 and positions of #40-#59 (results/2026-11-25-selective).
  bool selective = false;
  int selective_margin = 12;
  int selective_step = 4;
  int selective_levels = 2;
  int selective_min_empties = 10;
  int selective_depth = 1;
  // The root's exact search as null-window tests (MTD(f) with a step of 2,
  // every final score being even): the first test asks whether the score is
  // the estimate g, with the window (g - 1, g + 1); a test that fails returns
  // a bound, the next test's g; the first test that does not fail gives the
  // score (search/root_search.hpp). The estimate is the selective pass's score,
  // else the pre-search's (the mean of
  // its last two finished iterations, which differ most between odd and even
  // depths) or, without one, the root's evaluation, rounded to an even
  // score. For alphabeta and pvs, without wld (whose root window (-1, 1) is
  // already a test); ignored otherwise.
  bool mtd = false;

  // Not options but controls of one run (no rows; the command line has its
  // own -t): the threads searching the position (1..kMaxSearchThreads; 1: no
  // helper threads), a stop request, polled every 4096 nodes, and a deadline.
  // The last two may be left unset.
  int threads = 1;
  const std::atomic<bool>* stop = nullptr;
  // The weights of EvalKind::pattern; must be set when it is used.
  const PatternEval* pattern = nullptr;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Count how the exact search's nodes end, by empties
  // (SolveResult::cut_profile). One thread only (with helpers a split
  // point's moves are shared, and no thread sees how its node ended): with
  // threads > 1 nothing is counted. The search itself is unchanged.
  bool cut_profile = false;
};

inline constexpr int kMaxFewEmpties = 10;
inline constexpr int kMaxShallowDepth = 8;
// At most this many threads search one position.
inline constexpr int kMaxSearchThreads = 256;
inline constexpr std::size_t kMaxTableMb = std::size_t{1} << 20;

// Whether the pre-search splits among the threads (see presearch_split).
constexpr bool presearch_splits(const SolveOptions& o) {
  return o.threads > 1 && (o.presearch_split || o.threads <= o.presearch_split_threads);
}

// The rules between options, each declared on the row of the option that
// sets it (checked by broken_option_rule(), search/presets.hpp).
namespace option_rules {
constexpr std::string_view needs_table(const SolveOptions& o) {
  return o.tt_mb == 0 ? "needs a table (--tt MB)" : "";
}
constexpr std::string_view etc(const SolveOptions& o) { return o.etc ? needs_table(o) : ""; }
constexpr std::string_view presearch(const SolveOptions& o) {
  return o.presearch ? needs_table(o) : "";
}
constexpr std::string_view selective(const SolveOptions& o) {
  if (!o.selective) return "";
  if (o.algo == Algo::minimax) return "needs a window (--algo alphabeta or pvs)";
  return needs_table(o);
}
constexpr std::string_view mtd(const SolveOptions& o) {
  if (!o.mtd) return "";
  if (o.algo == Algo::minimax) return "needs a window (--algo alphabeta or pvs)";
  if (o.wld) return "not with --wld (its root window (-1, 1) is already one test)";
  return "";
}
}  // namespace option_rules

// Every option of SolveOptions, once.
inline constexpr auto kSolveOptionRows = std::make_tuple(
    choice_row("algo", "algo", OptionGroup::technique, "the search algorithm", &SolveOptions::algo),
    choice_row("order", "order", OptionGroup::technique, "the move order", &SolveOptions::order),
    switch_row("wld", "wld", OptionGroup::everyday, "win/draw/loss only (score -1, 0 or +1)",
               &SolveOptions::wld),
    number_row("tt", "tt_mb", OptionGroup::everyday,
               "transposition table size in MiB (0: no table)", &SolveOptions::tt_mb, 0,
               kMaxTableMb),
    number_row("tt-min-empties", "tt_min_empties", OptionGroup::tuning,
               "use the table at nodes with at least this many empties",
               &SolveOptions::tt_min_empties, 0, 64),
    number_row("fastest-min-empties", "fastest_min_empties", OptionGroup::tuning,
               "order by the children (fastest, mobility) at nodes with at least this many "
               "empties",
               &SolveOptions::fastest_min_empties, 0, 64),
    number_row("corner-bonus", "fastest_corner_bonus", OptionGroup::tuning,
               "fastest-first counts a corner reply as 1 + this",
               &SolveOptions::fastest_corner_bonus, 0, 16),
    switch_row("last-empty", "last_empty", OptionGroup::technique,
               "score a node with one empty square from its flips, without playing it",
               &SolveOptions::last_empty),
    number_row("few-empties", "few_empties", OptionGroup::technique,
               "at nodes with at most N empties, a dedicated search (parity order, no table; on "
               "the bitboards alone where the variant has kernels); 0: off",
               &SolveOptions::few_empties, 0, kMaxFewEmpties),
    switch_row("etc", "etc", OptionGroup::technique,
               "enhanced transposition cutoff: look the children up in the table first",
               &SolveOptions::etc, option_rules::etc),
    switch_row("stability", "stability", OptionGroup::technique,
               "stability cutoff: return the cap set by the opponent's stable discs when it is "
               "at or below alpha",
               &SolveOptions::stability),
    number_row("stability-min-empties", "stability_min_empties", OptionGroup::tuning,
               "try the stability cutoff at nodes with at least this many empties",
               &SolveOptions::stability_min_empties, 0, 64),
    number_row("split-min-empties", "split_min_empties", OptionGroup::tuning,
               "with --threads above 1, share the moves of nodes with at least this many "
               "empties among the threads",
               &SolveOptions::split_min_empties, 1, 64),
    choice_row("eval", "eval", OptionGroup::technique,
               "the evaluation of the shallow order, the pre-search and the selective pass",
               &SolveOptions::eval),
    number_row("shallow-depth", "shallow_depth", OptionGroup::tuning,
               "--order shallow: plies searched below each child (0: its evaluation)",
               &SolveOptions::shallow_depth, 0, kMaxShallowDepth),
    number_row("shallow-min-empties", "shallow_min_empties", OptionGroup::tuning,
               "--order shallow: order by the shallow search at nodes with at least this many "
               "empties",
               &SolveOptions::shallow_min_empties, 0, 64),
    number_row("shallow-deep-empties", "shallow_deep_empties", OptionGroup::tuning,
               "--order shallow: search --shallow-depth plies at nodes with at least this many "
               "empties; below, rank each child by its evaluation alone (0: everywhere)",
               &SolveOptions::shallow_deep_empties, 0, 64),
    choice_row("shallow-below", "shallow_below", OptionGroup::tuning,
               "--order shallow: the order at nodes with fewer empties",
               &SolveOptions::shallow_below),
    number_row("shallow-mobility", "shallow_mobility", OptionGroup::tuning,
               "--order shallow: add this many times the mobility order's cost (1/16 disc "
               "units) to the shallow score",
               &SolveOptions::shallow_mobility, 0, 1000),
    number_row("shallow-all-margin", "shallow_all_margin", OptionGroup::tuning,
               "--order shallow: at a node whose evaluation is more than this many discs below "
               "alpha (expected to fail low), the mobility order instead (-1: never)",
               &SolveOptions::shallow_all_margin, -1, 128),
    switch_row("presearch", "presearch", OptionGroup::technique,
               "before the exact search, a search with the evaluation (--eval) deepened ply by "
               "ply leaves its best moves in the table",
               &SolveOptions::presearch, option_rules::presearch),
    number_row("presearch-empties", "presearch_empties", OptionGroup::tuning,
               "--presearch: deepen down to positions with this many empties",
               &SolveOptions::presearch_empties, 0, 64),
    number_row("presearch-min-empties", "presearch_min_empties", OptionGroup::tuning,
               "--presearch: leave moves at positions with at least this many empties",
               &SolveOptions::presearch_min_empties, 0, 64),
    number_row("presearch-nodes", "presearch_nodes", OptionGroup::tuning,
               "--presearch: stop after this many positions", &SolveOptions::presearch_nodes, 1,
               std::size_t{1} << 40),
    switch_row("presearch-split", "presearch_split", OptionGroup::tuning,
               "--presearch with threads: the pre-search splits like the exact search "
               "(otherwise it runs on one thread)",
               &SolveOptions::presearch_split),
    number_row("presearch-split-threads", "presearch_split_threads", OptionGroup::tuning,
               "--presearch: split it (as --presearch-split) when the solve has at most this "
               "many threads",
               &SolveOptions::presearch_split_threads, 0, kMaxSearchThreads),
    switch_row("selective", "selective", OptionGroup::technique,
               "before the exact search, searches of the root pruned by ProbCut (the "
               "evaluation, --eval) leave their best moves in the table",
               &SolveOptions::selective, option_rules::selective),
    number_row("selective-margin", "selective_margin", OptionGroup::tuning,
               "--selective: the first level prunes a node when the shallow search clears its "
               "window by this many discs",
               &SolveOptions::selective_margin, 0, 128),
    number_row("selective-step", "selective_step", OptionGroup::tuning,
               "--selective: each next level's margin is this many discs wider",
               &SolveOptions::selective_step, 0, 128),
    number_row("selective-levels", "selective_levels", OptionGroup::tuning,
               "--selective: the searches made before the exact one",
               &SolveOptions::selective_levels, 1, 16),
    number_row("selective-min-empties", "selective_min_empties", OptionGroup::tuning,
               "--selective: prune at nodes with at least this many empties",
               &SolveOptions::selective_min_empties, 1, 64),
    number_row("selective-depth", "selective_depth", OptionGroup::tuning,
               "--selective: plies of the shallow search that decides a prune",
               &SolveOptions::selective_depth, 0, kMaxShallowDepth),
    switch_row("mtd", "mtd", OptionGroup::technique,
               "the root's exact search as null-window tests from an estimated score (the "
               "selective pass's, else the pre-search's, else the root's evaluation), each at "
               "the bound the last returned (MTD(f))",
               &SolveOptions::mtd, option_rules::mtd));

}  // namespace rb
