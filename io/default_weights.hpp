// The default pattern weights, compiled into the binary: the weights of
// data/pattern-weights.txt (the source, which `train-eval` regenerates),
// packed at build time by io/pack_weights.cpp (library rb_default_weights),
// so that `solve` with its default preset finds them wherever it runs from.
#pragma once

#include <string_view>

#include "search/eval.hpp"

namespace rb {

// The packed bytes (io/eval_weights.hpp: pack_pattern_weights()).
std::string_view default_pattern_weights_packed();

// The weights themselves.
PatternWeights default_pattern_weights();

}  // namespace rb
