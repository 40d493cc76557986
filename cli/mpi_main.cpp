// reversi-bench-mpi: `perft --split K` and `match` over the ranks of an MPI
// job.
//
//   mpirun -np N reversi-bench-mpi perft -d D --split K [-t T] [--hash MB] ...
//   mpirun -np N reversi-bench-mpi match --engine ... --engine ... [--sprt] ...
//   mpirun -np N reversi-bench-mpi make-corpus --seed S --games G ... -o FILE
//
// A match: rank 0 hands out the pairs and counts them, ranks 1..N-1 play
// them with engines started on their own hosts (mpi/match_transport.hpp). A
// corpus: rank 0 hands out the games and writes them in order, ranks
// 1..N-1 play and label them (mpi/corpus_transport.hpp).
//
// Every rank reads the same command line and makes the same units
// (perft/perft_units.hpp). Rank 0 hands them out, largest first, to
// whichever worker is free (four in flight each), keeps the checkpoint and
// reports; ranks 1..N-1 count each unit with the threaded, cached perft (T
// threads, a cache of MB each) and send back (unit, count). With one rank, rank 0
// counts them itself. MPI carries the messages, so the same command runs on
// one machine or on a cluster's hosts.
//
// Failures: the ranks agree that every one reached the start of the work
// (mpi/start.hpp) before any waits for another. A failure before it,
// on any rank (a bad option, a checkpoint or state file that rank 0 alone
// reads), ends every rank with the same exit code, reported once: by rank
// 0, or by the lowest rank that failed when rank 0 did not. Once the work
// began, a failure anywhere ends the job with MPI_Abort and the exit code
// (1 for a failed check, 2 for bad input or output). A worker rank that
// holds a job and says nothing for --rank-silence seconds (stopped, hung,
// its host lost) ends the job too, named by rank 0 (exit 2).
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/process_setup.hpp"
#include "core/errors.hpp"
#include "core/memory.hpp"
#include "core/threads.hpp"
#include "core/variant_list.hpp"
#include "io/input.hpp"
#include "io/machine.hpp"
#include "io/output.hpp"
#include "mpi/corpus_transport.hpp"
#include "mpi/jobs.hpp"
#include "mpi/match_transport.hpp"
#include "mpi/perft_transport.hpp"
#include "mpi/start.hpp"
#include "protocol/process.hpp"
#include "variants/plugin/loader.hpp"

int main(int argc, char** argv) {
  // Threads that take turns with the MPI library: a worker's heartbeat
  // (mpi/jobs.hpp).
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  rb::distributed::set_mpi_threads(provided >= MPI_THREAD_SERIALIZED);
  using namespace rb::cli;
  // A worker's failure, as rank 0 reports it: a thread that did not start
  // is worded as for -t.
  rb::distributed::MpiStart start;
  rb::distributed::MpiTransport transport(
      start, [](const std::exception& e, int threads) -> std::string {
        if (const auto* thread = dynamic_cast<const rb::ThreadStartError*>(&e)) {
          return thread_start_failure("-t", threads, *thread).what();
        }
        return e.what();
      });
  rb::distributed::set_split_transport(&transport);
  rb::MpiMatchTransport match_transport(start);
  rb::set_match_transport(&match_transport);
  rb::MpiCorpusTransport corpus_transport(start);
  rb::set_corpus_transport(&corpus_transport);
  const bool leader = transport.leader();

  CLI::App app{
      "reversi-bench-mpi: perft --split K, match and make-corpus over the ranks of an MPI job"};
  app.name("reversi-bench-mpi");
  app.require_subcommand(1);
  app.set_version_flag("--version", rb::version_text());
  add_number_option<double>(&app, "--rank-silence", rb::distributed::rank_silence(),
                            "seconds a worker rank holding a job may say nothing (it says it is "
                            "alive every second) before the run ends, naming it (default 60; "
                            "0: wait for ever)",
                            0, 1e6)
      ->type_name("SECONDS");
  int exit_code = kExitOk;
  add_perft_command(app, exit_code);
  add_match_command(app, exit_code);
  add_make_corpus_command(app, exit_code);
  std::string error;
  try {
    try {
      check_number_options(app);
      prepare_process();
      // Board strings starting with '-' protected as in reversi-bench;
      // CLI11 takes the arguments reversed, without the program's name.
      const std::vector<std::string> args = protect_boards(argc, argv);
      // The one command, named: another is not "a subcommand is required".
      if (args.size() > 1 && !args[1].empty() && args[1][0] != '-' && args[1] != "perft" &&
          args[1] != "match" && args[1] != "make-corpus") {
        const bool elsewhere = args[1] == "list" || args[1] == "show" || args[1] == "verify" ||
                               args[1] == "sample" || args[1] == "solve" ||
                               args[1] == "make-suite" || args[1] == "train-eval" ||
                               args[1] == "eval-error" || args[1] == "bench" || args[1] == "help";
        throw rb::UsageError(elsewhere ? "'" + args[1] +
                                             "' is a command of reversi-bench; reversi-bench-mpi "
                                             "runs perft --split K, match and make-corpus only"
                                       : "unknown command '" + args[1] +
                                             "'; reversi-bench-mpi runs perft --split K, "
                                             "match and make-corpus only");
      }
      std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);
      app.parse(reversed);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) {  // --help, --version
        if (leader) app.exit(e);
      } else {
        throw;
      }
    }
  } catch (const rb::distributed::PeerFailed& e) {
    exit_code = e.exit_code();  // reported by the rank that failed
  } catch (const CLI::ParseError& e) {
    exit_code = kExitBadInput, error = std::string(e.what()) + " (see --help)";
  } catch (const rb::InputError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::PluginError& e) {
    exit_code = kExitBadInput, error = std::string("--plugin ") + e.what();
  } catch (const rb::VariantError& e) {
    exit_code = kExitBadInput, error = std::string("--variant: ") + e.what();
  } catch (const rb::UsageError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::ResourceError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::OutputError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const std::bad_alloc&) {
    exit_code = kExitBadInput, error = "out of memory";
  } catch (const rb::CheckFailed& e) {
    exit_code = kExitCheckFailed, error = std::string("check failed: ") + e.what();

  } catch (const std::exception& e) {
    exit_code = kExitCheckFailed, error = std::string("internal error: ") + e.what();
  }
  if (!error.empty()) {
    const auto report = [&] {
      std::cerr << "reversi-bench-mpi: error: "
                << rb::escape_controls(
                       (leader ? "" : "rank " + std::to_string(transport.rank()) + ": ") + error)
                << "\n";
    };
    if (!start.settled()) {
      // Before the start: every rank learns it, one reports.
      const auto failure = start.failed(exit_code);
      exit_code = failure.exit_code;
      if (failure.report) report();
    } else {
      // Once the work began, the others may be waiting: the job ends here
      // (rank 0 that let the workers go ends alone).
      const bool alone = (transport.begun() && (leader ? !transport.released() : true)) ||
                         match_transport.begun() || corpus_transport.begun();
      if (leader || alone) report();
      if (alone && transport.processes() > 1) MPI_Abort(MPI_COMM_WORLD, exit_code);
    }
  }
  if (leader && (std::fflush(stdout) != 0 || std::ferror(stdout))) {
    std::cerr << "reversi-bench-mpi: error: cannot write to standard output\n";
    exit_code = kExitBadInput;
  }
  MPI_Finalize();
  return exit_code;
}
