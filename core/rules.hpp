// Rules of the game that the searches share (the reference board keeps its
// own, independent copy: it is the oracle they are checked against).
#pragma once

namespace rb {

// The score of a finished game for the side to move: the disc difference,
// with the empty squares going to the winner (the rule of the FForum scores).
constexpr int final_score(int disc_difference, int empties) {
  if (disc_difference > 0) return disc_difference + empties;
  if (disc_difference < 0) return disc_difference - empties;
  return 0;
}
static_assert(final_score(2, 10) == 12 && final_score(-2, 10) == -12 && final_score(0, 10) == 0);

}  // namespace rb
