// What `reversi-bench perft` prints: its arguments and rows, the check of a
// count against the published table, the text rows and the --json document
// (schemas/perft.schema.json).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "io/data_files.hpp"
#include "io/json.hpp"
#include "perft/bisect.hpp"
#include "perft/perft_split.hpp"
#include "perft/perft_suite.hpp"
#include "perft/perft_table.hpp"

namespace rb::cli {

struct PerftArgs {
  std::vector<std::string> variants{"auto"};
  int depth = 0;
  std::string position = "start";
  PerftConvention convention = PerftConvention::a124004;
  bool divide = false;
  int threads = 1;
  int hash_mb = 0;
  bool no_shortcut = false;
  bool no_symmetry = false;
  int repeat = 1;
  std::string json;
  std::vector<std::string> plugins;
  int split = -1;  // -1: no split
  std::string checkpoint;
  std::string resume;
  std::optional<std::string> suite;  // --suite: "" the built-in one, else a file
};

// One measured depth of one variant.
struct PerftRow {
  std::string variant;
  int depth;
  Count128 leaves;
  std::vector<double> seconds;  // one per repetition
  std::string check;            // "ok", "-", or the mismatch
  bool shortcut;                // whether the leaf shortcut was taken
};

void print_perft_row(int depth, Count128 leaves, double secs, const std::string& check);

// perft --suite on one board (`name`): a row per position, the bisection of
// the first wrong one; true when every count is right.
bool run_suite_and_print(const std::string& name, const PerftSuite& suite, const BisectBoard& board,
                         int max_depth);
// The suite --suite names (the built-in one when given no file).
PerftSuite suite_of(const PerftArgs& args);
// perft --suite (cli/perft_suite.cpp): the variants or the board program on
// the suite; exit_code 1 when a count is wrong.
struct BoardArgs;
void perft_suite_command(const PerftArgs& args, const BoardArgs& board, int& exit_code);

// Prints the bisection of a wrong count (perft/bisect.hpp): the path to
// the first wrong position, its board and what is wrong there; or that the
// board's count is right when counted again.
void print_bisection(const std::optional<BisectFinding>& finding, int depth);

Json perft_json(const PerftArgs& args, const NamedPosition& position,
                const std::vector<PerftRow>& rows,
                const std::optional<distributed::SplitResult>& split);

}  // namespace rb::cli
