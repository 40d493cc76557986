// run_with_plugins() (cli/plugins.hpp).
#include "cli/plugins.hpp"

#include <cstdio>
#include <exception>
#include <iostream>

#include "check/plugin_check.hpp"
#include "cli/commands.hpp"
#include "core/errors.hpp"
#include "io/output.hpp"
#include "variants/plugin/loader.hpp"

namespace rb::cli {

void run_with_plugins(const std::vector<std::string>& paths, int& exit_code,
                      const std::function<void()>& body) {
  load_plugins(paths);
  if (paths.empty()) return body();
  const ChildOutcome outcome = run_in_checking_child([&] {
    try {
      body();
      // The output is the child's: its failure to reach its destination
      // (a full disk, a closed pipe) is the child's to report, as main()
      // does for a command run in place.
      if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout.flush()) {
        throw OutputError("cannot write to standard output");
      }
      return exit_code;
    } catch (...) {
      return report_error(std::current_exception());
    }
  });
  if (outcome.crashed) throw CheckFailed("the run ended early: " + outcome.report);
  exit_code = outcome.exit_code;
}

}  // namespace rb::cli
