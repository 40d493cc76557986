// Plug-ins (include/reversi_bench_plugin.h): the example plug-in runs every
// check through the plug-in path (verify, perft in the three conventions,
// FForum #1-#19 solved exactly; each slot on every thread of a search with its
// own plug-in), the faulty ones are caught (a wrong flip
// with a minimal case, a crash with the entry point and position named), and
// a plug-in that cannot be used is refused with the file and symbol named.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include "check/plugin_check.hpp"
#include "perft/perft_table.hpp"
#include "search/instances.hpp"
#include "search_support.hpp"
#include "support.hpp"
#include "variants/runtime.hpp"

namespace rb {
namespace {

// Sanitizer builds check the same things at smaller sizes.
constexpr bool kDeep = RB_TEST_SCALE > 0;

// The plug-ins every test may use, loaded in this order into these slots
// before any test runs.
using Walk = PluginBoard<0>;
using BrokenFlips = PluginBoard<1>;
using Crashing = PluginBoard<2>;

class LoadPlugins : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(load_plugin(RB_PLUGIN_WALK).slot, 0);
    ASSERT_EQ(load_plugin(RB_PLUGIN_BROKEN_FLIPS).slot, 1);
    ASSERT_EQ(load_plugin(RB_PLUGIN_CRASHING).slot, 2);
  }
};
[[maybe_unused]] const auto* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new LoadPlugins);

// The message of the PluginError that loading `path` throws ("" if none).
std::string load_error(const std::string& path) {
  try {
    load_plugin(path);
  } catch (const PluginError& e) {
    return e.what();
  }
  return "";
}

TEST(Plugin, LoadsAsAVariant) {
  const LoadedPlugin* walk = plugin_in_slot(0);
  ASSERT_NE(walk, nullptr);
  EXPECT_EQ(walk->name, "plugin:walk");
  EXPECT_EQ(walk->version, "1.0");
  EXPECT_TRUE(walk->entry.has_state());
  EXPECT_NE(walk->entry.count_moves, nullptr);
  EXPECT_EQ(runtime_info<Walk>().name, "plugin:walk");
  EXPECT_EQ(runtime_info<Walk>().family, "plugin");
  const auto infos = runtime_variant_infos();
  const auto names = resolve_variants(infos, {"all"});
  EXPECT_NE(std::find(names.begin(), names.end(), "plugin:walk"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "shift"), names.end());
  int visited = 0;
  for_each_chosen_variant({"plugin:walk"}, [&]<Board V>() {
    EXPECT_TRUE((std::is_same_v<V, Walk>));
    ++visited;
  });
  EXPECT_EQ(visited, 1);
}

TEST(Plugin, TheExamplePassesVerify) {
  const std::uint64_t positions = kDeep ? 100000 : 2000;
  std::mt19937_64 rng(7), continuation(8);
  VerifyCounts counts;
  for (std::uint64_t n = 0; n < positions; ++n) {
    const Position p = verify_nth_position(rng, n);
    const auto m = verify_variant_position<Walk>(p, continuation, counts);
    ASSERT_FALSE(m.has_value()) << m->what << " on " << m->board << ": expected " << m->expected
                                << ", got " << m->actual;
  }
  EXPECT_EQ(counts.positions, positions);
}

TEST(Plugin, TheExampleCountsPerftInTheThreeConventions) {
  const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  const int depth = kDeep ? 9 : 6;
  for (auto c : {PerftConvention::a124004, PerftConvention::bik, PerftConvention::no_pass}) {
    EXPECT_EQ(perft<Walk>(Position::start(), depth, {c, 1, nullptr, true}),
              table.expected(c, depth).value())
        << enum_name(c);
  }
  // The play/undo walk of the shell, through the plug-in's flips.
  EXPECT_EQ(
      perft<Walk>(Position::start(), kDeep ? 7 : 5, {PerftConvention::a124004, 1, nullptr, false}),
      table.expected(PerftConvention::a124004, kDeep ? 7 : 5).value());
}

TEST(Plugin, TheExampleSolvesFForum1To19) {
  const SolveOptions o = testing::preset_options("mobility", 16);
  const auto& entries = testing::suite("fforum-1-19");
  ASSERT_EQ(entries.size(), 19u);
  const std::size_t n = kDeep ? entries.size() : 1;
  for (std::size_t i = 0; i < n; ++i) {
    const auto r = testing::bounded_solve<Walk>(entries[i].position, o);
    EXPECT_EQ(r.score, entries[i].best_score().value()) << "FForum #" << i + 1;
    EXPECT_EQ(entries[i].score_of(r.best_move), entries[i].best_score()) << "FForum #" << i + 1;
  }
}

// One search serves every slot (SharedPluginBoard): each slot's entry points
// make its plug-in active, and the threads a search starts inherit it. The
// broken plug-in counts otherwise than the example, so a count or a solve
// that called another slot's plug-in (or none: an assertion, a crash) on any
// of its threads would show here.
TEST(Plugin, EachSlotSearchesWithItsOwnPluginOnEveryThread) {
  const PerftTable table = PerftTable::read(RB_POSITIONS_DIR "/perft-start.csv");
  const int depth = 8;  // the broken plug-in still counts right at depth 6
  const std::uint64_t expected = table.expected(PerftConvention::a124004, depth).value();
  const PerftOptions one{PerftConvention::a124004, 1, nullptr, true};
  const PerftOptions two{PerftConvention::a124004, 2, nullptr, true};
  const std::uint64_t broken = perft<BrokenFlips>(Position::start(), depth, one);
  ASSERT_NE(broken, expected) << "the broken plug-in counts right at this depth: no test";
  // perft's helper threads.
  EXPECT_EQ(perft<Walk>(Position::start(), depth, two), expected);
  EXPECT_EQ(perft<BrokenFlips>(Position::start(), depth, two), broken);
  // Two slots counted at once, one on each of two threads.
  std::uint64_t walk = 0, other = 0;
  {
    std::jthread t([&] { walk = perft<Walk>(Position::start(), depth, one); });
    other = perft<BrokenFlips>(Position::start(), depth, one);
  }
  EXPECT_EQ(walk, expected);
  EXPECT_EQ(other, broken);
  // The parallel solver's helper threads.
  const auto& entries = testing::suite("fforum-1-19");
  const SolveOptions o = testing::preset_options("mobility", 16, 2);
  for (std::size_t i = 0; i < (kDeep ? 4u : 1u); ++i) {
    const auto r = testing::bounded_solve<Walk>(entries[i].position, o);
    EXPECT_EQ(r.score, entries[i].best_score().value()) << "FForum #" << i + 1;
  }
}

TEST(Plugin, AWrongFlipIsFoundWithAMinimalCase) {
  std::mt19937_64 rng(7), continuation(8);
  VerifyCounts counts;
  std::optional<Mismatch> m;
  for (int n = 0; n < 2000 && !m; ++n) {
    const Position p = verify_nth_position(rng, static_cast<std::uint64_t>(n));
    m = verify_variant_position<BrokenFlips>(p, continuation, counts);
  }
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what.rfind("flips of ", 0), 0u) << m->what;
  EXPECT_NE(m->expected, m->actual);
  EXPECT_NE(m->expected.find("(0x"), std::string::npos) << m->expected;  // the mask itself
  const auto minimal = minimal_kernel_mismatch<BrokenFlips>(parse_board(m->board));
  ASSERT_TRUE(minimal.has_value());
  // The fault needs two discs: an opponent disc to flip, the player's on the h file.
  const Position p = parse_board(minimal->board);
  EXPECT_EQ(popcount(p.player | p.opponent), 2) << minimal->board;
  EXPECT_EQ(minimal->what.rfind("flips of ", 0), 0u);
  EXPECT_NE(minimal->expected, minimal->actual);
  // The built-in variants and the example have no kernel mismatch at all there.
  EXPECT_FALSE(kernel_mismatch<Walk>(p).has_value());
  EXPECT_FALSE(kernel_mismatch<Shift>(parse_board(m->board)).has_value());
}

TEST(Plugin, TheCheckBeforeTimingPassesOrFails) {
  EXPECT_EQ(check_plugin_before_timing<Walk>("plugin:walk", 200), "");
  EXPECT_NE(check_plugin_before_timing<BrokenFlips>("plugin:broken_flips", 200), "");
}

TEST(Plugin, ACrashNamesTheEntryPointAndThePosition) {
  const ChildOutcome outcome = run_in_checking_child([] {
    std::mt19937_64 rng(1), continuation(2);
    VerifyCounts counts;
    for (std::uint64_t n = 0; n < 20000; ++n) {
      if (verify_variant_position<Crashing>(verify_nth_position(rng, n), continuation, counts)) {
        return 1;
      }
    }
    return 0;
  });
  ASSERT_TRUE(outcome.crashed) << "exit code " << outcome.exit_code;
  EXPECT_NE(outcome.report.find("plugin:crashing"), std::string::npos) << outcome.report;
  EXPECT_NE(outcome.report.find("in rbp_flips(g7, P, O)"), std::string::npos) << outcome.report;
  // The position: a board string whose h8 is the player's (X), as the fault needs.
  const auto at = outcome.report.find("on the board ");
  ASSERT_NE(at, std::string::npos) << outcome.report;
  const Position p = parse_board(outcome.report.substr(at + 13, 66));
  EXPECT_TRUE(p.player & bit(63)) << outcome.report;
}

TEST(Plugin, AChildThatExitsReportsItsCode) {
  EXPECT_EQ(run_in_checking_child([] { return 0; }).exit_code, 0);
  const auto outcome = run_in_checking_child([] { return 1; });
  EXPECT_FALSE(outcome.crashed);
  EXPECT_EQ(outcome.exit_code, 1);
}

TEST(Plugin, AnUnusablePluginIsRefusedNamingFileAndSymbol) {
  const std::string abi = load_error(RB_PLUGIN_WRONG_ABI);
  EXPECT_NE(abi.find(RB_PLUGIN_WRONG_ABI), std::string::npos) << abi;
  EXPECT_NE(abi.find("ABI version 999"), std::string::npos) << abi;
  const std::string no_flips = load_error(RB_PLUGIN_NO_FLIPS);
  EXPECT_NE(no_flips.find(RB_PLUGIN_NO_FLIPS), std::string::npos) << no_flips;
  EXPECT_NE(no_flips.find("missing symbol 'rbp_flips'"), std::string::npos) << no_flips;
  const std::string half = load_error(RB_PLUGIN_HALF_STATE);
  EXPECT_NE(half.find("missing symbol 'rbp_state_new'"), std::string::npos) << half;
  EXPECT_NE(load_error("no/such/plugin.so").find("No such file or directory"), std::string::npos);
  const std::string not_elf = ::testing::TempDir() + "not_a_plugin.so";
  std::ofstream(not_elf) << "not a shared object\n";
  EXPECT_NE(load_error(not_elf).find("cannot load plug-in"), std::string::npos);
  std::remove(not_elf.c_str());
  EXPECT_NE(load_error(RB_PLUGIN_WALK).find("loaded already"), std::string::npos);
  EXPECT_EQ(loaded_plugins().size(), 3u);  // nothing refused took a slot
}

}  // namespace
}  // namespace rb
