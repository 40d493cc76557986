// The statistics of a match between two engines played in colour-swapped
// pairs (issue #47; docs/statistics.md, "Matches"): the pentanomial counts
// of the pairs, the Elo difference with its interval, and the sequential
// probability ratio test that decides between two Elo hypotheses.
//
// The model, as fishtest and fastchess use it:
// - A pair (the same opening played twice, colours swapped) scores 0, 1/4,
//   1/2, 3/4 or 1 for engine A (its two games' points over 2): the
//   pentanomial counts n0..n4. Pairs, not games, are the independent
//   samples: an opening that favours one colour cancels within its pair.
// - The score s is the mean pair score; its variance the pairs' sample
//   variance over the number of pairs. Elo is logistic:
//   elo(s) = -400 log10(1/s - 1); the interval is the normal interval of s
//   mapped through elo().
// - The SPRT tests H0: elo = elo0 against H1: elo = elo1 (logistic Elo, so
//   score s_k = 1 / (1 + 10^(-elo_k / 400))) by the generalized
//   log-likelihood ratio of the pentanomial: under each hypothesis, the
//   distribution closest to the observed frequencies (maximum likelihood)
//   whose mean is s_k, p_i = f_i / (1 + lambda (x_i - s_k)) with lambda
//   solving sum p_i = 1 (M. Van den Bergh's formulation); LLR = N sum f_i
//   ln(p1_i / p0_i). A count of zero is taken as 1e-3 (so that a mean
//   outside the observed scores stays reachable). The bounds are Wald's:
//   ln(beta / (1 - alpha)) below (accept H0), ln((1 - beta) / alpha)
//   above (accept H1).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace rb {

// Pairs by A's score: n[0] two losses ... n[4] two wins.
struct Pentanomial {
  std::array<std::uint64_t, 5> n{};
  std::uint64_t pairs() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
};

// The Elo of a score (0 < s < 1), logistic.
double elo_of_score(double score);
// The score of an Elo difference, logistic.
double score_of_elo(double elo);
// The two-sided normal quantile: z with P(|Z| <= z) = confidence.
double normal_quantile(double confidence);

struct EloEstimate {
  std::uint64_t pairs = 0;
  double score = 0.5;                    // the mean pair score
  double score_low = 0, score_high = 0;  // its interval
  // The Elo and its interval; nothing where the score (or a bound) is 0
  // or 1 (no finite Elo).
  std::optional<double> elo, elo_low, elo_high;
};

// The score and Elo of A with their `confidence` interval (pairs > 0).
EloEstimate elo_estimate(const Pentanomial& counts, double confidence = 0.95);

struct SprtSettings {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
};

enum class SprtVerdict { h0, h1, undecided };
std::string_view verdict_name(SprtVerdict v);  // "H0", "H1", "undecided"

struct SprtState {
  double llr = 0;
  double lower = 0, upper = 0;  // Wald's bounds
  SprtVerdict verdict = SprtVerdict::undecided;
};

// The SPRT of the counts so far (its LLR, bounds and verdict).
SprtState sprt(const Pentanomial& counts, const SprtSettings& settings);

}  // namespace rb
