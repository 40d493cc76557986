#include "run/match_stats.hpp"

#include <cmath>
#include <limits>

namespace rb {
namespace {

constexpr std::array<double, 5> kPairScores{0.0, 0.25, 0.5, 0.75, 1.0};
constexpr double kZeroCount = 1e-3;  // a count of zero, in the SPRT

// The frequencies of the counts, each zero count taken as kZeroCount.
std::array<double, 5> frequencies(const Pentanomial& counts, double& total) {
  std::array<double, 5> f{};
  total = 0;
  for (int i = 0; i < 5; ++i) {
    f[i] = counts.n[i] > 0 ? static_cast<double>(counts.n[i]) : kZeroCount;
    total += f[i];
  }
  for (double& x : f) x /= total;
  return f;
}

// The maximum-likelihood distribution with mean `s` nearest the
// frequencies f: p_i = f_i / (1 + lambda (x_i - s)), lambda the root of
// sum p_i (x_i - s) = 0 in the interval where every 1 + lambda (x_i - s)
// is positive (the sum decreases in lambda there), found by bisection.
std::array<double, 5> constrained_mle(const std::array<double, 5>& f, double s) {
  // 1 + lambda (x - s) > 0 for x in [0, 1]: lambda in (-1 / (1 - s), 1 / s).
  double lo = -1 / (1 - s), hi = 1 / s;
  const auto g = [&](double lambda) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) {
      const double d = kPairScores[i] - s;
      sum += f[i] * d / (1 + lambda * d);
    }
    return sum;
  };
  // Shrink the ends a hair inside the open interval.
  const double margin = 1e-12 * (hi - lo);
  lo += margin;
  hi -= margin;
  for (int k = 0; k < 200 && hi - lo > 1e-15 * (std::abs(lo) + std::abs(hi) + 1); ++k) {
    const double mid = (lo + hi) / 2;
    (g(mid) > 0 ? lo : hi) = mid;
  }
  const double lambda = (lo + hi) / 2;
  std::array<double, 5> p{};
  for (int i = 0; i < 5; ++i) p[i] = f[i] / (1 + lambda * (kPairScores[i] - s));
  return p;
}

std::optional<double> finite_elo(double score) {
  if (!(score > 0 && score < 1)) return std::nullopt;
  return elo_of_score(score);
}

}  // namespace

double elo_of_score(double score) { return -400 * std::log10(1 / score - 1); }
double score_of_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double normal_quantile(double confidence) {
  // P(|Z| <= z) = erf(z / sqrt 2), increasing in z: bisection.
  double lo = 0, hi = 40;
  for (int k = 0; k < 200; ++k) {
    const double mid = (lo + hi) / 2;
    (std::erf(mid / std::sqrt(2.0)) < confidence ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

EloEstimate elo_estimate(const Pentanomial& counts, double confidence) {
  EloEstimate e;
  e.pairs = counts.pairs();
  if (e.pairs == 0) return e;
  const double n = static_cast<double>(e.pairs);
  double mean = 0;
  for (int i = 0; i < 5; ++i) mean += static_cast<double>(counts.n[i]) * kPairScores[i];
  mean /= n;
  double variance = 0;
  for (int i = 0; i < 5; ++i) {
    const double d = kPairScores[i] - mean;
    variance += static_cast<double>(counts.n[i]) * d * d;
  }
  variance /= n;
  const double half = normal_quantile(confidence) * std::sqrt(variance / n);
  e.score = mean;
  e.score_low = mean - half;
  e.score_high = mean + half;
  e.elo = finite_elo(mean);
  e.elo_low = finite_elo(e.score_low);
  e.elo_high = finite_elo(e.score_high);
  return e;
}

std::string_view verdict_name(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::h0:
      return "H0";
    case SprtVerdict::h1:
      return "H1";
    case SprtVerdict::undecided:
      break;
  }
  return "undecided";
}

SprtState sprt(const Pentanomial& counts, const SprtSettings& settings) {
  SprtState state;
  state.lower = std::log(settings.beta / (1 - settings.alpha));
  state.upper = std::log((1 - settings.beta) / settings.alpha);
  if (counts.pairs() == 0) return state;
  double total = 0;
  const std::array<double, 5> f = frequencies(counts, total);
  const std::array<double, 5> p0 = constrained_mle(f, score_of_elo(settings.elo0));
  const std::array<double, 5> p1 = constrained_mle(f, score_of_elo(settings.elo1));
  double llr = 0;
  for (int i = 0; i < 5; ++i) llr += f[i] * std::log(p1[i] / p0[i]);
  state.llr = total * llr;
  state.verdict = state.llr >= state.upper   ? SprtVerdict::h1
                  : state.llr <= state.lower ? SprtVerdict::h0
                                             : SprtVerdict::undecided;
  return state;
}

}  // namespace rb
