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
// play() computes the flips once, refuses a square that flips nothing, and
// otherwise XORs the flips (and the new disc) into the words and swaps them.
// Undo keeps a fixed stack of the previous state (words and colour) inside
// the object, so undo() is a copy back and no recomputation.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <utility>

#include "core/board.hpp"
#include "core/empty_list.hpp"
#include "variants/shift/shift_moves.hpp"

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

class Shift {
 public:
  static constexpr VariantInfo info{"shift",
                                    "two bitboards; moves by 8-direction shift fills, flips by "
                                    "masked single-bit walks; snapshot undo stack",
                                    "bitboard", MoveGen::mask, kCpuNone};

  explicit Shift(const Position& position)
      : player_(position.player), opponent_(position.opponent), side_(position.side) {
    assert(position.valid());
  }

  Position position() const { return {player_, opponent_, side_}; }
  Bitboard legal_moves() const { return shift_legal_moves(player_, opponent_); }
  Bitboard flips(Square s) const { return shift_flips(s, player_, opponent_); }

  static Bitboard moves_of(Bitboard player, Bitboard opponent) {
    return shift_legal_moves(player, opponent);
  }
  static Bitboard flips_of(Square s, Bitboard player, Bitboard opponent) {
    return shift_flips(s, player, opponent);
  }

  bool play(Square s) {
    const Bitboard flipped = flips(s);
    if (flipped == 0) return false;
    assert(depth_ < kMaxDepth);
    history_[depth_++] = Snapshot{player_, opponent_, side_};
    const Bitboard player = player_ ^ (flipped | bit(s));
    player_ = opponent_ ^ flipped;
    opponent_ = player;
    side_ = opposite(side_);
    assert(consistent());
    return true;
  }
  void undo() {
    assert(depth_ > 0);
    const Snapshot& last = history_[--depth_];
    player_ = last.player;
    opponent_ = last.opponent;
    side_ = last.side;
    assert(consistent());
  }
  void pass() {
    std::swap(player_, opponent_);
    side_ = opposite(side_);
  }

  int empties() const { return popcount(~(player_ | opponent_)); }
  int disc_difference() const { return popcount(player_) - popcount(opponent_); }
  Color side_to_move() const { return side_; }
  bool consistent() const {
    return (player_ & opponent_) == 0 && depth_ >= 0 && depth_ <= kMaxDepth;
  }

  // The discs `player` flips by playing s against `opponent`; 0 when s is
  // occupied or closes no run.
  static constexpr Bitboard shift_flips(Square s, Bitboard player, Bitboard opponent) {
    const Bitboard x = bit(s);
    if ((player | opponent) & x) return 0;
    using namespace shift_detail;
    const Bitboard sideways = opponent & kInnerFiles;
    return walk<1>(x, player, sideways) | walk<8>(x, player, opponent) |
           walk<7>(x, player, sideways) | walk<9>(x, player, sideways);
  }

 private:
  // More than the plays any game can hold (at most 62, from two discs): the
  // stack can never overflow.
  static constexpr int kMaxDepth = 64;

  struct Snapshot {
    Bitboard player;
    Bitboard opponent;
    Color side;
  };

  Bitboard player_;
  Bitboard opponent_;
  Color side_;
  int depth_ = 0;
  std::array<Snapshot, kMaxDepth> history_{};
};

static_assert(KernelBoard<Shift>);
// e6 from the start position flips e5.
static_assert(Shift::shift_flips(44, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));

struct ShiftList : WithEmptyList<Shift> {
  using WithEmptyList<Shift>::WithEmptyList;
  static constexpr VariantInfo info =
      list_variant_info(Shift::info, "shift+list", "the shift board walked by its empty list");
};

static_assert(ListBoard<ShiftList> && KernelBoard<ShiftList>);

}  // namespace rb
