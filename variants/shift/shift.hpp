// The shift board: two bitboards and nothing else.
//
// The state is the pair (player, opponent) of 64-bit sets plus the colour to
// move; a move or a pass swaps the two words, so the code always speaks of
// "player" and "opponent" and never of colours.
//
// Legal moves come from shift_legal_moves() (see shift_moves.hpp): all player
// discs are pushed through the opponent's discs in the eight directions at
// once.
//
// The flips of one square use the same shifts, but starting from the single
// bit of the square: in each direction the bit steps onto the next cell while
// that cell holds an opponent disc, collecting a run; the run is kept when the
// cell just beyond it holds a player disc. The sideways and diagonal steps
// use opponent discs restricted to the files B..G as the allowed run cells,
// which is what keeps a step from wrapping around an edge. The walk is a
// fixed sequence of masked steps per direction (two single steps, then two
// double steps through cells whose predecessor is also a run cell, which
// covers the longest run, six), with no branch: a run that stops early just
// stops growing, and the eight directions are independent, so the CPU
// overlaps them. (A walk that loops while the next cell is an opponent disc
// is about 2.5 times slower: its exits are unpredictable branches.)
//
// play(), undo() and the state are the shell of variants/common/bitboard_shell.hpp.
#pragma once

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"
#include "variants/common/bitboard_shell.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

namespace shift_detail {

// `run` if `closer` != 0, else 0; by arithmetic, so the compiler does not
// turn it into a (badly predicted) branch.
constexpr Bitboard keep_if_closed(Bitboard run, Bitboard closer) {
  return run & (Bitboard{0} - static_cast<Bitboard>(closer != 0));
}
// The same when `closer` is 0 or a single bit below every bit of `run`:
// -closer is then 0, or every bit from the closer up.
constexpr Bitboard keep_if_closed_below(Bitboard run, Bitboard closer) {
  return run & (Bitboard{0} - closer);
}

// The runs of `run_cells` starting next to x in directions +D and -D,
// each kept if a player disc closes it. A run holds at most six cells: two
// single steps reach two cells, then two double steps (allowed where both
// the cell and the one before it are run cells) reach four and six.
template <int D>
constexpr Bitboard walk(Bitboard x, Bitboard player, Bitboard run_cells) {
  Bitboard up = (x << D) & run_cells;
  Bitboard down = (x >> D) & run_cells;
  up |= (up << D) & run_cells;
  down |= (down >> D) & run_cells;
  const Bitboard pairs_up = run_cells & (run_cells << D);
  const Bitboard pairs_down = pairs_up >> D;  // = run_cells & (run_cells >> D)
  up |= (up << 2 * D) & pairs_up;
  down |= (down >> 2 * D) & pairs_down;
  up |= (up << 2 * D) & pairs_up;
  down |= (down >> 2 * D) & pairs_down;
  return keep_if_closed(up, (up << D) & player) | keep_if_closed_below(down, (down >> D) & player);
}

}  // namespace shift_detail

struct ShiftKernel {
  static constexpr VariantInfo info =
      bitboard_variant("shift",
                       "two bitboards; moves by 8-direction shift fills, flips by "
                       "masked single-bit walks",
                       kCpuNone, /*textbook=*/true);
  static constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return shift_legal_moves(player, opponent);
  }
  // The discs `player` flips by playing s against `opponent`; 0 when s is
  // occupied or closes no run.
  static constexpr Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    const Bitboard x = bit(s);
    if ((player | opponent) & x) return 0;
    using namespace shift_detail;
    const Bitboard sideways = opponent & kInnerFiles;
    return walk<1>(x, player, sideways) | walk<8>(x, player, opponent) |
           walk<7>(x, player, sideways) | walk<9>(x, player, sideways);
  }
};

// e6 from the start position flips e5.
static_assert(ShiftKernel::flips(44, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));

using Shift = BitboardShell<ShiftKernel>;
using ShiftList = WithEmptyList<Shift>;
static_assert(KernelBoard<Shift> && ListBoard<ShiftList> && KernelBoard<ShiftList>);

}  // namespace rb
