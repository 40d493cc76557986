// The engines of engine-test and match, as the command line gives them:
// each --engine starts a new one, and the options after it (--name,
// --protocol, --gtp-setup, --gtp-level; for a match also --depth,
// --move-time, --game-time) describe it. The command `self` is this
// reversi-bench binary ("self nboard --level 4": the harness's own engine).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include "protocol/session.hpp"

namespace rb::cli {

struct EngineArg {
  protocol::EngineSpec spec;
  std::string command;  // as given
  bool name_given = false, protocol_given = false;
  // A match's level options (levels = true).
  std::optional<int> depth;         // NBoard: set depth N
  std::optional<double> move_time;  // GTP: time_settings 0 S 1
  std::optional<double> game_time;  // GTP: time_settings S 0 0, then time_left
};

// Adds --engine and the options that describe the engine before them;
// `levels` adds --depth, --move-time and --game-time.
void add_engine_options(CLI::App* cmd, std::vector<EngineArg>& engines, bool levels);

// Splits each engine's command and finds its program (`self`: this binary),
// checks that its protocol is given and its options fit it, names it (its
// program's name by default) and turns its level options into protocol
// settings; UsageError naming the engine. Names must differ from each
// other and from `reserved`.
void settle_engines(std::vector<EngineArg>& engines, const std::set<std::string>& reserved);

}  // namespace rb::cli
