// The last four empty squares (search/last_empties.hpp) against an
// independent implementation of what they must do, the few-empties path's
// rule written plainly over the reference board: the moves of odd quadrants
// first, then the others, each group in a1..h8 order; fail-soft alpha-beta;
// a node counted for each move played and each pass; the last square scored
// from its flips. Every KernelBoard variant, random positions with 1 to 4
// empty squares (passes and ended games included), the full window and
// windows around the score; and the flip counts of the last square, on
// every square of random full boards.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "search/last_empties.hpp"
#include "support.hpp"

namespace rb {
namespace {

constexpr int kPositions = RB_TEST_SCALE > 0 ? 3000 : 300;

// The few-empties path's rule, plainly, on the reference board.
int reference_few(ReferenceBoard& board, int alpha, int beta, std::uint64_t& nodes) {
  const Position p = board.position();
  const Bitboard empty = p.empty();
  const int empties = popcount(empty);
  if (empties == 1) {  // the last-empty shortcut
    const Square x = first_square(empty);
    const int diff = board.disc_difference();
    if (const int mine = popcount(board.flips(x))) return diff + 2 * mine + 1;
    board.pass();
    const int theirs = popcount(board.flips(x));
    board.pass();
    if (theirs) return diff - 2 * theirs - 1;
    return final_score(diff, 1);
  }
  unsigned parity = 0;
  for_each_square(empty, [&](Square s) { parity ^= quadrant_bit(s); });
  std::vector<Square> order;
  for (int odd = 1; odd >= 0; --odd) {
    for_each_square(empty, [&](Square s) {
      if (((parity & quadrant_bit(s)) != 0) == (odd == 1)) order.push_back(s);
    });
  }
  int best = -65;
  for (const Square s : order) {
    if (!board.play(s)) continue;
    ++nodes;
    const int v = -reference_few(board, -beta, -alpha, nodes);
    board.undo();
    if (v <= best) continue;
    best = v;
    if (v > alpha) {
      alpha = v;
      if (alpha >= beta) return best;
    }
  }
  if (best != -65) return best;
  board.pass();
  if (board.legal_moves() == 0) {
    board.pass();
    return final_score(board.disc_difference(), empties);
  }
  ++nodes;
  const int v = -reference_few(board, -beta, -alpha, nodes);
  board.pass();
  return v;
}

// A position with `empties` empty squares, the others split at random.
Position random_with_empties(std::mt19937_64& rng, int empties) {
  std::array<Square, 64> squares;
  for (Square s = 0; s < 64; ++s) squares[s] = s;
  std::shuffle(squares.begin(), squares.end(), rng);
  Bitboard player = 0, opponent = 0;
  const int own_share = 1 + static_cast<int>(rng() % 7);  // out of 8: lopsided boards too
  for (int i = empties; i < 64; ++i) {
    (static_cast<int>(rng() % 8) < own_share ? player : opponent) |= bit(squares[i]);
  }
  return {player, opponent, Color::black};
}

template <class V>
class LastEmptiesTest : public ::testing::Test {};
TYPED_TEST_SUITE(LastEmptiesTest, testing::VariantTypes, testing::VariantName);

TYPED_TEST(LastEmptiesTest, SameScoresAndNodesAsThePlainRule) {
  using V = TypeParam;
  if constexpr (!KernelBoard<V>) {
    GTEST_SKIP() << "the mailbox has no kernels: its few-empties path is the general one";
  } else {
    RB_SKIP_IF_UNAVAILABLE(V);
    std::mt19937_64 rng(4);
    int passes = 0, ended = 0;
    for (int i = 0; i < kPositions; ++i) {
      const int empties = 1 + i % 4;
      const Position p = random_with_empties(rng, empties);
      ReferenceBoard board(p);
      std::uint64_t ref_nodes = 0;
      const int exact = reference_few(board, -65, 65, ref_nodes);
      passes += board.legal_moves() == 0;
      ended += board.game_over();
      for (const auto& [alpha, beta] :
           {std::pair{-65, 65}, std::pair{exact - 1, exact + 1}, std::pair{exact, exact + 1},
            std::pair{exact - 1, exact}, std::pair{-65, exact - 3}, std::pair{exact + 3, 65}}) {
        std::uint64_t want_nodes = 0, got_nodes = 0;
        const int want = reference_few(board, alpha, beta, want_nodes);
        const int got = LastEmpties<V, Algo::alphabeta>::solve(
            p.player, p.opponent, alpha, beta, empties, quadrant_parity(p.empty()), got_nodes);
        ASSERT_EQ(got, want) << board_string(p) << " window (" << alpha << ", " << beta << ")";
        ASSERT_EQ(got_nodes, want_nodes)
            << board_string(p) << " window (" << alpha << ", " << beta << ")";
      }
    }
    EXPECT_GT(passes, 0);  // the cases are all there
    EXPECT_GT(ended, 0);
  }
}

TYPED_TEST(LastEmptiesTest, TheLastSquaresFlipCountsAreItsFlips) {
  using V = TypeParam;
  if constexpr (!KernelBoard<V>) {
    GTEST_SKIP() << "the counts are the same code for every variant; checked on the bitboards";
  } else {
    RB_SKIP_IF_UNAVAILABLE(V);
    std::mt19937_64 rng(9);
    for (int i = 0; i < kPositions / 10; ++i) {
      const Bitboard full_player = rng();
      for (Square x = 0; x < 64; ++x) {
        const Bitboard player = full_player & ~bit(x);
        const Bitboard opponent = ~full_player & ~bit(x);
        const LastFlipCounts n = last_flip_counts(player, x);
        const int mine = popcount(V::flips_of(x, player, opponent));
        const int theirs = popcount(V::flips_of(x, opponent, player));
        ASSERT_EQ(n.player, mine) << square_name(x) << " " << player;
        ASSERT_EQ(n.opponent, mine ? 0 : theirs) << square_name(x) << " " << player;
      }
    }
  }
}

}  // namespace
}  // namespace rb
