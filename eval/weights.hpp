// The pattern weights file (eval/pattern.hpp, trained by `reversi-bench
// train-eval`): a small text file, one weight per line, zero weights left
// out.
//
//   reversi-bench pattern weights 1
//   # comment lines (the command that made the file)
//   stage MIN_EMPTIES MAX_EMPTIES BIAS
//   SHAPE INDEX WEIGHT          (SHAPE a name of pattern::kShapes)
//   ...
//   network K H OUTPUT_BIAS     (optional: the stage's network)
//   embed SHAPE INDEX E1 .. EK
//   hidden J BIAS W1 .. W(11K+1)
//   output V1 .. VH
//   stage ...
//   probcut DEPTH SHALLOW MIN_EMPTIES MAX_EMPTIES INTERCEPT SLOPE SIGMA
//   ...                         (optional: ProbCut's calibration)
//
// Weights are integers in kEvalScale units, |w| <= 32767; stages come in
// increasing, non-overlapping empties ranges within 0..60. A stage's
// network (eval/network.hpp) follows its weights: K (1..8) numbers per
// configuration, H (8..256, a multiple of 8) hidden units; one embed line
// per configuration whose vector is not all zero (|E| <= 4095), one hidden
// line per unit J (0..H-1: its bias, then its weight per input, shapes
// first, the empties input last) and the output line; E, W and V in 1/256
// units, the biases in 1/65536 units. The probcut
// lines (eval/probcut.hpp, written by `reversi-bench fit-probcut`) come
// after the stages, by depth, then in increasing, non-overlapping empties
// ranges: the regression of the DEPTH-ply score on the SHALLOW-ply one
// (SHALLOW = probcut_shallow_depth(DEPTH)) at nodes of MIN_EMPTIES..
// MAX_EMPTIES empties, INTERCEPT and SIGMA in kEvalScale units, SLOPE in
// thousandths. Written in one fixed order (stages, then shapes, then
// indices ascending, then the probcut rows), so the same weights always
// give the same bytes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "eval/pattern.hpp"

namespace rb {

// The file's text; `comments` are written as '#' lines after the header.
std::string format_pattern_weights(const PatternWeights& weights,
                                   const std::vector<std::string>& comments);

// Reads a weights file; an error throws InputError naming file:line:column.
PatternWeights read_pattern_weights(const std::string& path);
// The comments of a weights file, as format_pattern_weights() takes them
// (each '#' line after the header, without its "# ").
std::vector<std::string> pattern_weights_comments(const std::string& path);

// The compact form the default weights are compiled into the binary in
// (eval/pack_weights.cpp makes it from the text file at build time): "RBPW",
// a version byte (3), the stage count, then per stage MIN_EMPTIES and
// MAX_EMPTIES (one byte each), BIAS and the pattern::kWeightsPerStage
// weights (16 bits each), and a byte saying whether the stage has a
// network; a network is K (a byte), H (16 bits), the output bias (64
// bits), the embeddings (16 bits each, configuration by configuration), the
// hidden biases (32 bits), the hidden weights and the output weights (16
// bits), in PatternNetwork's order; then the probcut row count (16 bits)
// and per row DEPTH, MIN_EMPTIES, MAX_EMPTIES (a byte each), INTERCEPT,
// SLOPE and SIGMA (16 bits each). Every number little-endian. Read with a
// memcpy-like loop, not parsed: 1 MB against the text's 3 for linear
// weights.
std::string pack_pattern_weights(const PatternWeights& weights);
// Throws std::invalid_argument on bytes that are not a packed weights set.
PatternWeights unpack_pattern_weights(std::string_view packed);

}  // namespace rb
