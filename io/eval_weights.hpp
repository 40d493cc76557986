// The pattern weights file (search/eval.hpp, trained by `reversi-bench
// train-eval`): a small text file, one weight per line, zero weights left
// out.
//
//   reversi-bench pattern weights 1
//   # comment lines (the command that made the file)
//   stage MIN_EMPTIES MAX_EMPTIES BIAS
//   SHAPE INDEX WEIGHT          (SHAPE a name of pattern::kShapes)
//   ...
//   stage ...
//
// Weights are integers in kEvalScale units, |w| <= 32767; stages come in
// increasing, non-overlapping empties ranges within 0..60. Written in one
// fixed order (stages, then shapes, then indices ascending), so the same
// weights always give the same bytes.
#pragma once

#include <string>

#include "search/eval.hpp"

namespace rb {

// The file's text; `comments` are written as '#' lines after the header.
std::string format_pattern_weights(const PatternWeights& weights,
                                   const std::vector<std::string>& comments);

// Reads a weights file; an error throws InputError naming file:line:column.
PatternWeights read_pattern_weights(const std::string& path);

}  // namespace rb
