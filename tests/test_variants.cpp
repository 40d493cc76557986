// Every registered variant against the reference board, as typed tests (the
// variant's name is in each test's name): legal moves, flips, play, refusal
// of illegal squares, undo, long random games there and back, pass and game
// over.
#include <gtest/gtest.h>

#include <vector>

#include "support.hpp"

namespace rb {
namespace {

using testing::random_arbitrary;
using testing::random_reachable;
using testing::same_as_reference;

template <class V>
class VariantTest : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }
};
TYPED_TEST_SUITE(VariantTest, testing::VariantTypes, testing::VariantName);

TYPED_TEST(VariantTest, DescribesItself) {
  const VariantInfo& info = TypeParam::info;
  EXPECT_FALSE(info.name.empty());
  EXPECT_FALSE(info.description.empty());
  EXPECT_FALSE(info.family.empty());
  EXPECT_EQ(info.movegen == MoveGen::list, ListBoard<TypeParam>);
}

TYPED_TEST(VariantTest, StartPosition) {
  const TypeParam board(Position::start());
  EXPECT_TRUE(same_as_reference(board, ReferenceBoard(Position::start())));
}

// Each legal move is played and undone; each other square is refused.
template <Board V>
void check_every_square(const Position& p) {
  V board(p);
  ReferenceBoard ref(p);
  ASSERT_TRUE(same_as_reference(board, ref));
  for (Square s = 0; s < 64; ++s) {
    if (ref.legal_moves() & bit(s)) {
      ASSERT_TRUE(board.play(s)) << square_name(s) << " on " << board_string(p);
      ASSERT_TRUE(ref.play(s));
      ASSERT_TRUE(same_as_reference(board, ref)) << "after " << square_name(s);
      board.undo();
      ref.undo();
      ASSERT_TRUE(same_as_reference(board, ref)) << "after undo of " << square_name(s);
    } else {
      ASSERT_FALSE(board.play(s)) << "illegal " << square_name(s) << " on " << board_string(p);
      ASSERT_EQ(board.position(), p) << "changed by refused " << square_name(s);
    }
  }
}

TYPED_TEST(VariantTest, EverySquareOnReachablePositions) {
  std::mt19937_64 rng(1);
  for (int game = 0; game < 300; ++game) {
    check_every_square<TypeParam>(random_reachable(rng, static_cast<int>(rng() % 64)));
    if (this->HasFatalFailure()) return;
  }
}

TYPED_TEST(VariantTest, EverySquareOnArbitraryPositions) {
  std::mt19937_64 rng(2);
  for (int n = 0; n < 500; ++n) {
    check_every_square<TypeParam>(random_arbitrary(rng));
    if (this->HasFatalFailure()) return;
  }
}

// Whole random games, passes included, played forward and undone back to
// the start, compared with the reference at every step both ways.
TYPED_TEST(VariantTest, LongRandomGamesThereAndBack) {
  std::mt19937_64 rng(3);
  for (int game = 0; game < 200; ++game) {
    const Position start = game % 2 ? Position::start() : random_reachable(rng, rng() % 20);
    TypeParam board(start);
    ReferenceBoard ref(start);
    std::vector<bool> was_pass;
    while (!ref.game_over()) {
      Bitboard moves = ref.legal_moves();
      if (moves == 0) {
        board.pass();
        ref.pass();
        was_pass.push_back(true);
      } else {
        for (auto k = rng() % static_cast<unsigned>(popcount(moves)); k > 0; --k)
          moves &= moves - 1;
        ASSERT_TRUE(board.play(first_square(moves)));
        ref.play(first_square(moves));
        was_pass.push_back(false);
      }
      ASSERT_TRUE(same_as_reference(board, ref)) << "game " << game << " ply " << was_pass.size();
    }
    while (!was_pass.empty()) {
      if (was_pass.back()) {
        board.pass();
        ref.pass();
      } else {
        board.undo();
        ref.undo();
      }
      was_pass.pop_back();
      ASSERT_TRUE(same_as_reference(board, ref)) << "undoing, game " << game;
    }
    ASSERT_EQ(board.position(), start);
  }
}

TYPED_TEST(VariantTest, PassAndGameOver) {
  // X must pass (its only disc b1 cannot flank the corner a1); O can play c1.
  const Position must_pass = parse_board("OX" + std::string(62, '-') + " X");
  TypeParam board(must_pass);
  EXPECT_EQ(board.legal_moves(), 0u);
  board.pass();
  EXPECT_EQ(board.side_to_move(), Color::white);
  EXPECT_EQ(board.legal_moves(), bit(2));
  EXPECT_TRUE(board.play(2));
  EXPECT_EQ(board.position().white(), bit(0) | bit(1) | bit(2));
  board.undo();
  board.pass();
  EXPECT_EQ(board.position(), must_pass);

  // No disc touches another: neither side can move; the empties go to X.
  const Position over = parse_board("X-X" + std::string(60, '-') + "O X");
  TypeParam done(over);
  EXPECT_EQ(done.legal_moves(), 0u);
  done.pass();
  EXPECT_EQ(done.legal_moves(), 0u);
  done.pass();
  EXPECT_EQ(done.disc_difference(), 1);
  EXPECT_EQ(done.empties(), 61);

  // A full board.
  const Position full =
      Position::from_colors(0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull, Color::white);
  const TypeParam filled(full);
  EXPECT_EQ(filled.legal_moves(), 0u);
  EXPECT_EQ(filled.empties(), 0);
  EXPECT_EQ(filled.disc_difference(), 0);
  for (Square s = 0; s < 64; ++s) EXPECT_EQ(filled.flips(s), 0u);
}

TYPED_TEST(VariantTest, MoveSourceVisitsExactlyTheLegalMoves) {
  std::mt19937_64 rng(4);
  for (int n = 0; n < 300; ++n) {
    const Position p = n % 2 ? random_arbitrary(rng) : random_reachable(rng, rng() % 60);
    TypeParam board(p);
    Bitboard visited = 0;
    for_each_move(board, [&](Square s) {
      EXPECT_FALSE(visited & bit(s)) << "visited twice: " << square_name(s);
      visited |= bit(s);
      EXPECT_EQ(board.position().empties(), p.empties() - 1);
      return false;
    });
    EXPECT_EQ(visited, ReferenceBoard(p).legal_moves()) << board_string(p);
    EXPECT_EQ(board.position(), p);
  }
}

}  // namespace
}  // namespace rb
