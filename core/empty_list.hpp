// The empty-square list: a doubly linked list of the empty squares in a fixed
// priority order, with O(1) removal when a square is played and O(1)
// re-insertion when the play is undone (a removed node keeps its own links,
// so putting it back is two stores: the "dancing links" trick).
//
// A search walks the list and tries each square with play(), which refuses
// the illegal ones, so no legal-move mask is ever generated. The order is
// static: it is fixed once from kSquarePriority and never re-sorted, so the
// list alone already gives a rough best-first move order:
//
//   1. corners            a1 h1 a8 h8          stable once taken; usually best
//   2. A-squares          c1 f1 a3 h3 a6 h6 c8 f8   edge squares two from a corner
//   3. B-squares          d1 e1 a4 h4 a5 h5 d8 e8   the middle of the edges
//   4. centre ring        c3 f3 c6 f6, d3 e3 c4 f4 c5 f5 d6 e6, d4 e4 d5 e5
//   5. second ring        c2 d2 e2 f2 b3 g3 b4 g4 b5 g5 b6 g6 c7 d7 e7 f7
//   6. C-squares          b1 g1 a2 h2 a7 h7 b8 g8  next to a corner on the edge
//   7. X-squares          b2 g2 b7 g7          diagonal to a corner
//
// C- and X-squares come last because taking one while its corner is empty
// usually hands that corner to the opponent: they are rarely the best move,
// and trying the likely-best moves first makes alpha-beta cut off sooner.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>

#include "core/board.hpp"

namespace rb {

inline constexpr std::array<std::uint8_t, 64> kSquarePriority = {
    0,  7,  56, 63,                                                  // corners
    2,  5,  16, 23, 40, 47, 58, 61,                                  // A-squares
    3,  4,  24, 31, 32, 39, 59, 60,                                  // B-squares
    18, 21, 42, 45,                                                  // centre ring corners
    19, 20, 26, 29, 34, 37, 43, 44,                                  // centre ring sides
    27, 28, 35, 36,                                                  // centre
    10, 11, 12, 13, 17, 22, 25, 30, 33, 38, 41, 46, 50, 51, 52, 53,  // second ring
    1,  6,  8,  15, 48, 55, 57, 62,                                  // C-squares
    9,  14, 49, 54,                                                  // X-squares
};

constexpr bool is_permutation_of_squares(const std::array<std::uint8_t, 64>& order) {
  Bitboard seen = 0;
  for (auto s : order) seen |= bit(s);
  return seen == ~Bitboard{0};
}
static_assert(is_permutation_of_squares(kSquarePriority));

class EmptyList {
 public:
  static constexpr Square kEnd = 65;  // the tail sentinel; 64 is the head

  explicit EmptyList(Bitboard empty) {
    std::uint8_t last = kHead;
    for (auto s : kSquarePriority) {
      if (!(empty & bit(s))) continue;
      next_[last] = s;
      prev_[s] = last;
      last = s;
    }
    next_[last] = kEnd;
    prev_[kEnd] = last;
  }

  Square first() const { return next_[kHead]; }
  Square next(Square s) const { return next_[s]; }

  void remove(Square s) {
    next_[prev_[s]] = next_[s];
    prev_[next_[s]] = prev_[s];
  }
  // Puts back the square most recently removed (removals undone in reverse order).
  void restore(Square s) {
    next_[prev_[s]] = static_cast<std::uint8_t>(s);
    prev_[next_[s]] = static_cast<std::uint8_t>(s);
  }

  // The squares on the list, as a bitboard (for consistency checks).
  Bitboard squares() const {
    Bitboard b = 0;
    for (Square s = first(); s != kEnd; s = next(s)) b |= bit(s);
    return b;
  }
  // True when the list holds exactly `empty`, in priority order, linked both ways.
  bool matches(Bitboard empty) const {
    int rank_of_prev = -1;
    int count = 0;
    for (Square s = first(); s != kEnd; s = next(s)) {
      if (s < 0 || s > 63 || !(empty & bit(s)) || ++count > 64) return false;
      if (priority_rank(s) <= rank_of_prev) return false;
      if (next_[prev_[s]] != s) return false;
      rank_of_prev = priority_rank(s);
    }
    return count == popcount(empty) && prev_[kEnd] != kEnd;
  }

 private:
  static constexpr std::uint8_t kHead = 64;
  static int priority_rank(Square s) {
    for (int i = 0; i < 64; ++i) {
      if (kSquarePriority[i] == s) return i;
    }
    return 64;
  }

  std::array<std::uint8_t, 66> next_{};
  std::array<std::uint8_t, 66> prev_{};
};

// Adds the empty-square list to any board: the variant "<base>+list". The
// list is kept in step with the board by play() and undo(); the board's own
// code is unchanged.
template <Board Base>
class WithEmptyList : public Base {
  static constexpr std::string_view kSuffix = "+list";
  static constexpr auto kName = [] {
    std::array<char, Base::info.name.size() + kSuffix.size()> name{};
    std::size_t i = 0;
    for (char c : Base::info.name) name[i++] = c;
    for (char c : kSuffix) name[i++] = c;
    return name;
  }();

 public:
  static constexpr VariantInfo info{std::string_view(kName.data(), kName.size()),
                                    Base::info.description,
                                    Base::info.family,
                                    Base::info.shell,
                                    MoveGen::list,
                                    Base::info.cpu_features,
                                    Base::info.textbook};

  explicit WithEmptyList(const Position& position) : Base(position), list_(position.empty()) {}

  bool play(Square s) {
    if (!Base::play(s)) return false;
    list_.remove(s);
    played_[depth_++] = static_cast<std::uint8_t>(s);
    assert(consistent());
    return true;
  }
  // play(s) of a move whose flips are known (on a base board that takes them).
  void play_flipped(Square s, Bitboard flipped) requires requires(Base& b, Square x, Bitboard f) {
    b.play_flipped(x, f);
  }
  {
    Base::play_flipped(s, flipped);
    list_.remove(s);
    played_[depth_++] = static_cast<std::uint8_t>(s);
    assert(consistent());
  }
  void undo() {
    assert(depth_ > 0);
    Base::undo();
    list_.restore(played_[--depth_]);
    assert(consistent());
  }
  const EmptyList& empty_list() const { return list_; }
  bool consistent() const {
    return Base::consistent() && depth_ >= 0 && depth_ <= 62 &&
           list_.matches(Base::position().empty());
  }

 private:
  EmptyList list_;
  std::array<std::uint8_t, 64> played_{};
  int depth_ = 0;
};

}  // namespace rb
