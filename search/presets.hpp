// The solver's presets: named configurations, written once here and read by
// the command line (`solve --preset NAME`, `list --presets`), `bench`,
// `train-eval`, the tests and scripts/reproduce.py (through `list --presets
// --json`).
//
// The presets are the rungs of the ladder, in its order: each adds one
// technique to the one before, so that the report can measure techniques
// one at a time. The last, `best`, is the measured fastest configuration and
// the default of `solve`; it names the rung it is, so that changing it is a
// one-line change (with its figure in the commit message).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "search/solve_options.hpp"

namespace rb {

struct Preset {
  std::string_view name;
  std::string_view label;  // short, for tables and plots: "+ move list"
  std::string adds;        // one sentence: what the rung adds to the one before
  // Whether the ladder runs it on a variant's empty-square list twin
  // (`kindergarten+list`); `-v auto` then picks a list variant too.
  bool list = true;
  SolveOptions options;
};

// Every preset, in ladder order, `best` last.
const std::vector<Preset>& solve_presets();

// The preset of that name, or nullptr.
const Preset* find_preset(std::string_view name);

// The preset of that name; throws std::invalid_argument if there is none
// (for code that names a preset of this table: tests, train-eval, bench).
const Preset& preset(std::string_view name);

// The default of `solve` and the configuration of `bench`.
inline constexpr std::string_view kBestPreset = "best";

// "minimax, alphabeta, ... or best"
std::string preset_choices();

// The rules between options that the option rows declare (a switch that
// needs a table, a window, ...): the first one `o` breaks, as the option
// ("etc") and what is wrong ("needs a table (--tt MB)"); nullopt when it
// breaks none. Every preset breaks none (tests/test_presets.cpp).
struct BrokenRule {
  std::string option;
  std::string why;
};
std::optional<BrokenRule> broken_option_rule(const SolveOptions& o);

// The rules applied to a preset's options with the command line's over them
// (`given(cli)`: whether the option of that row was given): a switch the
// preset turned on and the command line left alone is turned off where it
// breaks its rule (`--tt 0` with the best preset leaves out the techniques
// that need a table; `--wld` the root's null-window tests); a rule broken by
// a given option is returned, for the caller to refuse.
template <class Given>
std::optional<BrokenRule> settle_option_rules(SolveOptions& o, Given&& given);

// The options where `o` differs from `base`, as command-line text
// ("--tt 16 --no-selective"), in row order; empty when none differ.
std::string option_differences(const SolveOptions& base, const SolveOptions& o);

template <class Given>
std::optional<BrokenRule> settle_option_rules(SolveOptions& o, Given&& given) {
  for (;;) {
    auto broken = broken_option_rule(o);
    if (!broken || given(std::string_view(broken->option))) return broken;
    bool turned_off = false;
    for_each_row(kSolveOptionRows, [&](const auto& row) {
      if constexpr (std::is_same_v<typename std::decay_t<decltype(row)>::Type, bool>) {
        if (!turned_off && row.cli == broken->option) {
          o.*(row.member) = false;
          turned_off = true;
        }
      }
    });
    if (!turned_off) return broken;  // a rule on a row that is not a switch
  }
}

}  // namespace rb
