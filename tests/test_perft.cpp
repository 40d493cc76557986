// Perft: every variant against the published counts from the start (three
// conventions), against the reference board's counts from positions whose
// trees hold passes and game ends, divide sums, threads and the cache.
#include <gtest/gtest.h>

#include "core/perft.hpp"
#include "core/perft_counts.hpp"
#include "support.hpp"

namespace rb {
namespace {

// Sanitizer builds check the same things at smaller depths.
constexpr bool kDeep = RB_TEST_SCALE > 0;

const PerftTable& published() {
  static const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  return table;
}

template <class V>
class PerftTest : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }
};
TYPED_TEST_SUITE(PerftTest, testing::VariantTypes, testing::VariantName);

TYPED_TEST(PerftTest, StartToDepth9InAllThreeConventions) {
  const int max_depth = kDeep ? 9 : 7;
  for (auto convention :
       {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    for (int depth = 1; depth <= max_depth; ++depth) {
      EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention}),
                published().expected(convention, depth).value())
          << perft_convention_name(convention) << " depth " << depth;
    }
  }
}

TYPED_TEST(PerftTest, StartDeepA124004) {
  // Bitboards to 11; the mailbox ones stop at 10 to keep the suite quick.
  int depth = TypeParam::info.family == "mailbox" ? 10 : 11;
  if (!kDeep) depth = 8;
  EXPECT_EQ(perft<TypeParam>(Position::start(), depth),
            published().expected(PerftConvention::a124004, depth).value());
}

TYPED_TEST(PerftTest, DivideSumsToTheTotal) {
  for (auto convention : {PerftConvention::a124004, PerftConvention::no_pass}) {
    const auto rows = perft_divide<TypeParam>(Position::start(), 7, {convention});
    ASSERT_EQ(rows.size(), 4u);
    std::uint64_t sum = 0;
    for (const auto& row : rows) sum += row.count;
    EXPECT_EQ(sum, published().expected(convention, 7).value());
    // By symmetry the four opening moves lead to the same counts.
    for (const auto& row : rows) EXPECT_EQ(row.count, rows[0].count);
  }
}

TYPED_TEST(PerftTest, ThreadsAndCacheGiveIdenticalCounts) {
  const int depth = kDeep ? 9 : 7;
  for (auto convention :
       {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    const std::uint64_t expected = published().expected(convention, depth).value();
    PerftCache cache(8);
    EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 2, nullptr}), expected);
    EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 1, &cache}), expected);
    PerftCache shared(8);
    EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 3, &shared}), expected);
    // A warm cache must give the same answer again.
    EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 1, &cache}), expected);
  }
}

// Counts the passes and game ends the reference meets in a full tree walk.
void count_events(ReferenceBoard& board, int depth, int& passes, int& ends) {
  if (depth == 0) return;
  const Bitboard moves = board.legal_moves();
  if (moves == 0) {
    if (board.game_over()) {
      ++ends;
      return;
    }
    ++passes;
    board.pass();
    count_events(board, depth - 1, passes, ends);
    board.pass();
    return;
  }
  for_each_square(moves, [&](Square s) {
    board.play(s);
    count_events(board, depth - 1, passes, ends);
    board.undo();
  });
}

// Positions near the end, searched deeper than their empties, so that their
// trees hold forced passes and games that end before the last ply; with the
// reference board's counts in each convention at two depths.
struct ReferenceCase {
  Position position;
  int depth;
  PerftConvention convention;
  std::uint64_t count;
};

const std::vector<ReferenceCase>& reference_cases() {
  static const std::vector<ReferenceCase> cases = [] {
    std::vector<ReferenceCase> out;
    std::mt19937_64 rng(11);
    const int empties = kDeep ? 10 : 7;
    int found = 0;
    while (found < 6) {
      const Position p = testing::random_reachable(rng, 60 - empties);
      if (p.empties() != empties) continue;
      ReferenceBoard board(p);
      int passes = 0, ends = 0;
      count_events(board, empties + 2, passes, ends);
      if (passes == 0 || ends == 0) continue;
      ++found;
      for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
        for (int d : {empties - 3, empties + 2}) {
          out.push_back({p, d, c, perft<ReferenceBoard>(p, d, {c})});
        }
      }
    }
    return out;
  }();
  return cases;
}

TYPED_TEST(PerftTest, PositionsWithPassesAndGameEndsMatchTheReference) {
  for (const auto& c : reference_cases()) {
    EXPECT_EQ(perft<TypeParam>(c.position, c.depth, {c.convention}), c.count)
        << board_string(c.position) << " depth " << c.depth << " "
        << perft_convention_name(c.convention);
  }
}

TEST(Perft, ConventionsDifferOnlyWherePublishedCountsDo) {
  // Sanity of the reference itself against the table, depth 8 (all agree) and 9.
  for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    EXPECT_EQ(perft<ReferenceBoard>(Position::start(), 8, {c}), 390216u);
  }
  EXPECT_NE(published().expected(PerftConvention::no_pass, 9),
            published().expected(PerftConvention::a124004, 9));
}

TEST(Perft, RefusesDepthsThatCouldOverflow) {
  EXPECT_THROW(perft<ReferenceBoard>(Position::start(), kMaxPerftDepth + 1), std::invalid_argument);
  EXPECT_THROW(perft<ReferenceBoard>(Position::start(), -1), std::invalid_argument);
  EXPECT_EQ(perft<ReferenceBoard>(Position::start(), 0), 1u);
}

TEST(Perft, PublishedTableReadsAllDepths) {
  EXPECT_EQ(published().max_depth(), 21);
  EXPECT_EQ(published().expected(PerftConvention::a124004, 21), 4228388321175157140ull);
  EXPECT_FALSE(published().expected(PerftConvention::bik, 21).has_value());
  EXPECT_FALSE(published().expected(PerftConvention::a124004, 22).has_value());
}

TEST(Perft, ConventionNames) {
  for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    EXPECT_EQ(parse_perft_convention(perft_convention_name(c)), c);
  }
  EXPECT_FALSE(parse_perft_convention("edax").has_value());
}

}  // namespace
}  // namespace rb
