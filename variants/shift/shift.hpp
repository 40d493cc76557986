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
    const Bitboard sideways = opponent & shift_detail::kInnerFiles;
    return walk<1>(x, player, sideways) | walk<-1>(x, player, sideways) |
           walk<8>(x, player, opponent) | walk<-8>(x, player, opponent) |
           walk<7>(x, player, sideways) | walk<-7>(x, player, sideways) |
           walk<9>(x, player, sideways) | walk<-9>(x, player, sideways);
  }

 private:
  // One more than the plays any game can hold (at most 62, from two discs),
  // rounded up: the stack can never overflow.
  static constexpr int kMaxDepth = 64;

  struct Snapshot {
    Bitboard player;
    Bitboard opponent;
    Color side;
  };

  template <int D>
  static constexpr Bitboard step(Bitboard b) {
    if constexpr (D > 0) {
      return b << D;
    } else {
      return b >> -D;
    }
  }

  // The run of `run_cells` starting next to x in direction D, if a player
  // disc closes it; else 0. A run holds at most six cells: two single steps
  // reach two cells, then two double steps (allowed where both the cell and
  // the one before it are run cells) reach four and six.
  template <int D>
  static constexpr Bitboard walk(Bitboard x, Bitboard player, Bitboard run_cells) {
    Bitboard run = step<D>(x) & run_cells;
    run |= step<D>(run) & run_cells;
    const Bitboard pairs = run_cells & step<D>(run_cells);
    run |= step<2 * D>(run) & pairs;
    run |= step<2 * D>(run) & pairs;
    return (step<D>(run) & player) ? run : 0;
  }

  Bitboard player_;
  Bitboard opponent_;
  Color side_;
  int depth_ = 0;
  std::array<Snapshot, kMaxDepth> history_{};
};

static_assert(Board<Shift>);
// e6 from the start position flips e5.
static_assert(Shift::shift_flips(44, bit(35) | bit(28), bit(27) | bit(36)) == bit(36));

struct ShiftList : WithEmptyList<Shift> {
  using WithEmptyList<Shift>::WithEmptyList;
  static constexpr VariantInfo info =
      list_variant_info(Shift::info, "shift+list", "the shift board walked by its empty list");
};

static_assert(ListBoard<ShiftList>);

}  // namespace rb
