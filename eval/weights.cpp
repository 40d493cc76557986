#include "eval/weights.hpp"

#include <charconv>
#include <stdexcept>
#include <string_view>

#include "io/input.hpp"
#include "io/obf.hpp"

namespace rb {
namespace {

constexpr std::string_view kHeader = "reversi-bench pattern weights 1";
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

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
  auto integer = [&](const LineField& f, int lo, int hi, const char* what) {
    int v = 0;
    const char* end = f.text.data() + f.text.size();
    const auto [ptr, err] = std::from_chars(f.text.data(), end, v);
    if (err != std::errc() || ptr != end || v < lo || v > hi) {
      fail(f.column, std::string(what) + " must be an integer in " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ", not '" + printable(f.text) + "'");
    }
    return v;
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
    if (fields.size() != 3) fail(1, "a weight line is: SHAPE INDEX WEIGHT");
    int shape = -1;
    for (int i = 0; i < pattern::kShapeCount; ++i) {
      if (pattern::kShapes[i].name == fields[0].text) shape = i;
    }
    if (shape < 0) fail(1, "unknown shape '" + printable(fields[0].text) + "'");
    const int index =
        integer(fields[1], 0, pattern::power3(pattern::kShapes[shape].size) - 1, "INDEX");
    const int w = integer(fields[2], -32767, 32767, "WEIGHT");
    weights.stages.back().weights[static_cast<std::size_t>(pattern::kOffsets[shape] + index)] =
        static_cast<std::int16_t>(w);
  }
  if (number == 0) throw InputError(path, 0, 0, "empty file");
  if (weights.stages.empty()) throw InputError(path, 0, 0, "no stage");
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
constexpr std::string_view kPackedMagic = "RBPW\x02";
constexpr std::size_t kPackedRowBytes = 9;
}  // namespace

std::string pack_pattern_weights(const PatternWeights& weights) {
  std::string out(kPackedMagic);
  auto put16 = [&](int v) {
    const auto u = static_cast<std::uint16_t>(static_cast<std::int16_t>(v));
    out += static_cast<char>(u & 0xff);
    out += static_cast<char>(u >> 8);
  };
  out += static_cast<char>(weights.stages.size());
  for (const auto& stage : weights.stages) {
    out += static_cast<char>(stage.min_empties);
    out += static_cast<char>(stage.max_empties);
    put16(stage.bias);
    for (const std::int16_t w : stage.weights) put16(w);
  }
  put16(static_cast<int>(weights.probcut.size()));
  for (const ProbCutRow& r : weights.probcut) {
    out += static_cast<char>(r.depth);
    out += static_cast<char>(r.min_empties);
    out += static_cast<char>(r.max_empties);
    put16(r.intercept);
    put16(r.slope);
    put16(r.sigma);
  }
  return out;
}

PatternWeights unpack_pattern_weights(std::string_view packed) {
  const auto fail = [](const char* why) {
    throw std::invalid_argument(std::string("packed pattern weights: ") + why);
  };
  if (!packed.starts_with(kPackedMagic) || packed.size() < kPackedMagic.size() + 1) {
    fail("no header");
  }
  std::size_t at = kPackedMagic.size();
  const auto byte = [&] { return static_cast<unsigned char>(packed[at++]); };
  const auto get16 = [&] {
    const unsigned lo = byte(), hi = byte();
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | hi << 8));
  };
  const int stages = byte();
  const std::size_t stage_bytes = 4 + 2 * static_cast<std::size_t>(pattern::kWeightsPerStage);
  const std::size_t rows_at = at + static_cast<std::size_t>(stages) * stage_bytes;
  if (packed.size() < rows_at + 2) fail("wrong size");
  const std::size_t rows = static_cast<unsigned char>(packed[rows_at]) |
                           static_cast<std::size_t>(static_cast<unsigned char>(packed[rows_at + 1]))
                               << 8;
  if (packed.size() != rows_at + 2 + rows * kPackedRowBytes) fail("wrong size");
  PatternWeights weights;
  for (int i = 0; i < stages; ++i) {
    PatternWeights::Stage& stage = weights.stages.emplace_back();
    stage.min_empties = byte();
    stage.max_empties = byte();
    stage.bias = get16();
    stage.weights.resize(static_cast<std::size_t>(pattern::kWeightsPerStage));
    for (std::int16_t& w : stage.weights) w = get16();
  }
  at += 2;
  for (std::size_t i = 0; i < rows; ++i) {
    ProbCutRow& r = weights.probcut.emplace_back();
    r.depth = byte();
    r.min_empties = byte();
    r.max_empties = byte();
    r.intercept = get16();
    r.slope = get16();
    r.sigma = get16();
  }
  return weights;
}

}  // namespace rb
