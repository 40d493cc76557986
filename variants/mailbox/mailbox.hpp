// The mailbox board: the classic array-of-cells representation, made fast
// with a sentinel border.
//
// The 64 squares live in a one-dimensional array of 10 x 10 bytes. Row 0 and
// row 9 and the columns 0 and 9 are WALL cells; square s (file f, rank r) is
// cell 10 * (r + 1) + f + 1. A step in one of the eight directions is the
// addition of a fixed offset (+-1 along a rank, +-10 along a file, +-9 and
// +-11 along the diagonals), and every walk that leaves the board lands on a
// wall cell, so the loops "while the next cell is the opponent's, step on"
// need no file/rank bounds checks at all: a wall is neither colour and ends
// the run like an empty cell does.
//
// Cells hold absolute colours (EMPTY 0, BLACK 1, WHITE 2, WALL 3) and the
// board keeps the colour to move, so the opponent's code is own ^ 3 and a
// move or a pass changes one byte, never the cells' meaning.
//
// play() folds the legality test into the move: it walks the directions from
// the square and flips each run it finds closed by one of its own discs. The
// walk that decides legality is the walk that flips, so a legal move is not
// examined twice (once to test, once to play), and an illegal one costs the
// same as the test alone and changes nothing, since nothing was found to
// flip. Searches can therefore just try squares and let play() refuse.
//
// Undo does not copy the board: each play pushes the cells it flipped (as
// mailbox indices) on an unflip stack and records their count and the played
// cell; undo() pops them back to the opponent's colour and empties the cell.
// Disc counts are kept incrementally, so empties() and disc_difference() are
// O(1).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/empty_list.hpp"

namespace rb {

// The direction walks end at a wall cell, which GCC 12 cannot see: when play()
// is inlined with a constant square it warns that a walk might run off the
// array (-Warray-bounds, -Wstringop-overflow). The walls make that impossible
// (consistent() checks they are intact); the sanitizer build checks it too.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wstringop-overflow"

class Mailbox {
 public:
  static constexpr VariantInfo info{
      "mailbox",
      "10x10 byte array with a wall border, 8 offset walks, unflip stack for undo",
      "mailbox",
      "mailbox",
      MoveGen::scan,
      kCpuNone,
      /*textbook=*/true};

  explicit Mailbox(const Position& position) {
    assert(position.valid());
    cells_.fill(kWall);
    own_ = position.side == Color::black ? kBlack : kWhite;
    for (Square s = 0; s < 64; ++s) {
      std::uint8_t c = kEmpty;
      if (position.player & bit(s)) c = own_;
      if (position.opponent & bit(s)) c = own_ ^ 3;
      cells_[cell_of(s)] = c;
    }
    count_[own_] = popcount(position.player);
    count_[own_ ^ 3] = popcount(position.opponent);
  }

  Position position() const {
    Bitboard black = 0, white = 0;
    for (Square s = 0; s < 64; ++s) {
      const std::uint8_t c = cells_[cell_of(s)];
      if (c == kBlack) black |= bit(s);
      if (c == kWhite) white |= bit(s);
    }
    return Position::from_colors(black, white, side_to_move());
  }

  Bitboard legal_moves() const {
    Bitboard moves = 0;
    for (Square s = 0; s < 64; ++s) {
      if (is_legal(cell_of(s))) moves |= bit(s);
    }
    return moves;
  }

  Bitboard flips(Square s) const {
    if (s < 0 || s > 63) return 0;
    const int x = cell_of(s);
    if (cells_[x] != kEmpty) return 0;
    const std::uint8_t me = own_, opp = me ^ 3;
    Bitboard all = 0;
    for (int d = 0; d < 8; ++d) {
      const int step = kStep[d];
      int y = x + step;
      if (cells_[y] != opp) continue;
      Bitboard line = 0;
      int t = s + kSquareStep[d];
      do {
        line |= bit(t);
        y += step;
        t += kSquareStep[d];
      } while (cells_[y] == opp);
      if (cells_[y] == me) all |= line;
    }
    return all;
  }

  [[gnu::always_inline]] inline bool play(Square s) {
    const int x = cell_of(s);
    if (cells_[x] != kEmpty) return false;
    const std::uint8_t me = own_, opp = me ^ 3;
    std::uint8_t* const start = stack_.data() + top_;
    std::uint8_t* out = start;
    flip_run<+1>(x, me, opp, out);
    flip_run<-1>(x, me, opp, out);
    flip_run<+10>(x, me, opp, out);
    flip_run<-10>(x, me, opp, out);
    flip_run<+11>(x, me, opp, out);
    flip_run<-11>(x, me, opp, out);
    flip_run<+9>(x, me, opp, out);
    flip_run<-9>(x, me, opp, out);
    const int n = static_cast<int>(out - start);
    if (n == 0) return false;
    for (const std::uint8_t* p = start; p != out; ++p) cells_[*p] = me;
    cells_[x] = me;
    played_[depth_] = static_cast<std::uint8_t>(x);
    flipped_[depth_] = static_cast<std::uint8_t>(n);
    ++depth_;
    top_ += n;
    count_[me] += n + 1;
    count_[opp] -= n;
    own_ = opp;
    assert(consistent());
    return true;
  }

  [[gnu::always_inline]] inline void undo() {
    assert(depth_ > 0);
    --depth_;
    const std::uint8_t me = own_ ^ 3, opp = own_;  // me: the side that made the move
    const int n = flipped_[depth_];
    cells_[played_[depth_]] = kEmpty;
    const std::uint8_t* p = stack_.data() + top_;
    for (int i = 0; i < n; ++i) cells_[*--p] = opp;
    top_ -= n;
    count_[me] -= n + 1;
    count_[opp] += n;
    own_ = me;
    assert(consistent());
  }

  void pass() { own_ ^= 3; }
  int empties() const { return 64 - count_[kBlack] - count_[kWhite]; }
  int disc_difference() const { return count_[own_] - count_[own_ ^ 3]; }
  Color side_to_move() const { return own_ == kBlack ? Color::black : Color::white; }

  // Walls intact, board cells hold a colour or empty, counts match the cells,
  // and the undo stack is within bounds and agrees with itself.
  bool consistent() const {
    if (own_ != kBlack && own_ != kWhite) return false;
    int counts[4] = {0, 0, 0, 0};
    for (int x = 0; x < kCells; ++x) {
      const bool inside = x >= 11 && x <= 88 && x % 10 != 0 && x % 10 != 9;
      if (!inside) {
        if (cells_[x] != kWall) return false;
      } else {
        if (cells_[x] > kWhite) return false;
        ++counts[cells_[x]];
      }
    }
    if (counts[kBlack] != count_[kBlack] || counts[kWhite] != count_[kWhite]) return false;
    if (depth_ < 0 || depth_ > kMaxPlays || top_ < 0 || top_ > kStackSize) return false;
    int total = 0;
    for (int i = 0; i < depth_; ++i) {
      if (flipped_[i] < 1 || flipped_[i] > kMaxFlipsPerPlay) return false;
      if (cells_[played_[i]] == kEmpty || cells_[played_[i]] == kWall) return false;
      total += flipped_[i];
    }
    return total == top_;
  }

 private:
  static constexpr std::uint8_t kEmpty = 0, kBlack = 1, kWhite = 2, kWall = 3;
  static constexpr int kCells = 100;
  // Each play fills an empty square and needs two discs already on the board,
  // so a board makes at most 62 plays, whatever position it started from.
  static constexpr int kMaxPlays = 64;
  // A play flips at most sum over its 8 rays of (ray length - 1): the rays of
  // a square total 14 along rank and file plus at most 13 on the diagonals
  // (d4, e4, d5, e5), so at most 27 - 8 = 19 discs. The stack holds the flips
  // of the plays currently made, hence 64 * 19 cells suffice.
  static constexpr int kMaxFlipsPerPlay = 19;
  static constexpr int kStackSize = kMaxPlays * kMaxFlipsPerPlay;
  static constexpr int kStep[8] = {1, -1, 10, -10, 11, -11, 9, -9};
  static constexpr int kSquareStep[8] = {1, -1, 8, -8, 9, -9, 7, -7};

  // Square s = 8 r + f  ->  cell 10 (r + 1) + f + 1 = s + 2 r + 11.
  [[gnu::always_inline]] static constexpr int cell_of(Square s) { return s + 2 * (s >> 3) + 11; }

  // Flips the run of opponent discs from x in direction Step if one of our
  // discs closes it, pushing the flipped cells on the unflip stack.
  template <int Step>
  [[gnu::always_inline]] inline void flip_run(int x, std::uint8_t me, std::uint8_t opp,
                                              std::uint8_t*& out) {
    int y = x + Step;
    if (cells_[y] != opp) return;
    do y += Step;
    while (cells_[y] == opp);
    if (cells_[y] != me) return;
    // Only record the run here; play() writes all recorded cells at once (the
    // 8 rays never share a cell, so no later walk needs to see these flips).
    for (int z = x + Step; z != y; z += Step) *out++ = static_cast<std::uint8_t>(z);
  }

  template <int Step>
  [[gnu::always_inline]] inline bool closes_run(int x, std::uint8_t me, std::uint8_t opp) const {
    int y = x + Step;
    if (cells_[y] != opp) return false;
    do y += Step;
    while (cells_[y] == opp);
    return cells_[y] == me;
  }

  bool is_legal(int x) const {
    if (cells_[x] != kEmpty) return false;
    const std::uint8_t me = own_, opp = me ^ 3;
    return closes_run<+1>(x, me, opp) || closes_run<-1>(x, me, opp) ||
           closes_run<+10>(x, me, opp) || closes_run<-10>(x, me, opp) ||
           closes_run<+11>(x, me, opp) || closes_run<-11>(x, me, opp) ||
           closes_run<+9>(x, me, opp) || closes_run<-9>(x, me, opp);
  }

  alignas(64) std::array<std::uint8_t, kCells> cells_{};
  std::uint8_t own_ = kBlack;                      // the colour to move
  int depth_ = 0;                                  // plays on the undo stack
  int top_ = 0;                                    // cells on the unflip stack
  std::array<int, 4> count_{};                     // discs per colour code (1 black, 2 white)
  std::array<std::uint8_t, kMaxPlays> played_{};   // the played cell of each play
  std::array<std::uint8_t, kMaxPlays> flipped_{};  // how many cells each play flipped
  std::array<std::uint8_t, kStackSize> stack_{};   // the flipped cells, in order
};

#pragma GCC diagnostic pop

static_assert(Board<Mailbox>);

using MailboxList = WithEmptyList<Mailbox>;
static_assert(ListBoard<MailboxList>);

}  // namespace rb
