#include "eval/weights.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "io/input.hpp"
#include "io/obf.hpp"

namespace rb {
namespace {

constexpr std::string_view kHeader = "reversi-bench pattern weights 1";
constexpr std::size_t kMaxFileBytes = std::size_t{256} << 20;

void format_network(const PatternNetwork& net, std::string& out) {
  out += "network " + std::to_string(net.width) + " " + std::to_string(net.hidden) + " " +
         std::to_string(net.output_bias) + "\n";
  const auto k = static_cast<std::size_t>(net.width);
  for (int shape = 0; shape < pattern::kShapeCount; ++shape) {
    for (int i = pattern::kOffsets[shape]; i < pattern::kOffsets[shape + 1]; ++i) {
      const std::int16_t* e = &net.embed[static_cast<std::size_t>(i) * k];
      if (std::all_of(e, e + k, [](std::int16_t v) { return v == 0; })) continue;
      out += "embed " + std::string(pattern::kShapes[shape].name) + " " +
             std::to_string(i - pattern::kOffsets[shape]);
      for (std::size_t d = 0; d < k; ++d) out += " " + std::to_string(e[d]);
      out += '\n';
    }
  }
  const auto inputs = static_cast<std::size_t>(net.inputs());
  for (std::size_t j = 0; j < static_cast<std::size_t>(net.hidden); ++j) {
    out += "hidden " + std::to_string(j) + " " + std::to_string(net.hidden_bias[j]);
    for (std::size_t i = 0; i < inputs; ++i) {
      out += " " + std::to_string(net.hidden_weights[j * inputs + i]);
    }
    out += '\n';
  }
  out += "output";
  for (const std::int16_t v : net.output_weights) out += " " + std::to_string(v);
  out += '\n';
}

}  // namespace

std::string format_pattern_weights(const PatternWeights& weights,
                                   const std::vector<std::string>& comments) {
  std::string out(kHeader);
  out += '\n';
  for (const auto& c : comments) out += "# " + c + "\n";
  for (const auto& stage : weights.stages) {
    out += "stage " + std::to_string(stage.min_empties) + " " + std::to_string(stage.max_empties) +
           " " + std::to_string(stage.bias) + "\n";
    for (int shape = 0; shape < pattern::kShapeCount; ++shape) {
      for (int i = pattern::kOffsets[shape]; i < pattern::kOffsets[shape + 1]; ++i) {
        const int w = stage.weights[static_cast<std::size_t>(i)];
        if (w == 0) continue;
        out += std::string(pattern::kShapes[shape].name) + " " +
               std::to_string(i - pattern::kOffsets[shape]) + " " + std::to_string(w) + "\n";
      }
    }
    if (stage.network) format_network(*stage.network, out);
  }
  for (const ProbCutRow& r : weights.probcut) {
    out += "probcut " + std::to_string(r.depth) + " " +
           std::to_string(probcut_shallow_depth(r.depth)) + " " + std::to_string(r.min_empties) +
           " " + std::to_string(r.max_empties) + " " + std::to_string(r.intercept) + " " +
           std::to_string(r.slope) + " " + std::to_string(r.sigma) + "\n";
  }
  return out;
}

PatternWeights read_pattern_weights(const std::string& path) {
  const std::string text = read_input_file(path, kMaxFileBytes);
  PatternWeights weights;
  int number = 0;
  auto fail = [&](int column, const std::string& reason) {
    throw InputError(path, number, column, reason);
  };
  auto integer64 = [&](const LineField& f, std::int64_t lo, std::int64_t hi, const char* what) {
    std::int64_t v = 0;
    const char* end = f.text.data() + f.text.size();
    const auto [ptr, err] = std::from_chars(f.text.data(), end, v);
    if (err != std::errc() || ptr != end || v < lo || v > hi) {
      fail(f.column, std::string(what) + " must be an integer in " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ", not '" + printable(f.text) + "'");
    }
    return v;
  };
  auto integer = [&](const LineField& f, int lo, int hi, const char* what) {
    return static_cast<int>(integer64(f, lo, hi, what));
  };
  // The network being read (the last stage's), and which of its lines came.
  std::vector<bool> hidden_seen, embed_seen;
  bool output_seen = true;
  auto close_network = [&](int column) {
    if (output_seen &&
        std::find(hidden_seen.begin(), hidden_seen.end(), false) == hidden_seen.end()) {
      return;
    }
    fail(column, "the network of the stage " + std::to_string(weights.stages.back().min_empties) +
                     ".." + std::to_string(weights.stages.back().max_empties) +
                     " lacks its output line or a hidden line (" +
                     std::to_string(std::count(hidden_seen.begin(), hidden_seen.end(), true)) +
                     " of " + std::to_string(hidden_seen.size()) + ")");
  };
  auto shape_of = [&](const LineField& f) {
    for (int i = 0; i < pattern::kShapeCount; ++i) {
      if (pattern::kShapes[i].name == f.text) return i;
    }
    fail(f.column, "unknown shape '" + printable(f.text) + "'");
    return -1;
  };
  std::string_view rest = text;
  while (!rest.empty()) {
    std::string_view line = take_line(rest);
    ++number;
    // A NUL byte or a CR inside the line is named at its column.
    check_line_bytes(line, {path, number});
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (number == 1) {
      if (line != kHeader)
        fail(1, "not a pattern weights file (expected '" + std::string(kHeader) + "')");
      continue;
    }
    const auto fields = split_fields(line);
    if (fields.empty() || fields[0].text.starts_with('#')) continue;
    if (fields[0].text == "network") {
      if (weights.stages.empty()) fail(1, "a network line before the first stage line");
      if (!weights.probcut.empty()) fail(1, "a network line after the probcut lines");
      if (weights.stages.back().network) fail(1, "a second network line in one stage");
      if (fields.size() != 4) fail(1, "a network line is: network K H OUTPUT_BIAS");
      PatternNetwork net;
      net.width = integer(fields[1], 1, network::kMaxWidth, "K");
      net.hidden = integer(fields[2], 8, network::kMaxHidden, "H");
      if (net.hidden % 8 != 0) fail(fields[2].column, "H must be a multiple of 8");
      net.output_bias =
          integer64(fields[3], -(std::int64_t{1} << 40), std::int64_t{1} << 40, "OUTPUT_BIAS");
      net.embed.assign(static_cast<std::size_t>(pattern::kWeightsPerStage * net.width), 0);
      net.hidden_bias.assign(static_cast<std::size_t>(net.hidden), 0);
      net.hidden_weights.assign(static_cast<std::size_t>(net.hidden * net.inputs()), 0);
      net.output_weights.assign(static_cast<std::size_t>(net.hidden), 0);
      hidden_seen.assign(static_cast<std::size_t>(net.hidden), false);
      embed_seen.assign(static_cast<std::size_t>(pattern::kWeightsPerStage), false);
      output_seen = false;
      weights.stages.back().network = std::move(net);
      continue;
    }
    if (fields[0].text == "embed" || fields[0].text == "hidden" || fields[0].text == "output") {
      if (weights.stages.empty() || !weights.stages.back().network || !weights.probcut.empty()) {
        fail(1, "an embed, hidden or output line outside a stage's network");
      }
      PatternNetwork& net = *weights.stages.back().network;
      const auto k = static_cast<std::size_t>(net.width);
      if (fields[0].text == "embed") {
        if (fields.size() != 3 + k) {
          fail(1, "an embed line is: embed SHAPE INDEX and K = " + std::to_string(k) + " numbers");
        }
        const int shape = shape_of(fields[1]);
        const int index =
            integer(fields[2], 0, pattern::power3(pattern::kShapes[shape].size) - 1, "INDEX");
        const auto at = static_cast<std::size_t>(pattern::kOffsets[shape] + index);
        if (embed_seen[at]) fail(fields[2].column, "a second embed line for this configuration");
        embed_seen[at] = true;
        for (std::size_t d = 0; d < k; ++d) {
          net.embed[static_cast<std::size_t>(pattern::kOffsets[shape] + index) * k + d] =
              static_cast<std::int16_t>(
                  integer(fields[3 + d], -network::kMaxEmbed, network::kMaxEmbed, "E"));
        }
      } else if (fields[0].text == "hidden") {
        const auto inputs = static_cast<std::size_t>(net.inputs());
        if (fields.size() != 3 + inputs) {
          fail(1, "a hidden line is: hidden J BIAS and 11K+1 = " + std::to_string(inputs) +
                      " weights");
        }
        const auto j = static_cast<std::size_t>(integer(fields[1], 0, net.hidden - 1, "J"));
        if (hidden_seen[j]) fail(fields[1].column, "a second hidden line for this J");
        hidden_seen[j] = true;
        net.hidden_bias[j] =
            static_cast<std::int32_t>(integer64(fields[2], -2147483647, 2147483647, "BIAS"));
        for (std::size_t i = 0; i < inputs; ++i) {
          net.hidden_weights[j * inputs + i] =
              static_cast<std::int16_t>(integer(fields[3 + i], -32767, 32767, "W"));
        }
      } else {
        if (output_seen) fail(1, "a second output line");
        if (fields.size() != 1 + static_cast<std::size_t>(net.hidden)) {
          fail(1, "an output line is: output and H = " + std::to_string(net.hidden) + " weights");
        }
        output_seen = true;
        for (std::size_t j = 0; j < static_cast<std::size_t>(net.hidden); ++j) {
          net.output_weights[j] =
              static_cast<std::int16_t>(integer(fields[1 + j], -32767, 32767, "V"));
        }
      }
      continue;
    }
    if (fields[0].text == "stage" || fields[0].text == "probcut") close_network(1);
    if (fields[0].text == "stage") {
      if (fields.size() != 4) fail(1, "a stage line is: stage MIN_EMPTIES MAX_EMPTIES BIAS");
      if (!weights.probcut.empty()) fail(1, "a stage line after the probcut lines");
      PatternWeights::Stage stage;
      stage.min_empties = integer(fields[1], 0, 60, "MIN_EMPTIES");
      stage.max_empties = integer(fields[2], stage.min_empties, 60, "MAX_EMPTIES");
      stage.bias = integer(fields[3], -32767, 32767, "BIAS");
      if (!weights.stages.empty() && stage.min_empties <= weights.stages.back().max_empties) {
        fail(fields[1].column, "stages must come in increasing, non-overlapping empties ranges");
      }
      stage.weights.assign(pattern::kWeightsPerStage, 0);
      weights.stages.push_back(std::move(stage));
      continue;
    }
    if (fields[0].text == "probcut") {
      if (fields.size() != 8) {
        fail(1,
             "a probcut line is: probcut DEPTH SHALLOW MIN_EMPTIES MAX_EMPTIES INTERCEPT SLOPE "
             "SIGMA");
      }
      ProbCutRow r;
      r.depth = integer(fields[1], 1, 60, "DEPTH");
      const int shallow = probcut_shallow_depth(r.depth);
      if (integer(fields[2], 0, 60, "SHALLOW") != shallow) {
        fail(fields[2].column, "SHALLOW must be the search's shallow depth for DEPTH " +
                                   std::to_string(r.depth) + ": " + std::to_string(shallow));
      }
      r.min_empties = integer(fields[3], 0, 60, "MIN_EMPTIES");
      r.max_empties = integer(fields[4], r.min_empties, 60, "MAX_EMPTIES");
      r.intercept = integer(fields[5], -32767, 32767, "INTERCEPT");
      r.slope = integer(fields[6], kProbCutSlopeScale / 10, 10 * kProbCutSlopeScale, "SLOPE");
      r.sigma = integer(fields[7], 0, 32767, "SIGMA");
      if (!weights.probcut.empty()) {
        const ProbCutRow& last = weights.probcut.back();
        if (r.depth < last.depth || (r.depth == last.depth && r.min_empties <= last.max_empties)) {
          fail(fields[1].column,
               "probcut lines must come by depth, then in increasing, non-overlapping empties "
               "ranges");
        }
      }
      weights.probcut.push_back(r);
      continue;
    }
    if (weights.stages.empty()) fail(1, "a weight before the first stage line");
    if (!weights.probcut.empty()) fail(1, "a weight after the probcut lines");
    if (weights.stages.back().network) fail(1, "a weight after the stage's network line");
    if (fields.size() != 3) fail(1, "a weight line is: SHAPE INDEX WEIGHT");
    const int shape = shape_of(fields[0]);
    const int index =
        integer(fields[1], 0, pattern::power3(pattern::kShapes[shape].size) - 1, "INDEX");
    const int w = integer(fields[2], -32767, 32767, "WEIGHT");
    weights.stages.back().weights[static_cast<std::size_t>(pattern::kOffsets[shape] + index)] =
        static_cast<std::int16_t>(w);
  }
  if (number == 0) throw InputError(path, 0, 0, "empty file");
  if (weights.stages.empty()) throw InputError(path, 0, 0, "no stage");
  close_network(1);  // at the last line
  return weights;
}

std::vector<std::string> pattern_weights_comments(const std::string& path) {
  read_pattern_weights(path);  // a file that is not one is named as such
  const std::string text = read_input_file(path, kMaxFileBytes);
  std::vector<std::string> out;
  std::string_view rest = text;
  take_line(rest);  // the header
  while (!rest.empty()) {
    std::string_view line = take_line(rest);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.starts_with('#')) continue;
    line.remove_prefix(1);
    if (line.starts_with(' ')) line.remove_prefix(1);
    out.emplace_back(line);
  }
  return out;
}

namespace {
constexpr std::string_view kPackedMagic = "RBPW\x03";

// The little-endian writer and reader of the packed form.
struct PackedWriter {
  std::string& out;
  void byte(int v) { out += static_cast<char>(v); }
  template <class T>
  void put(T v) {
    auto u = static_cast<std::make_unsigned_t<T>>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i, u = static_cast<decltype(u)>(u >> 8)) {
      out += static_cast<char>(u & 0xff);
    }
  }
  template <class T>
  void put_all(const std::vector<T>& values) {
    for (const T v : values) put(v);
  }
};

struct PackedReader {
  std::string_view in;
  std::size_t at = 0;
  [[noreturn]] static void fail(const char* why) {
    throw std::invalid_argument(std::string("packed pattern weights: ") + why);
  }
  void need(std::size_t bytes) const {
    if (in.size() - at < bytes) fail("wrong size");
  }
  int byte() {
    need(1);
    return static_cast<unsigned char>(in[at++]);
  }
  template <class T>
  T get() {
    need(sizeof(T));
    std::make_unsigned_t<T> u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      u = static_cast<decltype(u)>(
          u | static_cast<decltype(u)>(static_cast<unsigned char>(in[at++])) << (8 * i));
    }
    return static_cast<T>(u);
  }
  template <class T>
  void get_all(std::vector<T>& values, std::size_t count) {
    need(count * sizeof(T));
    values.resize(count);
    for (T& v : values) v = get<T>();
  }
};

}  // namespace

std::string pack_pattern_weights(const PatternWeights& weights) {
  std::string out(kPackedMagic);
  PackedWriter w{out};
  w.byte(static_cast<int>(weights.stages.size()));
  for (const auto& stage : weights.stages) {
    w.byte(stage.min_empties);
    w.byte(stage.max_empties);
    w.put(static_cast<std::int16_t>(stage.bias));
    w.put_all(stage.weights);
    w.byte(stage.network ? 1 : 0);
    if (const auto& net = stage.network) {
      w.byte(net->width);
      w.put(static_cast<std::uint16_t>(net->hidden));
      w.put(net->output_bias);
      w.put_all(net->embed);
      w.put_all(net->hidden_bias);
      w.put_all(net->hidden_weights);
      w.put_all(net->output_weights);
    }
  }
  w.put(static_cast<std::uint16_t>(weights.probcut.size()));
  for (const ProbCutRow& r : weights.probcut) {
    w.byte(r.depth);
    w.byte(r.min_empties);
    w.byte(r.max_empties);
    w.put(static_cast<std::int16_t>(r.intercept));
    w.put(static_cast<std::int16_t>(r.slope));
    w.put(static_cast<std::int16_t>(r.sigma));
  }
  return out;
}

PatternWeights unpack_pattern_weights(std::string_view packed) {
  if (!packed.starts_with(kPackedMagic)) PackedReader::fail("no header");
  PackedReader r{packed, kPackedMagic.size()};
  PatternWeights weights;
  const int stages = r.byte();
  for (int i = 0; i < stages; ++i) {
    PatternWeights::Stage& stage = weights.stages.emplace_back();
    stage.min_empties = r.byte();
    stage.max_empties = r.byte();
    stage.bias = r.get<std::int16_t>();
    r.get_all(stage.weights, static_cast<std::size_t>(pattern::kWeightsPerStage));
    const int has_network = r.byte();
    if (has_network > 1) PackedReader::fail("a stage's network flag is not 0 or 1");
    if (has_network == 0) continue;
    PatternNetwork& net = stage.network.emplace();
    net.width = r.byte();
    net.hidden = r.get<std::uint16_t>();
    if (net.width < 1 || net.width > network::kMaxWidth || net.hidden < 1 ||
        net.hidden > network::kMaxHidden) {
      PackedReader::fail("a network's K or H is out of range");
    }
    net.output_bias = r.get<std::int64_t>();
    const auto k = static_cast<std::size_t>(net.width);
    const auto h = static_cast<std::size_t>(net.hidden);
    r.get_all(net.embed, static_cast<std::size_t>(pattern::kWeightsPerStage) * k);
    r.get_all(net.hidden_bias, h);
    r.get_all(net.hidden_weights, h * static_cast<std::size_t>(net.inputs()));
    r.get_all(net.output_weights, h);
  }
  const std::size_t rows = r.get<std::uint16_t>();
  for (std::size_t i = 0; i < rows; ++i) {
    ProbCutRow& row = weights.probcut.emplace_back();
    row.depth = r.byte();
    row.min_empties = r.byte();
    row.max_empties = r.byte();
    row.intercept = r.get<std::int16_t>();
    row.slope = r.get<std::int16_t>();
    row.sigma = r.get<std::int16_t>();
  }
  if (r.at != packed.size()) PackedReader::fail("wrong size");
  return weights;
}

}  // namespace rb
