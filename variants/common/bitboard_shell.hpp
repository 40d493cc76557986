// The board shell of every bitboard variant: two bitboards (player,
// opponent) and an undo stack, with the move generation supplied by a kernel
// type
//
//   struct K {
//     static constexpr VariantInfo info = bitboard_variant(name, description, cpu);
//     static Bitboard legal_moves(Bitboard player, Bitboard opponent);
//     static Bitboard flips(Square s, Bitboard player, Bitboard opponent);
//   };
//
// so that each variant's folder holds only what is its own: the two kernels
// and their tables, and every bitboard variant is measured in the same shell
// (a comparison of two variants is a comparison of their kernels).
//
// play() computes the flips once, refuses a square that flips nothing, and
// otherwise XORs the flips (and the new disc) into the words and swaps them;
// undo() copies the saved words back.
//
// The layout is chosen for the store-to-load forwarding of the CPU, which
// matters more here than any instruction count: in a perft the words written
// by play() are read back a few dozen cycles later (by legal_moves() of the
// child, then by undo()), while the stores are still in the store buffer. A
// load is served from the store buffer only when it reads within one earlier
// store; a 16-byte load of two 8-byte fields that were stored separately
// cannot be, and waits until both stores reach the cache (a dozen cycles or
// more, every node). GCC likes to merge the loads of two adjacent 8-byte
// fields into one 16-byte vector load, so the two words are kept apart
// (player at offset 0, opponent at 16), and the undo stack keeps each word in
// an array of its own. Everything is then read and written 8 bytes at a time.
// (Measured on the perft from the start: the shift kernels in this shell ran
// 15-20% faster than in a plain shell with the two words side by side, which
// GCC loaded as one 16-byte vector right after play() stored them.)
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <utility>

#include "core/board.hpp"
#include "core/cpu.hpp"

namespace rb {

// The info of a bitboard variant: family "bitboard", this shell, the legal
// mask as its move source.
constexpr VariantInfo bitboard_variant(std::string_view name, std::string_view description,
                                       std::uint32_t cpu_features, bool textbook = false) {
  return {name, description, "bitboard", "bitboard-shell", MoveGen::mask, cpu_features, textbook};
}

template <class Kernel>
class BitboardShell {
 public:
  static constexpr VariantInfo info = Kernel::info;
  static_assert(info.shell == "bitboard-shell");

  explicit BitboardShell(const Position& position)
      : player_(position.player), side_(position.side), opponent_(position.opponent) {
    assert(position.valid());
  }

  Position position() const { return {player_, opponent_, side_}; }
  Bitboard legal_moves() const { return Kernel::legal_moves(player_, opponent_); }
  Bitboard flips(Square s) const { return Kernel::flips(s, player_, opponent_); }

  // Inlined into the searches (a call per move tried in the few-empties path
  // costs more than the kernel's work there).
  [[gnu::always_inline]] static Bitboard moves_of(Bitboard player, Bitboard opponent) {
    return Kernel::legal_moves(player, opponent);
  }
  [[gnu::always_inline]] static Bitboard flips_of(Square s, Bitboard player, Bitboard opponent) {
    return Kernel::flips(s, player, opponent);
  }

  bool play(Square s) {
    const Bitboard flipped = Kernel::flips(s, player_, opponent_);
    if (flipped == 0) return false;
    play_flipped(s, flipped);
    return true;
  }
  // play(s) of a move whose flips are known to be `flipped` (not 0).
  void play_flipped(Square s, Bitboard flipped) {
    assert(flipped != 0 && flipped == flips(s));
    const Bitboard player = player_, opponent = opponent_;
    assert(depth_ < kMaxDepth);
    saved_player_[depth_] = player;
    saved_opponent_[depth_] = opponent;
    saved_side_[depth_] = side_;
    ++depth_;
    player_ = opponent ^ flipped;
    opponent_ = player ^ flipped ^ bit(s);
    side_ = opposite(side_);
    assert(consistent());
  }
  void undo() {
    assert(depth_ > 0);
    --depth_;
    player_ = saved_player_[depth_];
    opponent_ = saved_opponent_[depth_];
    side_ = saved_side_[depth_];
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

 private:
  // More than the plays any game can hold (at most 62, from two discs): the
  // stack can never overflow.
  static constexpr int kMaxDepth = 64;

  Bitboard player_;
  Color side_;
  int depth_ = 0;
  Bitboard opponent_;  // not next to player_: see the note on the layout
  std::array<Bitboard, kMaxDepth> saved_player_{};
  std::array<Bitboard, kMaxDepth> saved_opponent_{};
  std::array<Color, kMaxDepth> saved_side_{};
};

}  // namespace rb
