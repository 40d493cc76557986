// The statistics of a match as `sprt` and `match` print them: the pairs and
// their pentanomial counts, the score and Elo of engine A with their
// interval, and the SPRT's log-likelihood ratio with its bounds and verdict;
// and the rest of `match`'s output: its progress lines, its summary, a
// round robin's standings and cross table, its JSON.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/json.hpp"
#include "run/match.hpp"
#include "run/match_stats.hpp"
#include "run/round_robin.hpp"

namespace CLI {
class App;
}

namespace rb::cli {

// --elo0, --elo1, --alpha, --beta and --confidence, into `settings` and
// `confidence`.
void add_sprt_options(CLI::App* cmd, SprtSettings& settings, double& confidence);

// An Elo, or +-inf where the score (or the bound) `score` reaches 1 or 0.
std::string elo_text(const std::optional<double>& elo, double score);

// The lines of the statistics (the SPRT's only with settings).
void print_match_statistics(const Pentanomial& counts, const std::optional<SprtSettings>& sprt,
                            double confidence);

// {"pairs", "score", "score_interval", "elo", "elo_interval"[, "llr", "llr_bounds",
// "verdict"]}
Json match_statistics_json(const Pentanomial& counts, const std::optional<SprtSettings>& sprt,
                           double confidence);

// "Elo +12.3 (-20.1, +45.0)  LLR 0.42 (-2.94, 2.94)": for progress lines.
std::string short_statistics(const Pentanomial& counts, const std::optional<SprtState>& sprt);

// "2026.11.26_18:07:19.UTC", GGF's date.
std::string utc_now();

// The lines of a match: its header; a fault, with the engine's last lines;
// a finished pair (A's disc margin in each game, the running counts); the
// summary at its end (the statistics, and whether the SPRT stopped it).
void print_match_header(const MatchSettings& settings, const std::string& openings, int adjudicate);
void print_fault(const GameRecord& game, const MatchSettings& settings);
void print_pair(const PairRecord& pair, const MatchProgress& progress,
                const MatchSettings& settings);
void print_match_summary(const MatchResult& result, const MatchSettings& settings,
                         double confidence);

// A round robin (run/round_robin.hpp): each engine's games, points, score
// and Elo against the field, and the cross table.
void print_round_robin(const std::vector<std::string>& names, const RoundRobin& table,
                       double confidence);

// The JSON of match --json: its settings; every game (engines by their
// index on the command line); the result of a match of two, or a round
// robin's standings and cross table.
Json match_config_json(const MatchSettings& settings, const std::string& openings);
Json games_json(const EnginePairs& matches, const std::vector<MatchResult>& results);
Json match_result_json(const MatchResult& result, const MatchSettings& settings, double confidence);
Json round_robin_json(const std::vector<std::string>& names, const RoundRobin& table,
                      double confidence);

}  // namespace rb::cli
