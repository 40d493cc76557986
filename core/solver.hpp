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
// a position whose table entry or cutoff ends its search. The few-empties
// path counts the positions it reaches the same way; with the last-empty
// shortcut a node with one empty square is scored without visiting its child.
// The switches (SolveOptions: last_empty, few_empties, etc, stability,
// Order::mobility) are off by default, so each can be measured on its own. With the same options
// and move source, every board visits exactly the same nodes in the same order and returns the same
// score and move, because the order of the moves depends only on G, on the ordering (which reads
// nothing but legal moves) and on the table (which keys on the full position); the board's internal
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
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "core/board.hpp"
#include "core/io.hpp"
#include "core/moves.hpp"
#include "core/stability.hpp"
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
  // Fastest-first refined, at nodes with at least fastest_min_empties
  // empties (the source order below that): a move's cost is twice the
  // fastest-first count of the opponent's replies, plus the opponent's
  // potential mobility (the empty squares next to the mover's discs), minus
  // the mover's discs made safe at the corners (an owned corner and the edge
  // discs next to it); lowest first, a move that leaves the opponent no disc
  // before all.
  mobility,
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
    case Order::mobility:
      return "mobility";
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
  for (Order o :
       {Order::none, Order::fastest, Order::parity, Order::fastest_parity, Order::mobility}) {
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
  // The last-empty shortcut: a node with one empty square is scored from the
  // flips of that square alone (for the side to move, else for the other
  // side, else the game is over), without playing it, so its child is not
  // visited.
  bool last_empty = false;
  // The few-empties path: at nodes with at most this many empties (0: never;
  // at most kMaxFewEmpties) a dedicated search takes over. It has no table
  // and no ordering but quadrant parity (squares of odd quadrants first, each
  // group in a1..h8 order, whatever the move source); it tries the squares of
  // the solver's own empty set one by one, and on a board with bitboard
  // kernels (KernelBoard) it works on the two bitboards alone, without play()
  // and undo(). Minimax stays minimax there; PVS becomes alpha-beta (at these
  // depths nearly every window is already null).
  int few_empties = 0;
  // Enhanced transposition cutoff: at nodes with a table and more than
  // tt_min_empties empties, the children are first looked up in the table,
  // and one whose stored bound already refutes the window ends the search.
  bool etc = false;
  // The stability cutoff: at nodes with at least stability_min_empties
  // empties, when the opponent's stable discs (core/stability.hpp) cap the
  // score at or below alpha, that cap is returned without a search.
  bool stability = false;
  int stability_min_empties = 6;
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

inline constexpr int kMaxFewEmpties = 10;
inline constexpr int kInfinity = 65;  // above any score (scores lie in -64..64)
inline constexpr std::uint64_t kPollInterval = 4096;

// One bit per 4x4 quadrant (a1-d4, e1-h4, a5-d8, e5-h8).
constexpr unsigned quadrant_bit(Square s) {
  return 1u << ((file_of(s) >> 2) | ((rank_of(s) >> 2) << 1));
}
// The squares of the quadrants whose bits are set in `quadrants`.
constexpr Bitboard quadrant_squares(unsigned quadrants) {
  constexpr Bitboard kQuadrant0 = 0x000000000F0F0F0Full;  // a1-d4
  Bitboard b = 0;
  for (unsigned q = 0; q < 4; ++q) {
    if (quadrants & (1u << q)) b |= kQuadrant0 << ((q & 1) * 4 + (q >> 1) * 32);
  }
  return b;
}
static_assert(quadrant_squares(1) == 0x000000000F0F0F0Full);
static_assert(quadrant_squares(8) == 0xF0F0F0F000000000ull);
static_assert(quadrant_squares(15) == ~Bitboard{0});
inline constexpr auto kQuadrantSquares = [] {
  std::array<Bitboard, 16> t{};
  for (unsigned q = 0; q < 16; ++q) t[q] = quadrant_squares(q);
  return t;
}();

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
        root_parity_(quadrant_parity(position.empty())),
        empty_(position.empty()) {
    assert(position.valid());
    assert(options.few_empties >= 0 && options.few_empties <= kMaxFewEmpties);
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
      empty_ ^= bit(moves[i]);
      const int score = -search_child(root_empties_ - 1, root_parity_ ^ quadrant_bit(moves[i]));
      empty_ ^= bit(moves[i]);
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
    next_poll_ = nodes_ + kPollInterval;
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
    if (nodes_ >= next_poll_) poll_stop();
    if (stopped_) return 0;
    if (empties == 0) return board_.disc_difference();
    if constexpr (!Root) {
      if (empties <= options_.few_empties) return few_entry<A>(alpha, beta, empties, parity);
      if (empties == 1 && options_.last_empty) return last_empty_entry();
    }

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

    if constexpr (!Root && A != Algo::minimax) {
      if (options_.stability && empties >= options_.stability_min_empties) {
        const Position p = use_table ? key : board_.position();
        // The cap can only reach alpha when the opponent has enough discs.
        if (64 - 2 * popcount(p.opponent) <= alpha) {
          const int cap = 64 - 2 * popcount(stable_discs(p.opponent, p.player));
          if (cap <= alpha) return cap;
        }
      }
      if (options_.etc && use_table && empties > options_.tt_min_empties) {
        int refuted = -kInfinity;
        for_each_move<G>(board_, [&](Square) {
          const Position child = board_.position();
          const TTEntry* e = table_.probe(child.player, child.opponent);
          if (e && -e->upper >= beta) {
            refuted = -e->upper;
            return true;
          }
          return false;
        });
        if (refuted != -kInfinity) return refuted;
      }
    }

    const int alpha0 = alpha;
    int best = -kInfinity;
    Square best_move = kNoSquare;
    int searched = 0;
    auto visit = [&](Square s) -> bool {  // s is played on the board
      const int child_empties = empties - 1;
      empty_ ^= bit(s);
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
      empty_ ^= bit(s);
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

  // The last-empty shortcut at a node whose one empty square is s: the side
  // to move plays s if it flips `mine` > 0 discs; otherwise the opponent
  // plays it if it flips `theirs` > 0 (the caller computes `theirs` only
  // then); otherwise the game ends with s empty.
  static int last_empty_score(int disc_difference, int mine, int theirs) {
    if (mine) return disc_difference + 2 * mine + 1;
    if (theirs) return disc_difference - 2 * theirs - 1;
    return final_score(disc_difference, 1);
  }
  static int last_empty_bits(Bitboard player, Bitboard opponent, Square s) requires KernelBoard<B> {
    const int diff = popcount(player) - popcount(opponent);
    const int mine = popcount(B::flips_of(s, player, opponent));
    if (mine) return last_empty_score(diff, mine, 0);
    return last_empty_score(diff, 0, popcount(B::flips_of(s, opponent, player)));
  }
  int last_empty_board(Square s) {
    const int diff = board_.disc_difference();
    const int mine = popcount(board_.flips(s));
    if (mine) return last_empty_score(diff, mine, 0);
    board_.pass();
    const int theirs = popcount(board_.flips(s));
    board_.pass();
    return last_empty_score(diff, 0, theirs);
  }
  int last_empty_entry() {
    if constexpr (KernelBoard<B>) {
      const Position p = board_.position();
      return last_empty_bits(p.player, p.opponent, first_square(empty_));
    } else {
      return last_empty_board(first_square(empty_));
    }
  }

  // The few-empties path (see SolveOptions::few_empties), entered from a node
  // of the main search that has already been counted.
  template <Algo A>
  int few_entry(int alpha, int beta, int empties, unsigned parity) {
    if constexpr (KernelBoard<B>) {
      const Position p = board_.position();
      return few_bits<A>(p.player, p.opponent, empty_, empties, parity, alpha, beta);
    } else {
      return few_board<A>(alpha, beta, empties, parity);
    }
  }

  // The move loop of the few-empties path: the empty squares of odd
  // quadrants first, then the others, each group in a1..h8 order.
  // child(s, alpha, beta) searches the move s and returns its score for the
  // side to move, or kNotAMove when s is not a legal move. Returns the best
  // score (fail-soft), or -kInfinity when no square was a move.
  static constexpr int kNotAMove = 1000;
  template <Algo A, class Child>
  static int few_moves(Bitboard empty, unsigned parity, int alpha, int beta, Child&& child) {
    int best = -kInfinity;
    const Bitboard odd = kQuadrantSquares[parity];
    for (Bitboard group : {empty & odd, empty & ~odd}) {
      for (; group; group &= group - 1) {
        const int v = child(first_square(group), alpha, beta);
        if (v == kNotAMove || v <= best) continue;
        best = v;
        if (v > alpha) {
          alpha = v;
          if (A != Algo::minimax && alpha >= beta) return best;
        }
      }
    }
    return best;
  }

  // The few-empties search on the two bitboards; the node is already counted.
  template <Algo A>
  int few_bits(Bitboard player, Bitboard opponent, Bitboard empty, int empties, unsigned parity,
               int alpha, int beta) requires KernelBoard<B> {
    if (empties == 0) return popcount(player) - popcount(opponent);
    if (empties == 1 && options_.last_empty) {
      return last_empty_bits(player, opponent, first_square(empty));
    }
    const int best = few_moves<A>(empty, parity, alpha, beta, [&](Square s, int a, int b) {
      const Bitboard flipped = B::flips_of(s, player, opponent);
      if (flipped == 0) return kNotAMove;
      ++nodes_;
      return -few_bits<A>(opponent ^ flipped, player ^ flipped ^ bit(s), empty ^ bit(s),
                          empties - 1, parity ^ quadrant_bit(s), -b, -a);
    });
    if (best != -kInfinity) return best;
    if (B::moves_of(opponent, player) == 0) {
      return final_score(popcount(player) - popcount(opponent), empties);
    }
    ++nodes_;  // the pass
    return -few_bits<A>(opponent, player, empty, empties, parity, -beta, -alpha);
  }

  // The same search with play() and undo(), for boards without kernels; it
  // visits the same nodes in the same order.
  template <Algo A>
  int few_board(int alpha, int beta, int empties, unsigned parity) {
    if (empties == 0) return board_.disc_difference();
    if (empties == 1 && options_.last_empty) return last_empty_board(first_square(empty_));
    int best = few_moves<A>(empty_, parity, alpha, beta, [&](Square s, int a, int b) {
      if (!board_.play(s)) return kNotAMove;
      ++nodes_;
      empty_ ^= bit(s);
      const int v = -few_board<A>(-b, -a, empties - 1, parity ^ quadrant_bit(s));
      empty_ ^= bit(s);
      board_.undo();
      return v;
    });
    if (best != -kInfinity) return best;
    const int diff = board_.disc_difference();
    board_.pass();
    if (board_.legal_moves() == 0) {
      board_.pass();
      return final_score(diff, empties);
    }
    ++nodes_;  // the pass
    best = -few_board<A>(-beta, -alpha, empties, parity);
    board_.pass();
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
      case Order::mobility:
        return empties >= options_.fastest_min_empties ? Order::mobility : Order::none;
    }
    return Order::none;
  }

  // The fastest-first cost of a move, from the opponent's replies to it.
  int fastest_cost(Bitboard replies) const {
    constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);
    return popcount(replies) + options_.fastest_corner_bonus * popcount(replies & kCorners);
  }

  // The Order::mobility cost of a move, from the position after it (the
  // opponent to move: `player` are the opponent's discs, `mover` the
  // mover's) and the opponent's replies.
  int mobility_cost(Bitboard player, Bitboard mover, Bitboard replies) const {
    if (player == 0) return 0;  // a wipe-out
    const Bitboard empty = ~(player | mover);
    // Owned corners, and the edge discs next to an owned corner.
    constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);
    const Bitboard corners = mover & kCorners;
    const Bitboard edge_neighbours =
        (((corners << 1) | (corners >> 1)) & (bit(1) | bit(6) | bit(57) | bit(62))) |
        (((corners << 8) | (corners >> 8)) & (bit(8) | bit(15) | bit(48) | bit(55)));
    const int safe = popcount(corners | (edge_neighbours & mover));
    return 16 + 2 * fastest_cost(replies) + popcount(neighbours(mover) & empty) - safe;
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
    // Sort keys: (cost << 8) | index in source order, so that sorting the
    // keys is a stable sort of the moves by cost.
    std::array<std::uint32_t, 64> keys;
    std::array<std::uint8_t, 64> squares;
    int count = 0;
    auto add = [&](Square s, int cost) {
      squares[count] = static_cast<std::uint8_t>(s);
      keys[count] = static_cast<std::uint32_t>(std::clamp(cost, 0, 1 << 20) << 8 | count);
      ++count;
    };
    if (order == Order::parity) {
      for_each_move<G>(board_, [&](Square s) {
        if (s != first) add(s, parity & quadrant_bit(s) ? 0 : 1);
        return false;
      });
    } else if constexpr (KernelBoard<B>) {
      // The children from the bitboards, without playing them; the moves in
      // the move source's order.
      const Position p = board_.position();
      auto consider = [&](Square s, Bitboard flipped) {
        const Bitboard child_player = p.opponent ^ flipped;
        const Bitboard child_opponent = p.player ^ flipped ^ bit(s);
        const Bitboard replies = B::moves_of(child_player, child_opponent);
        add(s, order == Order::fastest ? fastest_cost(replies)
                                       : mobility_cost(child_player, child_opponent, replies));
      };
      if constexpr (G == MoveGen::list) {
        const EmptyList& list = board_.empty_list();
        for (Square s = list.first(); s != EmptyList::kEnd; s = list.next(s)) {
          if (s == first) continue;
          if (const Bitboard flipped = B::flips_of(s, p.player, p.opponent)) consider(s, flipped);
        }
      } else {  // scan and mask both give the moves in a1..h8 order
        Bitboard moves = B::moves_of(p.player, p.opponent);
        if (first >= 0 && first < 64) moves &= ~bit(first);
        for (; moves; moves &= moves - 1) {
          const Square s = first_square(moves);
          consider(s, B::flips_of(s, p.player, p.opponent));
        }
      }
    } else {
      for_each_move<G>(board_, [&](Square s) {
        if (s == first) return false;
        const Bitboard replies = board_.legal_moves();
        if (order == Order::fastest) {
          add(s, fastest_cost(replies));
        } else {
          const Position child = board_.position();
          add(s, mobility_cost(child.player, child.opponent, replies));
        }
        return false;
      });
    }
    for (int i = 1; i < count; ++i) {  // insertion sort: few moves
      const std::uint32_t k = keys[i];
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
  Bitboard empty_;  // the empty squares of the board's position
  std::uint64_t nodes_ = 0;
  std::uint64_t next_poll_ = kPollInterval;
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
