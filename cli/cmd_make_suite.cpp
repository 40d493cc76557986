// `reversi-bench make-suite`: a generated endgame suite. Positions with
// exactly E empties from seeded random games, each with the exact score of
// every legal move, computed by one variant and confirmed by a second variant
// with another algorithm and move source. Deterministic for a seed. The
// suite is written as every output is (io/output.hpp).
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "run/make_suite.hpp"

namespace rb::cli {
namespace {

struct MakeSuiteArgs {
  SuiteRequest request;
  std::string output;
};

}  // namespace

void add_make_suite_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MakeSuiteArgs>();
  auto* cmd = app.add_subcommand(
      "make-suite", "Generate an endgame suite with the exact score of every move (deterministic)");
  add_number_option<int>(cmd, "-e,--empties", args->request.empties, "empties of every position", 1,
                         24)
      ->required();
  add_number_option<int>(cmd, "-n,--count", args->request.count, "how many positions (default 30)",
                         1, 10000);
  add_seed_option(cmd, args->request.seed, "the seed of the random games");
  cmd->add_option("-o,--output", args->output,
                  "the OBF file to write (finished positions are kept in OUTPUT.partial until "
                  "the suite is complete)")
      ->required();
  cmd->callback([args, &exit_code] {
    // A regular file is written as every output is (io/output.hpp), once
    // the suite is complete; meanwhile the finished positions go to
    // OUTPUT.partial beside it, each line flushed, so that an interrupted
    // run destroys nothing and keeps what it made. A device or a FIFO gets
    // the suite at the end, with no partial file.
    const OutputTarget target = check_writable(args->output, "--output");
    std::string partial;
    int partial_fd = -1;
    if (target.kind == OutputTarget::Kind::regular || target.kind == OutputTarget::Kind::new_file) {
      partial = target.path + ".partial";
      const std::string written = check_writable(partial, "--output (its .partial file)").path;
      partial_fd = ::open(written.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
      if (partial_fd < 0) {
        throw OutputError("--output: cannot write '" + partial + "': " + std::strerror(errno));
      }
    }
    struct Close {
      int fd;
      ~Close() {
        if (fd >= 0) ::close(fd);
      }
    } closing{partial_fd};
    std::string text;
    auto put = [&](const std::string& lines) {
      text += lines;
      if (partial_fd < 0) return;
      for (std::string_view rest = lines; !rest.empty();) {
        const ssize_t n = ::write(partial_fd, rest.data(), rest.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
          throw OutputError("--output: cannot write '" + partial + "': " + std::strerror(errno));
        }
        rest.remove_prefix(static_cast<std::size_t>(n));
      }
    };
    put(suite_header(args->request));
    const auto start = std::chrono::steady_clock::now();
    const auto disagreement = make_suite(args->request, [&](const ObfEntry& entry, int made) {
      put(format_obf_line(entry) + "\n");
      std::fprintf(stderr, "\rmake-suite: %d/%d positions, %.0f s", made, args->request.count,
                   seconds_since(start));
    });
    if (disagreement) {
      std::fprintf(stderr, "make-suite: the two computations disagree on %s\n",
                   board_string(*disagreement).c_str());
      exit_code = kExitCheckFailed;
      return;
    }
    std::fprintf(stderr, "\n");
    write_output_file(args->output, text, "--output");
    if (!partial.empty()) ::unlink(partial.c_str());
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
