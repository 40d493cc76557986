// A stage's pattern network (eval/network.hpp): the evaluation with a
// network is the model's definition computed plainly (each image's index
// read square by square, the sums and layers in 64-bit integers); its
// AVX2 and portable paths agree, on networks at the limits of their
// numbers too; the 8 images of a position evaluate equal; the evaluation
// carried by indices is the board's; the weights file keeps a network
// through a round trip and names the line and column of a bad one; and the
// trainer's network fit (train/network_fit.hpp) lowers the error it fits,
// the same bytes on one thread and on three.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/random_positions.hpp"
#include "core/cpu.hpp"
#include "core/errors.hpp"
#include "core/node.hpp"
#include "eval/pattern.hpp"
#include "eval/play_weights.hpp"
#include "eval/weights.hpp"
#include "search_support.hpp"
#include "train/corpus.hpp"
#include "train/trainer.hpp"
#include "variants/builtin.hpp"

namespace rb {
namespace {

using testing::random_weights;

constexpr bool kDeep = RB_TEST_SCALE > 0;

// A network of width k and h hidden units drawn at random: the embeddings
// within +-`embed`, the hidden and output weights within +-`weight`.
PatternNetwork random_network(std::mt19937_64& rng, int k, int h, int embed, int weight) {
  auto draw = [&](int limit) { return static_cast<int>(rng() % (2 * limit + 1)) - limit; };
  PatternNetwork net;
  net.width = k;
  net.hidden = h;
  net.embed.resize(static_cast<std::size_t>(pattern::kWeightsPerStage * k));
  for (auto& e : net.embed) e = static_cast<std::int16_t>(draw(embed));
  net.hidden_weights.resize(static_cast<std::size_t>(h * net.inputs()));
  for (auto& w : net.hidden_weights) w = static_cast<std::int16_t>(draw(weight));
  for (int j = 0; j < h; ++j) net.hidden_bias.push_back(draw(1 << 20) * 64);
  for (int j = 0; j < h; ++j) net.output_weights.push_back(static_cast<std::int16_t>(draw(weight)));
  net.output_bias = static_cast<std::int64_t>(draw(1 << 24)) * 1024;
  return net;
}

// The random weights' two stages (0..30 and 31..60 empties), each with a
// network of its own.
PatternWeights random_network_weights(std::uint64_t seed, int k, int h, int embed = 300,
                                      int weight = 400) {
  PatternWeights w = random_weights(seed);
  std::mt19937_64 rng(seed + 1);
  for (auto& stage : w.stages) stage.network = random_network(rng, k, h, embed, weight);
  return w;
}

// The model of eval/network.hpp's opening comment, computed plainly;
// `wraps` counts the hidden sums taken modulo 2^32.
int plain_eval(const PatternWeights& w, const Position& p, int* wraps = nullptr) {
  const int empties = p.empties();
  const auto& stage = w.stages[empties <= 30 ? 0 : 1];
  std::int64_t linear = stage.bias;
  const PatternNetwork& net = *stage.network;
  std::vector<std::int64_t> x(static_cast<std::size_t>(net.inputs()), 0);
  for (const pattern::Image& image : pattern::kImages) {
    int index = 0, power = 1;
    for (int j = 0; j < image.size; ++j, power *= 3) {
      const Square s = image.squares[j];
      index += power * ((p.player >> s & 1) ? 1 : (p.opponent >> s & 1) ? 2 : 0);
    }
    const auto at = static_cast<std::size_t>(pattern::kOffsets[image.shape] + index);
    linear += stage.weights[at];
    for (int d = 0; d < net.width; ++d) {
      x[static_cast<std::size_t>(image.shape * net.width + d)] +=
          net.embed[at * static_cast<std::size_t>(net.width) + static_cast<std::size_t>(d)];
    }
  }
  x.back() = (empties - stage.min_empties) * 64;
  std::int64_t out = net.output_bias;
  for (int j = 0; j < net.hidden; ++j) {
    std::int64_t z = net.hidden_bias[static_cast<std::size_t>(j)];
    for (int i = 0; i < net.inputs(); ++i) {
      z += std::int64_t{net.hidden_weights[static_cast<std::size_t>(j * net.inputs() + i)]} *
           x[static_cast<std::size_t>(i)];
    }
    if (wraps && static_cast<std::int32_t>(z) != z) ++*wraps;
    const std::int64_t a = std::clamp<std::int64_t>(static_cast<std::int32_t>(z) >> 8, 0, 32767);
    out += net.output_weights[static_cast<std::size_t>(j)] * a;
  }
  // 1/65536 discs to 1/16: round half up.
  const std::int64_t scaled = out * kEvalScale + 32768;
  return static_cast<int>(linear + (scaled >= 0 ? scaled / 65536 : -((-scaled + 65535) / 65536)));
}

std::vector<Position> sample_positions(int count) { return testing::sample_positions(count, 31); }

TEST(Network, EvalIsThePlainModel) {
  for (const auto& [k, h] : {std::pair{4, 64}, std::pair{1, 8}, std::pair{8, 40}}) {
    const PatternWeights w = random_network_weights(static_cast<std::uint64_t>(k * 100 + h), k, h);
    const PatternEval e(w);
    for (const Position& p : sample_positions(kDeep ? 1000 : 150)) {
      const int expected = plain_eval(w, p);
      ASSERT_EQ(e.eval(p.player, p.opponent), expected) << "K " << k << " H " << h;
      ASSERT_EQ(e.eval_portable(p.player, p.opponent), expected);
    }
  }
}

TEST(Network, NumbersAtTheirLimitsWrapTheHiddenSumsAsTheModelSays) {
  // Embeddings at +-4095 and weights at +-32767: some hidden sums pass 32
  // bits and are taken modulo 2^32 (the layer this CPU runs; the AVX2 and
  // portable layers are compared at these limits below).
  const PatternWeights w = random_network_weights(77, 4, 16, network::kMaxEmbed, 32767);
  const PatternEval e(w);
  int wraps = 0;
  for (const Position& p : sample_positions(100)) {
    ASSERT_EQ(e.eval(p.player, p.opponent), plain_eval(w, p, &wraps));
  }
  EXPECT_GT(wraps, 0) << "no hidden sum passed 32 bits: the test checks no wrap";
}

TEST(Network, LayersRefuseANetworkOutsideTheFilesLimits) {
  std::mt19937_64 rng(4);
  const PatternNetwork good = random_network(rng, 2, 8, 100, 100);
  EXPECT_NO_THROW(NetworkLayers{good});
  PatternNetwork bad = good;
  bad.hidden = 12;
  EXPECT_THROW(NetworkLayers{bad}, std::invalid_argument);
  bad = good;
  bad.embed[5] = network::kMaxEmbed + 1;
  EXPECT_THROW(NetworkLayers{bad}, std::invalid_argument);
  bad = good;
  bad.hidden_weights[3] = -32768;
  EXPECT_THROW(NetworkLayers{bad}, std::invalid_argument);
  bad = good;
  bad.output_weights.pop_back();
  EXPECT_THROW(NetworkLayers{bad}, std::invalid_argument);
}

TEST(Network, Avx2PathGivesThePortableOutput) {
  if (!cpu_supports(kCpuAvx2)) GTEST_SKIP() << "this CPU has no AVX2";
  for (const int limit : {400, 32767}) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(limit));
    for (const auto& [k, h] : {std::pair{4, 64}, std::pair{3, 24}, std::pair{8, 256}}) {
      const NetworkLayers layers(random_network(rng, k, h, network::kMaxEmbed, limit));
      std::vector<std::int32_t> x(static_cast<std::size_t>(network::kMaxInputs));
      for (int trial = 0; trial < 200; ++trial) {
        for (auto& v : x) v = static_cast<std::int32_t>(rng() % 65521) - 32760;
        ASSERT_EQ(layers.forward_avx2(x.data()), layers.forward_portable(x.data()))
            << "K " << k << " H " << h;
      }
    }
  }
}

TEST(Network, TheEightImagesEvaluateEqual) {
  const PatternEval e(random_network_weights(5, 4, 32));
  for (const Position& p : sample_positions(kDeep ? 1000 : 150)) {
    const int v = e.eval(p.player, p.opponent);
    for (int k = 1; k < 8; ++k) {
      ASSERT_EQ(e.eval(pattern::symmetric(k, p.player), pattern::symmetric(k, p.opponent)), v)
          << "image " << k;
    }
  }
}

TEST(Network, TheCarriedIndicesEvaluateAsTheBoard) {
  const PatternEval e(random_network_weights(6, 4, 64));
  std::mt19937_64 rng(8);
  for (int game = 0; game < (kDeep ? 200 : 30); ++game) {
    const Position p = random_reachable(rng, static_cast<int>(rng() % 56));
    pattern::Indices x;
    e.indices(p.player, p.opponent, x);
    ASSERT_EQ(e.eval_indices(x.own, p.empties()), e.eval(p.player, p.opponent));
    // Each child's carried indices.
    const BitsNode<Shift> node(p);
    for (Bitboard m = node.moves(); m; m &= m - 1) {
      const Square s = first_square(m);
      const Bitboard flipped = node.flips(s);
      const BitsNode<Shift> child = node.child(s, flipped);
      pattern::Indices y;
      PatternEval::child_indices(x, s, flipped, y, true);
      ASSERT_EQ(e.eval_indices(y.own, p.empties() - 1), e.eval(child.player(), child.opponent()));
    }
  }
}

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(Network, WeightsFileKeepsTheNetworks) {
  PatternWeights w = random_network_weights(9, 3, 16);
  w.stages[1].network.reset();  // a stage without one
  std::fill(w.stages[0].network->embed.begin(), w.stages[0].network->embed.begin() + 30, 0);
  const std::string path = write_temp("net.txt", format_pattern_weights(w, {"c"}));
  const PatternWeights back = read_pattern_weights(path);
  ASSERT_EQ(back.stages.size(), 2u);
  EXPECT_EQ(back.stages[0].weights, w.stages[0].weights);
  ASSERT_TRUE(back.stages[0].network.has_value());
  EXPECT_EQ(*back.stages[0].network, *w.stages[0].network);
  EXPECT_FALSE(back.stages[1].network.has_value());
}

// The weights the engine plays with, compiled into the binary, are the
// shipped network file's, read by the text reader: every stage with its
// network.
TEST(Network, CompiledInPlayWeightsAreTheShippedFile) {
  const PatternWeights file = read_pattern_weights(RB_POSITIONS_DIR "/../data/network-weights.txt");
  for (const auto& stage : file.stages) EXPECT_TRUE(stage.network.has_value());
  testing::expect_same_weights(play_pattern_weights(), file);
}

// The packed form the defaults are compiled in keeps the networks too (a
// stage with one, a stage without), and refuses bytes cut short or past
// the end.
TEST(Network, PackedWeightsKeepTheNetworks) {
  for (const auto& [k, h] : {std::pair{4, 16}, std::pair{8, 256}, std::pair{1, 8}}) {
    PatternWeights w = random_network_weights(static_cast<std::uint64_t>(10 * k + h), k, h);
    w.stages[1].network.reset();
    w.probcut = {{3, 0, 19, -40, 100, 7}};
    const std::string packed = pack_pattern_weights(w);
    testing::expect_same_weights(unpack_pattern_weights(packed), w);
    EXPECT_THROW(unpack_pattern_weights(packed.substr(0, packed.size() - 1)),
                 std::invalid_argument);
    EXPECT_THROW(unpack_pattern_weights(packed + '\0'), std::invalid_argument);
  }
}

TEST(Network, WeightsFileErrorsNameLineAndColumn) {
  const std::string stage = "reversi-bench pattern weights 1\nstage 0 10 0\n";
  const std::string net = stage + "network 1 8 0\n";
  // K 1: 12 inputs, so a hidden line is J, BIAS and 12 weights.
  auto hidden_line = [](int j) {
    std::string line = "hidden " + std::to_string(j) + " 0";
    for (int i = 0; i < 12; ++i) line += " 0";
    return line + "\n";
  };
  const std::string hidden = hidden_line(0);
  std::string all_hidden;
  for (int j = 0; j < 8; ++j) all_hidden += hidden_line(j);
  const std::pair<std::string, std::string> cases[] = {
      {"reversi-bench pattern weights 1\nnetwork 4 64 0\n",
       ":2:1: a network line before the first stage line"},
      {stage + "network 9 64 0\n", ":3:9: K must be an integer in 1..8"},
      {stage + "network 4 12 0\n", ":3:11: H must be a multiple of 8"},
      {stage + "network 4 64\n", ":3:1: a network line is: network K H OUTPUT_BIAS"},
      {stage + "embed diag4 0 1\n",
       ":3:1: an embed, hidden or output line outside a stage's network"},
      {net + "embed diag4 81 1\n", ":4:13: INDEX must be an integer in 0..80"},
      {net + "embed diag4 0 4096\n", ":4:15: E must be an integer in -4095..4095"},
      {net + "embed diag4 0 1 2\n", ":4:1: an embed line is: embed SHAPE INDEX and K = 1"},
      {net + "embed diagonal 0 1\n", ":4:7: unknown shape 'diagonal'"},
      {net + hidden_line(8), ":4:8: J must be an integer in 0..7"},
      {net + "hidden 0 0 0\n", ":4:1: a hidden line is: hidden J BIAS and 11K+1 = 12 weights"},
      {net + hidden + hidden, ":5:8: a second hidden line for this J"},
      {net + "output 0 0 0 0 0 0 0 40000\n", ":4:22: V must be"},
      {net + all_hidden + "stage 11 20 0\n",
       ":12:1: the network of the stage 0..10 lacks its output line or a hidden line (8 of 8)"},
      {net + hidden + "output 0 0 0 0 0 0 0 0\n",
       ":5:1: the network of the stage 0..10 lacks its output line or a hidden line (1 of 8)"},
      {net + "diag4 0 1\n", ":4:1: a weight after the stage's network line"},
      {net + "embed diag4 3 1\nembed diag4 3 2\n",
       ":5:13: a second embed line for this configuration"},
      {net + "hidden 0 2147483648 0 0 0 0 0 0 0 0 0 0 0 0\n", ":4:10: BIAS must be"},
      {net + "output 0 0 0\n", ":4:1: an output line is: output and H = 8 weights"},
      {net + all_hidden + "output 0 0 0 0 0 0 0 0\noutput 0 0 0 0 0 0 0 0\n",
       ":13:1: a second output line"},
      {stage + "probcut 8 4 0 10 0 1000 48\nnetwork 1 8 0\n",
       ":4:1: a network line after the probcut lines"},
      {net + "network 1 8 0\n", ":4:1: a second network line in one stage"},
  };
  for (const auto& [text, message] : cases) {
    const std::string path = write_temp("bad-net.txt", text);
    try {
      read_pattern_weights(path);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
}

// The trainer's fit on the corpus slice of data/: the network lowers the
// error on the samples it is fitted to, and the weights are the same bytes
// whatever the threads.
TEST(Network, TheFitLowersItsErrorTheSameOnAnyThreads) {
  const std::string slice = RB_POSITIONS_DIR "/../data/corpus-slice.txt";
  const train::Corpus corpus = train::read_corpus(slice);
  train::TrainConfig config;
  config.min_empties = 8;
  config.max_empties = 14;
  config.stage_width = 7;
  config.network.width = 4;
  config.network.hidden = 16;
  config.network.passes = 20;
  config.network.rate = 0.01;
  config.network.l2 = 0;
  config.threads = 1;
  const train::Trained one = train::train_from_corpus(corpus, slice, config);
  config.threads = 3;
  const train::Trained three = train::train_from_corpus(corpus, slice, config);
  EXPECT_EQ(format_pattern_weights(one.weights, one.comments),
            format_pattern_weights(three.weights, three.comments));

  ASSERT_EQ(one.weights.stages.size(), 1u);
  ASSERT_TRUE(one.weights.stages[0].network.has_value());
  PatternWeights linear = one.weights;
  linear.stages[0].network.reset();
  const PatternEval with(one.weights), without(linear);
  double sq_with = 0, sq_without = 0;
  int count = 0;
  for (std::size_t g = 0; g < corpus.games.size(); ++g) {
    if (g % 10 == 9) continue;  // held out of the fit
    for (const train::Sample& s : corpus.games[g]) {
      if (s.empties < 8 || s.empties > 14) continue;
      const double a = with.eval(s.player, s.opponent) / double{kEvalScale} - s.label;
      const double b = without.eval(s.player, s.opponent) / double{kEvalScale} - s.label;
      sq_with += a * a;
      sq_without += b * b;
      ++count;
    }
  }
  ASSERT_GT(count, 100);
  EXPECT_LT(sq_with, 0.5 * sq_without) << "the network's fitted error, squared, against the "
                                          "linear weights' alone: "
                                       << sq_with / sq_without;
}

}  // namespace
}  // namespace rb
