// The reference board: the oracle every implementation is checked against.
//
// Deliberately simple and never optimized: 64 cells in an array, and for each
// of the 8 directions a walk with explicit bounds checks on file and rank.
// Undo restores a full copy of the cells. Speed is not a goal here; being
// obviously right is. Do not make it clever.
#pragma once

#include <array>

#include "core/board.hpp"
#include "core/cpu.hpp"

namespace rb {

class ReferenceBoard {
 public:
  enum class Cell : std::uint8_t { empty, black, white };

  static constexpr VariantInfo info{"reference",
                                    "the oracle: a 64-cell array and 8 bounds-checked direction "
                                    "walks, never optimized",
                                    "reference",
                                    "reference",
                                    MoveGen::mask,
                                    kCpuNone};

  explicit ReferenceBoard(const Position& position);

  Position position() const;
  Bitboard legal_moves() const;
  Bitboard flips(Square s) const;
  bool play(Square s);
  void undo();
  void pass() { side_ = opposite(side_); }
  int empties() const;
  int disc_difference() const;  // side to move's discs minus the opponent's
  Color side_to_move() const { return side_; }
  bool consistent() const { return depth_ >= 0 && depth_ <= kMaxPlays; }

  bool game_over() const;
  // Final disc difference for the side to move, empties to the winner.
  int final_score() const;
  Cell cell(Square s) const { return cells_[s]; }

 private:
  struct Snapshot {
    std::array<Cell, 64> cells;
    Color side;
  };
  Cell own() const { return side_ == Color::black ? Cell::black : Cell::white; }
  Cell other() const { return side_ == Color::black ? Cell::white : Cell::black; }

  std::array<Cell, 64> cells_{};
  Color side_ = Color::black;
  // Each play fills an empty square next to a disc: at most 62 plays from
  // any position (two discs and 62 empties).
  static constexpr int kMaxPlays = 62;
  std::array<Snapshot, kMaxPlays> history_{};
  int depth_ = 0;
};

static_assert(Board<ReferenceBoard>);

}  // namespace rb
