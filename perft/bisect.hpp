// Perft bisection: when a board's count differs from the published or the
// reference count, walk down the tree to the first position whose children
// are wrong, as an engine author would by hand with --divide in two
// programs, and say what is wrong there:
//
//   moves  the board's legal moves differ from the reference's;
//   child  the moves agree, but a move leads to another position (its
//          flips are wrong);
//   count  moves and children agree at every position of the path, yet the
//          board's count of this position differs from the sum of its
//          children's (a fault of the count itself: the bulk count of the
//          last ply, a pass or an early game end counted in the wrong
//          convention).
//
// At each position the moves and children are compared first; then each
// child's count (the board's own perft, against the reference board's,
// core/reference.hpp) picks the first child whose count differs, and the
// walk goes on from it. The cost is about twice the count at the wrong depth,
// less at each level below. The board is seen through three functions, so
// that the built-in variants, the plug-ins and board programs are bisected
// alike.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/position.hpp"
#include "core/reference.hpp"
#include "perft/perft.hpp"

namespace rb {

// The board under test, as the bisection asks it.
struct BisectBoard {
  std::function<Bitboard(const Position&)> legal_moves;
  std::function<Position(const Position&, Square)> play;           // a legal move s
  std::function<std::uint64_t(const Position&, int depth)> perft;  // in the run's convention
};

struct BisectFinding {
  enum class Kind { moves, child, count };
  Kind kind = Kind::count;
  std::vector<Square> path;                      // from the root to the position (kPass for a pass)
  Position position;                             // the first wrong position
  int depth = 0;                                 // the remaining depth there
  Bitboard expected_moves = 0, found_moves = 0;  // kind moves (and the moves there)
  Square move = kNoSquare;                       // kind child
  Position expected_child, found_child;          // kind child
  std::uint64_t expected_count = 0, found_count = 0;  // kind count
};

// The board functions of a variant B, for BisectBoard (and
// PerftFunctions, perft/perft_split.hpp).
template <Board B>
Bitboard legal_moves_of(const Position& p) {
  return B(p).legal_moves();
}
template <Board B>
Position child_of(const Position& p, Square s) {
  B board(p);
  board.play(s);
  return board.position();
}

// The deepest count the bisection starts from (its reference counts walk
// the reference board: depth 11 from the start is 49 M leaves).
inline constexpr int kMaxBisectDepth = 11;

// The first wrong position below `root`, whose count at `depth` the board
// gives wrong (in `convention`); nothing when the board's count there is
// right after all.
inline std::optional<BisectFinding> bisect_perft(const Position& root, int depth,
                                                 PerftConvention convention,
                                                 const BisectBoard& board) {
  const auto reference = [&](const Position& p, int d) {
    return perft<ReferenceBoard>(p, d, PerftOptions{convention});
  };
  BisectFinding f;
  Position p = root;
  int d = depth;
  if (board.perft(p, d) == reference(p, d)) return std::nullopt;
  while (true) {
    f.position = p;
    f.depth = d;
    const Bitboard expected = ReferenceBoard(p).legal_moves();
    const Bitboard found = board.legal_moves(p);
    f.expected_moves = expected;
    f.found_moves = found;
    if (expected != found) {
      f.kind = BisectFinding::Kind::moves;
      return f;
    }
    std::vector<std::pair<Square, Position>> children;
    for (Bitboard m = expected; m; m &= m - 1) {
      const Square s = first_square(m);
      ReferenceBoard child(p);
      child.play(s);
      const Position want = child.position();
      const Position got = board.play(p, s);
      if (got.player != want.player || got.opponent != want.opponent || got.side != want.side) {
        f.kind = BisectFinding::Kind::child;
        f.move = s;
        f.expected_child = want;
        f.found_child = got;
        return f;
      }
      children.push_back({s, want});
    }
    if (expected == 0) {
      // No move: a forced pass, or the end of the game, as the other side's
      // moves say (the board's too, or its pass or game end is wrong).
      const Position passed = p.passed();
      const Bitboard replies = ReferenceBoard(passed).legal_moves();
      const Bitboard found_replies = board.legal_moves(passed);
      if (replies != found_replies) {
        f.kind = BisectFinding::Kind::moves;
        f.path.push_back(kPass);
        f.position = passed;
        f.depth = convention == PerftConvention::no_pass ? d : d - 1;
        f.expected_moves = replies;
        f.found_moves = found_replies;
        return f;
      }
      if (replies != 0) children.push_back({kPass, passed});
    }
    bool descended = false;
    for (const auto& [s, child] : children) {
      // A pass is a ply, but in the no_pass convention.
      const int next = s == kPass && convention == PerftConvention::no_pass ? d : d - 1;
      if (next >= 0 && board.perft(child, next) != reference(child, next)) {
        f.path.push_back(s);
        p = child;
        d = next;
        descended = true;
        break;
      }
    }
    if (!descended) {
      f.kind = BisectFinding::Kind::count;
      f.expected_count = reference(p, d);
      f.found_count = board.perft(p, d);
      return f;
    }
  }
}

}  // namespace rb
