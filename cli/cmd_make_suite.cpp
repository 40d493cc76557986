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
#include "check/random_positions.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"
#include "search/instances.hpp"
#include "variants/builtin.hpp"

namespace rb::cli {
namespace {

struct MakeSuiteArgs {
  int empties = 0;
  int count = 30;
  std::uint64_t seed = 1;
  std::string output;
};

// The two independent computations: a bitboard with the list, PVS and a
// table; and a bitboard with the legal mask, alpha-beta, no table.
MoveScores primary(const Position& p) {
  SolveOptions o;
  o.algo = Algo::pvs;
  o.order = Order::fastest;
  o.tt_mb = 32;
  return score_all_moves<KindergartenList>(p, o);
}
MoveScores confirmation(const Position& p) {
  SolveOptions o;
  o.algo = Algo::alphabeta;
  o.order = Order::fastest;
  o.tt_mb = 0;
  return score_all_moves<Shift>(p, o);
}

}  // namespace

void add_make_suite_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<MakeSuiteArgs>();
  auto* cmd = app.add_subcommand(
      "make-suite", "Generate an endgame suite with the exact score of every move (deterministic)");
  add_number_option<int>(cmd, "-e,--empties", args->empties, "empties of every position", 1, 24)
      ->required();
  add_number_option<int>(cmd, "-n,--count", args->count, "how many positions (default 30)", 1,
                         10000);
  add_seed_option(cmd, args->seed, "the seed of the random games");
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
    put("% reversi-bench make-suite -e " + std::to_string(args->empties) + " -n " +
        std::to_string(args->count) + " --seed " + std::to_string(args->seed) +
        "\n% Positions with " + std::to_string(args->empties) +
        " empties from seeded random games; every move's exact score by kindergarten+list\n"
        "% (pvs, table) confirmed by shift (alpha-beta, legal mask, no table).\n");
    std::mt19937_64 rng(args->seed);
    const auto start = std::chrono::steady_clock::now();
    for (int made = 0, attempts = 0; made < args->count; ++attempts) {
      if (attempts > args->count * 1000) throw UsageError("random games do not reach the empties");
      const Position p = random_reachable(rng, 60 - args->empties);
      if (p.empties() != args->empties) continue;
      const MoveScores a = primary(p);
      if (a.moves.empty()) continue;  // the game is over
      const MoveScores b = confirmation(p);
      if (a.moves != b.moves) {
        std::fprintf(stderr, "make-suite: the two computations disagree on %s\n",
                     board_string(p).c_str());
        exit_code = kExitCheckFailed;
        return;
      }
      ObfEntry entry;
      entry.position = p;
      entry.moves = a.moves;
      std::stable_sort(entry.moves.begin(), entry.moves.end(),
                       [](const MoveScore& x, const MoveScore& y) { return x.score > y.score; });
      put(format_obf_line(entry) + "\n");
      ++made;
      std::fprintf(stderr, "\rmake-suite: %d/%d positions, %.0f s", made, args->count,
                   seconds_since(start));
    }
    std::fprintf(stderr, "\n");
    write_output_file(args->output, text, "--output");
    if (!partial.empty()) ::unlink(partial.c_str());
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
