// reversi-bench: check, compare and time Reversi board implementations.
#include <iostream>

#include "cli/common.hpp"
#include "core/registry.hpp"

int main(int argc, char** argv) {
  CLI::App app{"reversi-bench: check, compare and time Reversi board implementations"};
  app.require_subcommand(1);
  int exit_code = rb::cli::kExitOk;
  rb::cli::add_list_command(app, exit_code);
  rb::cli::add_show_command(app, exit_code);
  rb::cli::add_perft_command(app, exit_code);
  rb::cli::add_verify_command(app, exit_code);
  rb::cli::add_sample_command(app, exit_code);
  rb::cli::add_solve_command(app, exit_code);
  rb::cli::add_make_suite_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "reversi-bench: error: " << e.what() << " (see --help)\n";
    return rb::cli::kExitBadInput;
  } catch (const rb::InputError& e) {
    std::cerr << "reversi-bench: error: " << e.what() << "\n";
    return rb::cli::kExitBadInput;
  } catch (const rb::VariantError& e) {
    std::cerr << "reversi-bench: error: --variant: " << e.what() << "\n";
    return rb::cli::kExitBadInput;
  } catch (const rb::cli::UsageError& e) {
    std::cerr << "reversi-bench: error: " << e.what() << "\n";
    return rb::cli::kExitBadInput;
  }
  return exit_code;
}
