// `reversi-bench sprt`: the statistics of a match from its pentanomial
// counts (run/match_stats.hpp): the score and Elo of engine A with their
// interval, and the SPRT's log-likelihood ratio, bounds and verdict. For
// the counts of any match runner; `match` (issue #47) prints the same.
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/match_report.hpp"
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

int run_sprt(const SprtArgs& args, bool json_given) {
  if (args.settings.elo0 >= args.settings.elo1) {
    throw UsageError("--elo0 " + std::to_string(args.settings.elo0) + " is not below --elo1 " +
                     std::to_string(args.settings.elo1));
  }
  if (json_given) check_writable(args.json, "--json");
  const Pentanomial counts = parse_penta(args.penta);
  print_match_statistics(counts, args.settings, args.confidence);
  if (json_given) {
    Json doc = result_document("sprt");
    doc["config"] = {{"penta", counts.n},          {"elo0", args.settings.elo0},
                     {"elo1", args.settings.elo1}, {"alpha", args.settings.alpha},
                     {"beta", args.settings.beta}, {"confidence", args.confidence}};
    doc["result"] = match_statistics_json(counts, args.settings, args.confidence);
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
  add_sprt_options(cmd, args->settings, args->confidence);
  auto* json = cmd->add_option("--json", args->json, "also write the result as JSON");
  cmd->callback([args, json, &exit_code] { exit_code = run_sprt(*args, json->count() > 0); });
}

}  // namespace rb::cli
