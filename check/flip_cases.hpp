// The flip cases of a move generator, and the positions that exercise them
// all (issue #74). A move generator's bugs are rare by nature: one square,
// one direction, one run length. Random positions reach each such case with
// some probability; the positions here reach every one, deterministically.
//
// A flip case is a square, a direction from it, the length of the run of
// the opponent's discs that starts next to the square (1 to 6), and how the
// run ends: on a disc of the side to move (a capture), at the edge of the
// board, or on an empty square. A position exercises a case when the square
// is empty and the run from it is exactly that, for the side to move (both
// colours are generated, as a board may store colours, not sides). Only the
// cases the board's geometry allows are counted (2,456 of them; an edge end
// needs the run to reach the edge, a capture or an empty end one square
// more). Beside them, the move situations: the side to move must pass; both
// sides must pass with squares empty; the board is full; a move leaves the
// opponent no move (the other side is to move after it all the same, in the
// board protocol, and then passes); a move ends the game.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/position.hpp"

namespace rb {

enum class RunEnd { own, edge, empty };

struct FlipCase {
  Square square = 0;
  int direction = 0;  // 0..7: east, west, north, south, then the diagonals (see flip_cases.cpp)
  int length = 1;     // the opponent's discs in the run, 1..6
  RunEnd end = RunEnd::own;
};

enum class MoveSituation { pass, both_pass, full_board, leaves_no_move, ends_game };
inline constexpr int kMoveSituations = 5;
std::string_view situation_name(MoveSituation s);

// Every case the geometry allows, in a fixed order (square, direction,
// length, end); its index is the case's number.
const std::vector<FlipCase>& flip_cases();
// "d3 south-east 6 own": a case in words.
std::string flip_case_name(const FlipCase& c);
std::string_view direction_name(int direction);

// The cases a set of positions exercised, and the situations they reached.
class FlipCoverage {
 public:
  FlipCoverage();
  void add(const Position& position);

  std::size_t cases() const { return flip_cases().size(); }
  std::size_t cases_seen() const { return seen_count_; }
  bool seen(std::size_t case_index) const { return seen_[case_index] != 0; }
  // For each situation, the positions that reached it.
  const std::array<std::uint64_t, kMoveSituations>& situations() const { return situations_; }
  std::size_t situations_seen() const;
  // The first cases never exercised, in words (at most `max`).
  std::vector<std::string> missing(std::size_t max) const;

 private:
  std::vector<std::uint8_t> seen_;
  std::size_t seen_count_ = 0;
  std::array<std::uint64_t, kMoveSituations> situations_{};
};

// The number of the case a square and direction show in `position`, or -1
// when none does (the square is taken, or the next square is not the
// opponent's, or the run is longer than 6... which the board cannot hold).
int flip_case_at(const Position& position, Square square, int direction);

// The targeted positions: every flip case exercised for each side to move,
// several cases packed into each position, and each move situation reached
// a few times for each side. Deterministic (no seed): the same positions on
// every machine and every run. A few hundred positions; checking all their
// moves and plays is a few thousand board-protocol requests.
const std::vector<Position>& targeted_positions();

}  // namespace rb
