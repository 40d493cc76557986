#include "cli/board_options.hpp"

#include <chrono>
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/seconds.hpp"
#include "io/json.hpp"
#include "io/output.hpp"
#include "protocol/command.hpp"
#include "protocol/process.hpp"
#include "run/board_runs.hpp"
#include "run/perft_run.hpp"

namespace rb::cli {
namespace {

// Runs f(program) with the program started; its faults become a failed check
// (exit 1), a command that cannot be run a usage error (exit 2).
template <class F>
auto with_program(const BoardArgs& board, F&& f) {
  // SIGINT, SIGTERM and SIGHUP kill the program's group too (a terminal's
  // Ctrl-C does not reach a group of its own).
  protocol::install_interrupt_cleanup();
  try {
    protocol::BoardProgram program(board.command, board.timeout);
    auto result = f(program);
    program.close();
    return result;
  } catch (const protocol::CommandError& why) {
    throw UsageError("--board-cmd '" + board.command + "': " + why.what());
  } catch (const protocol::BoardProgramError& why) {
    throw CheckFailed(why.what());
  }
}

}  // namespace

void add_board_options(CLI::App* cmd, BoardArgs& args, bool perft) {
  cmd->add_option("--board-cmd", args.command,
                  "check a board program in any language, speaking the board protocol on its "
                  "standard input and output (docs/board-protocol.md), e.g. "
                  "'/usr/bin/python3 myboard.py'");
  add_number_option<double>(cmd, "--board-timeout", args.timeout,
                            "seconds the board program has for its greeting and for each batch "
                            "of requests (default 30)",
                            0.01, 86400.0);
  if (perft) {
    cmd->add_flag("--board-walk", args.walk,
                  "count by walking the board program's moves and plays, even when it counts "
                  "perft itself")
        ->needs("--board-cmd");
  }
  cmd->get_option("--board-timeout")->needs("--board-cmd");
  cmd->get_option("--board-cmd")->check([](const std::string& command) -> std::string {
    if (command.find_first_not_of(" \t") == std::string::npos) return "an empty command";
    return "";
  });
}

std::pair<std::string, VerifyOutcome> verify_board_and_print(const BoardArgs& board,
                                                             const VerifySet& set) {
  return with_program(board, [&](protocol::BoardProgram& program) {
    const VerifyOutcome r = verify_board_program(program, set);
    const std::string name = "board:" + program.name();
    print_verify_row(name, r);
    if (r.mismatch) {
      std::printf("board protocol: the mismatch found after %llu requests; ",
                  static_cast<unsigned long long>(r.requests_to_find));
    } else {
      std::printf("board protocol: ");
    }
    std::printf("%llu requests in %.2f s (%.0f a second)\n",
                static_cast<unsigned long long>(program.requests()), r.seconds,
                r.seconds > 0 ? static_cast<double>(program.requests()) / r.seconds : 0.0);
    std::fflush(stdout);
    return std::pair{name, r};
  });
}

static bool perft_board_and_print(const BoardArgs& board, const PerftArgs& args,
                                  const NamedPosition& start, const PerftTable* table,
                                  std::vector<PerftRow>& rows) {
  return with_program(board, [&](protocol::BoardProgram& program) {
    const bool own =
        program.has_perft() && !board.walk && args.convention == PerftConvention::a124004;
    const std::string name = "board:" + program.name();
    std::printf("perft %s  position %s  convention %s  counted %s\n", name.c_str(),
                start.label.c_str(), std::string(enum_name(args.convention)).c_str(),
                own ? "by the program (its perft)"
                    : "by the harness, walking the program's moves and plays");
    std::printf("%5s %22s %10s %14s  %s\n", "depth", "leaves", "seconds", "leaves/s",
                table ? "published" : "");
    PerftCount count;
    count.depth = args.depth;
    count.convention = args.convention;
    count.table = table;
    count.count = [&](const Position& p, int depth) -> Count128 {
      return board_program_perft(program, p, depth, args.convention, own);
    };
    count.board = bisect_board(program, args.convention, own);
    const PerftRun run = count_perft_depths(start.entry.position, count, [&](const PerftDepth& d) {
      print_perft_row(d.depth, d.leaves, d.seconds, d.check);
      rows.push_back({name, d.depth, d.leaves, d.times, d.check, false});
    });
    if (run.first_wrong > 0 && !run.bisected) {
      std::printf("\nbisection: not run, the first wrong depth %d is above %d\n", run.first_wrong,
                  kMaxBisectDepth);
    } else if (run.first_wrong > 0) {
      std::printf("\n");
      print_bisection(run.finding, run.first_wrong);
    }
    const bool all_ok = run.ok;
    std::printf("\nboard protocol: %llu requests (each distinct request asked once)\n\n",
                static_cast<unsigned long long>(program.requests()));
    std::fflush(stdout);
    return all_ok;
  });
}

bool suite_board_and_print(const BoardArgs& board, const PerftArgs& args, const PerftSuite& suite) {
  // Its own perft (when it has one, and --board-walk is not given), then
  // the harness's walk of its moves and plays: the two test different code
  // (a program's perft need not use its play).
  return with_program(board, [&](protocol::BoardProgram& program) {
    bool ok = true;
    if (program.has_perft() && !board.walk) {
      ok = run_suite_and_print("board:" + program.name() + " (its own perft)", suite,
                               bisect_board(program, PerftConvention::a124004, true), args.depth);
    }
    ok = run_suite_and_print("board:" + program.name() + " (walking its moves and plays)", suite,
                             bisect_board(program, PerftConvention::a124004, false), args.depth) &&
         ok;
    std::printf("board protocol: %llu requests (each distinct request asked once)\n\n",
                static_cast<unsigned long long>(program.requests()));
    return ok;
  });
}

// perft of a board program (--board-cmd): its rows, the bisection of a
// wrong count, the JSON.
void run_board_perft(const PerftArgs& args, const BoardArgs& board, bool json_given,
                     int& exit_code) {
  const auto positions = load_positions(args.position);
  if (positions.size() != 1) {
    throw UsageError("--position '" + args.position + "' names " +
                     std::to_string(positions.size()) + " positions; use FILE:N");
  }
  if (json_given) check_writable(args.json, "--json");
  const PerftTable* table =
      positions[0].entry.position == Position::start() ? &perft_start_table() : nullptr;
  std::vector<PerftRow> rows;
  const bool ok = perft_board_and_print(board, args, positions[0], table, rows);
  if (json_given) write_json_file(args.json, perft_json(args, positions[0], rows, {}), "--json");
  exit_code = ok ? kExitOk : kExitCheckFailed;
}

}  // namespace rb::cli
