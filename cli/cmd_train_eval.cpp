// `reversi-bench train-eval`: learns the pattern weights of search/eval.hpp
// from the project's own games and solver, deterministically for a seed.
//
// 1. Games. Game g (from the seed's generator) is a random game when g is
//    even (uniform legal moves) and a self-played game when g is odd: after
//    8 random plies, each move is the one whose position is worst for the
//    opponent by ClassicEval, except that one move in 8 is random. Every
//    position with a legal move and between --min-empties and --max-empties
//    empties is a sample.
// 2. Labels. A sample with at most --exact-empties empties is labelled with
//    its exact score, solved by the project's solver (kindergarten+list,
//    PVS, table, every cutoff; the score does not depend on the
//    configuration). A sample with more empties is labelled with the exact
//    score of the first sample of the same game with at most --exact-empties
//    empties (for the side to move of the labelled sample), i.e. the outcome
//    of the game as played to there and perfectly from there on: a noisy
//    label, whose noise the least squares average out. With
//    --search-labels, the samples of a stage whose fewest empties are above
//    --exact-empties are instead labelled when their stage comes to be
//    fitted (stages go from the fewest empties up): by an alpha-beta search
//    from them down to the top of the stage below (8 plies at most with
//    stages 8 wide), its leaves evaluated with the weights just fitted for
//    the stages below (label_search()). Those labels are much less noisy
//    (the held-out errors of the 16-23 and 24-31 stages fall from 15.6 and
//    21.3 discs to 6.1 and 5.3, each against its own labels), and they
//    order better: results/2026-11-24-eval-labels.
// 3. Fit. Per stage (--stage-width consecutive empties counts), ridge
//    regression of the label (discs) on the pattern features (for each of
//    the 88 images, its shape's weight at its index) and a bias: the normal
//    equations (X'X + ridge I) w = X'y solved by --iterations steps of
//    conjugate gradients from w = 0, in a fixed order; the weights are then
//    rounded to kEvalScale units. The games g with g % 10 == 9 are held out
//    of the fit: the file's comments give the error on them per stage.
//
// Everything is sequential and in a fixed order: the same arguments give the
// same bytes. The file names the command that made it (without -o).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>

#include "cli/common.hpp"
#include "cli/options.hpp"
#include "io/eval_weights.hpp"
#include "search/instances.hpp"
#include "search/presets.hpp"
#include "variants/registry.hpp"

namespace rb::cli {
namespace {

struct TrainArgs {
  std::uint64_t seed = 1;
  int games = 1000;
  int exact_empties = 14;
  int min_empties = 8;
  int max_empties = 31;
  int stage_width = 8;
  double ridge = 32;
  int iterations = 100;
  bool search_labels = false;
  std::string output;
};

using Kernel = KindergartenList;

struct Sample {
  Bitboard player, opponent;
  int empties;
  Color side;
  double label = 0;
};

// A uniformly chosen legal move of `moves` (not 0).
Square random_move(std::mt19937_64& rng, Bitboard moves) {
  for (auto k = rng() % static_cast<unsigned>(popcount(moves)); k > 0; --k) moves &= moves - 1;
  return first_square(moves);
}

// The self-play policy: the move leaving the opponent the lowest ClassicEval
// (ties: the first in a1..h8).
Square greedy_move(Bitboard player, Bitboard opponent, Bitboard moves) {
  Square best = kNoSquare;
  int best_value = 0;
  for (; moves; moves &= moves - 1) {
    const Square s = first_square(moves);
    const Bitboard f = Kernel::flips_of(s, player, opponent);
    const int v = ClassicEval{}.eval(opponent ^ f, player ^ f ^ bit(s));
    if (best == kNoSquare || v < best_value) best = s, best_value = v;
  }
  return best;
}

// One game's samples (labels not yet set), in the order played.
// `end`: the final position.
std::vector<Sample> play_game(std::mt19937_64& rng, bool self_play, const TrainArgs& a,
                              Position& end) {
  std::vector<Sample> out;
  Position p = Position::start();
  for (int ply = 0;; ++ply) {
    const Bitboard moves = Kernel::moves_of(p.player, p.opponent);
    if (moves == 0) {
      if (Kernel::moves_of(p.opponent, p.player) == 0) break;
      p = p.passed();
      continue;
    }
    const int e = p.empties();
    if (e >= a.min_empties && e <= a.max_empties) out.push_back({p.player, p.opponent, e, p.side});
    const bool random = !self_play || ply < 8 || rng() % 8 == 0;
    const Square s = random ? random_move(rng, moves) : greedy_move(p.player, p.opponent, moves);
    const Bitboard f = Kernel::flips_of(s, p.player, p.opponent);
    p = {p.opponent ^ f, p.player ^ f ^ bit(s), opposite(p.side)};
  }
  end = p;
  return out;
}

// The final score for black of a position where neither side can move.
int final_for_black(const Position& p) {
  const int diff = popcount(p.black()) - popcount(p.white());
  return final_score(diff, p.empties());
}

// Ridge regression by conjugate gradients; see the opening comment. Each
// sample has the features of pattern::features() and a bias feature.
std::vector<double> fit(const std::vector<Sample>& samples, double ridge, int iterations) {
  const std::size_t n = pattern::kWeightsPerStage + 1;  // the last one: the bias
  const std::size_t bias = n - 1;
  std::vector<std::array<int, pattern::kImages.size()>> features;
  features.reserve(samples.size());
  for (const Sample& s : samples) features.push_back(pattern::features(s.player, s.opponent));
  // A v = X'(X v) + ridge v
  auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    std::fill(out.begin(), out.end(), 0.0);
    for (std::size_t i = 0; i < samples.size(); ++i) {
      double xv = v[bias];
      for (int f : features[i]) xv += v[static_cast<std::size_t>(f)];
      out[bias] += xv;
      for (int f : features[i]) out[static_cast<std::size_t>(f)] += xv;
    }
    for (std::size_t j = 0; j < n; ++j) out[j] += ridge * v[j];
  };
  std::vector<double> w(n, 0.0), r(n, 0.0), p(n), ap(n);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    r[bias] += samples[i].label;
    for (int f : features[i]) r[static_cast<std::size_t>(f)] += samples[i].label;
  }
  p = r;
  auto dot = [&](const std::vector<double>& x, const std::vector<double>& y) {
    double s = 0;
    for (std::size_t j = 0; j < n; ++j) s += x[j] * y[j];
    return s;
  };
  double rr = dot(r, r);
  for (int it = 0; it < iterations && rr > 0; ++it) {
    apply(p, ap);
    const double alpha = rr / dot(p, ap);
    for (std::size_t j = 0; j < n; ++j) {
      w[j] += alpha * p[j];
      r[j] -= alpha * ap[j];
    }
    const double next = dot(r, r);
    const double beta = next / rr;
    rr = next;
    for (std::size_t j = 0; j < n; ++j) p[j] = r[j] + beta * p[j];
  }
  return w;
}

// The label search of --search-labels: fail-soft alpha-beta `depth` plies
// deep (a pass is no ply), in kEvalScale units, `eval` at the leaves and a
// game over scored exactly; at 3 plies or more the children are searched
// best first by their evaluation, so that the deepest labels (8 plies) cost
// thousands of positions, not millions.
int label_search(Bitboard player, Bitboard opponent, int depth, int alpha, int beta,
                 const PatternEval& eval) {
  if (depth == 0) return eval.eval(player, opponent);
  Bitboard moves = Kernel::moves_of(player, opponent);
  if (moves == 0) {
    if (Kernel::moves_of(opponent, player) == 0) {
      return kEvalScale *
             final_score(popcount(player) - popcount(opponent), popcount(~(player | opponent)));
    }
    return -label_search(opponent, player, depth, -beta, -alpha, eval);
  }
  struct Child {
    Bitboard player, opponent;
    int value;  // its evaluation, for its side to move (the opponent)
  };
  std::array<Child, 64> children;
  int n = 0;
  for (; moves; moves &= moves - 1) {
    const Square s = first_square(moves);
    const Bitboard f = Kernel::flips_of(s, player, opponent);
    Child& c = children[static_cast<std::size_t>(n++)];
    c.player = opponent ^ f;
    c.opponent = player ^ f ^ bit(s);
    c.value = depth >= 3 ? eval.eval(c.player, c.opponent) : 0;
  }
  std::stable_sort(children.begin(), children.begin() + n,
                   [](const Child& x, const Child& y) { return x.value < y.value; });
  int best = -(1 << 20);
  for (int i = 0; i < n; ++i) {
    const Child& c = children[static_cast<std::size_t>(i)];
    const int v = -label_search(c.player, c.opponent, depth - 1, -beta, -alpha, eval);
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

// --search-labels: the samples of the stage lo..hi (fitted and held out)
// take as label the score of label_search() from them down to lo - 1
// empties, its leaves evaluated with the weights fitted so far, i.e. of the
// stages below. Returns how many samples were labelled.
int search_label(std::vector<Sample>& samples, std::vector<Sample>& held_out,
                 const PatternWeights& below, int lo, int hi) {
  const PatternEval eval(below);
  int labelled = 0;
  for (auto* set : {&samples, &held_out}) {
    for (Sample& s : *set) {
      if (s.empties < lo || s.empties > hi) continue;
      constexpr int kWindow = 1 << 20;
      const int v =
          label_search(s.player, s.opponent, s.empties - (lo - 1), -kWindow, kWindow, eval);
      s.label = v / double{kEvalScale};
      ++labelled;
    }
  }
  return labelled;
}

// A weight in kEvalScale units; one beyond 16 bits is an ill-conditioned fit.
std::int16_t quantize(double discs, double ridge) {
  const double units = std::round(discs * kEvalScale);
  if (!(std::abs(units) <= 32767)) {
    throw UsageError(
        fmt::format("--ridge {}: a fitted weight of {:.4g} discs is beyond 16 bits: the fit is "
                    "ill-conditioned; give a larger --ridge or more --games",
                    ridge, discs));
  }
  return static_cast<std::int16_t>(units);
}

std::string command_line(const TrainArgs& a) {
  return fmt::format(
      "reversi-bench train-eval --seed {} --games {} --exact-empties {} --min-empties {} "
      "--max-empties {} --stage-width {} --ridge {} --iterations {}{}",
      a.seed, a.games, a.exact_empties, a.min_empties, a.max_empties, a.stage_width, a.ridge,
      a.iterations, a.search_labels ? " --search-labels" : "");
}

int train(const TrainArgs& a) {
  if (a.min_empties > a.max_empties) {
    throw UsageError("--min-empties: must not exceed --max-empties");
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  // The labels are exact scores: the fastest rung that needs no evaluation
  // (the one being trained), with a smaller table.
  SolveOptions o = preset("mobility").options;
  o.tt_mb = 16;
  // One table for all the solves: it holds true bounds of the positions it
  // keys on, so the scores stay exact.
  TranspositionTable table(o.tt_mb);
  std::mt19937_64 rng(a.seed);
  std::vector<Sample> samples, held_out;
  std::uint64_t solved = 0;
  for (int g = 0; g < a.games; ++g) {
    Position end;
    std::vector<Sample> game = play_game(rng, g % 2 == 1, a, end);
    // From the last sample back, so that a sample above exact_empties takes
    // the label of the first sample of its game at or below it (or, in a
    // game that ended before, the final score).
    std::optional<Sample> anchor;
    for (auto it = game.rbegin(); it != game.rend(); ++it) {
      Sample& s = *it;
      if (s.empties <= a.exact_empties) {
        const SolveResult r = solve<Kernel>(Position{s.player, s.opponent, s.side}, o, &table);
        if (!r.solved) throw CheckFailed("train-eval: a label solve did not finish");
        s.label = r.score;
        anchor = s;
        ++solved;
      } else if (anchor) {
        s.label = anchor->side == s.side ? anchor->label : -anchor->label;
      } else {
        const int black = final_for_black(end);
        s.label = s.side == Color::black ? black : -black;
      }
    }
    auto& into = g % 10 == 9 ? held_out : samples;
    into.insert(into.end(), game.begin(), game.end());
  }
  std::fprintf(stderr, "train-eval: %d games, %zu samples, %llu solved, %.1f s\n", a.games,
               samples.size(), static_cast<unsigned long long>(solved), seconds());

  PatternWeights weights;
  std::vector<std::string> comments = {
      "pattern weights of search/eval.hpp, made by:", command_line(a),
      "(the same command gives the same bytes; see cli/cmd_train_eval.cpp)"};
  for (int lo = a.min_empties; lo <= a.max_empties; lo += a.stage_width) {
    const int hi = std::min(a.max_empties, lo + a.stage_width - 1);
    if (a.search_labels && lo > a.exact_empties && !weights.stages.empty()) {
      const int relabelled = search_label(samples, held_out, weights, lo, hi);
      comments.push_back(
          fmt::format("stage {}..{}: labels of {} samples searched down to {} empties", lo, hi,
                      relabelled, lo - 1));
    }
    std::vector<Sample> stage;
    for (const Sample& s : samples) {
      if (s.empties >= lo && s.empties <= hi) stage.push_back(s);
    }
    if (stage.empty()) continue;
    const std::vector<double> w = fit(stage, a.ridge, a.iterations);
    PatternWeights::Stage out;
    out.min_empties = lo;
    out.max_empties = hi;
    out.bias = quantize(w.back(), a.ridge);
    out.weights.resize(pattern::kWeightsPerStage);
    for (int j = 0; j < pattern::kWeightsPerStage; ++j) {
      out.weights[static_cast<std::size_t>(j)] = quantize(w[static_cast<std::size_t>(j)], a.ridge);
    }
    // The fit's error, rounded weights, on its own samples and on the
    // held-out games' samples of the stage.
    const PatternEval eval(PatternWeights{{out}});
    auto rms = [&](const std::vector<Sample>& set, int& count) {
      double sq = 0;
      count = 0;
      for (const Sample& s : set) {
        if (s.empties < lo || s.empties > hi) continue;
        const double d = eval.eval(s.player, s.opponent) / double{kEvalScale} - s.label;
        sq += d * d;
        ++count;
      }
      return count ? std::sqrt(sq / count) : 0.0;
    };
    int fitted = 0, tested = 0;
    const double fit_rms = rms(stage, fitted), test_rms = rms(held_out, tested);
    double zero = 0;  // the error of predicting 0 on the held-out samples
    for (const Sample& s : held_out) {
      if (s.empties >= lo && s.empties <= hi) zero += s.label * s.label;
    }
    zero = tested ? std::sqrt(zero / tested) : 0.0;
    comments.push_back(
        fmt::format("stage {}..{}: {} samples, rms error {:.2f} discs; held out: {} samples, "
                    "{:.2f} discs (predicting 0: {:.2f})",
                    lo, hi, fitted, fit_rms, tested, test_rms, zero));
    weights.stages.push_back(std::move(out));
  }
  if (weights.stages.empty()) throw UsageError("train-eval: no sample in the empties range");
  const std::string text = format_pattern_weights(weights, comments);
  write_output_file(a.output, text, "--output");
  std::fprintf(stderr, "train-eval: wrote %s (%zu bytes), %.1f s\n",
               escape_controls(a.output).c_str(), text.size(), seconds());
  return kExitOk;
}

}  // namespace

void add_train_eval_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<TrainArgs>();
  auto* cmd = app.add_subcommand(
      "train-eval", "Learn the pattern evaluation's weights from seeded games (deterministic)");
  add_seed_option(cmd, args->seed, "the seed of the games")->required();
  add_number_option<int>(cmd, "--games", args->games, "games played (default 1000)", 1, 10000000);
  add_number_option<int>(cmd, "--exact-empties", args->exact_empties,
                         "samples with at most this many empties are solved exactly (default 14)",
                         0, 20);
  add_number_option<int>(cmd, "--min-empties", args->min_empties,
                         "fewest empties of a sample (default 8)", 0, 60);
  add_number_option<int>(cmd, "--max-empties", args->max_empties,
                         "most empties of a sample (default 31)", 0, 60);
  add_number_option<int>(cmd, "--stage-width", args->stage_width,
                         "empties counts per stage, each fitted apart (default 8)", 1, 61);
  add_number_option<double>(cmd, "--ridge", args->ridge,
                            "the ridge penalty of the fit (default 32)", 0.0, 1e9);
  add_number_option<int>(cmd, "--iterations", args->iterations,
                         "conjugate-gradient steps per stage (default 100)", 1, 100000);
  cmd->add_flag("--search-labels", args->search_labels,
                "label the samples of a stage above --exact-empties by a search down to the stage "
                "below, evaluated with its fitted weights, not by the game's outcome");
  cmd->add_option("-o,--output", args->output, "the weights file to write")->required();
  cmd->callback([args, &exit_code] {
    // Written as every output is (io/output.hpp): the old weights stay
    // whole until the new ones are complete on disk.
    check_writable(args->output, "--output");
    exit_code = train(*args);
  });
}

}  // namespace rb::cli
