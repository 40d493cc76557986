// The pattern weights file (eval/pattern.hpp, trained by `reversi-bench
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
#include <string_view>

#include "eval/pattern.hpp"

namespace rb {

// The file's text; `comments` are written as '#' lines after the header.
std::string format_pattern_weights(const PatternWeights& weights,
                                   const std::vector<std::string>& comments);

// Reads a weights file; an error throws InputError naming file:line:column.
PatternWeights read_pattern_weights(const std::string& path);

// The compact form the default weights are compiled into the binary in
// (eval/pack_weights.cpp makes it from the text file at build time): "RBPW",
// a version byte (1), the stage count, then per stage MIN_EMPTIES and
// MAX_EMPTIES (one byte each), BIAS and the pattern::kWeightsPerStage
// weights (16-bit little-endian each). Read with a memcpy-like loop, not
// parsed: 1 MB against the text's 3.
std::string pack_pattern_weights(const PatternWeights& weights);
// Throws std::invalid_argument on bytes that are not a packed weights set.
PatternWeights unpack_pattern_weights(std::string_view packed);

}  // namespace rb
