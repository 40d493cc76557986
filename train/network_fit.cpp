#include "train/network_fit.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/errors.hpp"
#include "core/job_queue.hpp"

namespace rb::train {
namespace {

constexpr std::size_t kImages = pattern::kImages.size();
// The slices of a minibatch (see the opening comment).
constexpr std::size_t kSlices = 16;

struct Adam {
  std::vector<float> m, v;
  explicit Adam(std::size_t n) : m(n, 0.0f), v(n, 0.0f) {}
  void step(std::vector<float>& p, const std::vector<float>& g, double rate, double c1, double c2) {
    for (std::size_t i = 0; i < p.size(); ++i) {
      m[i] = 0.9f * m[i] + 0.1f * g[i];
      v[i] = 0.999f * v[i] + 0.001f * g[i] * g[i];
      const double mh = m[i] / c1, vh = v[i] / c2;
      p[i] -= static_cast<float>(rate * mh / (std::sqrt(vh) + 1e-8));
    }
  }
};

// A slice's gradients of the dense parameters, and each of its samples'
// gradient of the shapes' sums (scattered to the embeddings afterwards).
struct SliceGradient {
  std::vector<float> hidden_weights, hidden_bias, output_weights;
  float output_bias = 0;
  std::vector<float> inputs;  // per sample: 11 x K
};

}  // namespace

NetworkFit fit_network(const std::vector<Sample>& samples, const PatternWeights::Stage& linear,
                       int min_empties, const NetworkConfig& c, std::uint64_t seed, int threads) {
  const std::size_t k = static_cast<std::size_t>(c.width);
  const std::size_t h = static_cast<std::size_t>(c.hidden);
  const std::size_t shape_inputs = pattern::kShapeCount * k;
  const std::size_t inputs = shape_inputs + 1;
  const std::size_t n = samples.size();

  // The features, the empties input and the residual target of each sample.
  PatternWeights::Stage alone = linear;
  alone.network.reset();
  const PatternEval eval(PatternWeights{{alone}, {}});
  std::vector<int> features(n * kImages);
  std::vector<float> empties_input(n), target(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Sample& s = samples[i];
    const auto f = pattern::features(s.player, s.opponent);
    std::copy(f.begin(), f.end(), features.begin() + static_cast<std::ptrdiff_t>(i * kImages));
    empties_input[i] = static_cast<float>(s.empties - min_empties) / 4.0f;
    target[i] = static_cast<float>(s.label - eval.eval(s.player, s.opponent) / double{kEvalScale});
  }

  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  // The embeddings start at 0: a configuration no sample holds adds nothing.
  std::vector<float> embed(static_cast<std::size_t>(pattern::kWeightsPerStage) * k, 0.0f);
  std::vector<float> hidden_weights(h * inputs), hidden_bias(h, 0.0f), output_weights(h);
  const float he = std::sqrt(2.0f / static_cast<float>(shape_inputs));
  for (float& w : hidden_weights) w = he * normal(rng);
  for (float& w : output_weights) w = 0.05f * normal(rng);
  std::vector<float> output_bias(1, 0.0f);

  Adam adam_embed(embed.size()), adam_hw(hidden_weights.size()), adam_hb(h), adam_ow(h), adam_ob(1);
  std::vector<float> g_embed(embed.size()), g_hw(hidden_weights.size()), g_hb(h), g_ow(h), g_ob(1);
  std::vector<SliceGradient> slices(kSlices);
  for (SliceGradient& s : slices) {
    s.hidden_weights.resize(hidden_weights.size());
    s.hidden_bias.resize(h);
    s.output_weights.resize(h);
  }
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  long step = 0;
  const std::size_t batch = static_cast<std::size_t>(c.batch);
  for (int pass = 0; pass < c.passes; ++pass) {
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t begin = 0; begin < n; begin += batch) {
      const std::size_t end = std::min(n, begin + batch);
      const float scale = 2.0f / static_cast<float>(end - begin);
      const std::size_t per_slice = (end - begin + kSlices - 1) / kSlices;
      run_tasks(kSlices, threads, [&](std::size_t si) {
        SliceGradient& g = slices[si];
        std::fill(g.hidden_weights.begin(), g.hidden_weights.end(), 0.0f);
        std::fill(g.hidden_bias.begin(), g.hidden_bias.end(), 0.0f);
        std::fill(g.output_weights.begin(), g.output_weights.end(), 0.0f);
        g.output_bias = 0;
        const std::size_t lo = std::min(end, begin + si * per_slice);
        const std::size_t hi = std::min(end, lo + per_slice);
        g.inputs.assign((hi - lo) * shape_inputs, 0.0f);
        std::vector<float> x(inputs), z(h), dz(h);
        for (std::size_t at = lo; at < hi; ++at) {
          const std::size_t i = order[at];
          const int* f = &features[i * kImages];
          std::fill(x.begin(), x.end(), 0.0f);
          for (std::size_t img = 0; img < kImages; ++img) {
            const float* e = &embed[static_cast<std::size_t>(f[img]) * k];
            float* into = &x[(img / 8) * k];
            for (std::size_t d = 0; d < k; ++d) into[d] += e[d];
          }
          x[shape_inputs] = empties_input[i];
          float y = output_bias[0];
          for (std::size_t j = 0; j < h; ++j) {
            const float* w = &hidden_weights[j * inputs];
            float s = hidden_bias[j];
            for (std::size_t q = 0; q < inputs; ++q) s += w[q] * x[q];
            z[j] = s;
            if (s > 0) y += output_weights[j] * s;
          }
          const float d = scale * (y - target[i]);
          g.output_bias += d;
          float* dx = &g.inputs[(at - lo) * shape_inputs];
          for (std::size_t j = 0; j < h; ++j) {
            if (z[j] <= 0) continue;
            g.output_weights[j] += d * z[j];
            const float dzj = d * output_weights[j];
            g.hidden_bias[j] += dzj;
            const float* w = &hidden_weights[j * inputs];
            float* gw = &g.hidden_weights[j * inputs];
            for (std::size_t q = 0; q < inputs; ++q) gw[q] += dzj * x[q];
            for (std::size_t q = 0; q < shape_inputs; ++q) dx[q] += dzj * w[q];
          }
        }
      });
      // The slices' gradients, in slice order.
      std::fill(g_hw.begin(), g_hw.end(), 0.0f);
      std::fill(g_hb.begin(), g_hb.end(), 0.0f);
      std::fill(g_ow.begin(), g_ow.end(), 0.0f);
      g_ob[0] = 0;
      for (std::size_t e = 0; e < embed.size(); ++e)
        g_embed[e] = static_cast<float>(c.l2) * embed[e];
      for (std::size_t si = 0; si < kSlices; ++si) {
        const SliceGradient& g = slices[si];
        for (std::size_t q = 0; q < g_hw.size(); ++q) g_hw[q] += g.hidden_weights[q];
        for (std::size_t j = 0; j < h; ++j) {
          g_hb[j] += g.hidden_bias[j];
          g_ow[j] += g.output_weights[j];
        }
        g_ob[0] += g.output_bias;
        const std::size_t lo = std::min(end, begin + si * per_slice);
        const std::size_t hi = std::min(end, lo + per_slice);
        for (std::size_t at = lo; at < hi; ++at) {
          const int* f = &features[order[at] * kImages];
          const float* dx = &g.inputs[(at - lo) * shape_inputs];
          for (std::size_t img = 0; img < kImages; ++img) {
            float* ge = &g_embed[static_cast<std::size_t>(f[img]) * k];
            const float* from = &dx[(img / 8) * k];
            for (std::size_t d = 0; d < k; ++d) ge[d] += from[d];
          }
        }
      }
      ++step;
      const double c1 = 1 - std::pow(0.9, static_cast<double>(step));
      const double c2 = 1 - std::pow(0.999, static_cast<double>(step));
      adam_embed.step(embed, g_embed, c.rate, c1, c2);
      adam_hw.step(hidden_weights, g_hw, c.rate, c1, c2);
      adam_hb.step(hidden_bias, g_hb, c.rate, c1, c2);
      adam_ow.step(output_weights, g_ow, c.rate, c1, c2);
      adam_ob.step(output_bias, g_ob, c.rate, c1, c2);
    }
  }

  // Rounded to the network's units.
  for (const auto* v : {&embed, &hidden_weights, &hidden_bias, &output_weights, &output_bias}) {
    if (!std::all_of(v->begin(), v->end(), [](float x) { return std::isfinite(x); })) {
      throw UsageError(
          "train-eval: the network's fit diverged (a number not finite): try a smaller "
          "--network-rate");
    }
  }
  NetworkFit out;
  PatternNetwork& net = out.network;
  net.width = c.width;
  net.hidden = c.hidden;
  auto round = [](double v, double lo, double hi) { return std::clamp(std::round(v), lo, hi); };
  constexpr double unit = network::kUnit, unit2 = unit * unit;
  net.embed.resize(embed.size());
  for (std::size_t e = 0; e < embed.size(); ++e) {
    const double v = std::round(embed[e] * unit);
    if (std::abs(v) > network::kMaxEmbed) ++out.capped;
    net.embed[e] = static_cast<std::int16_t>(round(v, -network::kMaxEmbed, network::kMaxEmbed));
  }
  net.hidden_weights.resize(hidden_weights.size());
  for (std::size_t q = 0; q < hidden_weights.size(); ++q) {
    net.hidden_weights[q] =
        static_cast<std::int16_t>(round(hidden_weights[q] * unit, -32767, 32767));
  }
  net.hidden_bias.resize(h);
  net.output_weights.resize(h);
  for (std::size_t j = 0; j < h; ++j) {
    net.hidden_bias[j] =
        static_cast<std::int32_t>(round(hidden_bias[j] * unit2, -2147483647.0, 2147483647.0));
    net.output_weights[j] =
        static_cast<std::int16_t>(round(output_weights[j] * unit, -32767, 32767));
  }
  net.output_bias = static_cast<std::int64_t>(
      round(output_bias[0] * unit2, -std::ldexp(1.0, 40), std::ldexp(1.0, 40)));
  return out;
}

}  // namespace rb::train
