#include "cli/match_report.hpp"

#include <cstdio>

#include <CLI/CLI.hpp>
#include "cli/options.hpp"

namespace rb::cli {
namespace {

Json elo_json(const std::optional<double>& elo) { return elo ? Json(*elo) : Json(nullptr); }

const char* verdict_words(SprtVerdict v) {
  return v == SprtVerdict::h1   ? "H1 accepted"
         : v == SprtVerdict::h0 ? "H0 accepted"
                                : "undecided, play on";
}

}  // namespace

void add_sprt_options(CLI::App* cmd, SprtSettings& settings, double& confidence) {
  add_number_option<double>(cmd, "--elo0", settings.elo0, "H0's Elo (default 0)", -2000, 2000);
  add_number_option<double>(cmd, "--elo1", settings.elo1, "H1's Elo (default 5)", -2000, 2000);
  add_number_option<double>(cmd, "--alpha", settings.alpha,
                            "the chance of accepting H1 when H0 holds (default 0.05)", 1e-9, 0.5);
  add_number_option<double>(cmd, "--beta", settings.beta,
                            "the chance of accepting H0 when H1 holds (default 0.05)", 1e-9, 0.5);
  add_number_option<double>(cmd, "--confidence", confidence,
                            "of the score and Elo intervals (default 0.95)", 0.5, 0.999999);
}

std::string elo_text(const std::optional<double>& elo, double score) {
  if (!elo) return score <= 0 ? "-inf" : "+inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f", *elo);
  return text;
}

void print_match_statistics(const Pentanomial& counts, const std::optional<SprtSettings>& settings,
                            double confidence) {
  const EloEstimate e = elo_estimate(counts, confidence);
  const int percent = static_cast<int>(confidence * 100 + 0.5);
  std::printf(
      "pairs %llu (pentanomial %llu %llu %llu %llu %llu), score %.4f (%d%%: %.4f-%.4f)\n",
      static_cast<unsigned long long>(e.pairs), static_cast<unsigned long long>(counts.n[0]),
      static_cast<unsigned long long>(counts.n[1]), static_cast<unsigned long long>(counts.n[2]),
      static_cast<unsigned long long>(counts.n[3]), static_cast<unsigned long long>(counts.n[4]),
      e.score, percent, e.score_low, e.score_high);
  std::printf("Elo %s (%d%%: %s to %s)\n", elo_text(e.elo, e.score).c_str(), percent,
              elo_text(e.elo_low, e.score_low).c_str(), elo_text(e.elo_high, e.score_high).c_str());
  if (!settings) return;
  const SprtState s = sprt(counts, *settings);
  std::printf("SPRT [%.2f, %.2f] alpha %.3g beta %.3g (pentanomial, logistic Elo)\n",
              settings->elo0, settings->elo1, settings->alpha, settings->beta);
  std::printf("LLR: %.2f (%.2f, %.2f): %s\n", s.llr, s.lower, s.upper, verdict_words(s.verdict));
}

Json match_statistics_json(const Pentanomial& counts, const std::optional<SprtSettings>& settings,
                           double confidence) {
  const EloEstimate e = elo_estimate(counts, confidence);
  Json out = {
      {"pairs", e.pairs},       {"penta", counts.n},
      {"score", e.score},       {"score_interval", {e.score_low, e.score_high}},
      {"elo", elo_json(e.elo)}, {"elo_interval", {elo_json(e.elo_low), elo_json(e.elo_high)}}};
  if (settings) {
    const SprtState s = sprt(counts, *settings);
    out["llr"] = s.llr;
    out["llr_bounds"] = {s.lower, s.upper};
    out["verdict"] = std::string(verdict_name(s.verdict));
  }
  return out;
}

std::string short_statistics(const Pentanomial& counts, const std::optional<SprtState>& sprt) {
  const EloEstimate e = elo_estimate(counts);
  std::string out = "Elo " + elo_text(e.elo, e.score) + " (" + elo_text(e.elo_low, e.score_low) +
                    ", " + elo_text(e.elo_high, e.score_high) + ")";
  if (sprt) {
    char text[96];
    std::snprintf(text, sizeof text, "  LLR %.2f (%.2f, %.2f)", sprt->llr, sprt->lower,
                  sprt->upper);
    out += text;
  }
  return out;
}

}  // namespace rb::cli
