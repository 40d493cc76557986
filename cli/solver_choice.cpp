#include "cli/solver_choice.hpp"

#include <chrono>

#include "cli/options.hpp"
#include "io/eval_weights.hpp"
#include "search/eval.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

CLI::Validator preset_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (find_preset(text)) return "";
        return "'" + text + "' is not a preset: " + preset_choices();
      },
      "");
}

void add_solver_options(CLI::App* cmd, SolverArgs& args, const std::string& what) {
  cmd->add_option("--preset", args.preset,
                  "the configuration of " + what +
                      " (default best, the measured fastest; `reversi-bench list --presets` "
                      "shows them)")
      ->type_name("NAME")
      ->check(preset_validator());
  cmd->add_option_function<std::size_t>(
         "--tt",
         [&args](const std::size_t& mb) {
           args.tt_mb = mb;
           args.tt_given = true;
         },
         "the transposition table of " + what + " in MiB (default: the preset's)")
      ->type_name("MB")
      ->transform(decimal_in_range<std::size_t>(0, kMaxTableMb));
  add_number_option(cmd, "-t,--threads", args.threads,
                    "threads searching each position for " + what + " (default 1)", 1,
                    kMaxSearchThreads);
}

ChosenSolver choose_solver(const SolverArgs& args) {
  const Preset& chosen = preset(args.preset);
  ChosenSolver out;
  out.preset = args.preset;
  out.options = chosen.options;
  if (args.tt_given) out.options.tt_mb = args.tt_mb;
  if (const auto broken = settle_option_rules(
          out.options, [&](std::string_view option) { return args.tt_given && option == "tt"; })) {
    throw UsageError("--" + broken->option + ": " + broken->why);
  }
  out.options.threads = args.threads;
  if (out.options.eval == EvalKind::pattern) {
    out.pattern = std::make_shared<const PatternEval>(load_pattern_weights("", "--preset"));
    out.options.pattern = out.pattern.get();
  }
  const auto names =
      resolve_variants(runtime_variant_infos(), {requested_variant("auto", chosen.list)});
  for_each_chosen_variant(names, [&]<Board V>() {
    out.variant = std::string(runtime_info<V>().name);
    out.solve = solve_function<V>(V::info.movegen, out.variant);
  });
  if (!out.solve) throw UsageError("no variant of this build runs the solver on this CPU");
  return out;
}

std::string describe_solver(const ChosenSolver& solver) {
  return "preset " + solver.preset + ", " + solver.variant + ", tt " +
         std::to_string(solver.options.tt_mb) + " MiB, " + std::to_string(solver.options.threads) +
         (solver.options.threads == 1 ? " thread" : " threads");
}

TimedSolve solve_timed(const ChosenSolver& solver, TranspositionTable& table,
                       const Position& position) {
  table.clear();
  const auto t0 = std::chrono::steady_clock::now();
  TimedSolve out;
  out.result = solver.solve(position, solver.options, &table);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace rb::cli
