// The reference board's rules on hand-made positions: each direction, no
// wrap-around at the edges, multi-direction flips, pass, game over, full
// board and empties-to-the-winner scoring.
#include <gtest/gtest.h>

#include <initializer_list>

#include "core/reference.hpp"
#include "io/obf.hpp"

namespace rb {
namespace {

Square sq(const char* name) { return *parse_square(name); }

Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard b = 0;
  for (const char* n : names) b |= bit(sq(n));
  return b;
}

// Black to move, with the given black and white discs.
ReferenceBoard black_to_move(Bitboard black, Bitboard white) {
  return ReferenceBoard(Position::from_colors(black, white, Color::black));
}

TEST(ReferenceRules, StartPosition) {
  const ReferenceBoard board(Position::start());
  EXPECT_EQ(board.legal_moves(), squares({"d3", "c4", "f5", "e6"}));
  EXPECT_EQ(board.flips(sq("d3")), squares({"d4"}));
  EXPECT_EQ(board.empties(), 60);
  EXPECT_EQ(board.disc_difference(), 0);
  EXPECT_FALSE(board.game_over());
}

TEST(ReferenceRules, EachOfTheEightDirections) {
  const int directions[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  const Square from = sq("d4");
  for (const auto& d : directions) {
    const Square o1 = make_square(file_of(from) + d[0], rank_of(from) + d[1]);
    const Square o2 = make_square(file_of(from) + 2 * d[0], rank_of(from) + 2 * d[1]);
    const Square own = make_square(file_of(from) + 3 * d[0], rank_of(from) + 3 * d[1]);
    ReferenceBoard board = black_to_move(bit(own), bit(o1) | bit(o2));
    SCOPED_TRACE(square_name(own));
    EXPECT_EQ(board.flips(from), bit(o1) | bit(o2));
    EXPECT_EQ(board.legal_moves() & bit(from), bit(from));
    ASSERT_TRUE(board.play(from));
    const Position after = board.position();
    EXPECT_EQ(after.side, Color::white);
    EXPECT_EQ(after.black(), bit(from) | bit(o1) | bit(o2) | bit(own));
    EXPECT_EQ(after.white(), 0u);
  }
}

TEST(ReferenceRules, RunMustBeClosedByOwnDisc) {
  // White run from d4 eastwards reaches an empty square, then the edge.
  EXPECT_EQ(black_to_move(0, squares({"e4", "f4"})).flips(sq("d4")), 0u);
  EXPECT_EQ(black_to_move(squares({"a1"}), squares({"e4", "f4", "g4", "h4"})).flips(sq("d4")), 0u);
  // Adjacent own disc: nothing between, nothing flipped.
  EXPECT_EQ(black_to_move(squares({"e4"}), squares({"f4"})).flips(sq("d4")), 0u);
}

TEST(ReferenceRules, NoWrapAroundAtTheEdges) {
  // East from g1: h1, then a2 would be next on a naive +1 shift.
  EXPECT_EQ(black_to_move(squares({"a2"}), squares({"h1"})).flips(sq("g1")), 0u);
  // West from b2: a2, then h1 on a naive -1 shift.
  EXPECT_EQ(black_to_move(squares({"h1"}), squares({"a2"})).flips(sq("b2")), 0u);
  // North-east from g2: h3, then a5 on a naive +9 shift.
  EXPECT_EQ(black_to_move(squares({"a5"}), squares({"h3"})).flips(sq("g2")), 0u);
  // North-west from b2: a3, then h3 on a naive +7 shift.
  EXPECT_EQ(black_to_move(squares({"h3"}), squares({"a3"})).flips(sq("b2")), 0u);
  // South-east from g8: h7, then a7 on a naive -7 shift.
  EXPECT_EQ(black_to_move(squares({"a7"}), squares({"h7"})).flips(sq("g8")), 0u);
  // A longer run: east from g3 over h3, then a4 and b4 on a naive +1 walk.
  EXPECT_EQ(black_to_move(squares({"b4"}), squares({"h3", "a4"})).flips(sq("g3")), 0u);
}

TEST(ReferenceRules, MultiDirectionFlips) {
  // d4 surrounded by white, each run closed by black two steps further out.
  const Bitboard white = squares({"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"});
  const Bitboard black = squares({"b2", "d2", "f2", "b4", "f4", "b6", "d6", "f6"});
  ReferenceBoard board = black_to_move(black, white);
  EXPECT_EQ(board.flips(sq("d4")), white);
  ASSERT_TRUE(board.play(sq("d4")));
  EXPECT_EQ(board.position().black(), black | white | bit(sq("d4")));
  EXPECT_EQ(board.disc_difference(), -17);  // white (to move) has none, black 17
}

TEST(ReferenceRules, IllegalPlayLeavesBoardUnchanged) {
  ReferenceBoard board(Position::start());
  for (const char* name : {"a1", "d4", "e4", "d6", "h8"}) {
    EXPECT_FALSE(board.play(sq(name))) << name;
    EXPECT_EQ(board.position(), Position::start());
  }
}

TEST(ReferenceRules, PlayAndUndo) {
  ReferenceBoard board(Position::start());
  ASSERT_TRUE(board.play(sq("f5")));
  EXPECT_EQ(board.position().black(), squares({"d5", "e5", "f5", "e4"}));
  EXPECT_EQ(board.position().white(), squares({"d4"}));
  EXPECT_EQ(board.side_to_move(), Color::white);
  ASSERT_TRUE(board.play(sq("f6")));
  board.undo();
  board.undo();
  EXPECT_EQ(board.position(), Position::start());
}

TEST(ReferenceRules, PassButNotGameOver) {
  // Black a1 next to white b1... black b1 next to white a1: black cannot
  // flank a1 (it is on the edge), white can play c1.
  ReferenceBoard board = black_to_move(squares({"b1"}), squares({"a1"}));
  EXPECT_EQ(board.legal_moves(), 0u);
  EXPECT_FALSE(board.game_over());
  board.pass();
  EXPECT_EQ(board.side_to_move(), Color::white);
  EXPECT_EQ(board.legal_moves(), squares({"c1"}));
  board.pass();
  EXPECT_EQ(board.side_to_move(), Color::black);
}

TEST(ReferenceRules, GameOverWithEmptiesGoesToTheWinner) {
  // No disc touches another: neither side can move.
  ReferenceBoard board = black_to_move(squares({"a1", "c1"}), squares({"h8"}));
  EXPECT_TRUE(board.game_over());
  EXPECT_EQ(board.disc_difference(), 1);
  EXPECT_EQ(board.empties(), 61);
  EXPECT_EQ(board.final_score(), 62);  // 2 - 1 + 61 empties
  board.pass();
  EXPECT_EQ(board.final_score(), -62);
  // A draw keeps its empties with no one.
  EXPECT_EQ(black_to_move(squares({"a1"}), squares({"h8"})).final_score(), 0);
  // Only one colour left.
  EXPECT_TRUE(black_to_move(0, squares({"d4", "e4"})).game_over());
  EXPECT_EQ(black_to_move(0, squares({"d4", "e4"})).final_score(), -64);
}

TEST(ReferenceRules, FullBoard) {
  const Bitboard black = 0x00000000FFFFFFFFull;  // ranks 1-4
  ReferenceBoard board = black_to_move(black, ~black);
  EXPECT_EQ(board.legal_moves(), 0u);
  EXPECT_TRUE(board.game_over());
  EXPECT_EQ(board.final_score(), 0);
  ReferenceBoard lopsided = black_to_move(black | bit(40), ~(black | bit(40)));
  EXPECT_EQ(lopsided.final_score(), 2);
  EXPECT_EQ(lopsided.empties(), 0);
}

}  // namespace
}  // namespace rb
