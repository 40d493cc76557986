// Deep perft: the work units of --split (their sum equals the plain count
// in every convention, at several split plies, from the start and from
// positions whose trees hold passes and game ends), the 128-bit counts
// (perft_wide against the 64-bit perft and the reference board where the
// wide path is taken; decimal text and JSON above 2^64), and checkpoints
// (resumed, refused with file:line when of another run or damaged, a
// truncated last line dropped).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/reference.hpp"
#include "io/json.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "perft/perft_checkpoint.hpp"
#include "perft/perft_table.hpp"
#include "search/instances.hpp"
#include "support.hpp"

namespace rb {
namespace {

constexpr bool kDeep = RB_TEST_SCALE > 0;
constexpr PerftConvention kConventions[] = {PerftConvention::a124004, PerftConvention::bik,
                                            PerftConvention::no_pass};

const PerftTable& published() {
  static const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  return table;
}

// The split count: settled + sum of multiplicity * count below each unit.
template <Board B>
Count128 split_count(const Position& root, int depth, int plies, PerftConvention c,
                     PerftCache* cache = nullptr) {
  const PerftUnits units = perft_units<B>(root, depth, plies, c);
  std::vector<Count128> counts;
  for (const auto& u : units.units) counts.push_back(perft_unit<B>(u, depth, plies, {c, 1, cache}));
  return split_total(units, counts);
}

// Near-end positions (e empties) whose trees to depth e + 2 hold forced
// passes and games that end early.
std::vector<Position> near_end_positions(int empties, int n) {
  std::vector<Position> out;
  std::mt19937_64 rng(23);
  while (static_cast<int>(out.size()) < n) {
    const Position p = testing::random_reachable(rng, 60 - empties);
    if (p.empties() != empties) continue;
    // A pass within the first plies: some position two plies down has no move.
    ReferenceBoard board(p);
    bool pass = false;
    for_each_square(board.legal_moves(), [&](Square s) {
      board.play(s);
      for_each_square(board.legal_moves(), [&](Square t) {
        board.play(t);
        if (board.legal_moves() == 0) pass = true;
        board.undo();
      });
      board.undo();
    });
    if (pass) out.push_back(p);
  }
  return out;
}

TEST(PerftSplit, EqualsThePlainCountFromTheStart) {
  const int depth = kDeep ? 9 : 7;
  for (auto c : kConventions) {
    const std::uint64_t plain = perft<Fast>(Position::start(), depth, {c});
    for (int plies : {0, 1, 2, 3, 5, depth}) {
      EXPECT_EQ(split_count<Fast>(Position::start(), depth, plies, c), Count128{plain})
          << enum_name(c) << " split " << plies;
    }
  }
}

TEST(PerftSplit, MatchesThePublishedCounts) {
  PerftCache cache(16);
  for (auto c : kConventions) {
    for (int depth : {8, kDeep ? 11 : 9}) {
      for (int plies : {3, 4, 6}) {
        EXPECT_EQ(split_count<Fast>(Position::start(), depth, plies, c, &cache),
                  Count128{*published().expected(c, depth)})
            << enum_name(c) << " depth " << depth << " split " << plies;
      }
    }
  }
}

TEST(PerftSplit, PassesAndGameEndsAboveTheUnitsCountAsInEachConvention) {
  // Depth beyond the empties: games end above the split ply, and passes
  // happen there; the reference board's plain count is the oracle.
  for (const Position& p : near_end_positions(kDeep ? 9 : 7, 4)) {
    for (auto c : kConventions) {
      for (int depth : {p.empties() - 2, p.empties() + 2}) {
        const std::uint64_t reference = perft<ReferenceBoard>(p, depth, {c});
        for (int plies : {1, 2, 4, 6}) {
          if (plies > depth) continue;
          EXPECT_EQ(split_count<Fast>(p, depth, plies, c), Count128{reference})
              << board_string(p) << " " << enum_name(c) << " depth " << depth << " split " << plies;
        }
      }
    }
  }
}

TEST(PerftSplit, UnitsAreDistinctUpToSymmetryAndNumberedTheSameEveryTime) {
  const PerftUnits a = perft_units<Fast>(Position::start(), 9, 5, PerftConvention::bik);
  const PerftUnits b = perft_units<Shift>(Position::start(), 9, 5, PerftConvention::bik);
  ASSERT_EQ(a.units.size(), b.units.size());
  std::set<std::pair<Bitboard, Bitboard>> seen;
  std::uint64_t sequences = 0;
  for (std::size_t i = 0; i < a.units.size(); ++i) {
    EXPECT_EQ(a.units[i].position, b.units[i].position) << i;
    EXPECT_EQ(a.units[i].multiplicity, b.units[i].multiplicity) << i;
    Bitboard p = a.units[i].position.player, o = a.units[i].position.opponent;
    perft_cache_detail::least_image(p, o);
    EXPECT_TRUE(seen.insert({p, o}).second) << "unit " << i << " twice";
    if (i > 0) {
      EXPECT_GE(a.units[i - 1].estimate, a.units[i].estimate);
    }
    sequences += a.units[i].multiplicity;
  }
  // Every move sequence of 5 plies reaches one unit: no game ends by ply 5.
  EXPECT_EQ(sequences, *published().expected(PerftConvention::bik, 5));
}

TEST(PerftWide, TakesTheWidePathAboveTheBoundAndAgreesWithTheReference) {
  // 10 empties: counts below 2^64 for depths <= 19 by the bound, so depths
  // 20 and 21 add in 128 bits at the root (9 empties, depth 21, in the
  // sanitizer build).
  static_assert(perft_detail::kNarrowDepth[10] == 19 && perft_detail::kNarrowDepth[9] == 20);
  const int empties = kDeep ? 10 : 9;
  PerftCache cache(8);
  for (const Position& p : near_end_positions(empties, kDeep ? 3 : 1)) {
    for (auto c : kConventions) {
      for (int depth = kDeep ? 20 : 21; depth <= 21; ++depth) {
        const Count128 reference = perft<ReferenceBoard>(p, depth, {c});
        EXPECT_EQ(perft_wide<Fast>(p, depth, {c}), reference) << board_string(p);
        EXPECT_EQ(perft_wide<Fast>(p, depth, {c, 2, &cache}), reference) << board_string(p);
        EXPECT_EQ(perft_wide<Mailbox>(p, depth, {c}), reference) << board_string(p);
      }
    }
  }
}

TEST(PerftWide, FromTheStartAboveTheBoundMatchesThePublishedCounts) {
  // 60 empties: only depths <= 10 are narrow; depth 11 adds its first ply
  // in 128 bits.
  static_assert(perft_detail::kNarrowDepth[60] == 10);
  const int depth = kDeep ? 11 : 10;
  PerftCache cache(16);
  for (auto c : kConventions) {
    const Count128 expected = *published().expected(c, depth);
    EXPECT_EQ(perft_wide<Fast>(Position::start(), depth, {c, 1, &cache}), expected);
    EXPECT_EQ(perft_wide<Fast>(Position::start(), depth, {c, 2, &cache}), expected);
  }
}

TEST(PerftWide, DepthsUpTo60AreAcceptedAndNoMore) {
  EXPECT_NO_THROW(check_wide_perft_depth(60));
  EXPECT_THROW(check_wide_perft_depth(61), std::invalid_argument);
  EXPECT_THROW(check_split(5, 6), std::invalid_argument);
  EXPECT_THROW(check_split(20, kMaxSplitPlies + 1), std::invalid_argument);
}

TEST(Count128Text, DecimalRoundTripAbove2To64) {
  const Count128 two64 = Count128{1} << 64;
  EXPECT_EQ(to_decimal(two64), "18446744073709551616");
  EXPECT_EQ(to_decimal(~Count128{0}), "340282366920938463463374607431768211455");
  EXPECT_EQ(to_decimal(0), "0");
  // The start's perft(22) is about 5.2e19: a value of that size.
  const Count128 big = Count128{4228388321175157140u} * 12 + 7;
  EXPECT_EQ(to_decimal(big), "50740659854101885687");
  for (Count128 v : {two64 - 1, two64, two64 + 1, big, ~Count128{0}}) {
    EXPECT_EQ(parse_decimal(to_decimal(v)), v);
  }
  EXPECT_EQ(parse_decimal("340282366920938463463374607431768211456"), std::nullopt);  // 2^128
  EXPECT_EQ(parse_decimal("12a"), std::nullopt);
  EXPECT_EQ(parse_decimal(""), std::nullopt);
  EXPECT_EQ(parse_decimal("-1"), std::nullopt);
  EXPECT_THROW(add_checked(~Count128{0}, 1), std::overflow_error);
  EXPECT_THROW(mul_checked(two64, two64), std::overflow_error);
}

TEST(Count128Text, JsonRoundTripAsStrings) {
  const Count128 big = (Count128{1} << 64) * 3 + 12345;
  Json doc;
  doc["leaves"] = to_decimal(big);
  const Json back = Json::parse(doc.dump());
  ASSERT_TRUE(back["leaves"].is_string());
  EXPECT_EQ(parse_decimal(back["leaves"].get<std::string>()), big);
  EXPECT_EQ(back["leaves"].get<std::string>(), "55340232221128667193");
}

// A checkpoint in a temporary folder, of 5 units at ply 3 of depth 7.
class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rb_checkpoint_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "run.ckpt").string();
    units_ = perft_units<Fast>(Position::start(), 7, 3, PerftConvention::bik);
    for (const auto& u : units_.units) checksums_.push_back(unit_checksum(u.position));
    config_ = {board_string(Position::start()), PerftConvention::bik, 7, 3, units_.units.size()};
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string read() {
    std::ifstream in(path_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  void write(const std::string& text) { std::ofstream(path_, std::ios::trunc) << text; }
  // The InputError's message of a resume, or "" if it succeeds.
  std::string resume_error(const CheckpointConfig& config) {
    std::vector<std::optional<Count128>> finished(checksums_.size());
    try {
      PerftCheckpoint::resume(path_, config, checksums_, finished);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  std::filesystem::path dir_;
  std::string path_;
  PerftUnits units_;
  std::vector<std::uint64_t> checksums_;
  CheckpointConfig config_;
};

TEST_F(CheckpointTest, ResumeReadsTheFinishedUnitsAndAppends) {
  const Count128 big = (Count128{1} << 64) + 5;
  {
    auto c = PerftCheckpoint::create(path_, config_);
    c.append(2, 1234, checksums_[2]);
    c.append(0, big, checksums_[0]);
  }
  EXPECT_THROW(PerftCheckpoint::create(path_, config_), OutputError);  // never overwritten
  std::vector<std::optional<Count128>> finished(checksums_.size());
  {
    auto c = PerftCheckpoint::resume(path_, config_, checksums_, finished);
    EXPECT_EQ(finished[0], big);
    EXPECT_EQ(finished[2], Count128{1234});
    EXPECT_FALSE(finished[1]);
    c.append(1, 77, checksums_[1]);
  }
  std::vector<std::optional<Count128>> again(checksums_.size());
  PerftCheckpoint::resume(path_, config_, checksums_, again);
  EXPECT_EQ(again[1], Count128{77});
}

TEST_F(CheckpointTest, ATruncatedLastLineIsDroppedAndCutOff) {
  { PerftCheckpoint::create(path_, config_).append(0, 99, checksums_[0]); }
  const std::string whole = read();
  const std::string cut = PerftCheckpoint::unit_line(1, 123456789, checksums_[1]);
  // Every proper prefix of a line, as a kill mid-write leaves it.
  for (std::size_t n = 1; n < cut.size(); ++n) {
    write(whole + cut.substr(0, n));
    std::vector<std::optional<Count128>> finished(checksums_.size());
    {
      auto c = PerftCheckpoint::resume(path_, config_, checksums_, finished);
      EXPECT_EQ(finished[0], Count128{99});
      EXPECT_FALSE(finished[1]) << n;
    }
    EXPECT_EQ(read(), whole) << "the partial line is cut off before appending";
  }
}

TEST_F(CheckpointTest, AnotherRunIsRefusedWithFileAndLine) {
  { PerftCheckpoint::create(path_, config_); }
  CheckpointConfig other = config_;
  other.depth = 8;
  EXPECT_EQ(resume_error(other),
            path_ + ":4: a checkpoint of another run: 'depth 7', this run has 'depth 8'");
  other = config_;
  other.convention = PerftConvention::no_pass;
  EXPECT_NE(resume_error(other).find(path_ + ":3: "), std::string::npos);
  other = config_;
  other.plies = 4;
  EXPECT_NE(resume_error(other).find(path_ + ":5: "), std::string::npos);
  other = config_;
  other.board = board_string(Position::start().passed());
  EXPECT_NE(resume_error(other).find(path_ + ":2: "), std::string::npos);
  write("something else\n");
  EXPECT_EQ(resume_error(config_),
            path_ + ":1: not a perft checkpoint (expected 'reversi-bench perft checkpoint 1')");
}

TEST_F(CheckpointTest, DamagedLinesAreRefusedWithFileAndLine) {
  { PerftCheckpoint::create(path_, config_).append(0, 99, checksums_[0]); }
  const std::string header = PerftCheckpoint::header(config_);
  const std::string good = PerftCheckpoint::unit_line(1, 5000, checksums_[1]);
  const std::string bad_lines[] = {
      "1 5001" + good.substr(6),  // a count changed
      good.substr(0, good.size() - 2) +
          (good[good.size() - 2] == '0' ? "1\n" : "0\n"),               // line check
      PerftCheckpoint::unit_line(1, 5000, checksums_[2]),               // another unit's checksum
      PerftCheckpoint::unit_line(checksums_.size(), 5, checksums_[1]),  // no such unit
      PerftCheckpoint::unit_line(0, 99, checksums_[0]),                 // unit 0 twice
      "1 5000\n",                                                       // fields missing
      "\n",                                                             // blank
  };
  for (const std::string& bad : bad_lines) {
    write(header + PerftCheckpoint::unit_line(0, 99, checksums_[0]) + bad + good);
    const std::string error = resume_error(config_);
    EXPECT_EQ(error.rfind(path_ + ":8: damaged checkpoint line", 0), 0u) << bad << error;
  }
}

}  // namespace
}  // namespace rb
