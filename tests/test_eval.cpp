// The evaluations (eval/pattern.hpp) and the shallow-search order: the 8
// symmetric images of a position evaluate equal (classic, the shipped
// pattern weights and random weights); the evaluation gives the plain sum
// over the 88 images, with weights at the limits of 16 bits too; the weights file round-trips and
// its errors name line and column. The
// evaluation carried from a node to its children: the indices read from a
// board are each image's plain index; made from the parent's along random
// games they are those read from the child (its symmetric images too); the
// shallow searches give the scores and counts of the board-reading path.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <stdexcept>

#include "core/cpu.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <vector>

#include "check/random_positions.hpp"
#include "core/node.hpp"
#include "core/reference.hpp"
#include "eval/classic.hpp"
#include "eval/default_weights.hpp"
#include "eval/pattern.hpp"
#include "eval/weights.hpp"
#include "io/obf.hpp"
#include "search/instances.hpp"
#include "search/ordering.hpp"
#include "search/transposition.hpp"
#include "search_support.hpp"
#include "variants/builtin.hpp"

namespace rb {
namespace {

using testing::expect_same_weights;
using testing::kShippedWeights;
using testing::random_weights;
using testing::suite;

constexpr bool kDeep = RB_TEST_SCALE > 0;

// Positions from random games of every length and arbitrary disc sets.
std::vector<Position> sample_positions(int count) { return testing::sample_positions(count, 23); }

template <Evaluator E>
void expect_symmetric(const E& e, const std::vector<Position>& positions) {
  for (const Position& p : positions) {
    const int v = e.eval(p.player, p.opponent);
    for (int k = 1; k < 8; ++k) {
      const Bitboard player = pattern::symmetric(k, p.player);
      const Bitboard opponent = pattern::symmetric(k, p.opponent);
      ASSERT_EQ(e.eval(player, opponent), v)
          << "image " << k << " of " << p.player << " " << p.opponent;
    }
  }
}

TEST(Eval, SymmetriesAreTheEightOfTheBoard) {
  // Each image is a bijection of the squares, and the 8 images are distinct.
  std::vector<std::array<Square, 64>> maps;
  for (int k = 0; k < 8; ++k) {
    std::array<Square, 64> m{};
    Bitboard seen = 0;
    for (Square s = 0; s < 64; ++s) seen |= bit(m[s] = pattern::symmetric(k, s));
    EXPECT_EQ(seen, ~Bitboard{0});
    for (const auto& other : maps) EXPECT_NE(other, m);
    maps.push_back(m);
  }
  EXPECT_EQ(pattern::symmetric(4, Square{1}), Square{8});   // b1 -> a2: the diagonal mirror
  EXPECT_EQ(pattern::symmetric(3, Square{0}), Square{63});  // a1 -> h8: the half turn
}

TEST(Eval, ClassicEvaluatesTheEightImagesEqual) {
  expect_symmetric(ClassicEval{}, sample_positions(kDeep ? 4000 : 400));
}

TEST(Eval, ShippedPatternWeightsEvaluateTheEightImagesEqual) {
  const PatternEval e(read_pattern_weights(kShippedWeights));
  expect_symmetric(e, sample_positions(kDeep ? 4000 : 200));
}

TEST(Eval, RandomPatternWeightsEvaluateTheEightImagesEqual) {
  const PatternEval e(random_weights(5));
  expect_symmetric(e, sample_positions(kDeep ? 4000 : 200));
}

// The sum over the images, read square by square from the list of images.
int plain_sum(const PatternWeights& w, const Position& p) {
  const auto& stage = w.stages[p.empties() <= 30 ? 0 : 1];
  int sum = stage.bias;
  for (const pattern::Image& image : pattern::kImages) {
    int index = 0, power = 1;
    for (int j = 0; j < image.size; ++j, power *= 3) {
      const Square s = image.squares[j];
      index += power * ((p.player >> s & 1) ? 1 : (p.opponent >> s & 1) ? 2 : 0);
    }
    sum += stage.weights[static_cast<std::size_t>(pattern::kOffsets[image.shape] + index)];
  }
  return sum;
}

TEST(Eval, PatternEvalGivesThePlainSumOverTheImages) {
  const PatternWeights w = random_weights(9);
  const PatternEval e(w);
  for (const Position& p : sample_positions(kDeep ? 2000 : 200)) {
    const int sum = plain_sum(w, p);
    ASSERT_EQ(e.eval(p.player, p.opponent), sum);
    ASSERT_EQ(e.eval_portable(p.player, p.opponent), sum);
  }
}

TEST(Eval, Bmi2PathGivesThePortableSum) {
  if (!cpu_supports(kCpuBmi2)) GTEST_SKIP() << "this CPU has no BMI2 (pext)";
  const PatternEval e(random_weights(11));
  for (const Position& p : sample_positions(kDeep ? 4000 : 400)) {
    ASSERT_EQ(e.eval_bmi2(p.player, p.opponent), e.eval_portable(p.player, p.opponent));
  }
}

TEST(Eval, WeightsAtTheLimitsOfSixteenBitsAddUpWithoutWrapping) {
  // Every weight at +32767 (then -32768): the sums over 88 images pass 16
  // bits, as they may, and must come out whole.
  for (const std::int16_t extreme : {std::int16_t{32767}, std::int16_t{-32768}}) {
    PatternWeights w = random_weights(3);
    for (auto& stage : w.stages) std::fill(stage.weights.begin(), stage.weights.end(), extreme);
    const PatternEval e(w);
    for (const Position& p : sample_positions(50)) {
      const int sum = plain_sum(w, p);
      ASSERT_EQ(sum, w.stages[p.empties() <= 30 ? 0 : 1].bias + 88 * int{extreme});
      ASSERT_EQ(e.eval(p.player, p.opponent), sum);
      ASSERT_EQ(e.eval_portable(p.player, p.opponent), sum);
    }
  }
}

// The evaluation carried from a node to its children (PatternEval::indices,
// child_indices, eval_indices; ordering::shallow_score_from).

// Each image's index read square by square from the list of images, the
// side to move's discs as digit 1 (independent of the transformed boards
// and of pext).
std::vector<int> plain_indices(Bitboard player, Bitboard opponent) {
  std::vector<int> out;
  for (const pattern::Image& image : pattern::kImages) {
    int index = 0, power = 1;
    for (int j = 0; j < image.size; ++j, power *= 3) {
      const Square s = image.squares[static_cast<std::size_t>(j)];
      index += power * ((player >> s & 1) ? 1 : (opponent >> s & 1) ? 2 : 0);
    }
    out.push_back(index);
  }
  out.resize(pattern::kIndexLanes, 0);  // the padding lanes stay 0
  return out;
}

std::vector<int> lanes(const std::array<std::uint16_t, pattern::kIndexLanes>& a) {
  return {a.begin(), a.end()};
}

TEST(IncrementalEval, IndicesAreEachImagesPlainIndexOnBothSides) {
  const PatternEval e(random_weights(13));
  for (const Position& p : sample_positions(kDeep ? 2000 : 200)) {
    pattern::Indices x;
    e.indices_portable(p.player, p.opponent, x);
    ASSERT_EQ(lanes(x.own), plain_indices(p.player, p.opponent));
    ASSERT_EQ(lanes(x.other), plain_indices(p.opponent, p.player));
    ASSERT_EQ(e.eval_indices(x.own, p.empties()), e.eval(p.player, p.opponent));
    if (cpu_supports(kCpuBmi2)) {
      pattern::Indices y;
      e.indices_bmi2(p.player, p.opponent, y);
      ASSERT_EQ(lanes(y.own), lanes(x.own));
      ASSERT_EQ(lanes(y.other), lanes(x.other));
    }
  }
}

// Along a random game (passes included, from a random position half the
// time): after every move the indices made from the parent's equal those
// read from the child's bitboards, and so does the evaluation, on the child
// and on its 8 symmetric images. The parent's indices are values the search
// keeps on its stack: undoing a move is returning to them, checked by
// evaluating the parent again after each child.
RC_GTEST_PROP(IncrementalEval, ChildIndicesEqualTheChildsAlongRandomGames, (std::uint64_t seed)) {
  static const PatternEval e(random_weights(17));
  std::mt19937_64 rng(seed);
  const Position start =
      seed % 2 ? random_arbitrary(rng) : random_reachable(rng, static_cast<int>(rng() % 20));
  BitsNode<Shift> node(start);
  pattern::Indices x;
  e.indices(node.player(), node.opponent(), x);
  for (int ply = 0; ply < 70; ++ply) {
    Bitboard moves = node.moves();
    if (moves == 0) {
      if (node.opponent_moves() == 0) break;
      node = node.passed();
      x = pattern::Indices{x.other, x.own};
      moves = node.moves();
    }
    pattern::Indices read;
    e.indices(node.player(), node.opponent(), read);
    RC_ASSERT(lanes(read.own) == lanes(x.own));
    RC_ASSERT(lanes(read.other) == lanes(x.other));
    const int empties = popcount(node.empty());
    // Every child, then back at the parent; the game goes on at one of them.
    std::vector<Square> squares;
    for (Bitboard m = moves; m; m &= m - 1) squares.push_back(first_square(m));
    for (const Square s : squares) {
      const Bitboard flipped = node.flips(s);
      const BitsNode<Shift> child = node.child(s, flipped);
      pattern::Indices y;
      PatternEval::child_indices(x, s, flipped, y, true);
      e.indices(child.player(), child.opponent(), read);
      RC_ASSERT(lanes(y.own) == lanes(read.own));
      RC_ASSERT(lanes(y.other) == lanes(read.other));
      const int v = e.eval(child.player(), child.opponent());
      RC_ASSERT(e.eval_indices(y.own, empties - 1) == v);
      for (int k = 1; k < 8; ++k) {
        pattern::Indices image;
        e.indices(pattern::symmetric(k, child.player()), pattern::symmetric(k, child.opponent()),
                  image);
        RC_ASSERT(e.eval_indices(image.own, empties - 1) == v);
      }
      RC_ASSERT(e.eval_indices(x.own, empties) == e.eval(node.player(), node.opponent()));
    }
    const Square s = squares[rng() % squares.size()];
    const Bitboard flipped = node.flips(s);
    pattern::Indices y;
    PatternEval::child_indices(x, s, flipped, y, true);
    node = node.child(s, flipped);
    x = y;
  }
}

// The pattern evaluation behind an interface that only evaluates boards:
// shallow_score's plain path, each leaf read from its bitboards.
struct BoardsOnly {
  const PatternEval& e;
  int eval(Bitboard player, Bitboard opponent) const { return e.eval(player, opponent); }
};

template <class N>
void expect_same_shallow_scores(const PatternEval& e, const std::vector<Position>& positions) {
  static_assert(ordering::IndexedEvaluator<PatternEval> && !ordering::IndexedEvaluator<BoardsOnly>);
  for (const Position& p : positions) {
    for (int depth = 0; depth <= 3; ++depth) {
      for (auto [alpha, beta] : {std::pair{-(1 << 20), 1 << 20}, std::pair{-40, 40},
                                 std::pair{100, 101}, std::pair{-200, -199}}) {
        std::uint64_t indexed_nodes = 0, plain_nodes = 0;
        N a(p), b(p);
        const int indexed = ordering::shallow_score<N>(a, depth, alpha, beta, e, indexed_nodes);
        const int plain =
            ordering::shallow_score<N>(b, depth, alpha, beta, BoardsOnly{e}, plain_nodes);
        ASSERT_EQ(indexed, plain) << p.player << " " << p.opponent << " depth " << depth;
        ASSERT_EQ(indexed_nodes, plain_nodes) << p.player << " " << p.opponent;
      }
    }
  }
}

TEST(IncrementalEval, ShallowScoresAndCountsAreThoseOfTheBoardReadingEvaluation) {
  const PatternEval e(random_weights(19));
  std::vector<Position> positions = sample_positions(kDeep ? 150 : 20);
  // Positions near the end, where passes and game ends fall inside the depth.
  std::mt19937_64 rng(29);
  for (int i = 0; i < (kDeep ? 150 : 20); ++i)
    positions.push_back(random_reachable(rng, 52 + i % 8));
  expect_same_shallow_scores<BitsNode<Shift>>(e, positions);
  expect_same_shallow_scores<BoardNode<Mailbox>>(e, positions);
}

// ordering::best_shallow_move, which finds the first move of Order::shallow
// by searches with a window, against ranked_moves(), which searches every
// child to its exact cost and sorts them: the move each gives first, and
// the positions each searched.
struct FirstMoves {
  Square best = kNoSquare;
  Square ranked_first = kNoSquare;
  std::uint64_t best_nodes = 0;
  std::uint64_t ranked_nodes = 0;
};

template <class N>
FirstMoves first_moves(const SolveOptions& o, const Position& p, Bitboard skip, bool square_ties,
                       int depth) {
  FirstMoves r;
  N a(p), b(p);
  std::array<std::uint8_t, 64> ranked;
  const int count = ordering::ranked_moves(a, Order::shallow, 0, skip, o, ranked, r.ranked_nodes,
                                           square_ties, -64, depth);
  if (count > 0) r.ranked_first = static_cast<Square>(ranked[0]);
  pattern::Indices ix;
  const Position here = ordering::shallow_start(b, o, ix);
  r.best = ordering::best_shallow_move(b, here, ix, skip, o, square_ties, depth, r.best_nodes);
  return r;
}

// On random positions, with the mobility term and without, ties in the
// node's order and in square order, moves left out, both evaluators, on
// the bitboards, the mailbox and the empty-square list (whose order is not
// the squares'): the same first move, in no more positions.
RC_GTEST_PROP(Ordering, BestShallowMoveIsTheRankingsFirst, (std::uint64_t seed)) {
  static const PatternEval e(random_weights(23));
  std::mt19937_64 rng(seed);
  const Position p = random_reachable(rng, static_cast<int>(rng() % 56));
  SolveOptions o;
  o.eval = rng() % 4 ? EvalKind::pattern : EvalKind::classic;
  o.pattern = &e;
  o.shallow_mobility = rng() % 2 ? 16 : 0;
  // Left out: nothing, or one or two of the moves (a table move, a move
  // already searched).
  Bitboard skip = 0;
  const Bitboard moves = BitsNode<Shift>(p).moves();
  for (int i = static_cast<int>(rng() % 3); i > 0 && (moves & ~skip); --i) {
    Bitboard m = moves & ~skip;
    for (int k = static_cast<int>(rng() % static_cast<std::uint64_t>(popcount(m))); k > 0; --k)
      m &= m - 1;
    skip |= bit(first_square(m));
  }
  const bool square_ties = rng() % 2;
  const int depth = 1 + static_cast<int>(rng() % 2);
  for (const FirstMoves& r : {first_moves<BitsNode<Shift>>(o, p, skip, square_ties, depth),
                              first_moves<BoardNode<Mailbox>>(o, p, skip, square_ties, depth),
                              first_moves<BoardNode<ShiftList>>(o, p, skip, square_ties, depth)}) {
    RC_ASSERT(r.best == r.ranked_first);
    RC_ASSERT(r.best_nodes <= r.ranked_nodes);
    RC_TAG(r.best_nodes < r.ranked_nodes ? "fewer positions" : "as many positions");
  }
}

// Ties are where a window could decide otherwise than the sort: with every
// weight 0 and no mobility term, every child of a position far from the end
// costs the same, and the first is the ranking's by its tie order (the
// node's order, or square order: then the lowest square).
TEST(Ordering, BestShallowMoveBreaksTiesAsTheRanking) {
  PatternWeights zero = random_weights(3);
  for (auto& stage : zero.stages) {
    std::fill(stage.weights.begin(), stage.weights.end(), std::int16_t{0});
    stage.bias = 0;
  }
  const PatternEval e(zero);
  SolveOptions o;
  o.eval = EvalKind::pattern;
  o.pattern = &e;
  o.shallow_mobility = 0;
  std::mt19937_64 rng(31);
  for (int i = 0; i < 50; ++i) {
    const Position p = random_reachable(rng, 4 + i % 20);
    for (const bool square_ties : {false, true}) {
      for (const int depth : {1, 2}) {
        for (const FirstMoves& r :
             {first_moves<BitsNode<Shift>>(o, p, 0, square_ties, depth),
              first_moves<BoardNode<Mailbox>>(o, p, 0, square_ties, depth),
              first_moves<BoardNode<ShiftList>>(o, p, 0, square_ties, depth)}) {
          ASSERT_EQ(r.best, r.ranked_first) << p.player << " " << p.opponent;
          const Bitboard moves = BitsNode<Shift>(p).moves();
          if (square_ties && moves) {
            ASSERT_EQ(r.best, first_square(moves));
          }
        }
      }
    }
  }
}

TEST(Eval, ClassicWeighsMobilityCornersAndDiscs) {
  // The start: 4 moves each, no corner, 2 discs each.
  const Position start = Position::start();
  EXPECT_EQ(ClassicEval{}.eval(start.player, start.opponent), 0);
  // a1 owned by the side to move, with a1's neighbours empty: one corner,
  // one disc up, no moves either side.
  EXPECT_EQ(ClassicEval{}.eval(bit(0), 0), ClassicEval::kCorner + ClassicEval::kDisc);
  // b1 (player) c1 (opponent): the player has d1, the opponent a1.
  EXPECT_EQ(ClassicEval{}.eval(bit(1), bit(2)), 0);
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// ProbCut rows of every field's range, in the file's order.
std::vector<ProbCutRow> some_probcut_rows() {
  return {{3, 0, 19, -40, 100, 0}, {3, 20, 60, 32767, 10000, 32767}, {12, 12, 12, -32767, 987, 75}};
}

TEST(Eval, WeightsFileRoundTrips) {
  PatternWeights w = random_weights(3);
  const std::string path = write_temp("weights.txt", format_pattern_weights(w, {"a comment"}));
  expect_same_weights(read_pattern_weights(path), w);
  w.probcut = some_probcut_rows();
  const std::string with =
      write_temp("weights-probcut.txt", format_pattern_weights(w, {"a comment", "# another"}));
  expect_same_weights(read_pattern_weights(with), w);
  EXPECT_EQ(pattern_weights_comments(with), (std::vector<std::string>{"a comment", "# another"}));
}

TEST(Eval, PackedWeightsRoundTrip) {
  PatternWeights w = random_weights(5);
  expect_same_weights(unpack_pattern_weights(pack_pattern_weights(w)), w);
  w.probcut = some_probcut_rows();
  expect_same_weights(unpack_pattern_weights(pack_pattern_weights(w)), w);
  std::string packed = pack_pattern_weights(w);
  EXPECT_THROW(unpack_pattern_weights(packed.substr(0, packed.size() - 1)), std::invalid_argument);
  EXPECT_THROW(unpack_pattern_weights("RBPW"), std::invalid_argument);
  packed[0] = 'X';
  EXPECT_THROW(unpack_pattern_weights(packed), std::invalid_argument);
}

// The weights compiled into the binary are the shipped file's, read by the
// text reader.
TEST(Eval, CompiledInWeightsAreTheShippedFile) {
  expect_same_weights(default_pattern_weights(), read_pattern_weights(kShippedWeights));
}

TEST(Eval, WeightsFileErrorsNameLineAndColumn) {
  const std::string header = "reversi-bench pattern weights 1\n";
  const std::pair<std::string, std::string> cases[] = {
      {"nonsense\n", ":1:1: not a pattern weights file"},
      {header + "edge2x 0 1\n", ":2:1: a weight before the first stage line"},
      {header + "stage 0 10 0\nedge2x 59049 1\n", ":3:8: INDEX must be an integer in 0..59048"},
      {header + "stage 0 10 0\nedgy 1 1\n", ":3:1: unknown shape 'edgy'"},
      {header + "stage 0 10 0\ndiag4 1 40000\n", ":3:9: WEIGHT must be"},
      {header + "stage 0 10 0\nstage 5 12 0\n", ":3:7: stages must come in increasing"},
      {header + "stage 0 70 0\n", ":2:9: MAX_EMPTIES must be"},
      {header, "no stage"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000\n", ":3:1: a probcut line is: probcut"},
      {header + "stage 0 10 0\nprobcut 8 3 0 10 0 1000 48\n",
       ":3:11: SHALLOW must be the search's shallow depth for DEPTH 8: 4"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 0 48\n", ":3:20: SLOPE must be"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000 -1\n", ":3:25: SIGMA must be"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000 48\nprobcut 8 4 10 20 0 1000 48\n",
       ":4:9: probcut lines must come by depth"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000 48\nprobcut 7 3 0 10 0 1000 48\n",
       ":4:9: probcut lines must come by depth"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000 48\ndiag4 1 1\n",
       ":4:1: a weight after the probcut lines"},
      {header + "stage 0 10 0\nprobcut 8 4 0 10 0 1000 48\nstage 11 20 0\n",
       ":4:1: a stage line after the probcut lines"},
  };
  for (const auto& [text, message] : cases) {
    const std::string path = write_temp("bad-weights.txt", text);
    try {
      read_pattern_weights(path);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace rb
