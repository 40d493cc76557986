// reversi-bench: check, compare and time Reversi board implementations.
//
// Every exception ends here and becomes an exit code (README, "Exit codes"):
// 2 for bad input, usage or a resource the user asked for that cannot be
// had, 1 for a failed check, internal or not; the error is one line on
// stderr.
#include <cstdio>
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/process_setup.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/variant_list.hpp"
#include "io/input.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "variants/plugin/loader.hpp"

int main(int argc, char** argv) {
  CLI::App app{"reversi-bench: check, compare and time Reversi board implementations"};
  app.name("reversi-bench");
  app.require_subcommand(1);
  app.set_version_flag("--version", rb::version_text());
  int exit_code = rb::cli::kExitOk;
  rb::cli::add_list_command(app, exit_code);
  rb::cli::add_show_command(app, exit_code);
  rb::cli::add_perft_command(app, exit_code);
  rb::cli::add_verify_command(app, exit_code);
  rb::cli::add_sample_command(app, exit_code);
  rb::cli::add_solve_command(app, exit_code);
  rb::cli::add_make_suite_command(app, exit_code);
  rb::cli::add_train_eval_command(app, exit_code);
  rb::cli::add_make_corpus_command(app, exit_code);
  rb::cli::add_eval_error_command(app, exit_code);
  rb::cli::add_fit_probcut_command(app, exit_code);
  rb::cli::add_bench_command(app, exit_code);
  rb::cli::add_engine_test_command(app, exit_code);
  rb::cli::add_search_command(app, exit_code);
  rb::cli::add_nboard_command(app, exit_code);
  rb::cli::add_gtp_command(app, exit_code);
  rb::cli::add_sprt_command(app, exit_code);
  rb::cli::add_match_command(app, exit_code);
  rb::cli::add_openings_command(app, exit_code);
  // Every message is one line of text, whatever a file name or a file holds.
  auto fail = [](int code, const std::string& what, const std::string& prefix = "") {
    std::cerr << "reversi-bench: error: " << rb::escape_controls(prefix + what) << "\n";
    return code;
  };
  using namespace rb::cli;
  try {
    check_number_options(app);
    prepare_process();
  } catch (const rb::ResourceError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const std::exception& e) {
    return fail(kExitCheckFailed, e.what(), "internal error: ");
  }
  std::vector<std::string> args = protect_boards(argc, argv);
  if (args.size() > 1 && args[1] == "help") {
    std::cout << app.help();
    return kExitOk;
  }
  if (args.size() > 1 && !args[1].empty() && args[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
      known = known || sub->get_name() == args[1];
    }
    if (!known) {
      return fail(kExitBadInput,
                  "unknown command '" + args[1] + "'; commands: " + names + " (see --help)");
    }
  }
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 takes them reversed
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(kExitBadInput, std::string(e.what()) + " (see --help)");
  } catch (...) {
    return report_error(std::current_exception());
  }
  // Everything printed must have reached its destination (a full disk, a
  // closed pipe): otherwise the run did not do what it said.
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout.flush()) {
    return fail(kExitBadInput, "cannot write to standard output");
  }
  return exit_code;
}
