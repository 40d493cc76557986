#include "cli/solver_choice.hpp"

#include "cli/options.hpp"
#include "eval/play_weights.hpp"
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

namespace {

void add_options(CLI::App* cmd, SearchRequest& args, const std::string& what,
                 const std::string& weights) {
  cmd->add_option("--preset", args.preset,
                  "the configuration of " + what +
                      " (default best, the measured fastest; `reversi-bench list --presets` "
                      "shows them)")
      ->type_name("NAME")
      ->check(preset_validator());
  cmd->add_option_function<std::size_t>(
         "--tt", [&args](const std::size_t& mb) { args.tt_mb = mb; },
         "the transposition table of " + what + " in MiB (default: the preset's)")
      ->type_name("MB")
      ->transform(decimal_in_range<std::size_t>(0, kMaxTableMb));
  add_number_option(cmd, "-t,--threads", args.threads,
                    "threads searching each position for " + what + " (default 1)", 1,
                    kMaxSearchThreads);
  cmd->add_option("--eval-weights", args.eval_weights,
                  "the pattern evaluation's weights for " + what +
                      " (a file of `reversi-bench train-eval`; default: " + weights + ")")
      ->type_name("FILE");
}

}  // namespace

void add_solver_options(CLI::App* cmd, SearchRequest& args, const std::string& what) {
  add_options(cmd, args, what, "the shipped weights, data/pattern-weights.txt");
}

void add_playing_options(CLI::App* cmd, SearchRequest& args, const std::string& what) {
  args.default_weights = play_pattern_weights;
  args.default_weights_name = "network";
  add_options(cmd, args, what,
              "the shipped playing weights, data/network-weights.txt, with their networks");
}

}  // namespace rb::cli
