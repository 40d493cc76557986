#include "io/render.hpp"

#include "core/reference.hpp"
#include "io/obf.hpp"

namespace rb {

std::string render(const Position& position) {
  const ReferenceBoard board(position);
  const Bitboard legal = board.legal_moves();
  std::string out = "  a b c d e f g h\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      char c = '-';
      if (position.black() & bit(s)) c = 'X';
      if (position.white() & bit(s)) c = 'O';
      if (legal & bit(s)) c = '.';
      out += ' ';
      out += c;
    }
    out += ' ';
    out += static_cast<char>('1' + rank);
    out += '\n';
  }
  out += "  a b c d e f g h\n";
  out += "X = black, O = white, . = legal move, - = empty\n";
  const Color side = position.side;
  out += std::string("to move: ") + color_char(side) + " (" + std::string(color_name(side)) + ")\n";
  out += "discs: X " + std::to_string(popcount(position.black())) + ", O " +
         std::to_string(popcount(position.white())) +
         "; empties: " + std::to_string(position.empties()) + "\n";
  if (legal != 0) {
    out += "legal moves (" + std::to_string(popcount(legal)) + "): " + squares_string(legal) + "\n";
  } else if (board.game_over()) {
    const int score = board.final_score();
    out += std::string("game over: final score ") + format_score(score) + " for " +
           color_char(side) + " (disc difference, empties to the winner): ";
    out +=
        score == 0 ? "draw" : std::string(color_name(score > 0 ? side : opposite(side))) + " wins";
    out += "\n";
  } else {
    out += std::string("no legal move: ") + color_char(side) + " must pass\n";
  }
  out += "board: " + board_string(position) + "\n";
  return out;
}

}  // namespace rb
