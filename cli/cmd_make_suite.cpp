// `reversi-bench make-suite`: a generated endgame suite. Positions with
// exactly E empties from seeded random games, each with the exact score of
// every legal move, computed by one variant and confirmed by a second variant
// with another algorithm and move source. Deterministic for a seed.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

#include "check/random_positions.hpp"
#include "cli/common.hpp"
#include "cli/options.hpp"
#include "search/instances.hpp"
#include "variants/registry.hpp"

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
  cmd->add_option("-e,--empties", args->empties, "empties of every position")
      ->required()
      ->check(in_range<int>(1, 24));
  cmd->add_option("-n,--count", args->count, "how many positions (default 30)")
      ->check(in_range<int>(1, 10000));
  add_seed_option(cmd, args->seed, "the seed of the random games");
  cmd->add_option("-o,--output", args->output,
                  "the OBF file to write (finished positions are kept in OUTPUT.partial until "
                  "the suite is complete)")
      ->required();
  cmd->callback([args, &exit_code] {
    // The positions go to OUTPUT.partial as they are finished, each line
    // flushed; OUTPUT is replaced only when the suite is complete, so an
    // interrupted run destroys nothing and keeps what it made.
    check_writable(args->output, "--output");
    const std::string partial = args->output + ".partial";
    check_writable(partial, "--output");
    std::ofstream out(partial, std::ios::trunc);
    auto cannot_write = [&](const std::string& path) {
      return OutputError("--output: cannot write '" + path + "': " + std::strerror(errno));
    };
    if (!out) throw cannot_write(partial);
    out << "% reversi-bench make-suite -e " << args->empties << " -n " << args->count << " --seed "
        << args->seed << "\n"
        << "% Positions with " << args->empties
        << " empties from seeded random games; every move's exact score by kindergarten+list\n"
        << "% (pvs, table) confirmed by shift (alpha-beta, legal mask, no table).\n";
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
      out << format_obf_line(entry) << "\n";
      if (!out.flush()) throw cannot_write(partial);
      ++made;
      std::fprintf(stderr, "\rmake-suite: %d/%d positions, %.0f s", made, args->count,
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::fprintf(stderr, "\n");
    out.close();
    if (!out) throw cannot_write(partial);
    if (std::rename(partial.c_str(), args->output.c_str()) != 0) throw cannot_write(args->output);
    exit_code = kExitOk;
  });
}

}  // namespace rb::cli
