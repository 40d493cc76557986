#include "eval/network.hpp"

#include <immintrin.h>

#include <algorithm>
#include <bit>

#include "core/cpu.hpp"
#include "eval/evaluator.hpp"

namespace rb {

NetworkLayers::NetworkLayers(const PatternNetwork& net)
    : inputs_(net.inputs()),
      pairs_((net.inputs() + 1) / 2),
      hidden_(net.hidden),
      paired_(static_cast<std::size_t>(pairs_ * hidden_ * 2)),
      hidden_bias_(net.hidden_bias),
      output_weights_(net.output_weights),
      output_bias_(net.output_bias),
      avx2_(cpu_supports(kCpuAvx2)) {
  for (int j = 0; j < hidden_; ++j) {
    for (int i = 0; i < inputs_; ++i) {
      paired_[static_cast<std::size_t>(((i / 2) * hidden_ + j) * 2 + i % 2)] =
          net.hidden_weights[static_cast<std::size_t>(j * inputs_ + i)];
    }
  }
}

int NetworkLayers::output(const std::int32_t* sums) const {
  std::int64_t out = output_bias_;
  for (int j = 0; j < hidden_; ++j) {
    const std::int32_t a = std::clamp(sums[j] >> 8, 0, 32767);
    out += std::int64_t{output_weights_[static_cast<std::size_t>(j)]} * a;
  }
  // 1/65536 discs to kEvalScale units, rounded half up.
  constexpr int kShift = 16 - std::countr_zero(static_cast<unsigned>(kEvalScale));
  static_assert((1 << (16 - kShift)) == kEvalScale, "kEvalScale is a power of 2 below 65536");
  return static_cast<int>((out + (std::int64_t{1} << (kShift - 1))) >> kShift);
}

int NetworkLayers::forward_portable(const std::int32_t* x) const {
  std::array<std::int32_t, network::kMaxHidden> sums;
  for (int j = 0; j < hidden_; ++j) {
    // Modulo 2^32, as the 32-bit lanes of the AVX2 path add.
    std::uint32_t s = static_cast<std::uint32_t>(hidden_bias_[static_cast<std::size_t>(j)]);
    for (int p = 0; p < pairs_; ++p) {
      const std::int16_t* w = &paired_[static_cast<std::size_t>((p * hidden_ + j) * 2)];
      const std::int32_t x1 = 2 * p + 1 < inputs_ ? x[2 * p + 1] : 0;
      s += static_cast<std::uint32_t>(std::int32_t{w[0]} * static_cast<std::int16_t>(x[2 * p]) +
                                      std::int32_t{w[1]} * static_cast<std::int16_t>(x1));
    }
    sums[static_cast<std::size_t>(j)] = static_cast<std::int32_t>(s);
  }
  return output(sums.data());
}

int NetworkLayers::forward_avx2(const std::int32_t* x) const {
  // Each input pair as one 32-bit lane (two 16-bit halves), broadcast.
  std::array<std::int32_t, network::kMaxInputs / 2 + 1> pair;
  for (int p = 0; p < pairs_; ++p) {
    const std::int32_t x1 = 2 * p + 1 < inputs_ ? x[2 * p + 1] : 0;
    pair[static_cast<std::size_t>(p)] =
        static_cast<std::int32_t>(static_cast<std::uint16_t>(x[2 * p]) |
                                  static_cast<std::uint32_t>(static_cast<std::uint16_t>(x1)) << 16);
  }
  alignas(32) std::array<std::int32_t, network::kMaxHidden> sums;
  for (int j = 0; j < hidden_; j += 8) {
    __m256i acc = _mm256_loadu_si256(
        reinterpret_cast<const __m256i*>(&hidden_bias_[static_cast<std::size_t>(j)]));
    for (int p = 0; p < pairs_; ++p) {
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(
          &paired_[static_cast<std::size_t>((p * hidden_ + j) * 2)]));
      acc = _mm256_add_epi32(
          acc, _mm256_madd_epi16(_mm256_set1_epi32(pair[static_cast<std::size_t>(p)]), w));
    }
    _mm256_store_si256(reinterpret_cast<__m256i*>(&sums[static_cast<std::size_t>(j)]), acc);
  }
  return output(sums.data());
}

}  // namespace rb
