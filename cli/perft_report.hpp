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

// Prints the bisection of a wrong count (perft/bisect.hpp): the path to
// the first wrong position, its board and what is wrong there; or that the
// board's count is right when counted again.
void print_bisection(const std::optional<BisectFinding>& finding, int depth);

Json perft_json(const PerftArgs& args, const NamedPosition& position,
                const std::vector<PerftRow>& rows,
                const std::optional<distributed::SplitResult>& split);

}  // namespace rb::cli
