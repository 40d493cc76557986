// The positions of engine-test, named on the command line as `solve` names
// them (FILE, FILE:N, a board string or OBF line; files found as
// load_positions() finds them), and also as games: a file with game lines
// or a game line given as an argument (engine/suite.hpp).
#pragma once

#include <string>
#include <vector>

#include "engine/suite.hpp"

namespace rb::cli {

std::vector<engine::SuitePosition> load_suite(const std::string& argument);

}  // namespace rb::cli
