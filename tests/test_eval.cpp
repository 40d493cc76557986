// The evaluations (eval/pattern.hpp) and the shallow-search order: the 8
// symmetric images of a position evaluate equal (classic, the shipped
// pattern weights and random weights); the evaluation gives the plain sum
// over the 88 images, with weights at the limits of 16 bits too; the weights file round-trips and
// its errors name line and column; and Order::shallow, with either
// evaluation, at several depths and thresholds, on a bitboard and on the
// mailbox, with one and two threads, gives the suites' exact scores. The
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

// Order::shallow: the exact scores of the suite, whatever the evaluation,
// depth, threshold and order below; on the bitboards and on the mailbox
// (whose shallow searches play and undo), with one and two threads.
template <Board B>
void check_shallow(const std::string& name, const SolveOptions& options, std::size_t limit) {
  const auto& entries = suite(name);
  for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
    const auto r = testing::bounded_solve<B>(entries[i].position, options);
    ASSERT_TRUE(r.solved);
    ASSERT_EQ(r.score, entries[i].best_score())
        << name << " #" << i + 1 << " order shallow, eval " << enum_name(options.eval) << ", depth "
        << options.shallow_depth << ", threads " << options.threads;
  }
}

TEST(ShallowOrder, EveryVariantOfItGivesTheSuitesExactScores) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int depth : {0, 1, 3}) {
      for (Order below : {Order::mobility, Order::parity}) {
        SolveOptions o;
        o.order = Order::shallow;
        o.eval = eval;
        o.pattern = &pattern;
        o.shallow_depth = depth;
        o.shallow_min_empties = depth % 2 ? 6 : 9;
        o.shallow_mobility = depth == 1 ? 16 : 0;
        o.shallow_all_margin = depth == 0 ? -1 : depth == 1 ? 0 : 8;
        o.shallow_below = below;
        o.algo = depth % 2 ? Algo::alphabeta : Algo::pvs;
        o.tt_mb = below == Order::parity ? 0 : 4;
        o.few_empties = below == Order::parity ? 5 : 0;
        check_shallow<KindergartenList>("e10", o, kDeep ? 20 : 4);
        if (kDeep && below == Order::mobility) check_shallow<KindergartenList>("e14", o, 6);
        if (depth <= 1) check_shallow<Mailbox>("e10", o, kDeep ? 6 : 2);
        o.threads = 2;
        o.split_min_empties = 7;
        check_shallow<KindergartenList>(kDeep ? "e12" : "e10", o, kDeep ? 6 : 2);
      }
    }
  }
}

// The shallow order with the pattern evaluation from `min_empties`, a small
// table and the few-empties path below 6 empties.
SolveOptions pattern_order_options(const PatternEval& pattern, int min_empties) {
  SolveOptions o;
  o.order = Order::shallow;
  o.eval = EvalKind::pattern;
  o.pattern = &pattern;
  o.shallow_min_empties = min_empties;
  o.tt_mb = 4;
  o.few_empties = 5;
  return o;
}

// SolveOptions::shallow_all_margin: a node evaluated far below alpha is
// ranked by the mobility order, without the shallow searches. Margin 0 spares
// some of them (and keeps the scores); a margin no alpha can reach (the
// window ends at -64) changes nothing.
TEST(ShallowOrder, TheAllNodeMarginSparesShallowSearches) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = pattern_order_options(pattern, 9);
  const auto& entries = suite("e12");
  std::uint64_t shallow_off = 0, shallow_on = 0;
  for (std::size_t i = 0; i < entries.size() && i < (kDeep ? 20u : 4u); ++i) {
    SCOPED_TRACE("e12 #" + std::to_string(i + 1));
    o.shallow_all_margin = -1;
    const auto off = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    o.shallow_all_margin = 128;
    const auto unreachable = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    o.shallow_all_margin = 0;
    const auto on = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    ASSERT_TRUE(off.solved && unreachable.solved && on.solved);
    EXPECT_EQ(off.score, entries[i].best_score());
    EXPECT_EQ(on.score, entries[i].best_score());
    EXPECT_EQ(unreachable.nodes, off.nodes);
    EXPECT_EQ(unreachable.shallow_nodes, off.shallow_nodes);
    shallow_off += off.shallow_nodes;
    shallow_on += on.shallow_nodes;
  }
  EXPECT_LT(shallow_on, shallow_off);
}

// SolveOptions::shallow_deep_empties: below it the shallow order ranks each
// child by its evaluation (depth 0), at and above it by the shallow_depth
// search. At or below shallow_min_empties it changes nothing; above every
// node of the search it is the order of depth 0 everywhere; in between, the
// scores stay exact and the order is neither.
TEST(ShallowOrder, BelowTheDeepEmptiesEachChildIsEvaluatedAlone) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const SolveOptions o = pattern_order_options(pattern, 8);
  const auto& entries = suite("e12");
  std::uint64_t differs_from_deep = 0, differs_from_flat = 0;
  for (std::size_t i = 0; i < entries.size() && i < (kDeep ? 20u : 4u); ++i) {
    SCOPED_TRACE("e12 #" + std::to_string(i + 1));
    const auto solve_with = [&](int depth, int deep_empties) {
      SolveOptions with = o;
      with.shallow_depth = depth;
      with.shallow_deep_empties = deep_empties;
      const auto r = testing::bounded_solve<KindergartenList>(entries[i].position, with);
      EXPECT_TRUE(r.solved);
      EXPECT_EQ(r.score, entries[i].best_score());
      return r;
    };
    const auto deep = solve_with(2, 0);
    const auto at_min = solve_with(2, o.shallow_min_empties);
    const auto flat = solve_with(0, 0);
    const auto above_all = solve_with(2, 64);
    const auto mixed = solve_with(2, 10);
    EXPECT_EQ(at_min.nodes, deep.nodes);
    EXPECT_EQ(at_min.shallow_nodes, deep.shallow_nodes);
    EXPECT_EQ(above_all.nodes, flat.nodes);
    EXPECT_EQ(above_all.shallow_nodes, flat.shallow_nodes);
    differs_from_deep += mixed.shallow_nodes != deep.shallow_nodes;
    differs_from_flat += mixed.shallow_nodes != flat.shallow_nodes;
  }
  EXPECT_GT(differs_from_deep, 0u);
  EXPECT_GT(differs_from_flat, 0u);
}

// The table and cutoffs of the ladder (the preset cutoffs), with `order`
// and `eval`.
SolveOptions best_configuration(Order order, EvalKind eval, const PatternEval& pattern,
                                int threads) {
  SolveOptions o = testing::preset_options("cutoffs", 16, threads);
  o.order = order;
  o.eval = eval;
  o.pattern = &pattern;
  return o;
}

TEST(ShallowOrder, BestConfigurationOnFForum1To19) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int threads : {1, 2}) {
      const SolveOptions o = best_configuration(Order::shallow, eval, pattern, threads);
      check_shallow<KindergartenList>("fforum-1-19", o, 19);
    }
  }
}

// The pre-search (search/presearch.hpp) only leaves moves in the table: the
// exact scores of the suites, whatever its evaluation, depth, threshold and
// budget (small budgets end it inside an iteration), on the bitboards and on
// the mailbox (whose pre-search plays and undoes), with one and two threads.
TEST(PreSearch, EveryVariantOfItGivesTheSuitesExactScores) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (EvalKind eval : {EvalKind::classic, EvalKind::pattern}) {
    for (int leaf : {2, 5}) {
      for (std::size_t budget : {std::size_t{50}, std::size_t{1} << 30}) {
        SolveOptions o;
        o.algo = leaf == 2 ? Algo::pvs : Algo::alphabeta;
        o.order = leaf == 2 ? Order::mobility : Order::fastest;
        o.eval = eval;
        o.pattern = &pattern;
        o.tt_mb = 4;
        o.presearch = true;
        o.presearch_empties = leaf;
        o.presearch_min_empties = leaf + 2;
        o.presearch_nodes = budget;
        o.few_empties = leaf == 2 ? 0 : 4;
        SCOPED_TRACE(std::string("eval ") + std::string(enum_name(eval)) + ", down to " +
                     std::to_string(leaf) + " empties, budget " + std::to_string(budget));
        check_shallow<KindergartenList>("e10", o, kDeep ? 20 : 6);
        if (kDeep) check_shallow<KindergartenList>("e14", o, 6);
        check_shallow<Mailbox>("e10", o, kDeep ? 6 : 2);
        o.threads = 2;
        o.split_min_empties = 6;
        check_shallow<KindergartenList>(kDeep ? "e12" : "e10", o, kDeep ? 6 : 2);
      }
    }
  }
}

// What the pre-search counts and leaves: its positions are reported as
// shallow nodes; stopped at its first position it leaves nothing, so the
// exact search visits the same nodes as without it; run to its depth it
// changes the order (a different node count) but not the score.
TEST(PreSearch, CountsItsPositionsAndOnlyReordersTheSearch) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto& entries = suite("e14");
  SolveOptions o;
  o.order = Order::mobility;
  o.tt_mb = 4;
  o.eval = EvalKind::pattern;
  o.pattern = &pattern;
  const SolveResult plain = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  EXPECT_EQ(plain.shallow_nodes, 0u);
  EXPECT_EQ(plain.presearch_seconds, 0.0);
  o.presearch = true;
  o.presearch_nodes = 1;
  const SolveResult stopped = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  EXPECT_EQ(stopped.shallow_nodes, 1u);
  EXPECT_EQ(stopped.nodes, plain.nodes);
  o.presearch_nodes = std::size_t{1} << 30;
  o.presearch_empties = 6;
  o.presearch_min_empties = 8;
  const auto t0 = std::chrono::steady_clock::now();
  const SolveResult full = testing::bounded_solve<KindergartenList>(entries[0].position, o);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GT(full.shallow_nodes, 1000u);
  // Its time is measured, within the solve's.
  EXPECT_GT(full.presearch_seconds, 0.0);
  EXPECT_LE(full.presearch_seconds, seconds);
  EXPECT_NE(full.nodes, plain.nodes);
  EXPECT_EQ(full.score, entries[0].best_score());
  EXPECT_EQ(plain.score, entries[0].best_score());
}

// The pre-search with the mobility order below it, and with the shallow
// order at nodes with at least 16 empties (the best configuration).
TEST(PreSearch, BestConfigurationOnFForum1To19) {
  if (!kDeep) GTEST_SKIP() << "deep checks run in the optimized build";
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Order order : {Order::mobility, Order::shallow}) {
    for (int threads : {1, 2}) {
      SolveOptions o = best_configuration(order, EvalKind::pattern, pattern, threads);
      o.presearch = true;
      o.shallow_min_empties = 16;
      check_shallow<KindergartenList>("fforum-1-19", o, 19);
    }
  }
}

// SolveOptions::mtd: the root's null-window tests give every suite position
// its exact score and a move listed with that score, for both windowed
// algorithms, from the pre-search's estimate and from the root's
// evaluation, on the bitboards and on the mailbox, with one and two threads.
// Each test is counted; the estimate is an even score; and over a suite
// some estimates miss, so that the tests that fail and move on are run.
TEST(Mtd, TheTestsGiveTheSuitesExactScoresAndBestMoves) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Algo algo : {Algo::alphabeta, Algo::pvs}) {
    for (bool presearch : {false, true}) {
      for (int threads : {1, 2}) {
        SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, threads);
        o.algo = algo;
        o.tt_mb = 4;
        o.presearch = presearch;
        o.presearch_empties = 4;
        o.presearch_min_empties = 6;
        o.presearch_nodes = 20000;
        o.split_min_empties = 6;
        o.mtd = true;
        const auto run = [&]<class B>(const std::string& name, std::size_t limit) {
          const auto& entries = suite(name);
          int missed = 0;
          for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
            SCOPED_TRACE(name + " #" + std::to_string(i + 1) + ", algo " +
                         std::string(enum_name(algo)) + (presearch ? ", pre-search" : "") +
                         ", threads " + std::to_string(threads));
            const auto r = testing::bounded_solve<B>(entries[i].position, o);
            ASSERT_TRUE(r.solved);
            ASSERT_EQ(r.score, entries[i].best_score());
            ASSERT_EQ(entries[i].score_of(r.best_move), entries[i].best_score());
            EXPECT_EQ(r.root_guess % 2, 0);
            EXPECT_GE(r.root_searches, 1);
            EXPECT_EQ(r.root_searches == 1, r.root_guess == r.score);
            missed += r.root_guess != r.score;
          }
          if (limit >= 12) {
            EXPECT_GT(missed, 0) << name << ": every estimate was exact; no failing test was run";
          }
        };
        run.operator()<KindergartenList>("e10", kDeep ? 33 : 12);
        if (kDeep) run.operator()<KindergartenList>("e14", 12);
        run.operator()<Mailbox>("e10", kDeep ? 12 : 4);
      }
    }
  }
}

// Without mtd, the root is searched once with the full window; with it, the
// node count is the tests' together, and the score is the same.
TEST(Mtd, CountsTheRootSearches) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  const auto& entries = suite("e12");
  for (std::size_t i = 0; i < 8; ++i) {
    o.mtd = false;
    const auto full = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(full.root_searches, 1);
    EXPECT_EQ(full.root_guess, 0);
    o.mtd = true;
    const auto tests = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(tests.score, full.score);
    EXPECT_GE(tests.root_searches, 1);
  }
}

// TranspositionTable::forget_bounds: every entry keeps its key, move and
// empties; the bounds of a guess become (-64, 64), which say nothing, the
// others stay.
TEST(Selective, TheTableForgetsItsBoundsAndKeepsItsMoves) {
  TranspositionTable table(1);
  std::mt19937_64 rng(7);
  std::vector<TTEntry> stored;
  for (int i = 0; i < 200; ++i) {
    const Bitboard player = rng() & ~Bitboard{1}, opponent = rng() & ~player;
    const int lower = static_cast<int>(rng() % 65) - 64,
              upper = lower + static_cast<int>(rng() % 3);
    const auto move = static_cast<Square>(rng() % 64);
    const bool guess = i % 3 != 0;
    table.store(player, opponent, 20, lower, upper, move, true, false, guess);
    stored.push_back({player, opponent, static_cast<std::int8_t>(lower),
                      static_cast<std::int8_t>(upper), static_cast<std::uint8_t>(move), 20, guess});
  }
  int kept = 0;
  table.forget_bounds();
  for (const TTEntry& s : stored) {
    TTEntry e;
    if (!table.probe(s.player, s.opponent, e)) continue;  // replaced by a later store
    ++kept;
    EXPECT_EQ(e.lower, s.guess ? -64 : s.lower);
    EXPECT_EQ(e.upper, s.guess ? 64 : s.upper);
    EXPECT_FALSE(e.guess);
    EXPECT_EQ(e.move, s.move);
    EXPECT_EQ(e.empties, 20);
  }
  EXPECT_GT(kept, 150);
}

// Every bound the table holds after a solve is true, those the selective
// pass left included (it forgets the bounds of the nodes whose subtree made
// a prune or used a guessed bound, and keeps the others). With margins 0
// and 4 most of its prunes are wrong, so a guess kept as true would show.
// The positions one and two plies from the root are solved again, exactly,
// with no pass and a table of their own (6 roots a configuration in the
// optimized build, 2 under the sanitizers).
TEST(Selective, EveryBoundLeftInTheTableIsTrue) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  // The preset best with the pattern evaluation, and the table and cutoffs
  // of the ladder with the classic evaluation and MTD(f), no pre-search.
  std::vector<std::pair<std::string, SolveOptions>> configurations;
  for (const int margin : {0, 4}) {
    SolveOptions best = testing::preset_options(kBestPreset, 4);
    best.pattern = &pattern;
    SolveOptions plain = testing::preset_options("cutoffs", 4);
    plain.order = Order::mobility;
    plain.eval = EvalKind::classic;
    plain.mtd = true;
    plain.selective = true;
    for (SolveOptions* o : {&best, &plain}) {
      o->selective_margin = margin;
      o->selective_min_empties = 6;
      o->tt_min_empties = 6;
    }
    configurations.emplace_back("e14", best);
    configurations.emplace_back("e12", plain);
  }
  // The exact scores, by the ladder's table and cutoffs without the pass.
  const SolveOptions exact = testing::preset_options("cutoffs", 1);
  int checked = 0;
  for (const auto& [name, o] : configurations) {
    const auto& entries = suite(name);
    for (std::size_t i = 0; i < (kDeep ? 6u : 2u); ++i) {
      const auto& entry = entries[i];
      SCOPED_TRACE(name + " " + board_string(entry.position) + ", margin " +
                   std::to_string(o.selective_margin));
      TranspositionTable table(o.tt_mb);
      const auto r = testing::bounded_solve<KindergartenList>(entry.position, o, &table);
      ASSERT_EQ(r.score, entry.best_score());
      std::vector<Position> near;
      const auto add_children = [&](const Position& p) {
        const ReferenceBoard board(p);
        for (Bitboard m = board.legal_moves(); m; m &= m - 1) {
          ReferenceBoard child = board;
          child.play(first_square(m));
          near.push_back(child.position());
        }
      };
      add_children(entry.position);
      for (std::size_t j = 0, n = near.size(); j < n; ++j) add_children(near[j]);
      for (const Position& p : near) {
        TTEntry e;
        if (!table.probe(p.player, p.opponent, e) || (e.lower == -64 && e.upper == 64)) continue;
        SCOPED_TRACE(board_string(p));
        const int score = testing::bounded_solve<KindergartenList>(p, exact).score;
        EXPECT_LE(e.lower, score);
        EXPECT_GE(e.upper, score);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 20);
}

// The selective pass (SolveOptions::selective) only orders the exact
// search: every suite position gets its exact score and a move listed with
// it, with the margins that prune the most (0: any shallow score beyond the
// window) and the defaults, with and without mtd and the pre-search, for
// both windowed algorithms, on the bitboards and the mailbox. With margin 0
// the pass's bounds are mostly wrong, and the exact search must never read
// one. Its positions are counted apart, and with mtd its score is the
// estimate.
TEST(Selective, TheSuitesExactScoresWhateverThePassPrunes) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  for (Algo algo : {Algo::alphabeta, Algo::pvs}) {
    for (int margin : {0, SolveOptions{}.selective_margin}) {
      for (bool mtd : {false, true}) {
        SolveOptions o = best_configuration(Order::shallow, EvalKind::pattern, pattern, 1);
        o.algo = algo;
        o.tt_mb = 4;
        o.shallow_min_empties = 10;
        o.selective = true;
        o.selective_margin = margin;
        o.selective_min_empties = 6;
        o.presearch = mtd;  // the pass after the pre-search, with the root's tests
        o.shallow_all_margin = mtd ? 8 : -1;
        o.presearch_empties = 6;
        o.presearch_min_empties = 8;
        o.mtd = mtd;
        const auto run = [&]<class B>(const std::string& name, std::size_t limit) {
          const auto& entries = suite(name);
          for (std::size_t i = 0; i < entries.size() && i < limit; ++i) {
            SCOPED_TRACE(name + " #" + std::to_string(i + 1) + ", algo " +
                         std::string(enum_name(algo)) + ", margin " + std::to_string(margin) +
                         (mtd ? ", mtd" : ""));
            const auto r = testing::bounded_solve<B>(entries[i].position, o);
            ASSERT_TRUE(r.solved);
            ASSERT_EQ(r.score, entries[i].best_score());
            ASSERT_EQ(entries[i].score_of(r.best_move), entries[i].best_score());
            // With mtd, a pass that could not prune at the estimate is not
            // made: the root's first test is then at that estimate.
            if (!mtd || std::abs(r.root_guess) + margin < 64) {
              EXPECT_GT(r.selective_nodes, 0u);
            }
            EXPECT_EQ(r.threads[0].selective_nodes, r.selective_nodes);
            EXPECT_GE(r.selective_seconds, 0.0);
            if (mtd) {
              EXPECT_EQ(r.root_searches == 1, r.root_guess == r.score);
            }
          }
        };
        run.operator()<KindergartenList>("e12", kDeep ? 40 : 8);
        if (kDeep) run.operator()<KindergartenList>("e14", 12);
        run.operator()<Mailbox>("e10", kDeep ? 12 : 3);
      }
    }
  }
}

// With mtd, a level of the pass whose margin reaches past +-64 from the
// estimate is not made (it could prune nowhere: every window of its tests
// lies within the margin of an end of the range). Where no level is made,
// the solve is the solve without the pass, node for node, from the same
// estimate; where one is, that estimate was within range of the first
// margin. The suites' positions with 10 and 12 empties (all of them in the
// optimized build, the first 12 of each in the sanitizer build), the
// shipped configuration.
TEST(Selective, IsNotMadeWhereItCannotPrune) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = preset(kBestPreset).options;
  o.pattern = &pattern;
  o.tt_mb = 4;
  ASSERT_TRUE(o.selective && o.mtd);
  int skipped = 0, made = 0;
  for (const char* name : {"e10", "e12"}) {
    const auto& entries = suite(name);
    for (std::size_t i = 0; i < entries.size() && (kDeep || i < 12); ++i) {
      SCOPED_TRACE(std::string(name) + " #" + std::to_string(i + 1));
      o.selective = true;
      const auto pass = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      o.selective = false;
      const auto plain = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      ASSERT_TRUE(pass.solved && plain.solved);
      EXPECT_EQ(pass.score, entries[i].best_score());
      if (pass.selective_nodes == 0) {
        ++skipped;
        EXPECT_GE(std::abs(plain.root_guess) + o.selective_margin, 64);
        EXPECT_EQ(pass.root_guess, plain.root_guess);
        EXPECT_EQ(pass.nodes, plain.nodes);
      } else {
        ++made;
        EXPECT_LT(std::abs(plain.root_guess) + o.selective_margin, 64);
      }
    }
  }
  EXPECT_GT(skipped, 0) << "no position with an estimate beyond the first margin";
  EXPECT_GT(made, 0);
}

// The pass changes the exact search's order, and so its nodes, but not the
// work it counts as the solve's: without the pass's moves (a pass that
// stores nothing: no table) the nodes are the plain search's.
TEST(Selective, CountsItsPositionsApartFromTheSolves) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  const auto& entries = suite("e14");
  int changed = 0;
  for (std::size_t i = 0; i < (kDeep ? 12u : 4u); ++i) {
    o.selective = false;
    const auto plain = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(plain.selective_nodes, 0u);
    EXPECT_EQ(plain.selective_seconds, 0.0);
    o.selective = true;
    o.selective_min_empties = 8;
    const auto pass = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(pass.score, plain.score);
    EXPECT_GT(pass.selective_nodes, 0u);
    changed += pass.nodes != plain.nodes;
    o.tt_mb = 0;  // no table: no pass
    const auto none = testing::bounded_solve<KindergartenList>(entries[i].position, o);
    EXPECT_EQ(none.selective_nodes, 0u);
    o.selective = false;
    EXPECT_EQ(none.nodes, testing::bounded_solve<KindergartenList>(entries[i].position, o).nodes);
    o.tt_mb = 4;
  }
  EXPECT_GT(changed, 0) << "the pass's moves never changed the exact search";
}

// The cut profile (SolveOptions::cut_profile) only counts: the same
// scores, moves and node counts with it as without, on the bitboards and on
// the mailbox, with the full window and with the root's tests.
TEST(CutProfile, LeavesTheSearchAsItWas) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  SolveOptions o = best_configuration(Order::shallow, EvalKind::pattern, pattern, 1);
  o.tt_mb = 4;
  o.shallow_min_empties = 10;
  o.presearch = true;
  o.presearch_empties = 6;
  o.presearch_min_empties = 8;
  const auto& entries = suite("e12");
  for (bool mtd : {false, true}) {
    o.mtd = mtd;
    const auto run = [&]<class B>(std::size_t count) {
      for (std::size_t i = 0; i < count; ++i) {
        SCOPED_TRACE("e12 #" + std::to_string(i + 1) + (mtd ? ", mtd" : ""));
        o.cut_profile = false;
        const auto plain = testing::bounded_solve<B>(entries[i].position, o);
        o.cut_profile = true;
        const auto counted = testing::bounded_solve<B>(entries[i].position, o);
        EXPECT_TRUE(plain.cut_profile.empty());
        ASSERT_EQ(counted.cut_profile.size(), kCutLevels);
        EXPECT_EQ(counted.score, plain.score);
        EXPECT_EQ(counted.score, entries[i].best_score());
        EXPECT_EQ(counted.best_move, plain.best_move);
        EXPECT_EQ(counted.nodes, plain.nodes);
        EXPECT_EQ(counted.shallow_nodes, plain.shallow_nodes);
        EXPECT_EQ(counted.root_searches, plain.root_searches);
      }
    };
    run.operator()<KindergartenList>(8);
    run.operator()<Mailbox>(3);
  }
}

// Every position the solver counts lies under the root's moves, and every
// root search is a node of the root's level: the profile's accounts of the
// root (the positions under its first moves, its failed moves, its cutters,
// its fail-low and exact visits) add up to the solver's own node count, for
// each algorithm, with and without the root's tests. Below the root, each
// count is consistent with the nodes it was drawn from.
TEST(CutProfile, AccountsForEveryPositionUnderTheRoot) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto& entries = suite("e10");
  for (Algo algo : {Algo::minimax, Algo::alphabeta, Algo::pvs}) {
    for (bool mtd : {false, true}) {
      if (mtd && algo == Algo::minimax) continue;
      SolveOptions o = best_configuration(Order::mobility, EvalKind::pattern, pattern, 1);
      o.algo = algo;
      o.tt_mb = algo == Algo::minimax ? 0 : 4;
      o.etc = algo != Algo::minimax;
      o.mtd = mtd;
      o.cut_profile = true;
      std::uint64_t cutoffs = 0;
      // Minimax searches every node: a few positions are enough.
      const std::size_t count = algo == Algo::minimax ? (kDeep ? 4 : 1) : 12;
      for (std::size_t i = 0; i < count; ++i) {
        SCOPED_TRACE("e10 #" + std::to_string(i + 1) + ", " + std::string(enum_name(algo)) +
                     (mtd ? ", mtd" : ""));
        const Position& position = entries[i].position;
        if (shift_legal_moves(position.player, position.opponent) == 0) {
          continue;  // the root would pass: the passed position's visits are its own
        }
        const auto r = testing::bounded_solve<KindergartenList>(position, o);
        ASSERT_TRUE(r.solved);
        ASSERT_EQ(r.score, entries[i].best_score());
        const int root = position.empties();
        const CutLevel& top = r.cut_profile[static_cast<std::size_t>(root)];
        EXPECT_EQ(top.first + top.later + top.all + top.exact,
                  static_cast<std::uint64_t>(r.root_searches));
        EXPECT_EQ(r.nodes, static_cast<std::uint64_t>(r.root_searches) + top.first_nodes +
                               top.wasted_nodes + top.cutter_nodes + top.all_nodes +
                               top.exact_nodes);
        for (int e = 0; e <= 64; ++e) {
          const CutLevel& l = r.cut_profile[static_cast<std::size_t>(e)];
          if (e > root) {
            EXPECT_TRUE(l.empty()) << e;
          }
          EXPECT_GE(l.first_nodes, l.first) << e;
          EXPECT_GE(l.wasted_nodes, l.later) << e;
          EXPECT_GE(l.cutter_nodes, l.later) << e;
          EXPECT_LE(l.later_after_table_move, l.later) << e;
          EXPECT_LE(l.first_nodes + l.wasted_nodes + l.cutter_nodes, r.nodes) << e;
          if (algo == Algo::minimax) {
            EXPECT_EQ(l.first + l.later + l.exact, 0u) << e;
          }
          cutoffs += l.first + l.later;
        }
      }
      if (algo != Algo::minimax) {
        EXPECT_GT(cutoffs, 0u);
      }
    }
  }
}

// What the profile is for: it tells a good order from none. With the
// mobility order, more of the cutoffs come from the first move, and a
// smaller share of the cutoff nodes' positions is spent on failed moves,
// than in the square order a1..h8 (no table, so no table moves).
TEST(CutProfile, TellsTheMobilityOrderFromNone) {
  const PatternEval pattern(read_pattern_weights(kShippedWeights));
  const auto totals = [&](Order order) {
    SolveOptions o = best_configuration(order, EvalKind::pattern, pattern, 1);
    o.tt_mb = 0;
    o.etc = false;
    o.cut_profile = true;
    CutLevel sum;
    const auto& entries = suite("e12");
    for (std::size_t i = 0; i < 8; ++i) {
      const auto r = testing::bounded_solve<KindergartenList>(entries[i].position, o);
      EXPECT_EQ(r.score, entries[i].best_score());
      for (const CutLevel& l : r.cut_profile) sum += l;
    }
    return sum;
  };
  const CutLevel none = totals(Order::none);
  const CutLevel mobility = totals(Order::mobility);
  const auto first_share = [](const CutLevel& l) {
    return static_cast<double>(l.first) / static_cast<double>(l.first + l.later);
  };
  const auto waste_share = [](const CutLevel& l) {
    return static_cast<double>(l.wasted_nodes) /
           static_cast<double>(l.first_nodes + l.wasted_nodes + l.cutter_nodes);
  };
  EXPECT_EQ(none.later_after_table_move + mobility.later_after_table_move, 0u);
  EXPECT_GT(first_share(mobility), first_share(none));
  EXPECT_LT(waste_share(mobility), waste_share(none));
}

}  // namespace
}  // namespace rb
