// The weights the engine plays with, compiled into the binary: those of
// data/network-weights.txt (every stage with its network, eval/network.hpp;
// scripts/make-weights.sh step 4 makes the file again), packed at build time
// by eval/pack_weights.cpp (library rb_play_weights). The playing search
// (`gtp`, `nboard`, `search`) evaluates with them by default; the solver
// keeps the linear default weights (eval/default_weights.hpp), which cost
// it less for the same positions. At equal time the network won an SPRT
// against the linear weights: results/2026-11-29-network-play.
#pragma once

#include <string_view>

#include "eval/pattern.hpp"

namespace rb {

// The packed bytes (eval/weights.hpp: pack_pattern_weights()).
std::string_view play_pattern_weights_packed();

// The weights themselves.
PatternWeights play_pattern_weights();

}  // namespace rb
