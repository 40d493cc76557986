#include "cli/match_report.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <ctime>

#include <CLI/CLI.hpp>
#include "cli/options.hpp"
#include "protocol/protocol.hpp"
#include "run/match_records.hpp"

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

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[40];
  std::strftime(text, sizeof text, "%Y.%m.%d_%H:%M:%S.UTC", &tm);
  return text;
}

namespace {

// A game for engine A: its disc margin ("+12", "-4", "0"; "@14":
// adjudicated at 14 empties), or the fault that decided it.
std::string result_for_a(const GameRecord& g) {
  if (g.end == GameRecord::End::fault) return g.faulty == 0 ? "lost:fault" : "won:fault";
  const int margin = g.black == 0 ? g.result : -g.result;
  return (margin > 0 ? "+" : "") + std::to_string(margin) +
         (g.end == GameRecord::End::adjudicated ? "@" + std::to_string(g.adjudicated_empties) : "");
}

}  // namespace

void print_match_header(const MatchSettings& settings, const std::string& openings,
                        int adjudicate) {
  fmt::print(
      "match A {} vs B {}: {} pairs from {} openings ({}), -j {}{}\n",
      settings.engines[0].spec.name, settings.engines[1].spec.name, settings.pairs,
      settings.openings.size(), openings, settings.jobs,
      adjudicate >= 0 ? ", adjudicated exactly at " + std::to_string(adjudicate) + " empties" : "");
}

void print_fault(const GameRecord& g, const MatchSettings& settings) {
  fmt::print("  fault: {} in pair {} game {} ({}): {}\n",
             settings.engines[static_cast<std::size_t>(g.faulty)].spec.name, g.pair + 1, g.game + 1,
             protocol::fault_name(g.fault), g.fault_reason);
  for (const auto& line : g.last_lines) fmt::print("    | {}\n", line);
}

void print_pair(const PairRecord& p, const MatchProgress& m, const MatchSettings& settings) {
  fmt::print("pair {:>4}  {:<22} A {:>10} as black {:>10} as white  games {} (+{} ={} -{})  {}\n",
             p.pair + 1,
             settings.openings[static_cast<std::size_t>(p.games[0].opening)].label.substr(0, 22),
             result_for_a(p.games[0]), result_for_a(p.games[1]), 2 * m.counts.pairs(), m.wins,
             m.draws, m.losses, short_statistics(m.counts, m.sprt));
  std::fflush(stdout);
}

void print_match_summary(const MatchResult& r, const MatchSettings& settings, double confidence) {
  const MatchProgress& m = r.progress;
  const auto& a = settings.engines[0].spec.name;
  const auto& b = settings.engines[1].spec.name;
  fmt::print("\n{} vs {}: {} games, {} wins, {} draws, {} losses for {}; faults: {} {}, {} {}\n", a,
             b, 2 * m.counts.pairs(), m.wins, m.draws, m.losses, a, a, m.faults[0], b, m.faults[1]);
  if (m.counts.pairs() > 0) print_match_statistics(m.counts, settings.sprt, confidence);
  if (r.stopped_by_sprt) fmt::print("stopped: the SPRT decided\n");
  std::fflush(stdout);
}

void print_round_robin(const std::vector<std::string>& names, const RoundRobin& table,
                       double confidence) {
  const int percent = static_cast<int>(confidence * 100 + 0.5);
  fmt::print(
      "\nround robin of {} engines: each against the field (its pairs against every other "
      "engine)\n",
      names.size());
  fmt::print("{:<16} {:>6} {:>8} {:>7}  Elo ({}% interval)\n", "engine", "games", "points", "score",
             percent);
  for (std::size_t e = 0; e < names.size(); ++e) {
    const Standing& s = table.standings[e];
    if (!s.elo) continue;
    const EloEstimate& est = *s.elo;
    fmt::print("{:<16} {:>6} {:>8.1f} {:>7.4f}  {} ({}, {})\n", names[e].substr(0, 16), s.games,
               s.points, est.score, elo_text(est.elo, est.score),
               elo_text(est.elo_low, est.score_low), elo_text(est.elo_high, est.score_high));
  }
  fmt::print("\ncross table: points of the row's engine against the column's\n{:<16}", "");
  for (const auto& name : names) fmt::print(" {:>10}", name.substr(0, 10));
  fmt::print("\n");
  for (std::size_t r = 0; r < names.size(); ++r) {
    fmt::print("{:<16}", names[r].substr(0, 16));
    for (std::size_t c = 0; c < names.size(); ++c) {
      if (r == c) {
        fmt::print(" {:>10}", "-");
      } else {
        fmt::print(" {:>10.1f}", table.cross[r][c]);
      }
    }
    fmt::print("\n");
  }
}

Json match_config_json(const MatchSettings& settings, const std::string& openings) {
  Json config = {{"openings", openings},
                 {"opening_count", settings.openings.size()},
                 {"pairs", settings.pairs},
                 {"jobs", settings.jobs},
                 {"time_limit_s", settings.move_time_limit},
                 {"adjudicate_empties", settings.adjudicate_empties}};
  if (settings.sprt) {
    config["sprt"] = {{"elo0", settings.sprt->elo0},
                      {"elo1", settings.sprt->elo1},
                      {"alpha", settings.sprt->alpha},
                      {"beta", settings.sprt->beta}};
  }
  return config;
}

Json games_json(const EnginePairs& matches, const std::vector<MatchResult>& results) {
  Json games = Json::array();
  for (std::size_t k = 0; k < matches.size(); ++k) {
    const int engine[2] = {matches[k].first, matches[k].second};
    for (const PairRecord& p : results[k].pairs) {
      for (const GameRecord& g : p.games) {
        Json out = game_json(g);
        out["pair"] = g.pair;
        out.erase("moves");
        out["black"] = engine[g.black];
        out["white"] = engine[g.white];
        if (g.end == GameRecord::End::fault) out["faulty"] = engine[g.faulty];
        games.push_back(out);
      }
    }
  }
  return games;
}

Json match_result_json(const MatchResult& r, const MatchSettings& settings, double confidence) {
  const MatchProgress& m = r.progress;
  Json result = match_statistics_json(m.counts, settings.sprt, confidence);
  result["wins"] = m.wins;
  result["draws"] = m.draws;
  result["losses"] = m.losses;
  result["faults"] = {m.faults[0], m.faults[1]};
  result["stopped_by_sprt"] = r.stopped_by_sprt;
  return result;
}

Json round_robin_json(const std::vector<std::string>& names, const RoundRobin& table,
                      double confidence) {
  Json engines = Json::array();
  for (std::size_t e = 0; e < names.size(); ++e) {
    const Standing& s = table.standings[e];
    Json row =
        s.elo ? match_statistics_json(s.counts, std::nullopt, confidence) : Json{{"pairs", 0}};
    row["name"] = names[e];
    row["games"] = s.games;
    row["points"] = s.points;
    engines.push_back(row);
  }
  return {{"round_robin", engines}, {"cross", table.cross}};
}

}  // namespace rb::cli
