// The solver against an independent oracle: a plain negamax with alpha-beta
// written here over the reference board (no table, no move ordering, no
// last-empties code, nothing shared with search/), on seeded random
// positions with 0-10 empties, half from random games and half dense
// arbitrary boards (odd passes and early game ends included). Every variant
// must return the oracle's score, and a best move whose oracle score is that
// score, with the default options and with the fastest configuration.
//
// Sizes: 330 positions in optimized builds, 66 positions with at most 8
// empties in the sanitizer build (RB_TEST_SCALE=0, -O0), so that the slow
// flavour stays short too. CTest runs the binary as one test (see
// tests/CMakeLists.txt), so the oracle's positions are made once.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/reference.hpp"
#include "search/instances.hpp"
#include "search_support.hpp"
#include "support.hpp"

namespace rb {
namespace {

constexpr bool kDeep = RB_TEST_SCALE > 0;
constexpr int kMaxEmpties = kDeep ? 10 : 8;
constexpr int kPerEmpties = kDeep ? 30 : 6;  // positions for each count of empties 0..kMaxEmpties

// The oracle: the exact score for the side to move of `board`, by negamax
// with alpha-beta, moves tried a1..h8. A side with no move passes; when
// neither side has one the game is over and final_score() counts it.
int oracle(ReferenceBoard& board, int alpha, int beta) {
  const Bitboard moves = board.legal_moves();
  if (moves == 0) {
    if (board.game_over()) return board.final_score();
    board.pass();
    const int score = -oracle(board, -beta, -alpha);
    board.pass();
    return score;
  }
  int best = -65;
  for (Square s = 0; s < 64; ++s) {
    if (!(moves & bit(s))) continue;
    board.play(s);
    const int score = -oracle(board, -beta, -alpha);
    board.undo();
    if (score > best) best = score;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

int oracle_score(const Position& p) {
  ReferenceBoard board(p);
  return oracle(board, -65, 65);
}

// The oracle's score of playing `move` (a square or kPass) in p, for the side to move in p.
int oracle_score_after(const Position& p, Square move) {
  ReferenceBoard board(p);
  if (move == kPass) {
    board.pass();
  } else if (!board.play(move)) {
    ADD_FAILURE() << "the solver's move " << square_name(move) << " is illegal in "
                  << board_string(p);
    return -100;
  }
  return -oracle(board, -65, 65);
}

// A dense arbitrary board with exactly `empties` empty squares, either side to move.
Position dense_arbitrary(std::mt19937_64& rng, int empties) {
  std::vector<Square> squares(64);
  for (Square s = 0; s < 64; ++s) squares[static_cast<std::size_t>(s)] = s;
  std::shuffle(squares.begin(), squares.end(), rng);
  Bitboard black = 0, white = 0;
  for (std::size_t i = static_cast<std::size_t>(empties); i < 64; ++i) {
    (rng() % 2 ? black : white) |= bit(squares[i]);
  }
  return Position::from_colors(black, white, rng() % 2 ? Color::black : Color::white);
}

struct OracleCase {
  Position position;
  int score;
};

// The positions and their oracle scores, made once (seed 17).
const std::vector<OracleCase>& cases() {
  static const std::vector<OracleCase> all = [] {
    std::vector<OracleCase> out;
    std::mt19937_64 rng(17);
    for (int empties = 0; empties <= kMaxEmpties; ++empties) {
      for (int k = 0; k < kPerEmpties; ++k) {
        Position p;
        if (k % 2 == 0) {
          // From a random game; a game that ends early is kept as it is.
          for (int tries = 0; tries < 100; ++tries) {
            p = random_reachable(rng, 60 - empties);
            if (p.empties() == empties) break;
          }
        } else {
          p = dense_arbitrary(rng, empties);
        }
        out.push_back({p, oracle_score(p)});
      }
    }
    return out;
  }();
  return all;
}

SolveOptions fastest_options() { return testing::preset_options("mobility", 4); }

TEST(SolverOracle, CoversPassesGameEndsAndEveryEmptiesCount) {
  int passes = 0, over = 0, wins = 0, losses = 0;
  std::vector<int> by_empties(65, 0);
  for (const auto& c : cases()) {
    const ReferenceBoard board(c.position);
    over += board.game_over();
    passes += !board.game_over() && board.legal_moves() == 0;
    wins += c.score > 0;
    losses += c.score < 0;
    ++by_empties[static_cast<std::size_t>(c.position.empties())];
  }
  EXPECT_GT(passes, 0);
  EXPECT_GT(over, 0);
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  for (int e = 0; e <= kMaxEmpties; ++e) EXPECT_GE(by_empties[static_cast<std::size_t>(e)], 1) << e;
}

TEST(SolverOracle, AgreesWithPublishedScores) {
  // The oracle itself against the scores listed for every move of FForum #20
  // (6 empties, published) and of the first position of e10.obf.
  for (const char* input : {"fforum-20-39.obf", "e10.obf"}) {
    const ObfEntry e = read_obf_file(std::string(RB_POSITIONS_DIR "/") + input).front();
    EXPECT_EQ(oracle_score(e.position), e.best_score().value()) << input;
    for (const MoveScore& m : e.moves) {
      EXPECT_EQ(oracle_score_after(e.position, m.move), m.score)
          << input << " " << square_name(m.move);
    }
  }
}

template <class V>
class SolverOracleTest : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }

  void check(const SolveOptions& options) {
    for (const auto& c : cases()) {
      const Position& p = c.position;
      const SolveResult r = testing::bounded_solve<V>(p, options);
      ASSERT_TRUE(r.solved) << board_string(p);
      EXPECT_EQ(r.score, c.score) << "reversi-bench show \"" << board_string(p) << "\"";
      const ReferenceBoard board(p);
      if (board.game_over()) {
        EXPECT_EQ(r.best_move, kNoSquare) << board_string(p);
      } else {
        ASSERT_NE(r.best_move, kNoSquare) << board_string(p);
        EXPECT_EQ(r.best_move == kPass, board.legal_moves() == 0) << board_string(p);
        EXPECT_EQ(oracle_score_after(p, r.best_move), c.score)
            << "move " << square_name(r.best_move) << " of " << board_string(p);
      }
    }
  }
};
TYPED_TEST_SUITE(SolverOracleTest, testing::VariantTypes, testing::VariantName);

TYPED_TEST(SolverOracleTest, DefaultOptions) { this->check(SolveOptions{}); }

TYPED_TEST(SolverOracleTest, FastestOptions) { this->check(fastest_options()); }

}  // namespace
}  // namespace rb
