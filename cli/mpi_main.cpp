// reversi-bench-mpi: `perft --split K` over the ranks of an MPI job.
//
//   mpirun -np N reversi-bench-mpi perft -d D --split K [-t T] [--hash MB] ...
//
// Every rank reads the same command line and makes the same units
// (search/perft_units.hpp). Rank 0 hands them out, largest first, to
// whichever worker is free (four in flight each), keeps the checkpoint and
// reports; ranks 1..N-1 count each unit with the threaded, cached perft (T
// threads, a cache of MB each) and send back (unit, count). With one rank, rank 0
// counts them itself. MPI carries the messages, so the same command runs on
// one machine or on a cluster's hosts.
//
// Failures: one that every rank meets alike (a bad option) ends every rank
// with the same exit code, reported by rank 0. Once the units are being
// handed out, a failure anywhere ends the job with MPI_Abort and the exit
// code (1 for a failed check, 2 for bad input or output).
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

#include "cli/common.hpp"
#include "cli/options.hpp"
#include "cli/split_transport.hpp"
#include "core/memory.hpp"
#include "core/registry.hpp"
#include "io/machine.hpp"
#include "variants/plugin/loader.hpp"

namespace rb::cli {
namespace {

enum Tag : int { kWork = 1, kStop = 2, kResult = 3, kFailed = 4 };

class MpiTransport final : public SplitTransport {
 public:
  MpiTransport() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  bool leader() const override { return rank_ == 0; }
  bool counts() const override { return rank_ > 0 || size_ == 1; }
  int processes() const override { return size_; }
  void begin() override { begun_ = true; }
  bool begun() const { return begun_; }
  bool released() const { return released_; }
  int rank() const { return rank_; }

  void cancel() override {
    if (rank_ != 0) return;
    for (int w = 1; w < size_; ++w) send_stop(w);
    released_ = true;
  }

  void run(const std::vector<std::size_t>& todo, int threads, const CountUnit& count,
           const UnitDone& done) override {
    if (rank_ != 0) return work(threads, count);
    if (size_ == 1) {
      for (const std::size_t i : todo) done(i, count(i, threads));
      released_ = true;
      return;
    }
    lead(todo, done);
  }

 private:
  void send_stop(int worker) {
    std::uint64_t none = 0;
    MPI_Send(&none, 1, MPI_UINT64_T, worker, kStop, MPI_COMM_WORLD);
  }

  // Rank 0: four units to each worker (so that a worker finds its next unit
  // waiting when it sends a count), then the next unit to whichever
  // answers, largest first (the units' order). It waits with MPI_Test and a
  // short sleep, not a blocking receive, which would spin a core that the
  // workers on this host could use.
  void lead(const std::vector<std::size_t>& todo, const UnitDone& done) {
    constexpr int kInFlight = 4;
    std::size_t next = 0;
    std::vector<int> outstanding(static_cast<std::size_t>(size_), 0);
    int active = 0;  // units handed out and not yet counted
    auto hand_out = [&](int worker) {
      if (next >= todo.size()) return false;
      std::uint64_t index = todo[next++];
      MPI_Send(&index, 1, MPI_UINT64_T, worker, kWork, MPI_COMM_WORLD);
      ++outstanding[static_cast<std::size_t>(worker)];
      ++active;
      return true;
    };
    for (int round = 0; round < kInFlight; ++round) {
      for (int w = 1; w < size_; ++w) hand_out(w);
    }
    for (int w = 1; w < size_; ++w) {
      if (outstanding[static_cast<std::size_t>(w)] == 0) send_stop(w);
    }
    std::vector<char> message(4096);
    while (active > 0) {
      MPI_Request request;
      MPI_Irecv(message.data(), static_cast<int>(message.size()), MPI_CHAR, MPI_ANY_SOURCE,
                MPI_ANY_TAG, MPI_COMM_WORLD, &request);
      MPI_Status status;
      for (int flag = 0;;) {
        MPI_Test(&request, &flag, &status);
        if (flag) break;
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      }
      const int worker = status.MPI_SOURCE;
      if (status.MPI_TAG == kFailed) {
        int length = 0;
        MPI_Get_count(&status, MPI_CHAR, &length);
        const std::string what(message.data(), static_cast<std::size_t>(length));
        const std::string text = "rank " + std::to_string(worker) + ": " + what.substr(1);
        if (what.starts_with('2')) throw ResourceError(text);
        throw std::runtime_error(text);
      }
      std::uint64_t result[3];
      std::memcpy(result, message.data(), sizeof result);
      const Count128 c = static_cast<Count128>(result[2]) << 64 | result[1];
      --outstanding[static_cast<std::size_t>(worker)];
      --active;
      done(static_cast<std::size_t>(result[0]), c);
      if (!hand_out(worker) && outstanding[static_cast<std::size_t>(worker)] == 0) {
        send_stop(worker);
      }
    }
    released_ = true;
  }

  // Ranks 1..N-1: count what rank 0 sends until it says stop.
  void work(int threads, const CountUnit& count) {
    for (;;) {
      std::uint64_t index = 0;
      MPI_Status status;
      MPI_Recv(&index, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
      if (status.MPI_TAG == kStop) return;
      std::uint64_t result[3] = {index, 0, 0};
      try {
        const Count128 c = count(static_cast<std::size_t>(index), threads);
        result[1] = static_cast<std::uint64_t>(c);
        result[2] = static_cast<std::uint64_t>(c >> 64);
      } catch (const std::exception& e) {
        // The first character tells rank 0 the exit code: '2' for a
        // resource that cannot be had (threads, memory), '1' otherwise.
        const auto* thread = dynamic_cast<const ThreadStartError*>(&e);
        const bool resource = dynamic_cast<const ResourceError*>(&e) != nullptr;
        const std::string what =
            std::string(resource ? "2" : "1") + "unit " + std::to_string(index) + ": " +
            (thread ? thread_start_failure("-t", threads, *thread).what() : e.what());
        MPI_Send(what.data(), static_cast<int>(what.size()), MPI_CHAR, 0, kFailed, MPI_COMM_WORLD);
        // Rank 0 ends the job.
        MPI_Recv(&index, 1, MPI_UINT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        return;
      }
      MPI_Send(result, 3, MPI_UINT64_T, 0, kResult, MPI_COMM_WORLD);
    }
  }

  int rank_ = 0, size_ = 1;
  bool begun_ = false, released_ = false;
};

}  // namespace
}  // namespace rb::cli

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  using namespace rb::cli;
  MpiTransport transport;
  set_split_transport(&transport);
  const bool leader = transport.leader();

  CLI::App app{"reversi-bench-mpi: perft --split K over the ranks of an MPI job"};
  app.name("reversi-bench-mpi");
  app.require_subcommand(1);
  app.set_version_flag("--version", rb::version_text());
  int exit_code = kExitOk;
  add_perft_command(app, exit_code);
  std::string error;
  try {
    try {
      check_number_options(app);
      prepare_process();
      // Board strings starting with '-' protected as in reversi-bench;
      // CLI11 takes the arguments reversed, without the program's name.
      const std::vector<std::string> args = protect_boards(argc, argv);
      // The one command, named: another is not "a subcommand is required".
      if (args.size() > 1 && !args[1].empty() && args[1][0] != '-' && args[1] != "perft") {
        const bool elsewhere = args[1] == "list" || args[1] == "show" || args[1] == "verify" ||
                               args[1] == "sample" || args[1] == "solve" ||
                               args[1] == "make-suite" || args[1] == "train-eval" ||
                               args[1] == "bench" || args[1] == "help";
        throw UsageError(elsewhere ? "'" + args[1] +
                                         "' is a command of reversi-bench; reversi-bench-mpi runs "
                                         "perft --split K only"
                                   : "unknown command '" + args[1] +
                                         "'; reversi-bench-mpi runs perft --split K only");
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
  } catch (const CLI::ParseError& e) {
    exit_code = kExitBadInput, error = std::string(e.what()) + " (see --help)";
  } catch (const rb::InputError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::PluginError& e) {
    exit_code = kExitBadInput, error = std::string("--plugin ") + e.what();
  } catch (const rb::VariantError& e) {
    exit_code = kExitBadInput, error = std::string("--variant: ") + e.what();
  } catch (const UsageError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::ResourceError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const rb::OutputError& e) {
    exit_code = kExitBadInput, error = e.what();
  } catch (const std::bad_alloc&) {
    exit_code = kExitBadInput, error = "out of memory";
  } catch (const CheckFailed& e) {
    exit_code = kExitCheckFailed, error = std::string("check failed: ") + e.what();
  } catch (const std::exception& e) {
    exit_code = kExitCheckFailed, error = std::string("internal error: ") + e.what();
  }
  if (!error.empty()) {
    // Before the split run began, every rank fails alike and rank 0 says
    // why; once it began, the others may be waiting: the job ends here.
    const bool alone = transport.begun() && (leader ? !transport.released() : true);
    if (leader || alone) {
      std::cerr << "reversi-bench-mpi: error: "
                << rb::escape_controls(
                       (leader ? "" : "rank " + std::to_string(transport.rank()) + ": ") + error)
                << "\n";
    }
    if (alone && transport.processes() > 1) MPI_Abort(MPI_COMM_WORLD, exit_code);
  }
  if (leader && (std::fflush(stdout) != 0 || std::ferror(stdout))) {
    std::cerr << "reversi-bench-mpi: error: cannot write to standard output\n";
    exit_code = kExitBadInput;
  }
  MPI_Finalize();
  return exit_code;
}
