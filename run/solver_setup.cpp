#include "run/solver_setup.hpp"

#include <chrono>

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

}  // namespace

ChosenSolver settle_solver(const SolverRequest& request) {
  ChosenSolver out;
  out.preset = request.preset;
  out.options = preset(request.preset).options;
  if (request.apply_given) request.apply_given(out.options);
  out.options.threads = request.threads;
  out.options.cut_profile = request.cut_profile;
  const auto given = [&](std::string_view option) {
    return request.given && request.given(option);
  };
  if (const auto broken = settle_option_rules(out.options, given)) {
    throw UsageError("--" + broken->option + ": " + broken->why);
  }
  if (out.options.cut_profile && out.options.threads > 1) {
    throw UsageError("--cut-profile: counts one thread's search (-t 1)");
  }
  // Weights that nothing reads are a mistake to point out, not to ignore.
  if (request.weights_given && out.options.eval != EvalKind::pattern) {
    throw UsageError("--eval-weights: not used: the evaluation is " +
                     std::string(enum_name(out.options.eval)) +
                     " (--eval pattern reads the weights)");
  }
  if (request.weights_given && !evaluation_used(out.options)) {
    throw UsageError(
        "--eval-weights: not used: this configuration evaluates no position (the shallow "
        "order, --presearch, --selective and --mtd do)");
  }
  if (out.options.eval == EvalKind::pattern) {
    out.pattern = std::make_shared<const PatternEval>(
        request.eval_weights.empty() && request.default_weights
            ? request.default_weights()
            : load_pattern_weights(request.eval_weights, request.weights_option));
    out.options.pattern = out.pattern.get();
  }
  return out;
}

void choose_variant(ChosenSolver& solver, const std::string& variant,
                    std::optional<MoveGen> moves) {
  const auto names = resolve_variants(runtime_variant_infos(),
                                      {requested_variant(variant, preset(solver.preset).list)});
  if (names.size() != 1) throw UsageError("--variant: name exactly one variant");
  for_each_chosen_variant(names, [&]<Board V>() {
    check_before_timing<V>();
    solver.variant = std::string(runtime_info<V>().name);
    solver.moves = moves.value_or(V::info.movegen);
    solver.solve = solve_function<V>(solver.moves, solver.variant);
    solver.think = think_function<V>(solver.moves);
  });
  if (!solver.solve) {
    throw UsageError(variant == "auto" ? "no variant of this build runs the solver on this CPU"
                                       : "--variant: '" + variant + "' is not a single variant");
  }
}

ChosenSolver choose_solver(const SolverArgs& args) {
  SolverRequest request;
  request.preset = args.preset;
  if (args.tt_given) {
    request.apply_given = [&](SolveOptions& o) { o.tt_mb = args.tt_mb; };
    request.given = [](std::string_view option) { return option == "tt"; };
  }
  request.threads = args.threads;
  request.eval_weights = args.eval_weights;
  request.default_weights = args.default_weights;
  request.weights_given = !args.eval_weights.empty();
  request.weights_option = "--eval-weights";
  ChosenSolver out = settle_solver(request);
  if (out.pattern) {
    out.weights =
        args.eval_weights.empty() ? "built-in " + args.default_weights_name : args.eval_weights;
  }
  choose_variant(out, "auto");
  return out;
}

std::string describe_solver(const ChosenSolver& solver) {
  return "preset " + solver.preset + ", " + solver.variant + ", tt " +
         std::to_string(solver.options.tt_mb) + " MiB, " + std::to_string(solver.options.threads) +
         (solver.options.threads == 1 ? " thread" : " threads") +
         (solver.weights.empty() ? "" : ", weights " + solver.weights);
}

TimedSolve solve_timed(const ChosenSolver& solver, TranspositionTable& table,
                       const Position& position) {
  table.clear();
  const auto t0 = std::chrono::steady_clock::now();
  TimedSolve out;
  out.result = solver.solve(position, solver.options, &table);
  out.seconds = seconds_since(t0);
  return out;
}

}  // namespace rb
