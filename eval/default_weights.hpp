// The default pattern weights, compiled into the binary: the weights of
// data/pattern-weights.txt (the source, which `train-eval` regenerates),
// packed at build time by eval/pack_weights.cpp (library rb_default_weights),
// so that `solve` with its default preset finds them wherever it runs from.
#pragma once

#include <string>
#include <string_view>

#include "eval/pattern.hpp"

namespace rb {

// The packed bytes (eval/weights.hpp: pack_pattern_weights()).
std::string_view default_pattern_weights_packed();

// The weights themselves.
PatternWeights default_pattern_weights();

// The pattern weights of --eval-weights PATH: a weights file named on the
// command line (found like find_data_file(), io/data_files.hpp; an error is
// an InputError, or a UsageError naming `option` for a file not found), or
// with an empty PATH (the default) the compiled-in weights
// (eval/load_weights.cpp, in rb_default_weights with them).
PatternWeights load_pattern_weights(const std::string& path, const std::string& option);

}  // namespace rb
