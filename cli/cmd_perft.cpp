// `reversi-bench perft`: leaf counts per depth, timed, checked against the
// published counts from the start position; --divide splits the count by
// root move for bisecting a bug; --split K counts depth D alone as the sum
// over the work units at ply K (perft/perft_split.hpp), with a checkpoint to
// resume from, here or on the ranks of an MPI job (reversi-bench-mpi).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include "check/plugin_check.hpp"
#include "cli/board_options.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/perft_report.hpp"
#include "cli/plugins.hpp"
#include "core/errors.hpp"
#include "core/threads.hpp"
#include "io/data_files.hpp"
#include "io/json.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "perft/perft_split.hpp"
#include "perft/perft_table.hpp"
#include "run/perft_run.hpp"
#include "search/instances.hpp"
#include "variants/runtime.hpp"

namespace rb::cli {

using distributed::PerftFunctions;
using distributed::run_split;
using distributed::split_transport;
using distributed::SplitArgs;
using distributed::SplitResult;

namespace {

// --split: depth D alone, by units; the leader prints and records the row.
bool run_split_variant(const PerftArgs& args, const PerftFunctions& fns, const NamedPosition& start,
                       PerftConvention convention, const PerftTable* table,
                       std::vector<PerftRow>& rows, std::optional<SplitResult>& split) {
  const SplitArgs split_args{args.depth,        args.split,      convention,
                             args.threads,      args.hash_mb,    !args.no_symmetry,
                             !args.no_shortcut, args.checkpoint, args.resume};
  const bool leader = split_transport().leader();
  const std::string_view name = fns.name;
  const bool shortcut = fns.uses_shortcut({convention, args.threads, nullptr, !args.no_shortcut});
  if (leader) {
    std::printf(
        "perft %.*s  position %s  convention %.*s  threads %d  hash %d MB%s  shortcut %s  "
        "split %d  processes %d\n",
        static_cast<int>(name.size()), name.data(), start.label.c_str(),
        static_cast<int>(enum_name(convention).size()), enum_name(convention).data(), args.threads,
        args.hash_mb, args.hash_mb > 0 && args.no_symmetry ? " (no symmetry)" : "",
        shortcut ? "on" : "off", args.split, split_transport().processes());
    std::fflush(stdout);
  }
  split = run_split(split_args, fns, start.entry.position);
  if (!leader) return true;
  std::printf(
      "units at ply %d: %zu (from %zu distinct positions above, in %.3f s); %s leaves "
      "settled above them%s\n",
      args.split, split->units, split->expanded, split->unit_seconds,
      to_decimal(split->settled).c_str(),
      split->resumed
          ? (", " + std::to_string(split->resumed) + " units resumed from " + args.resume).c_str()
          : "");
  std::printf("%5s %22s %10s %14s  %s\n", "depth", "leaves", "seconds", "leaves/s",
              table ? "published" : "");
  bool ok = true;
  const std::string check = check_count(table, convention, args.depth, split->leaves, ok);
  print_perft_row(args.depth, split->leaves, split->seconds, check);
  std::printf("\n");
  rows.push_back({std::string(name), args.depth, split->leaves, {split->seconds}, check, shortcut});
  return ok;
}

// Runs one variant with the run's cache (null: none), cleared before each
// count; returns false when a count disagrees with the table.
bool run_variant(const PerftArgs& args, const PerftFunctions& fns, const NamedPosition& start,
                 PerftConvention convention, const PerftTable* table, PerftCache* cache,
                 std::vector<PerftRow>& rows) {
  PerftOptions options{convention, args.threads, cache, !args.no_shortcut};
  const std::string_view name = fns.name;
  const bool shortcut = fns.uses_shortcut(options);
  std::printf("perft %.*s  position %s  convention %.*s  threads %d  hash %d MB%s  shortcut %s\n",
              static_cast<int>(name.size()), name.data(), start.label.c_str(),
              static_cast<int>(enum_name(convention).size()), enum_name(convention).data(),
              args.threads, args.hash_mb,
              args.hash_mb > 0 && args.no_symmetry ? " (no symmetry)" : "",
              shortcut ? "on" : "off");
  if (args.repeat > 1) std::printf("seconds: the median of %d runs\n", args.repeat);
  std::printf("%5s %22s %10s %14s  %s\n", "depth", "leaves", "seconds", "leaves/s",
              table ? "published" : "");
  PerftRunRequest request;
  request.depth = args.depth;
  request.options = options;
  request.repeat = args.repeat;
  request.divide = args.divide;
  request.table = table;
  const PerftRun run =
      run_perft_depths(fns, start.entry.position, request, [&](const PerftDepth& d) {
        print_perft_row(d.depth, d.leaves, d.seconds, d.check);
        rows.push_back({std::string(name), d.depth, d.leaves, d.times, d.check, shortcut});
      });
  if (run.first_wrong > 0) {
    std::printf("\n");
    if (!run.bisected) {
      std::printf(
          "bisection: not run, the first wrong depth %d is above %d (its reference "
          "counts would take long)\n\n",
          run.first_wrong, kMaxBisectDepth);
    } else {
      print_bisection(run.finding, run.first_wrong);
    }
  }
  if (args.divide) {
    std::printf("divide at depth %d:\n", args.depth);
    std::uint64_t total = 0;
    for (const auto& row : run.divide) {
      std::printf("  %-3s %22llu\n", square_name(row.move).c_str(),
                  static_cast<unsigned long long>(row.count));
      total += row.count;
    }
    std::printf("  %-3s %22llu\n", "sum", static_cast<unsigned long long>(total));
  }
  std::printf("\n");
  return run.ok;
}

// The perft command, once its options are parsed.
void run_perft(const std::shared_ptr<PerftArgs>& args, const CLI::Option* json,
               const CLI::Option* split, CLI::App* cmd, int& exit_code) {
  const bool json_given = json->count() > 0;
  const bool splitting = split->count() > 0;
  if (!splitting && args->depth > kMaxPerftDepth && args->divide) {
    throw UsageError("--divide: depth " + std::to_string(args->depth) + " above " +
                     std::to_string(kMaxPerftDepth) + " (the 64-bit counts of --divide)");
  }
  if (splitting) {
    if (args->split > args->depth) {
      throw UsageError("--split " + std::to_string(args->split) + ": above the depth " +
                       std::to_string(args->depth));
    }
    if (args->divide) throw UsageError("--divide cannot be combined with --split");
    if (args->repeat > 1) throw UsageError("--repeat cannot be combined with --split");
    // One variant counts the units: the portable bitboard one unless named.
    if (cmd->get_option("--variant")->count() == 0) args->variants = {"fast"};
  } else if (!split_transport().leader() || split_transport().processes() > 1) {
    throw UsageError("reversi-bench-mpi perft counts with --split K only");
  }
  const auto positions = load_positions(args->position);
  if (positions.size() != 1) {
    throw UsageError("--position '" + args->position + "' names " +
                     std::to_string(positions.size()) + " positions; use FILE:N");
  }
  const PerftConvention convention = args->convention;
  // The leader's files, refused before any work (an existing checkpoint, a
  // resume file that is a FIFO ...) by the leader alone: over MPI the others
  // learn of it at the split run's start (mpi/start.hpp).
  const bool leader = split_transport().leader();
  if (leader && json_given) check_writable(args->json, "--json");
  if (leader && cmd->get_option("--checkpoint")->count() > 0) {
    PerftCheckpoint::check_create(args->checkpoint);
  }
  if (leader && cmd->get_option("--resume")->count() > 0) {
    PerftCheckpoint::check_resume(args->resume);
  }
  std::vector<std::string> requested;
  for (const auto& name : args->variants) requested.push_back(requested_variant(name, false));
  const auto names = resolve_variants(runtime_variant_infos(), requested);
  if (splitting && names.size() != 1) {
    throw UsageError("--split counts with one variant; --variant names " +
                     std::to_string(names.size()));
  }
  const PerftTable* table = nullptr;
  if (positions[0].entry.position == Position::start()) table = &perft_start_table();
  // One cache for the whole run (every variant, depth and repetition),
  // cleared between counts, so that the memory taken is the memory asked
  // for. The split run makes its own, once, after its start
  // (perft/perft_split.hpp), where a failure ends every MPI rank.
  std::unique_ptr<PerftCache> cache;
  if (!splitting && args->hash_mb > 0) {
    cache =
        std::make_unique<PerftCache>(static_cast<std::size_t>(args->hash_mb), !args->no_symmetry);
  }
  bool ok = true;
  std::vector<PerftRow> rows;
  std::optional<SplitResult> split_result;
  for_each_chosen_variant(names, [&]<Board V>() {
    check_before_timing<V>();
    const PerftFunctions fns = perft_functions<V>();
    ok = (splitting
              ? run_split_variant(*args, fns, positions[0], convention, table, rows, split_result)
              : run_variant(*args, fns, positions[0], convention, table, cache.get(), rows)) &&
         ok;
  });
  if (!args->json.empty() && leader)
    write_json_file(args->json, perft_json(*args, positions[0], rows, split_result), "--json");
  exit_code = ok ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_perft_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PerftArgs>();
  auto* cmd = app.add_subcommand("perft", "Count the leaves of the game tree to depths 1..D");
  cmd->add_option("-v,--variant", args->variants,
                  "variant name(s), all, or auto (the default: the fastest this CPU runs)")
      ->delimiter(',');
  auto* depth = add_number_option<int>(cmd, "-d,--depth", args->depth,
                                       "the deepest depth counted (with --suite: at most this "
                                       "deep)",
                                       1, kMaxWidePerftDepth);
  auto* suite = cmd->add_option("--suite", args->suite,
                                "check the counts of a perft suite (positions/perft-suite.txt, "
                                "built in, when given no FILE): chosen positions whose shallow "
                                "counts catch rare move-generator bugs; the first wrong one "
                                "bisected")
                    ->expected(0, 1)
                    ->default_str("");
  cmd->add_option("-p,--position", args->position,
                  "start (default), a board string or OBF line, or FILE:N");
  add_enum_option(cmd, "-c,--convention", args->convention, "how passes and early ends count");
  cmd->add_flag("--divide", args->divide, "print the count under each root move at depth D");
  add_number_option<int>(cmd, "-t,--threads", args->threads, "threads sharing the tree", 1, 256);
  add_number_option<int>(cmd, "--hash", args->hash_mb,
                         "a transposition cache of this many MB (0: none)", 0, 1 << 20);
  cmd->add_flag("--no-shortcut", args->no_shortcut,
                "play and undo every interior move, instead of walking the tree on the "
                "bitboards and counting the last two plies at once (bitboard variants; the "
                "mailboxes always play and undo)");
  cmd->add_flag("--no-symmetry", args->no_symmetry,
                "with --hash: key the cache on positions as they are, not up to the 8 "
                "symmetries of the board");
  add_number_option<int>(cmd, "--repeat", args->repeat,
                         "time each depth this many times, report the median", 1, 1000);
  auto* json = cmd->add_option("--json", args->json,
                               "also write the rows, configuration and machine as JSON");
  auto* split = add_number_option<int>(
      cmd, "--split", args->split,
      "count depth D alone, as the sum over the distinct positions at ply K (up to symmetry) of "
      "their multiplicity times their count below; the units are counted on the threads (or MPI "
      "ranks)",
      0, kMaxSplitPlies);
  cmd->add_option("--checkpoint", args->checkpoint,
                  "with --split: write each finished unit to this new file (flushed to disk)")
      ->needs(split);
  cmd->add_option("--resume", args->resume,
                  "with --split: skip the units finished in this checkpoint and append to it")
      ->needs(split)
      ->excludes("--checkpoint");
  auto* plugin = add_plugin_option(cmd, args->plugins);
  auto board = std::make_shared<BoardArgs>();
  add_board_options(cmd, *board, true);
  cmd->get_option("--board-cmd")
      ->excludes(cmd->get_option("--variant"))
      ->excludes(plugin)
      ->excludes(split)
      ->excludes(cmd->get_option("--divide"));
  for (const char* other : {"--position", "--divide", "--split", "--repeat", "--json",
                            "--checkpoint", "--resume", "--convention", "--hash", "--threads"}) {
    suite->excludes(cmd->get_option(other));
  }
  cmd->callback([args, board, json, split, cmd, depth, suite, &exit_code] {
    if (suite->count() > 0) {
      if (!args->suite) args->suite = "";
      if (depth->count() == 0) args->depth = 99;
      return perft_suite_command(*args, *board, exit_code);
    }
    if (depth->count() == 0) throw UsageError("--depth is required (or --suite)");
    if (!board->command.empty())
      return run_board_perft(*args, *board, json->count() > 0, exit_code);
    const auto work = [&] {
      try {
        run_perft(args, json, split, cmd, exit_code);
      } catch (const ThreadStartError& e) {
        throw thread_start_failure("-t", args->threads, e);
      }
    };
    if (split->count() > 0) {  // the ranks of an MPI job start no process of their own
      load_plugins(args->plugins);
      work();
    } else {
      run_with_plugins(args->plugins, exit_code, work);
    }
  });
}

}  // namespace rb::cli
