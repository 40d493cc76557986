// Legal moves of a bitboard pair by direction-wise shifting.
//
// A square is a legal move when, in some direction, it is empty, the next
// cells are a non-empty run of opponent discs, and the run is closed by a
// player disc. Turning that around: start from ALL player discs at once,
// step one cell in a direction and keep only the opponent discs reached, step
// again from those, and so on; after up to six steps the set holds every
// opponent disc that is the start of a run seen from some player disc, and
// one more step lands on the candidate squares, which are moves when empty.
// The 64 squares are processed in parallel by 64-bit shifts.
//
// A step along a rank or a diagonal changes the file by one, and a plain
// shift would wrap from the H-file to the A-file of the next rank (or back).
// Restricting the run cells to the files B..G (kInnerFiles, core/square.hpp)
// prevents that: a run cell on B..G moves to A..H without wrapping, and
// nothing on A or H is ever shifted sideways. Vertical steps cannot wrap
// (shifted-out bits fall off the ends of the word); their mask, ranks 2..7,
// only drops run cells that no player disc could ever close.
//
// The six steps are done in four: two single steps give runs of length up to
// two, then the mask of "two consecutive opponent cells" lets two double
// steps extend them to six (the usual shortening of the dumb7fill). The two
// opposite directions of an axis share their mask and run side by side.
#pragma once

#include "core/square.hpp"

namespace rb {

namespace shift_detail {

// Candidate squares in directions +d and -d: cells one step beyond a run of
// `mask` cells (the opponent discs allowed to be run cells) that starts next
// to a player disc. `mask` must keep the run cells off the edge the step
// would wrap across.
template <int D>
constexpr Bitboard candidates(Bitboard player, Bitboard mask) {
  constexpr int D2 = D + D;
  Bitboard up = mask & (player << D);
  Bitboard down = mask & (player >> D);
  up |= mask & (up << D);
  down |= mask & (down >> D);
  const Bitboard mask_up = mask & (mask << D);  // cells whose predecessor is in mask
  const Bitboard mask_down = mask_up >> D;      // = mask & (mask >> D)
  up |= mask_up & (up << D2);
  down |= mask_down & (down >> D2);
  up |= mask_up & (up << D2);
  down |= mask_down & (down >> D2);
  return (up << D) | (down >> D);
}

}  // namespace shift_detail

// The squares where the side owning `player` flips at least one disc.
constexpr Bitboard shift_legal_moves(Bitboard player, Bitboard opponent) {
  using namespace shift_detail;
  const Bitboard moves = candidates<1>(player, opponent & kInnerFiles) |
                         candidates<8>(player, opponent & kInnerRanks) |
                         candidates<7>(player, opponent & kInnerSquares) |
                         candidates<9>(player, opponent & kInnerSquares);
  return moves & ~(player | opponent);
}

static_assert(shift_legal_moves(bit(35) | bit(28), bit(27) | bit(36)) ==
              (bit(19) | bit(26) | bit(37) | bit(44)));  // d3 c4 f5 e6

}  // namespace rb
