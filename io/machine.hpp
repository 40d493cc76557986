// The machine and build a result was measured on, for result files.
#pragma once

#include <string>

#include "io/json.hpp"

namespace rb {

std::string host_name();
// The build: compiler, build type, flags and commit.
Json build_json();
// "reversi-bench VERSION (commit C)" and the compiler, build type and flags,
// for --version.
std::string version_text();

}  // namespace rb
