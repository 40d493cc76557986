// The statistics of a match as `sprt` and `match` print them: the pairs and
// their pentanomial counts, the score and Elo of engine A with their
// interval, and the SPRT's log-likelihood ratio with its bounds and verdict.
#pragma once

#include <optional>
#include <string>

#include "io/json.hpp"
#include "run/match_stats.hpp"

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

}  // namespace rb::cli
