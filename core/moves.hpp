// Move sources: how a search walks the moves of a node. A board's own
// source is B::info.movegen; a search may ask for another one (say, the
// legal mask on a board that would scan) to compare the two on one board.
#pragma once

#include "core/board.hpp"
#include "core/empty_list.hpp"

namespace rb {

// Whether move source G can walk the moves of board B (the list source needs
// a board with an empty-square list).
template <class B, MoveGen G>
concept MoveSourceFor = Board<B> &&(G != MoveGen::list || ListBoard<B>);

// Plays each legal move of `board` in the order of move source G, calls
// visit(square) with the move on the board, and undoes it. visit returns
// true to stop early (a cutoff). Returns the number of moves visited.
template <MoveGen G, Board B, class Visit>
inline int for_each_move(B& board, Visit&& visit) {
  int visited = 0;
  if constexpr (G == MoveGen::list) {
    static_assert(ListBoard<B>, "the list move source needs a board with an empty-square list");
    const EmptyList& list = board.empty_list();
    for (Square s = list.first(); s != EmptyList::kEnd; s = list.next(s)) {
      if (!board.play(s)) continue;
      ++visited;
      const bool stop = visit(s);
      board.undo();
      if (stop) break;
    }
  } else if constexpr (G == MoveGen::mask) {
    for (Bitboard moves = board.legal_moves(); moves; moves &= moves - 1) {
      const Square s = first_square(moves);
      board.play(s);
      ++visited;
      const bool stop = visit(s);
      board.undo();
      if (stop) break;
    }
  } else {
    for (Square s = 0; s < 64; ++s) {
      if (!board.play(s)) continue;
      ++visited;
      const bool stop = visit(s);
      board.undo();
      if (stop) break;
    }
  }
  return visited;
}

template <Board B, class Visit>
inline int for_each_move(B& board, Visit&& visit) {
  return for_each_move<B::info.movegen>(board, static_cast<Visit&&>(visit));
}

}  // namespace rb
