// The fit of a stage's network (eval/network.hpp), `train-eval
// --network-width K`: after the stage's linear weights are fitted and
// rounded (train/trainer.hpp, step 3), its network is fitted to what they
// leave, the label minus the linear evaluation, on the same samples.
//
// The model of eval/network.hpp in floating point (without its clip of
// the hidden units at 128 and their rounding down to 1/256). Minibatch
// gradient descent on the squared error, by Adam (steps of `rate`, moments
// 0.9 and 0.999), the penalty (l2 / 2) * sum E^2 on the embeddings, for
// `passes` passes over the samples in an order shuffled from the seed at
// each pass. The embeddings start at 0 (a configuration no sample holds adds
// nothing to the inputs; the hidden weights break the symmetry between
// the units), the hidden weights from
// N(0, 2 / (11K)) (He), the output weights from N(0, 0.05^2), the biases at
// 0. Then every number is rounded to the network's integer units (|E| capped
// at network::kMaxEmbed: the caller's comments say how many were). A fit
// that diverges (a number not finite) is a UsageError naming --network-rate.
//
// Deterministic whatever the threads: a minibatch is cut into a fixed number
// of slices, each slice's gradient is computed by one thread, and the slices'
// gradients are added in slice order, each slice's samples in order.
#pragma once

#include <cstdint>
#include <vector>

#include "eval/pattern.hpp"
#include "train/games.hpp"

namespace rb::train {

struct NetworkConfig {
  int width = 0;  // K; 0: no network
  int hidden = 16;
  int passes = 8;
  double rate = 0.003;
  double l2 = 0.01;
  int batch = 2048;
};

struct NetworkFit {
  PatternNetwork network;
  int capped = 0;  // embeddings capped at kMaxEmbed when rounded
};

// The network of the stage min_empties.. fitted on `samples` (labels in
// discs) to what `linear` (that stage alone, its network ignored) leaves.
NetworkFit fit_network(const std::vector<Sample>& samples, const PatternWeights::Stage& linear,
                       int min_empties, const NetworkConfig& config, std::uint64_t seed,
                       int threads);

}  // namespace rb::train
