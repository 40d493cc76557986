#include "core/reference.hpp"

#include <cassert>

namespace rb {
namespace {

constexpr int kDirections[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                   {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

}  // namespace

ReferenceBoard::ReferenceBoard(const Position& position) : side_(position.side) {
  assert(position.valid());
  for (Square s = 0; s < 64; ++s) {
    if (position.black() & bit(s)) {
      cells_[s] = Cell::black;
    } else if (position.white() & bit(s)) {
      cells_[s] = Cell::white;
    } else {
      cells_[s] = Cell::empty;
    }
  }
}

Position ReferenceBoard::position() const {
  Bitboard black = 0, white = 0;
  for (Square s = 0; s < 64; ++s) {
    if (cells_[s] == Cell::black) black |= bit(s);
    if (cells_[s] == Cell::white) white |= bit(s);
  }
  return Position::from_colors(black, white, side_);
}

Bitboard ReferenceBoard::flips(Square s) const {
  if (s < 0 || s > 63 || cells_[s] != Cell::empty) return 0;
  Bitboard all = 0;
  for (const auto& d : kDirections) {
    Bitboard line = 0;
    int f = file_of(s) + d[0];
    int r = rank_of(s) + d[1];
    while (on_board(f, r) && cells_[make_square(f, r)] == other()) {
      line |= bit(make_square(f, r));
      f += d[0];
      r += d[1];
    }
    // The run counts only if it is closed by a disc of the side to move.
    if (line != 0 && on_board(f, r) && cells_[make_square(f, r)] == own()) all |= line;
  }
  return all;
}

Bitboard ReferenceBoard::legal_moves() const {
  Bitboard moves = 0;
  for (Square s = 0; s < 64; ++s) {
    if (flips(s) != 0) moves |= bit(s);
  }
  return moves;
}

bool ReferenceBoard::play(Square s) {
  const Bitboard flipped = flips(s);
  if (flipped == 0) return false;
  history_[depth_++] = Snapshot{cells_, side_};
  for (Square t = 0; t < 64; ++t) {
    if (flipped & bit(t)) cells_[t] = own();
  }
  cells_[s] = own();
  side_ = opposite(side_);
  return true;
}

void ReferenceBoard::undo() {
  assert(depth_ > 0);
  --depth_;
  cells_ = history_[depth_].cells;
  side_ = history_[depth_].side;
}

int ReferenceBoard::empties() const {
  int n = 0;
  for (Cell c : cells_) n += c == Cell::empty;
  return n;
}

int ReferenceBoard::disc_difference() const {
  int diff = 0;
  for (Cell c : cells_) {
    if (c == own()) ++diff;
    if (c == other()) --diff;
  }
  return diff;
}

bool ReferenceBoard::game_over() const {
  if (legal_moves() != 0) return false;
  ReferenceBoard other_side = *this;
  other_side.pass();
  return other_side.legal_moves() == 0;
}

int ReferenceBoard::final_score() const {
  const int diff = disc_difference();
  const int empty = empties();
  if (diff > 0) return diff + empty;
  if (diff < 0) return diff - empty;
  return 0;
}

}  // namespace rb
