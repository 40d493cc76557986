// Perft: every variant against the published counts from the start (three
// conventions), against the reference board's counts from positions whose
// trees hold passes and game ends, divide sums, threads and the cache; each
// way of counting (the board walk, the bitboard walk with the leaf shortcut,
// with and without the cache and its symmetries, with threads) gives the
// same counts.
#include <gtest/gtest.h>

#include <memory>

#include "perft/perft_table.hpp"
#include "search/instances.hpp"
#include "support.hpp"

namespace rb {
namespace {

// Sanitizer builds check the same things at smaller depths.
constexpr bool kDeep = RB_TEST_SCALE > 0;

const PerftTable& published() {
  static const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  return table;
}

// One way of counting: the options of a perft call but the cache, which is
// made fresh for each call (or not at all).
struct Way {
  const char* name;
  bool shortcut;
  int cache_mb;  // 0: no cache
  bool symmetric;
  int threads;
};
constexpr Way kWays[] = {
    {"board walk", false, 0, false, 1},
    {"shortcut", true, 0, false, 1},
    {"shortcut, 2 threads", true, 0, false, 2},
    {"board walk, cache", false, 8, true, 1},
    {"shortcut, cache", true, 8, true, 1},
    {"shortcut, cache without symmetry", true, 8, false, 1},
    {"shortcut, cache, 3 threads", true, 8, true, 3},
    {"board walk, cache without symmetry, 2 threads", false, 8, false, 2},
};

template <Board V>
std::uint64_t perft_by(const Way& way, const Position& p, int depth, PerftConvention c) {
  std::unique_ptr<PerftCache> cache;
  if (way.cache_mb) cache = std::make_unique<PerftCache>(way.cache_mb, way.symmetric);
  return perft<V>(p, depth, {c, way.threads, cache.get(), way.shortcut});
}

// The ways that differ for board V: without bitboard kernels the shortcut
// changes nothing.
template <Board V>
bool way_applies(const Way& way) {
  return KernelBoard<V> || !way.shortcut;
}

template <class V>
class PerftTest : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }
};
TYPED_TEST_SUITE(PerftTest, testing::VariantTypes, testing::VariantName);

TEST(PublishedTable, TheCompiledInTableIsTheCsv) {
  // The binary carries positions/perft-start.csv compiled in; the file stays
  // the source, and the two must agree on every cell.
  const PerftTable& built_in = PerftTable::published();
  ASSERT_EQ(built_in.max_depth(), published().max_depth());
  EXPECT_GE(built_in.max_depth(), 21);
  for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    for (int depth = 1; depth <= published().max_depth(); ++depth) {
      EXPECT_EQ(built_in.expected(c, depth), published().expected(c, depth))
          << enum_name(c) << " depth " << depth;
    }
  }
  EXPECT_EQ(built_in.expected(PerftConvention::a124004, 14), 184041761768u);  // OEIS A124004(14)
}

TYPED_TEST(PerftTest, StartToDepth9InAllThreeConventions) {
  const int max_depth = kDeep ? 9 : 7;
  for (bool shortcut : {true, false}) {
    if (shortcut && !KernelBoard<TypeParam>) continue;
    for (auto convention :
         {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
      for (int depth = 0; depth <= max_depth; ++depth) {
        const std::uint64_t expected =
            depth == 0 ? 1 : published().expected(convention, depth).value();
        EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 1, nullptr, shortcut}),
                  expected)
            << enum_name(convention) << " depth " << depth << " shortcut " << shortcut;
      }
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
  // Depth 10, where all three conventions differ (9 for the slow mailboxes).
  const int depth = kDeep ? (KernelBoard<TypeParam> ? 10 : 9) : 7;
  for (bool shortcut : {true, false}) {
    if (shortcut && !KernelBoard<TypeParam>) continue;
    for (auto convention :
         {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
      const std::uint64_t expected = published().expected(convention, depth).value();
      const auto where = ::testing::Message() << enum_name(convention) << " shortcut " << shortcut;
      EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 2, nullptr, shortcut}),
                expected)
          << where;
      for (bool symmetric : {true, false}) {
        PerftCache cache(8, symmetric);
        EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 1, &cache, shortcut}),
                  expected)
            << where << " symmetric " << symmetric;
        PerftCache shared(8, symmetric);
        EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 3, &shared, shortcut}),
                  expected)
            << where << " symmetric " << symmetric;
        // A warm cache must give the same answer again, with one thread or several.
        EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 1, &cache, shortcut}),
                  expected)
            << where << " symmetric " << symmetric;
        EXPECT_EQ(perft<TypeParam>(Position::start(), depth, {convention, 2, &shared, shortcut}),
                  expected)
            << where << " symmetric " << symmetric;
      }
    }
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

// The counts and, for the last position, the divide rows' sum, in every
// way; one test, so that its process computes the reference counts (the
// slow part, seconds) once, not once per test.
TYPED_TEST(PerftTest, PositionsWithPassesAndGameEndsMatchTheReferenceAndDivide) {
  const auto& cases = reference_cases();
  for (const Way& way : kWays) {
    if (!way_applies<TypeParam>(way)) continue;
    for (const auto& c : cases) {
      EXPECT_EQ(perft_by<TypeParam>(way, c.position, c.depth, c.convention), c.count)
          << board_string(c.position) << " depth " << c.depth << " " << enum_name(c.convention)
          << ", " << way.name;
    }
  }
  // The divide rows of the last near-end position in every convention, at
  // both depths, sum to the reference count.
  for (auto c = cases.end() - 6; c != cases.end(); ++c) {
    for (const Way& way : kWays) {
      if (!way_applies<TypeParam>(way)) continue;
      std::unique_ptr<PerftCache> cache;
      if (way.cache_mb) cache = std::make_unique<PerftCache>(way.cache_mb, way.symmetric);
      std::uint64_t sum = 0;
      for (const auto& row : perft_divide<TypeParam>(
               c->position, c->depth, {c->convention, way.threads, cache.get(), way.shortcut})) {
        sum += row.count;
      }
      EXPECT_EQ(sum, c->count) << "divide: " << board_string(c->position) << " depth " << c->depth
                               << " " << enum_name(c->convention) << ", " << way.name;
    }
  }
}

// The cache itself, on one portable bitboard variant.

TEST(PerftCache, SymmetriesAreInvolutionsThatKeepCounts) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20; ++i) {
    const Position p = testing::random_reachable(rng, 8 + static_cast<int>(rng() % 30));
    for (Bitboard x : {p.player, p.opponent}) {
      EXPECT_EQ(flip_vertical(flip_vertical(x)), x);
      EXPECT_EQ(flip_horizontal(flip_horizontal(x)), x);
      EXPECT_EQ(flip_diagonal(flip_diagonal(x)), x);
      EXPECT_EQ(popcount(flip_diagonal(x)), popcount(x));
    }
    // The 8 images: the same count, and the same key in a symmetric cache.
    const PerftCache symmetric(1, true), plain(1, false);
    const auto key = symmetric.key(p.player, p.opponent, 7);
    const std::uint64_t count = perft<Shift>(p, 4);
    int kept_as_they_are = 0;  // by the cache without symmetry
    for (int image = 0; image < 8; ++image) {
      auto map = [&](Bitboard x) {
        if (image & 1) x = flip_vertical(x);
        if (image & 2) x = flip_horizontal(x);
        if (image & 4) x = flip_diagonal(x);
        return x;
      };
      const Position q{map(p.player), map(p.opponent), p.side};
      EXPECT_EQ(perft<Shift>(q, 4), count) << board_string(p) << " image " << image;
      const auto k = symmetric.key(q.player, q.opponent, 7);
      EXPECT_TRUE(k.player == key.player && k.opponent == key.opponent && k.index == key.index)
          << board_string(p) << " image " << image;
      const auto pk = plain.key(q.player, q.opponent, 7);
      kept_as_they_are += pk.player == q.player && pk.opponent == q.opponent;
    }
    EXPECT_EQ(kept_as_they_are, 8);
  }
}

TEST(PerftCache, OneCacheServesEveryConvention) {
  // Counts differ between conventions from depth 9: the key must tell them apart.
  const int depth = kDeep ? 11 : 9;
  for (bool symmetric : {true, false}) {
    PerftCache cache(8, symmetric);
    for (int round = 0; round < 2; ++round) {
      for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
        EXPECT_EQ(perft<Shift>(Position::start(), depth, {c, 1, &cache}),
                  published().expected(c, depth).value())
            << enum_name(c) << " round " << round;
      }
    }
  }
}

TEST(PerftCache, ATinyCacheStaysExact) {
  // 1 MB for a tree of millions of cached nodes: entries are replaced all the
  // time, by one thread or by several at once.
  const int depth = kDeep ? 11 : 9;
  for (int threads : {1, 2}) {
    for (bool shortcut : {true, false}) {
      PerftCache cache(1);
      EXPECT_EQ(perft<Shift>(Position::start(), depth,
                             {PerftConvention::no_pass, threads, &cache, shortcut}),
                published().expected(PerftConvention::no_pass, depth).value())
          << threads << " threads, shortcut " << shortcut;
    }
  }
}

TEST(Perft, TheShortcutNeedsBitboardKernels) {
  static_assert(perft_uses_shortcut<Shift>({}) && perft_uses_shortcut<Avx512List>({}));
  static_assert(!perft_uses_shortcut<Mailbox>({}) && !perft_uses_shortcut<ReferenceBoard>({}));
  PerftOptions off;
  off.leaf_shortcut = false;
  EXPECT_FALSE(perft_uses_shortcut<Shift>(off));
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
    EXPECT_EQ(parse_enum<PerftConvention>(enum_name(c)), c);
  }
  EXPECT_FALSE(parse_enum<PerftConvention>("edax").has_value());
}

}  // namespace
}  // namespace rb
