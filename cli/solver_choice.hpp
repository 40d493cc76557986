// The solver's options on the command line: --preset, --tt and -t for the
// commands that run the solver whole (engine-test, nboard, gtp), and the
// one preset validator, for them and for solve and bench. The set-up
// itself is search/session.hpp.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "search/session.hpp"

namespace rb::cli {

// --preset NAME, --tt MB, -t,--threads N and --eval-weights FILE (the help
// says what they set, `what`: "the built-in solver", "the served solver").
void add_solver_options(CLI::App* cmd, SearchRequest& args, const std::string& what);

// The same for a command that plays (gtp, nboard, search): without
// --eval-weights it evaluates with the playing weights
// (eval/play_weights.hpp), not the solver's.
void add_playing_options(CLI::App* cmd, SearchRequest& args, const std::string& what);

// Refuses a preset name that is not one, listing the presets.
CLI::Validator preset_validator();

}  // namespace rb::cli
