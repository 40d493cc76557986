// Square and bit conventions, square names and the start position.
#include <gtest/gtest.h>

#include "core/position.hpp"
#include "core/square.hpp"
#include "io/obf.hpp"

namespace rb {
namespace {

TEST(Conventions, CornersAndBits) {
  EXPECT_EQ(*parse_square("a1"), 0);
  EXPECT_EQ(*parse_square("h1"), 7);
  EXPECT_EQ(*parse_square("a8"), 56);
  EXPECT_EQ(*parse_square("h8"), 63);
  EXPECT_EQ(bit(63), Bitboard{1} << 63);
  EXPECT_EQ(file_of(19), 3);  // d
  EXPECT_EQ(rank_of(19), 2);  // rank 3
  EXPECT_EQ(make_square(3, 2), 19);
}

TEST(SquareNames, RoundTripAllSquares) {
  for (Square s = 0; s < 64; ++s) {
    const std::string name = square_name(s);
    ASSERT_EQ(name.size(), 2u);
    EXPECT_EQ(*parse_square(name), s) << name;
    std::string upper = name;
    upper[0] = static_cast<char>(upper[0] - 'a' + 'A');
    EXPECT_EQ(*parse_square(upper), s) << upper;
  }
  EXPECT_EQ(square_name(19), "d3");
  EXPECT_EQ(*parse_square("D3"), 19);
}

TEST(SquareNames, PassTokens) {
  EXPECT_EQ(*parse_square("PS"), kPass);
  EXPECT_EQ(*parse_square("pa"), kPass);
  EXPECT_EQ(*parse_square("PA"), kPass);
  EXPECT_EQ(square_name(kPass), "PS");
}

TEST(SquareNames, RejectsBadNames) {
  for (const char* bad : {"", "a", "a0", "a9", "i1", "z9", "d33", "3d", "P", "PX", " a1"}) {
    EXPECT_FALSE(parse_square(bad).has_value()) << '"' << bad << '"';
  }
}

TEST(Position, StartPosition) {
  const Position start = Position::start();
  EXPECT_EQ(start.side, Color::black);
  EXPECT_EQ(start.black(), bit(*parse_square("d5")) | bit(*parse_square("e4")));
  EXPECT_EQ(start.white(), bit(*parse_square("d4")) | bit(*parse_square("e5")));
  EXPECT_EQ(start.empties(), 60);
  EXPECT_TRUE(start.valid());
  EXPECT_EQ(board_string(start),
            "---------------------------OX------XO--------------------------- X");
}

TEST(Position, SideRelativeBitboards) {
  const Position p = Position::from_colors(bit(0), bit(1), Color::white);
  EXPECT_EQ(p.player, bit(1));
  EXPECT_EQ(p.opponent, bit(0));
  EXPECT_EQ(p.black(), bit(0));
  EXPECT_EQ(p.white(), bit(1));
  const Position q = p.passed();
  EXPECT_EQ(q.side, Color::black);
  EXPECT_EQ(q.player, bit(0));
  EXPECT_EQ(q.black(), bit(0));
}

TEST(SquaresString, ListsInBoardOrder) {
  EXPECT_EQ(squares_string(bit(0) | bit(19) | bit(63)), "a1 d3 h8");
  EXPECT_EQ(squares_string(0), "");
}

}  // namespace
}  // namespace rb
