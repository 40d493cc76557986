#include "search/session.hpp"

#include "check/plugin_check.hpp"
#include "core/seconds.hpp"
#include "eval/default_weights.hpp"
#include "eval/pattern.hpp"
#include "variants/runtime.hpp"

namespace rb {

namespace {

// Whether the search evaluates positions: the shallow order, the
// pre-search, the selective pass and the root's estimate of mtd do.
bool evaluation_used(const SolveOptions& o) {
  return o.order == Order::shallow || o.presearch || o.selective ||
         (o.mtd && o.algo != Algo::minimax && !o.wld);
}

// A time longer than this (about 116 days) is no limit: a deadline that far
// is past any game, and a protocol's clock of 1e12 s would overflow the
// clock's ticks.
constexpr double kNoLimitSeconds = 1e7;

}  // namespace

std::chrono::steady_clock::time_point deadline_after(double seconds) {
  using Clock = std::chrono::steady_clock;
  if (!(seconds >= 0) || seconds > kNoLimitSeconds) return Clock::time_point::max();
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

SearchSession SearchSession::settle(const SearchRequest& request) {
  SearchSession out;
  out.preset_ = request.preset;
  out.requested_variant_ = request.variant;
  out.requested_moves_ = request.moves;
  out.options_ = rb::preset(request.preset).options;
  if (request.tt_mb) out.options_.tt_mb = *request.tt_mb;
  if (request.apply_given) request.apply_given(out.options_);
  out.options_.threads = request.threads;
  out.options_.cut_profile = request.cut_profile;
  const auto given = [&](std::string_view option) {
    return (option == "tt" && request.tt_mb) || (request.given && request.given(option));
  };
  if (const auto broken = settle_option_rules(out.options_, given)) {
    throw UsageError("--" + broken->option + ": " + broken->why);
  }
  if (out.options_.cut_profile && out.options_.threads > 1) {
    throw UsageError("--cut-profile: counts one thread's search (-t 1)");
  }
  // Weights that nothing reads are a mistake to point out, not to ignore.
  const bool weights_given = request.weights_given || !request.eval_weights.empty();
  if (weights_given && out.options_.eval != EvalKind::pattern) {
    throw UsageError(request.weights_option + ": not used: the evaluation is " +
                     std::string(enum_name(out.options_.eval)) +
                     " (--eval pattern reads the weights)");
  }
  if (weights_given && !evaluation_used(out.options_)) {
    throw UsageError(request.weights_option +
                     ": not used: this configuration evaluates no position (the shallow "
                     "order, --presearch, --selective and --mtd do)");
  }
  if (out.options_.eval == EvalKind::pattern) {
    if (request.evaluation) {
      out.pattern_ = request.evaluation;
    } else {
      out.pattern_ = std::make_shared<const PatternEval>(
          request.eval_weights.empty()
              ? (request.default_weights ? request.default_weights() : default_pattern_weights())
              : load_pattern_weights(request.eval_weights, request.weights_option));
      out.weights_ = request.eval_weights.empty() ? "built-in " + request.default_weights_name
                                                  : request.eval_weights;
    }
    out.options_.pattern = out.pattern_.get();
  }
  return out;
}

void SearchSession::choose_variant() {
  const auto names = resolve_variants(
      runtime_variant_infos(), {requested_variant(requested_variant_, rb::preset(preset_).list)});
  if (names.size() != 1) throw UsageError("--variant: name exactly one variant");
  for_each_chosen_variant(names, [&]<Board V>() {
    check_before_timing<V>();
    variant_ = std::string(runtime_info<V>().name);
    moves_ = requested_moves_.value_or(V::info.movegen);
    solve_ = solve_function<V>(moves_, variant_);
    think_ = think_function<V>(moves_);
    score_moves_ = score_moves_function<V>(moves_);
  });
  if (!solve_) {
    throw UsageError(requested_variant_ == "auto"
                         ? "no variant of this build runs the solver on this CPU"
                         : "--variant: '" + requested_variant_ + "' is not a single variant");
  }
}

SearchSession SearchSession::open(const SearchRequest& request) {
  SearchSession out = settle(request);
  out.choose_variant();
  return out;
}

SearchSession SearchSession::worker(std::optional<int> threads) const {
  SearchSession out(*this);
  if (threads) out.options_.threads = *threads;
  return out;
}

TranspositionTable& SearchSession::table(Tables tables) {
  if (!tables_.exact) {
    tables_.exact = std::make_unique<TranspositionTable>(options_.tt_mb);
  } else if (tables == Tables::clear) {
    tables_.exact->clear();
  }
  return *tables_.exact;
}

MidgameTable& SearchSession::midgame_table(Tables tables) {
  if (!tables_.midgame) {
    tables_.midgame = std::make_unique<MidgameTable>(midgame_table_mb(options_.tt_mb));
  } else if (tables == Tables::clear) {
    tables_.midgame->clear();
  }
  return *tables_.midgame;
}

ThinkResult SearchSession::think(const Position& position, const ThinkLimits& limits,
                                 Tables tables) {
  if (!think_) throw UsageError("the variant " + variant_ + " has no playing search");
  SolveOptions options = options_;
  options.stop = limits.stop;
  if (limits.seconds) options.deadline = deadline_after(*limits.seconds);
  TranspositionTable& exact = table(tables);
  MidgameTable& midgame = midgame_table(tables);
  return think_(position, options, limits.level, &exact, &midgame, limits.on_iteration);
}

SolveOptions SearchSession::options_within(double seconds) const {
  SolveOptions options = options_;
  if (seconds > 0) options.deadline = deadline_after(seconds);
  return options;
}

SolveResult SearchSession::solve(const Position& position, double seconds, Tables tables) {
  return solve_(position, options_within(seconds), &table(tables));
}

TimedSolve SearchSession::solve_timed(const Position& position, double seconds) {
  TranspositionTable& cleared = table(Tables::clear);
  const SolveOptions options = options_within(seconds);
  const auto t0 = std::chrono::steady_clock::now();
  TimedSolve out;
  out.result = solve_(position, options, &cleared);
  out.seconds = seconds_since(t0);
  return out;
}

MoveScores SearchSession::score_moves(const Position& position) {
  if (!score_moves_) throw UsageError("the variant " + variant_ + " scores no moves");
  return score_moves_(position, options_, &table(Tables::clear));
}

std::string SearchSession::describe() const {
  return "preset " + preset_ + ", " + variant_ + ", tt " + std::to_string(options_.tt_mb) +
         " MiB, " + std::to_string(options_.threads) +
         (options_.threads == 1 ? " thread" : " threads") +
         (weights_.empty() ? "" : ", weights " + weights_);
}

}  // namespace rb
