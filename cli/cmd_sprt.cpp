// `reversi-bench sprt`: the statistics of a match from its pentanomial
// counts (run/match_stats.hpp): the score and Elo of engine A with their
// interval, and the SPRT's log-likelihood ratio, bounds and verdict. For
// the counts of any match runner; `match` (issue #47) prints the same.
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "io/json.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "run/match_stats.hpp"

namespace rb::cli {
namespace {

struct SprtArgs {
  std::string penta;
  SprtSettings settings;
  double confidence = 0.95;
  std::string json;
};

// "N0,N1,N2,N3,N4": the pairs that scored 0, 1/2, 1, 3/2 and 2 points.
Pentanomial parse_penta(const std::string& text) {
  Pentanomial counts;
  std::size_t start = 0;
  for (int i = 0; i < 5; ++i) {
    const std::size_t comma = text.find(',', start);
    const bool last = i == 4;
    if (last != (comma == std::string::npos)) {
      throw UsageError("--penta '" + text + "': five counts separated by commas (pairs scoring " +
                       "0, 1/2, 1, 3/2 and 2 points for A)");
    }
    const std::string word = text.substr(start, last ? std::string::npos : comma - start);
    const auto value = is_decimal_number<std::uint64_t>(word)
                           ? parse_decimal_value<std::uint64_t>(word)
                           : std::nullopt;
    if (!value) {
      throw UsageError("--penta '" + text + "': count " + std::to_string(i + 1) + " ('" + word +
                       "') is not a whole number from 0");
    }
    counts.n[static_cast<std::size_t>(i)] = *value;
    start = comma + 1;
  }
  if (counts.pairs() == 0) throw UsageError("--penta '" + text + "': no pair played");
  return counts;
}

// An Elo, or +-inf where the score (or the bound) `score` reaches 1 or 0.
std::string elo_text(const std::optional<double>& elo, double score) {
  if (!elo) return score <= 0 ? "-inf" : "+inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f", *elo);
  return text;
}

Json elo_json(const std::optional<double>& elo) { return elo ? Json(*elo) : Json(nullptr); }

int run_sprt(const SprtArgs& args, bool json_given) {
  if (args.settings.elo0 >= args.settings.elo1) {
    throw UsageError("--elo0 " + std::to_string(args.settings.elo0) + " is not below --elo1 " +
                     std::to_string(args.settings.elo1));
  }
  if (json_given) check_writable(args.json, "--json");
  const Pentanomial counts = parse_penta(args.penta);
  const EloEstimate e = elo_estimate(counts, args.confidence);
  const SprtState s = sprt(counts, args.settings);
  const int percent = static_cast<int>(args.confidence * 100 + 0.5);
  std::printf(
      "pairs %llu (pentanomial %llu %llu %llu %llu %llu), score %.4f (%d%%: %.4f-%.4f)\n",
      static_cast<unsigned long long>(e.pairs), static_cast<unsigned long long>(counts.n[0]),
      static_cast<unsigned long long>(counts.n[1]), static_cast<unsigned long long>(counts.n[2]),
      static_cast<unsigned long long>(counts.n[3]), static_cast<unsigned long long>(counts.n[4]),
      e.score, percent, e.score_low, e.score_high);
  std::printf("Elo %s (%d%%: %s to %s)\n", elo_text(e.elo, e.score).c_str(), percent,
              elo_text(e.elo_low, e.score_low).c_str(), elo_text(e.elo_high, e.score_high).c_str());
  std::printf("SPRT [%.2f, %.2f] alpha %.3g beta %.3g (pentanomial, logistic Elo)\n",
              args.settings.elo0, args.settings.elo1, args.settings.alpha, args.settings.beta);
  std::printf("LLR: %.2f (%.2f, %.2f): %s\n", s.llr, s.lower, s.upper,
              s.verdict == SprtVerdict::h1   ? "H1 accepted"
              : s.verdict == SprtVerdict::h0 ? "H0 accepted"
                                             : "undecided, play on");
  if (json_given) {
    Json doc;
    doc["schema"] = kResultSchema;
    doc["kind"] = "sprt";
    add_machine_and_build(doc);
    doc["config"] = {{"penta", counts.n},          {"elo0", args.settings.elo0},
                     {"elo1", args.settings.elo1}, {"alpha", args.settings.alpha},
                     {"beta", args.settings.beta}, {"confidence", args.confidence}};
    doc["result"] = {{"pairs", e.pairs},
                     {"score", e.score},
                     {"score_interval", {e.score_low, e.score_high}},
                     {"elo", elo_json(e.elo)},
                     {"elo_interval", {elo_json(e.elo_low), elo_json(e.elo_high)}},
                     {"llr", s.llr},
                     {"llr_bounds", {s.lower, s.upper}},
                     {"verdict", std::string(verdict_name(s.verdict))}};
    write_json_file(args.json, doc, "--json");
  }
  return kExitOk;
}

}  // namespace

void add_sprt_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SprtArgs>();
  auto* cmd = app.add_subcommand(
      "sprt",
      "The Elo and SPRT of a match from its pentanomial counts (pairs of games, colours swapped)");
  cmd->add_option("--penta", args->penta,
                  "N0,N1,N2,N3,N4: the pairs in which engine A scored 0, 1/2, 1, 3/2 and 2 points")
      ->required();
  add_number_option<double>(cmd, "--elo0", args->settings.elo0, "H0's Elo (default 0)", -2000,
                            2000);
  add_number_option<double>(cmd, "--elo1", args->settings.elo1, "H1's Elo (default 5)", -2000,
                            2000);
  add_number_option<double>(cmd, "--alpha", args->settings.alpha,
                            "the chance of accepting H1 when H0 holds (default 0.05)", 1e-9, 0.5);
  add_number_option<double>(cmd, "--beta", args->settings.beta,
                            "the chance of accepting H0 when H1 holds (default 0.05)", 1e-9, 0.5);
  add_number_option<double>(cmd, "--confidence", args->confidence,
                            "of the score and Elo intervals (default 0.95)", 0.5, 0.999999);
  auto* json = cmd->add_option("--json", args->json, "also write the result as JSON");
  cmd->callback([args, json, &exit_code] { exit_code = run_sprt(*args, json->count() > 0); });
}

}  // namespace rb::cli
