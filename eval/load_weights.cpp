// The weights a command uses (eval/default_weights.hpp).
#include <string>

#include "core/errors.hpp"
#include "eval/default_weights.hpp"
#include "eval/weights.hpp"
#include "io/data_files.hpp"

namespace rb {

PatternWeights load_pattern_weights(const std::string& path, const std::string& option) {
  if (path.empty()) return default_pattern_weights();
  const std::string found = find_data_file(path);
  if (found.empty()) {
    throw UsageError(option + ": '" + path +
                     "' not found (as given, under $RB_DATA_DIR or the installed data folder)");
  }
  return read_pattern_weights(found);
}

}  // namespace rb
