// A perft suite (issue #74): chosen positions whose shallow counts catch the
// rare bugs of a move generator in seconds (runs of six on every kind of
// line, runs of five with a disc past the capture, corner moves, passes at
// the root and deeper, games over with squares empty, full boards,
// endings), as chess has long used perft suites of chosen positions beside
// the start position. The project's suite is positions/perft-suite.txt,
// counted by scripts/make_perft_suite.py with a board of its own.
//
// The file: '%' comment lines, then one position per line: LABEL, the 64
// squares and the side to move (an OBF board), and the leaves at depths 1,
// 2, ... in convention a124004.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/position.hpp"
#include "perft/bisect.hpp"

namespace rb {

struct PerftSuiteEntry {
  std::string label;
  Position position;
  std::vector<std::uint64_t> counts;  // counts[d - 1]: the leaves at depth d
  int line = 0;
};

struct PerftSuite {
  std::string path;
  std::vector<PerftSuiteEntry> entries;
};

// Reads a suite; throws InputError naming file:line:column.
PerftSuite read_perft_suite(const std::string& path);
// The suite in `text`, read as the file `name`.
PerftSuite parse_perft_suite(std::string_view text, const std::string& name);
// The project's suite, positions/perft-suite.txt, compiled in.
const PerftSuite& builtin_perft_suite();

struct PerftSuiteRow {
  const PerftSuiteEntry* entry = nullptr;
  int depth = 0;  // the deepest depth counted (the first wrong one, if any)
  std::uint64_t expected = 0, found = 0;
  double seconds = 0;
  bool ok = true;
};

struct PerftSuiteResult {
  std::vector<PerftSuiteRow> rows;
  int wrong = 0;
  // The bisection of the first wrong position at its first wrong depth.
  std::optional<BisectFinding> finding;
  const PerftSuiteRow* first_wrong() const;
};

// Counts each position of the suite at its depths 1.. up to `max_depth`
// with board.perft (convention a124004), stops a position at its first
// wrong depth, and bisects the first wrong position found (`bisect`).
PerftSuiteResult run_perft_suite(const PerftSuite& suite, const BisectBoard& board, int max_depth,
                                 bool bisect,
                                 const std::function<void(const PerftSuiteRow&)>& on_row);

}  // namespace rb
