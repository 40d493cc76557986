// The last four empty squares, on the two bitboards of a KernelBoard: one
// function per count of empty squares, written once over the variant's
// kernels (B::flips_of), which inline here in the searches compiled for the
// variant's instruction set.
//
// It is the few-empties path (search/few_empties.hpp) unrolled: the same
// moves tried in the same order (the empty squares of odd quadrants first,
// then the others, each group in a1..h8 order), the same windows and the
// same fail-soft scores, so the same nodes are counted (each move played, and
// each pass, is a node). What it saves is the general path's bookkeeping: at
// two empty squares the order is always a1..h8 (both quadrants odd, or one
// quadrant even), so the two squares are passed as they are; the last move is
// scored by counting its flips without playing it (score_1); a side with no
// move is told from its flips at the empty squares, not from a move
// generation.
//
// Used with the last-empty shortcut (SolveOptions::last_empty) only: without
// it a node of one empty square plays its move, as the general path does.
#pragma once

#include <array>
#include <cstdint>

#include "core/board.hpp"
#include "core/lines.hpp"
#include "core/rules.hpp"
#include "search/parity.hpp"
#include "search/solve_options.hpp"

namespace rb {

namespace last_flip_detail {

// The discs flipped on one line of 8 cells by a move at cell `pos`, the
// mover's discs being the bits of `mine` and every other cell the other
// side's (the board is full but for `pos`): the run of the other side's
// discs next to pos on each side, when a disc of the mover closes it.
constexpr int line_flips(int pos, unsigned mine) {
  int count = 0;
  for (const int step : {-1, 1}) {
    int run = 0, i = pos + step;
    for (; i >= 0 && i < 8 && !((mine >> i) & 1); i += step) ++run;
    if (i >= 0 && i < 8) count += run;
  }
  return count;
}

inline constexpr auto kLineFlips = [] {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int pos = 0; pos < 8; ++pos) {
    for (unsigned mine = 0; mine < 256; ++mine) {
      t[pos][mine] = static_cast<std::uint8_t>(line_flips(pos, mine));
    }
  }
  return t;
}();
static_assert(kLineFlips[0][0b10000000] == 6 && kLineFlips[3][0b00000001] == 2 &&
              kLineFlips[3][0b10000001] == 5 && kLineFlips[3][0] == 0);

// The two diagonal lines of each square, and which of the eight files they
// hold (a diagonal shorter than 8 leaves cells out: they read as the other
// side's discs for the mover, which closes no run, since they lie beyond the
// line's ends).
struct SquareDiagonals {
  Bitboard diagonal, anti_diagonal;
  unsigned diagonal_files, anti_diagonal_files;
};

inline constexpr auto kDiagonals = [] {
  std::array<SquareDiagonals, 64> t{};
  for (Square s = 0; s < 64; ++s) {
    t[s].diagonal = lines::line(s, lines::kDiagonal);
    t[s].anti_diagonal = lines::line(s, lines::kAntiDiagonal);
    for (Bitboard b = t[s].diagonal; b; b &= b - 1)
      t[s].diagonal_files |= 1u << file_of(first_square(b));
    for (Bitboard b = t[s].anti_diagonal; b; b &= b - 1) {
      t[s].anti_diagonal_files |= 1u << file_of(first_square(b));
    }
  }
  return t;
}();

// The cells of a line gathered into a byte: a rank by a shift, a file (by
// rank) and a diagonal (by file) by a multiply whose partial products meet,
// without carries, in the top byte.
inline constexpr Bitboard kFileMagic = 0x0102040810204080ULL;
inline constexpr Bitboard kByteSum = 0x0101010101010101ULL;

}  // namespace last_flip_detail

// The number of discs that playing x, the only empty square, flips for the
// side whose discs are `player` (the other side holds every other square),
// and for the other side: read from the four lines through x, without the
// flips themselves. The same counts as popcount(flips) on every variant.
struct LastFlipCounts {
  int player, opponent;
};
inline LastFlipCounts last_flip_counts(Bitboard player, Square x) {
  using namespace last_flip_detail;
  const int f = file_of(x), r = rank_of(x);
  const SquareDiagonals& d = kDiagonals[static_cast<std::size_t>(x)];
  const unsigned rank = static_cast<unsigned>(player >> (8 * r)) & 0xff;
  const unsigned file = static_cast<unsigned>((((player >> f) & kFileA) * kFileMagic) >> 56);
  const unsigned diagonal = static_cast<unsigned>(((player & d.diagonal) * kByteSum) >> 56);
  const unsigned anti = static_cast<unsigned>(((player & d.anti_diagonal) * kByteSum) >> 56);
  const auto& by_file = kLineFlips[static_cast<std::size_t>(f)];
  const auto& by_rank = kLineFlips[static_cast<std::size_t>(r)];
  const int mine = by_file[rank] + by_rank[file] + by_file[diagonal] + by_file[anti];
  if (mine) return {mine, 0};
  return {0, by_file[~rank & 0xff] + by_rank[~file & 0xff] + by_file[~diagonal & d.diagonal_files] +
                 by_file[~anti & d.anti_diagonal_files]};
}

template <KernelBoard B, Algo A>
class LastEmpties {
 public:
  // The exact score for `player` (to move) of a position whose only empty
  // square is x: the side to move plays x if it flips discs, else the other
  // side does, else the game ends with x empty.
  static int score_1(Bitboard player, Square x) {
    const int diff = 2 * popcount(player) - 63;
    const LastFlipCounts n = last_flip_counts(player, x);
    if (n.player) return diff + 2 * n.player + 1;
    if (n.opponent) return diff - 2 * n.opponent - 1;
    return final_score(diff, 1);
  }

  // The score of a position with `empties` (1 to 4) empty squares whose
  // quadrant parity is `parity`, fail-soft with respect to (alpha, beta);
  // the positions it visits are added to `nodes`.
  static int solve(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                   unsigned parity, std::uint64_t& nodes) {
    switch (empties) {
      case 1:
        return score_1(player, first_square(~(player | opponent)));
      case 2: {
        const Bitboard empty = ~(player | opponent);
        return solve_2(player, opponent, alpha, beta, first_square(empty),
                       first_square(empty & (empty - 1)), nodes);
      }
      case 3:
        return solve_n<3>(player, opponent, alpha, beta, parity, nodes);
      default:
        return solve_n<4>(player, opponent, alpha, beta, parity, nodes);
    }
  }

 private:
  static int solve_2(Bitboard player, Bitboard opponent, int alpha, int beta, Square x1, Square x2,
                     std::uint64_t& nodes) {
    int best = -kNone;
    if (const Bitboard f = flips(x1, player, opponent)) {
      ++nodes;
      best = -score_1(opponent ^ f, x2);
      if (best > alpha) {
        alpha = best;
        if (A != Algo::minimax && alpha >= beta) return best;
      }
    }
    if (const Bitboard f = flips(x2, player, opponent)) {
      ++nodes;
      const int v = -score_1(opponent ^ f, x1);
      if (v > best) best = v;
    }
    if (best != -kNone) return best;
    if (flips(x1, opponent, player) == 0 && flips(x2, opponent, player) == 0) {
      return final_score(popcount(player) - popcount(opponent), 2);
    }
    ++nodes;  // the pass
    return -solve_2(opponent, player, -beta, -alpha, x1, x2, nodes);
  }

  // N = 3 or 4 empty squares.
  template <int N>
  static int solve_n(Bitboard player, Bitboard opponent, int alpha, int beta, unsigned parity,
                     std::uint64_t& nodes) {
    const Bitboard empty = ~(player | opponent);
    const Bitboard odd = kQuadrantSquares[parity];
    std::array<Square, N> order;
    int n = 0;
    for (Bitboard b = empty & odd; b; b &= b - 1) order[n++] = first_square(b);
    for (Bitboard b = empty & ~odd; b; b &= b - 1) order[n++] = first_square(b);
    int best = -kNone;
    for (const Square s : order) {
      const Bitboard f = flips(s, player, opponent);
      if (f == 0) continue;
      ++nodes;
      const Bitboard child_player = opponent ^ f;
      const Bitboard child_opponent = player ^ f ^ bit(s);
      const unsigned child_parity = parity ^ quadrant_bit(s);
      int v;
      if constexpr (N == 3) {
        const Bitboard left = empty ^ bit(s);
        v = -solve_2(child_player, child_opponent, -beta, -alpha, first_square(left),
                     first_square(left & (left - 1)), nodes);
      } else {
        v = -solve_n<N - 1>(child_player, child_opponent, -beta, -alpha, child_parity, nodes);
      }
      if (v <= best) continue;
      best = v;
      if (v > alpha) {
        alpha = v;
        if (A != Algo::minimax && alpha >= beta) return best;
      }
    }
    if (best != -kNone) return best;
    bool opponent_moves = false;
    for (const Square s : order)
      opponent_moves = opponent_moves || B::flips_of(s, opponent, player);
    if (!opponent_moves) return final_score(popcount(player) - popcount(opponent), N);
    ++nodes;  // the pass
    return -solve_n<N>(opponent, player, -beta, -alpha, parity, nodes);
  }

  // The flips of s, with no kernel call where no opponent disc touches s.
  [[gnu::always_inline]] static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return opponent & kNeighbourSquares[s] ? B::flips_of(s, player, opponent) : 0;
  }

  static constexpr auto kNeighbourSquares = [] {
    std::array<Bitboard, 64> n{};
    for (Square s = 0; s < 64; ++s) n[s] = neighbours(bit(s));
    return n;
  }();
  static constexpr int kNone = 65;  // above any score
};

}  // namespace rb
