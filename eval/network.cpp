#include "eval/network.hpp"

#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/cpu.hpp"
#include "eval/evaluator.hpp"
#include "eval/pattern.hpp"

namespace rb {
namespace {

const PatternNetwork& checked(const PatternNetwork& net) {
  auto fail = [](const char* why) {
    throw std::invalid_argument(std::string("pattern network: ") + why);
  };
  if (net.width < 1 || net.width > network::kMaxWidth) fail("K must be in 1..8");
  if (net.hidden < 8 || net.hidden > network::kMaxHidden || net.hidden % 8 != 0) {
    fail("H must be a multiple of 8 in 8..256");
  }
  const auto h = static_cast<std::size_t>(net.hidden);
  if (net.embed.size() != static_cast<std::size_t>(pattern::kWeightsPerStage * net.width) ||
      net.hidden_bias.size() != h ||
      net.hidden_weights.size() != h * static_cast<std::size_t>(net.inputs()) ||
      net.output_weights.size() != h) {
    fail("a vector of the wrong size");
  }
  auto within = [](const std::vector<std::int16_t>& v, int limit) {
    return std::all_of(v.begin(), v.end(),
                       [&](std::int16_t x) { return x >= -limit && x <= limit; });
  };
  if (!within(net.embed, network::kMaxEmbed)) fail("|E| must be at most 4095");
  if (!within(net.hidden_weights, 32767) || !within(net.output_weights, 32767)) {
    fail("|W| and |V| must be at most 32767");
  }
  if (std::find(net.hidden_bias.begin(), net.hidden_bias.end(), INT32_MIN) !=
          net.hidden_bias.end() ||
      net.output_bias < -(std::int64_t{1} << 40) || net.output_bias > (std::int64_t{1} << 40)) {
    fail("a bias out of range");
  }
  return net;
}

}  // namespace

NetworkLayers::NetworkLayers(const PatternNetwork& net)
    : inputs_(checked(net).inputs()),
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
