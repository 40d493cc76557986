// The presets (search/presets.hpp): the ladder's rungs and the default, and
// the rules between options applied to them.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "search/presets.hpp"

namespace rb {
namespace {

TEST(Presets, NoPresetBreaksARuleBetweenOptions) {
  for (const Preset& p : solve_presets()) {
    const auto broken = broken_option_rule(p.options);
    EXPECT_FALSE(broken.has_value()) << p.name << ": --" << broken->option << " " << broken->why;
  }
}

TEST(Presets, NamesAreUniqueAndTheDefaultComesLast) {
  std::set<std::string_view> names;
  for (const Preset& p : solve_presets()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_FALSE(p.label.empty()) << p.name;
    EXPECT_FALSE(p.adds.empty()) << p.name;
    EXPECT_EQ(find_preset(p.name), &p);
  }
  EXPECT_EQ(solve_presets().back().name, kBestPreset);
  EXPECT_EQ(find_preset("no-such-preset"), nullptr);
  EXPECT_THROW(preset("no-such-preset"), std::invalid_argument);
}

// The default is one of the rungs under another name: the ladder measures
// what the default runs.
TEST(Presets, TheDefaultIsARungOfTheLadder) {
  const auto& all = solve_presets();
  int same = 0;
  for (std::size_t i = 0; i + 1 < all.size(); ++i) {
    if (option_differences(all[i].options, all.back().options).empty()) ++same;
  }
  EXPECT_EQ(same, 1);
}

// Each rung differs from the one before (else it measures nothing), and
// the ladder begins at the bottom: minimax in board order, no table.
TEST(Presets, EachRungChangesSomethingFromTheOneBefore) {
  const auto& all = solve_presets();
  EXPECT_EQ(all.front().options.algo, Algo::minimax);
  EXPECT_EQ(all.front().options.order, Order::none);
  EXPECT_EQ(all.front().options.tt_mb, 0u);
  for (std::size_t i = 1; i + 1 < all.size(); ++i) {
    EXPECT_TRUE(!option_differences(all[i - 1].options, all[i].options).empty() ||
                all[i - 1].list != all[i].list)
        << all[i].name << " is the rung before it";
  }
}

TEST(Presets, OptionDifferencesReadAsCommandLineOptions) {
  SolveOptions a, b;
  EXPECT_EQ(option_differences(a, b), "");
  b.tt_mb = 16;
  b.etc = true;
  b.order = Order::mobility;
  EXPECT_EQ(option_differences(a, b), "--order mobility --tt 16 --etc");
  EXPECT_EQ(option_differences(b, a), "--order fastest --tt 0 --no-etc");
}

// A switch the preset turned on gives way when the command line breaks its
// rule; a switch the command line gave is refused instead.
TEST(Presets, SettlingTheRulesTurnsOffWhatThePresetSetAndRefusesWhatWasGiven) {
  const auto none = [](std::string_view) { return false; };
  SolveOptions o = preset(kBestPreset).options;
  ASSERT_TRUE(o.etc && o.presearch && o.selective && o.mtd);
  o.tt_mb = 0;
  EXPECT_FALSE(settle_option_rules(o, none).has_value());
  EXPECT_FALSE(o.etc || o.presearch || o.selective);
  EXPECT_TRUE(o.mtd && o.stability);  // no table needed
  EXPECT_FALSE(broken_option_rule(o).has_value());

  o = preset(kBestPreset).options;
  o.wld = true;
  EXPECT_FALSE(settle_option_rules(o, none).has_value());
  EXPECT_FALSE(o.mtd);
  EXPECT_TRUE(o.selective);

  o = preset(kBestPreset).options;
  o.tt_mb = 0;
  const auto broken =
      settle_option_rules(o, [](std::string_view option) { return option == "etc"; });
  ASSERT_TRUE(broken.has_value());
  EXPECT_EQ(broken->option, "etc");
  EXPECT_EQ(broken->why, "needs a table (--tt MB)");
}

}  // namespace
}  // namespace rb
