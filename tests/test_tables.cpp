// The enum and option tables that the command line, the JSON output and the
// scripts all read: every value has a distinct name that parses back to it,
// and every option row is written to JSON under its own key and read back
// with the value it holds.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "io/json.hpp"
#include "perft/perft.hpp"
#include "search/solve_options.hpp"

namespace rb {
namespace {

template <NamedEnum E>
void names_round_trip() {
  std::set<std::string_view> names;
  for (const auto& e : enum_entries<E>()) {
    EXPECT_TRUE(names.insert(e.name).second) << "duplicate name " << e.name;
    EXPECT_FALSE(e.help.empty()) << e.name;
    EXPECT_EQ(parse_enum<E>(e.name), e.value) << e.name;
    EXPECT_EQ(enum_name(e.value), e.name);
  }
  EXPECT_FALSE(parse_enum<E>("no-such-name").has_value());
  EXPECT_FALSE(parse_enum<E>("").has_value());
}

TEST(EnumTables, EveryNameParsesBackToItsValue) {
  names_round_trip<Algo>();
  names_round_trip<Order>();
  names_round_trip<MoveGen>();
  names_round_trip<PerftConvention>();
  EXPECT_EQ(enum_choices<Algo>(), "minimax, alphabeta or pvs");
  names_round_trip<EvalKind>();
  EXPECT_EQ(enum_entries<Order>().size(), 6u);
  EXPECT_EQ(enum_choices<EvalKind>(), "classic or pattern");
}

TEST(OptionRows, EverySolveOptionIsWrittenAndReadBack) {
  SolveOptions o;
  o.algo = Algo::alphabeta;
  o.order = Order::fastest_parity;
  o.wld = true;
  o.tt_mb = 123;
  o.tt_min_empties = 9;
  o.fastest_min_empties = 5;
  o.fastest_corner_bonus = 1;
  o.last_empty = true;
  o.few_empties = 7;
  o.etc = true;
  o.stability = true;
  o.stability_min_empties = 11;
  o.eval = EvalKind::pattern;
  o.shallow_depth = 3;
  o.shallow_min_empties = 13;
  o.shallow_deep_empties = 19;
  o.shallow_below = Order::parity;
  o.shallow_mobility = 7;
  o.shallow_all_margin = 5;
  o.presearch = true;
  o.presearch_empties = 9;
  o.presearch_min_empties = 15;
  o.presearch_nodes = 12345;
  o.presearch_split = true;
  o.presearch_split_threads = 17;
  o.selective = true;
  o.selective_margin = 7;
  o.selective_step = 3;
  o.selective_levels = 4;
  o.selective_min_empties = 11;
  o.selective_depth = 2;
  o.mtd = true;
  const Json text = Json::parse(options_json(kSolveOptionRows, o).dump());
  int rows = 0;
  std::set<std::string_view> cli_names, json_keys;
  for_each_row(kSolveOptionRows, [&](const auto& row) {
    ++rows;
    EXPECT_TRUE(cli_names.insert(row.cli).second) << row.cli;
    EXPECT_TRUE(json_keys.insert(row.json).second) << row.json;
    ASSERT_TRUE(text.contains(std::string(row.json))) << row.json;
    using T = typename std::decay_t<decltype(row)>::Type;
    const Json& value = text[std::string(row.json)];
    if constexpr (NamedEnum<T>) {
      EXPECT_EQ(parse_enum<T>(value.get<std::string>()), o.*(row.member)) << row.json;
    } else {
      EXPECT_EQ(value.get<T>(), o.*(row.member)) << row.json;
    }
  });
  // The thirty-three options of SolveOptions (all its fields but the run
  // controls threads, stop, pattern, deadline and cut_profile), each once.
  EXPECT_EQ(rows, 33);
  EXPECT_EQ(text.size(), 33u);
}

}  // namespace
}  // namespace rb
