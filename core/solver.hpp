// The exact endgame solver: negamax search to the end of the game.
//
// solve<B, G>() returns the exact score of a position for the side to move
// (the final disc difference, empty squares going to the winner) and a best
// move, searching with one of three algorithms (Algo: plain negamax, fail-soft
// alpha-beta, PVS/NegaScout); with SolveOptions::wld it only finds win, draw
// or loss (window (-1, 1), score -1/0/+1). Moves come from move source G
// (default: the board's own, see core/moves.hpp) and may be re-ordered
// (Order: fastest-first, quadrant parity); an optional transposition table
// (core/transposition.hpp, SolveOptions::tt_mb) stores bounds and best moves
// at nodes with at least tt_min_empties empties; score_all_moves() scores
// every root move. A NODE is one call of the recursive search function on a
// position: the root is a node, every move played is a node, and a pass is a
// node of its own (the passed position is searched by a new call); a
// game-over or full-board position is a node that returns at once, and so is
// a position whose table entry ends its search. With the same options and move
// source, every board visits exactly the same nodes in the same order and
// returns the same score and move, because the order of the moves depends
// only on G, on the ordering (which reads nothing but legal moves) and on the
// table (which keys on the full position); the board's internal
// representation never enters. The recursion allocates nothing: a node's
// moves sit in fixed arrays on the stack. The stop flag and the deadline are
// polled every 4096 nodes; a stopped search unwinds at once and reports
// solved == false.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/board.hpp"
#include "core/io.hpp"
#include "core/moves.hpp"
#include "core/transposition.hpp"

namespace rb {

// The search algorithm.
enum class Algo : std::uint8_t {
  // Negamax over the whole tree, no pruning (with a table, a transposed
  // position's exact score is still reused).
  minimax,
  // Fail-soft alpha-beta: a score outside the window is returned as found (a
  // bound at least as tight as the window edge), not clamped to the edge.
  alphabeta,
  // NegaScout / principal variation search, fail-soft: the first move with the
  // full window, the others with the null window (alpha, alpha + 1), re-searched
  // with (v, beta) when they fail high inside the window (alpha < v < beta).
  pvs,
};

// The move order. In every order, a best move found in the transposition
// table is tried first; ties always keep the move source's order.
enum class Order : std::uint8_t {
  // The move source's own order: a1..h8 for scan and mask, the static
  // priority order of the empty-square list for list.
  none,
  // Fastest-first: fewest opponent replies first (the popcount of the
  // opponent's legal moves after the move, a corner reply counting an extra
  // fastest_corner_bonus), at nodes with at least fastest_min_empties
  // empties; the source order below that.
  fastest,
  // Quadrant parity: moves in a 4x4 quadrant with an odd number of empties
  // first, at every node.
  parity,
  // Fastest-first at nodes with at least fastest_min_empties empties, quadrant
  // parity below that.
  fastest_parity,
};

// Names as on the command line: "minimax", "alphabeta", "pvs"; "none",
// "fastest", "parity", "fastest-parity".
constexpr std::string_view algo_name(Algo algo) {
  switch (algo) {
    case Algo::minimax:
      return "minimax";
    case Algo::alphabeta:
      return "alphabeta";
    case Algo::pvs:
      return "pvs";
  }
  return "?";
}
constexpr std::string_view order_name(Order order) {
  switch (order) {
    case Order::none:
      return "none";
    case Order::fastest:
      return "fastest";
    case Order::parity:
      return "parity";
    case Order::fastest_parity:
      return "fastest-parity";
  }
  return "?";
}
constexpr std::optional<Algo> parse_algo(std::string_view name) {
  for (Algo a : {Algo::minimax, Algo::alphabeta, Algo::pvs}) {
    if (name == algo_name(a)) return a;
  }
  return std::nullopt;
}
constexpr std::optional<Order> parse_order(std::string_view name) {
  for (Order o : {Order::none, Order::fastest, Order::parity, Order::fastest_parity}) {
    if (name == order_name(o)) return o;
  }
  return std::nullopt;
}

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
  int fastest_min_empties = 7;  // fastest-first only at nodes with this many empties
  // Fastest-first counts an opponent reply on a corner as 1 + this; 0 gives
  // the plain reply count. (PVS with a table on FForum #1-#27: 2 saves 40-50%
  // of the nodes of 0, 1 (Edax's weighting) a little less, more than 2 nothing.)
  int fastest_corner_bonus = 2;
  // Stop requests, polled every 4096 nodes (either may be left unset).
  const std::atomic<bool>* stop = nullptr;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct SolveResult {
  // The exact score (the sign -1/0/+1 with wld); meaningful only when solved.
  int score = 0;
  // A best move: the first move in search order reaching the score; kPass if
  // the side to move must pass, kNoSquare if the game is over (or not solved).
  Square best_move = kNoSquare;
  std::uint64_t nodes = 0;
  bool solved = false;  // false when stopped by the stop flag or the deadline
};

// The scores of the root moves (MoveScore, from core/io.hpp: a square, or
// kPass when passing is the only move, and the exact score after the move for
// the side that played it; its sign -1/0/+1 with wld).
struct MoveScores {
  std::vector<MoveScore> moves;  // by square a1..h8; empty when the game is over
  std::uint64_t nodes = 0;       // all the searches' nodes (the root not included)
  bool solved = false;           // false when stopped; moves then holds the finished ones
};

namespace solver_detail {

// The score of a finished game for the side to move: the disc difference,
// with the empty squares going to the winner.
constexpr int final_score(int disc_difference, int empties) {
  if (disc_difference > 0) return disc_difference + empties;
  if (disc_difference < 0) return disc_difference - empties;
  return 0;
}

inline constexpr int kInfinity = 65;  // above any score (scores lie in -64..64)
inline constexpr std::uint64_t kPollInterval = 4096;

// One bit per 4x4 quadrant (a1-d4, e1-h4, a5-d8, e5-h8).
constexpr unsigned quadrant_bit(Square s) {
  return 1u << ((file_of(s) >> 2) | ((rank_of(s) >> 2) << 1));
}
// Bit q set when quadrant q holds an odd number of empty squares.
constexpr unsigned quadrant_parity(Bitboard empty) {
  unsigned parity = 0;
  for_each_square(empty, [&](Square s) { parity ^= quadrant_bit(s); });
  return parity;
}

template <Board B, MoveGen G>
class Solver {
 public:
  Solver(const Position& position, const SolveOptions& options)
      : board_(position),
        options_(options),
        table_(options.tt_mb),
        root_empties_(position.empties()),
        root_parity_(quadrant_parity(position.empty())) {
    assert(position.valid());
  }
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  SolveResult solve() {
    const int alpha = options_.wld ? -1 : -kInfinity;
    const int beta = options_.wld ? 1 : kInfinity;
    const int score = search_root(alpha, beta);
    SolveResult result;
    result.nodes = nodes_;
    result.solved = !stopped_;
    if (result.solved) {
      result.score = options_.wld ? (score > 0) - (score < 0) : score;
      result.best_move = root_move_;
    }
    return result;
  }

  MoveScores score_all_moves() {
    MoveScores out;
    std::array<Square, 64> moves{};
    int count = 0;
    for_each_move<G>(board_, [&](Square s) {
      moves[count++] = s;
      return false;
    });
    if (count == 0) {
      board_.pass();
      if (board_.legal_moves() != 0) {  // a pass; otherwise the game is over
        const int score = -search_child(root_empties_, root_parity_);
        if (!stopped_) out.moves.push_back({kPass, score});
      }
      board_.pass();
    }
    for (int i = 0; i < count && !stopped_; ++i) {
      const bool legal = board_.play(moves[i]);
      assert(legal);
      (void)legal;
      const int score = -search_child(root_empties_ - 1, root_parity_ ^ quadrant_bit(moves[i]));
      board_.undo();
      if (!stopped_) out.moves.push_back({moves[i], score});
    }
    std::sort(out.moves.begin(), out.moves.end(),
              [](const MoveScore& a, const MoveScore& b) { return a.move < b.move; });
    out.nodes = nodes_;
    out.solved = !stopped_;
    return out;
  }

 private:
  int search_root(int alpha, int beta) {
    switch (options_.algo) {
      case Algo::minimax:
        return search<Algo::minimax, true>(alpha, beta, root_empties_, root_parity_);
      case Algo::alphabeta:
        return search<Algo::alphabeta, true>(alpha, beta, root_empties_, root_parity_);
      case Algo::pvs:
        break;
    }
    return search<Algo::pvs, true>(alpha, beta, root_empties_, root_parity_);
  }

  // Score of the position on the board for the side to move, searched with
  // the root window; used by score_all_moves for each root move.
  int search_child(int empties, unsigned parity) {
    const int alpha = options_.wld ? -1 : -kInfinity;
    const int beta = options_.wld ? 1 : kInfinity;
    int score = 0;
    switch (options_.algo) {
      case Algo::minimax:
        score = search<Algo::minimax, false>(alpha, beta, empties, parity);
        break;
      case Algo::alphabeta:
        score = search<Algo::alphabeta, false>(alpha, beta, empties, parity);
        break;
      case Algo::pvs:
        score = search<Algo::pvs, false>(alpha, beta, empties, parity);
        break;
    }
    return options_.wld ? (score > 0) - (score < 0) : score;
  }

  void poll_stop() {
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (options_.deadline != std::chrono::steady_clock::time_point::max() &&
        std::chrono::steady_clock::now() >= options_.deadline) {
      stopped_ = true;
    }
  }

  // The node: the score of the board's position for the side to move, fail-
  // soft with respect to (alpha, beta) (minimax ignores the window). `empties`
  // and `parity` (see quadrant_parity) describe the board's position; the
  // solver tracks them itself rather than asking the board.
  template <Algo A, bool Root>
  int search(int alpha, int beta, int empties, unsigned parity) {
    ++nodes_;
    if (nodes_ % kPollInterval == 0) poll_stop();
    if (stopped_) return 0;
    if (empties == 0) return board_.disc_difference();

    // Transposition table: cut off on a decisive bound, narrow the window,
    // and take the stored best move to try first. The root only takes the move.
    const bool use_table = table_.enabled() && empties >= options_.tt_min_empties;
    Position key;
    Square first = kNoSquare;
    if (use_table) {
      key = board_.position();
      if (const TTEntry* e = table_.probe(key.player, key.opponent)) {
        if constexpr (!Root) {
          if (e->lower == e->upper) return e->lower;
          if constexpr (A != Algo::minimax) {
            if (e->lower >= beta) return e->lower;
            if (e->upper <= alpha) return e->upper;
            alpha = std::max(alpha, static_cast<int>(e->lower));
            beta = std::min(beta, static_cast<int>(e->upper));
          }
        }
        if (e->move < 64) first = e->move;
      }
    }

    const int alpha0 = alpha;
    int best = -kInfinity;
    Square best_move = kNoSquare;
    int searched = 0;
    auto visit = [&](Square s) -> bool {  // s is played on the board
      const int child_empties = empties - 1;
      const unsigned child_parity = parity ^ quadrant_bit(s);
      int v;
      if constexpr (A == Algo::pvs) {
        if (searched == 0) {
          v = -search<A, false>(-beta, -alpha, child_empties, child_parity);
        } else {
          v = -search<A, false>(-alpha - 1, -alpha, child_empties, child_parity);
          if (v > alpha && v < beta && !stopped_) {
            v = -search<A, false>(-beta, -v, child_empties, child_parity);
          }
        }
      } else {
        v = -search<A, false>(-beta, -alpha, child_empties, child_parity);
      }
      ++searched;
      if (stopped_) return true;
      if (v > best) {
        best = v;
        best_move = s;
        if (v > alpha) {
          alpha = v;
          if (A != Algo::minimax && alpha >= beta) return true;
        }
      }
      return false;
    };
    visit_moves(empties, parity, first, visit);
    if (stopped_) return 0;

    if (searched == 0) {  // no move: pass, or the game is over
      const int diff = board_.disc_difference();
      board_.pass();
      if (board_.legal_moves() == 0) {
        board_.pass();
        if constexpr (Root) root_move_ = kNoSquare;
        return final_score(diff, empties);
      }
      best = -search<A, false>(-beta, -alpha, empties, parity);
      board_.pass();
      if (stopped_) return 0;
      best_move = kPass;
    }

    if constexpr (Root) root_move_ = best_move;
    if (use_table) {
      if (A == Algo::minimax || (best > alpha0 && best < beta)) {
        table_.store(key.player, key.opponent, empties, best, best, best_move, true);
      } else if (best >= beta) {
        table_.store(key.player, key.opponent, empties, best, 64, best_move, true);
      } else {
        table_.store(key.player, key.opponent, empties, -64, best, best_move, false);
      }
    }
    return best;
  }

  Order order_at(int empties) const {
    switch (options_.order) {
      case Order::none:
        return Order::none;
      case Order::fastest:
        return empties >= options_.fastest_min_empties ? Order::fastest : Order::none;
      case Order::parity:
        return Order::parity;
      case Order::fastest_parity:
        return empties >= options_.fastest_min_empties ? Order::fastest : Order::parity;
    }
    return Order::none;
  }

  // The fastest-first key of a move, from the opponent's replies to it.
  int fastest_priority(Bitboard replies) const {
    constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);
    const int cost =
        popcount(replies) + options_.fastest_corner_bonus * popcount(replies & kCorners);
    return std::clamp(cost, 0, 255);
  }

  // Calls visit(s) with each legal move s played on the board: `first` (a
  // table move, or kNoSquare) first, then the others in the order of the
  // options; stops when visit returns true.
  template <class Visit>
  void visit_moves(int empties, unsigned parity, Square first, Visit& visit) {
    if (first != kNoSquare) {
      const bool legal = board_.play(first);
      assert(legal);
      (void)legal;
      const bool stop = visit(first);
      board_.undo();
      if (stop) return;
    }
    const Order order = order_at(empties);
    if (order == Order::none) {
      for_each_move<G>(board_, [&](Square s) { return s != first && visit(s); });
      return;
    }
    // Sort keys: (priority << 8) | index in source order, so that sorting the
    // keys is a stable sort of the moves by priority.
    std::array<std::uint16_t, 64> keys;
    std::array<std::uint8_t, 64> squares;
    int count = 0;
    for_each_move<G>(board_, [&](Square s) {
      if (s == first) return false;
      const int priority = order == Order::fastest ? fastest_priority(board_.legal_moves())
                                                   : (parity & quadrant_bit(s) ? 0 : 1);
      squares[count] = static_cast<std::uint8_t>(s);
      keys[count] = static_cast<std::uint16_t>(priority << 8 | count);
      ++count;
      return false;
    });
    for (int i = 1; i < count; ++i) {  // insertion sort: few moves
      const std::uint16_t k = keys[i];
      int j = i;
      for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1];
      keys[j] = k;
    }
    for (int i = 0; i < count; ++i) {
      const Square s = squares[keys[i] & 0xff];
      const bool legal = board_.play(s);
      assert(legal);
      (void)legal;
      const bool stop = visit(s);
      board_.undo();
      if (stop) return;
    }
  }

  B board_;
  const SolveOptions options_;
  TranspositionTable table_;
  const int root_empties_;
  const unsigned root_parity_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  Square root_move_ = kNoSquare;
};

}  // namespace solver_detail

// The exact score (or WLD sign) of `position` and a best move, searched on a
// board of type B with move source G. One transposition table, if any, is
// allocated for the call.
template <Board B, MoveGen G = B::info.movegen>
SolveResult solve(const Position& position, const SolveOptions& options = {}) {
  return solver_detail::Solver<B, G>(position, options).solve();
}

// The exact score (or WLD sign, with options.wld) of every legal move of
// `position`, each searched with the full window, sharing one table. When the
// side to move must pass, the single entry is {kPass, score}; when the game
// is over, the list is empty.
template <Board B, MoveGen G = B::info.movegen>
MoveScores score_all_moves(const Position& position, const SolveOptions& options = {}) {
  return solver_detail::Solver<B, G>(position, options).score_all_moves();
}

}  // namespace rb
