#include "cli/solver_choice.hpp"

#include "cli/options.hpp"
#include "search/presets.hpp"

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
  cmd->add_option("--eval-weights", args.eval_weights,
                  "the pattern evaluation's weights for " + what +
                      " (a file of `reversi-bench train-eval`; default: the shipped weights)")
      ->type_name("FILE");
}

}  // namespace rb::cli
