// reversi-bench: check, compare and time Reversi board implementations.
//
// Every exception ends here and becomes an exit code (README, "Exit codes"):
// 2 for bad input, usage or a resource the user asked for that cannot be
// had, 1 for a failed check, internal or not; the error is one line on
// stderr.
#include <iostream>
#include <new>

#include "cli/common.hpp"
#include "core/memory.hpp"
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
  auto fail = [](int code, const std::string& what, const std::string& prefix = "") {
    std::cerr << "reversi-bench: error: " << prefix << what << "\n";
    return code;
  };
  using namespace rb::cli;
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(kExitBadInput, std::string(e.what()) + " (see --help)");
  } catch (const rb::InputError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const rb::VariantError& e) {
    return fail(kExitBadInput, e.what(), "--variant: ");
  } catch (const UsageError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const rb::ResourceError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const rb::OutputError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitBadInput, "out of memory");
  } catch (const CheckFailed& e) {
    return fail(kExitCheckFailed, e.what(), "check failed: ");
  } catch (const std::exception& e) {
    return fail(kExitCheckFailed, e.what(), "internal error: ");
  } catch (...) {
    return fail(kExitCheckFailed, "unknown exception", "internal error: ");
  }
  return exit_code;
}
