// A stage's pattern network: the nonlinear part of the pattern evaluation
// (eval/pattern.hpp), added to the linear sum where a stage has one.
//
// The model (results/2026-11-28-eval-mlp measured it: 0.94x the linear
// model's held-out error on the same 64,000 games, 0.89x on 128,000). Each
// configuration of each shape has, besides its linear weight, a vector of K
// numbers (its embedding). For a position, the embeddings of a shape's 8
// images are summed, shape by shape: 11 x K inputs, invariant under the
// board's symmetries as the linear sum is (the images permute). With one
// more input, the empties count, they feed one layer of H rectified units,
// and one output, in discs, added to the linear sum:
//
//   x[s*K + d] = sum over the 8 images g of shape s: E_s[index of g][d]
//   x[11*K]    = (empties - the stage's MIN_EMPTIES) / 4
//   a[j]       = max(0, b[j] + sum_i W[j][i] x[i])      (j < H)
//   output     = c + sum_j V[j] a[j]
//
// In integers, so that every path (portable, AVX2) gives the same number:
// E, W and V are stored in 1/256 units (kNetUnit), the biases b and c in
// 1/65536 units (kNetUnit^2); x is then in 1/256 units, each a[j] is
// (the sum) >> 8, clipped to 0..32767, and the output is in 1/65536 discs,
// rounded to kEvalScale units. |E| <= 4095 keeps every x in 16 bits; the
// sums b[j] + sum_i W x are taken modulo 2^32 (a network may reach it: the
// model wraps them, on every path, rather than leave it undefined); the
// output's in 64 bits. (The trainer fits the same model in floating point,
// without the clip and the rounding down of a[j]: train/network_fit.hpp.)
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rb {

namespace network {
inline constexpr int kUnit = 256;       // E, W, V: value * 256
inline constexpr int kMaxEmbed = 4095;  // |E|: a shape's 8 summed fit 16 bits
inline constexpr int kMaxWidth = 8;     // K
inline constexpr int kMaxHidden = 256;  // H, a multiple of 8
inline constexpr int kShapeInputs = 11;
inline constexpr int kMaxInputs = kShapeInputs * kMaxWidth + 1;
}  // namespace network

// A stage's network as stored (eval/weights.hpp's network lines).
struct PatternNetwork {
  int width = 0;   // K
  int hidden = 0;  // H
  // kWeightsPerStage x K: configuration i's vector at [i * K, i * K + K).
  std::vector<std::int16_t> embed;
  std::vector<std::int32_t> hidden_bias;     // H, in 1/65536 units
  std::vector<std::int16_t> hidden_weights;  // H x inputs(), row j at [j * inputs()]
  std::int64_t output_bias = 0;              // in 1/65536 discs
  std::vector<std::int16_t> output_weights;  // H

  int inputs() const { return network::kShapeInputs * width + 1; }
  bool operator==(const PatternNetwork&) const = default;
};

// The network's layers as evaluated: the hidden weights paired for
// 16-bit multiply-adds (inputs 2p and 2p + 1 of unit j side by side).
class NetworkLayers {
 public:
  // std::invalid_argument for a network outside the file's limits
  // (eval/weights.hpp: K, H, the numbers' ranges, the vectors' sizes).
  explicit NetworkLayers(const PatternNetwork& net);

  // The output for inputs x (in 1/256 units, the inputs() of the network;
  // the shapes' sums must fit 16 bits), in kEvalScale units. forward() picks
  // the AVX2 path where the CPU has it; the two paths are public for the
  // tests and give the same number (forward_avx2() only on an AVX2 CPU).
  int forward(const std::int32_t* x) const { return avx2_ ? forward_avx2(x) : forward_portable(x); }
  int forward_portable(const std::int32_t* x) const;
  [[gnu::target("avx2")]] int forward_avx2(const std::int32_t* x) const;

 private:
  int output(const std::int32_t* sums) const;

  int inputs_ = 0, pairs_ = 0, hidden_ = 0;
  std::vector<std::int16_t> paired_;  // pairs_ x hidden_ x 2
  std::vector<std::int32_t> hidden_bias_;
  std::vector<std::int16_t> output_weights_;
  std::int64_t output_bias_ = 0;
  bool avx2_ = false;
};

}  // namespace rb
