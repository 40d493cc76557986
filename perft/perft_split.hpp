// `perft --split K`: the count to depth D as the sum over the work units at
// ply K (perft/perft_units.hpp), counted by the split transport of this
// process (perft/split_transport.hpp: threads here, or MPI ranks), with a
// checkpoint of the finished units and progress on stderr.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/obf.hpp"
#include "perft/perft_checkpoint.hpp"
#include "perft/perft_units.hpp"
#include "perft/split_transport.hpp"

namespace rb::distributed {

struct SplitArgs {
  int depth;
  int plies;
  PerftConvention convention;
  int threads;
  int hash_mb;
  bool symmetry;
  bool shortcut;
  std::string checkpoint;  // a new checkpoint file, or empty
  std::string resume;      // a checkpoint to continue, or empty
};

struct SplitResult {
  Count128 leaves = 0;
  double seconds = 0;       // the whole run, units made included
  double unit_seconds = 0;  // making the units
  std::size_t units = 0;
  std::size_t expanded = 0;  // distinct positions expanded above the units
  std::size_t resumed = 0;   // units read from --resume
  Count128 settled = 0;
  int processes = 1;
};

// Progress on stderr, at most once a second: units done of all, leaves so
// far, the rate of this run, and the time left, estimated from the units'
// size estimates.
class SplitProgress {
 public:
  SplitProgress(const PerftUnits& units, const std::vector<std::optional<Count128>>& counts);
  void done(std::size_t index, Count128 count);
  // The last line, printed whatever the time.
  void finish();

 private:
  void print(const char* prefix);
  const PerftUnits& units_;
  std::size_t done_ = 0;
  Count128 leaves_ = 0;      // settled and every finished unit's share
  Count128 new_leaves_ = 0;  // those of this run
  double estimate_left_ = 0, estimate_done_ = 0;
  std::chrono::steady_clock::time_point start_, last_;
};

// The counts of one variant with its own move source, compiled once in
// rb_search_entries (perft_functions<V>(), search/instances.hpp): the commands call
// them through these pointers, so that nothing of theirs is compiled per
// variant.
struct PerftFunctions {
  std::string name;
  bool (*uses_shortcut)(const PerftOptions&);
  std::uint64_t (*perft)(const Position&, int, const PerftOptions&);
  Count128 (*perft_wide)(const Position&, int, const PerftOptions&, bool cache_shared);
  std::vector<DivideRow> (*divide)(const Position&, int, const PerftOptions&);
  PerftUnits (*units)(const Position&, int, int, PerftConvention);
  Count128 (*unit)(const PerftUnit&, int, int, const PerftOptions&, bool cache_shared);
  // The board's moves and children, for the bisection (perft/bisect.hpp).
  Bitboard (*legal_moves)(const Position&);
  Position (*play)(const Position&, Square);
};

// The count; on the leader the result, on the workers nothing. Throws
// InputError (file:line) for a checkpoint of another run or a damaged one,
// OutputError for one that cannot be written.
inline std::optional<SplitResult> run_split(const SplitArgs& args, const PerftFunctions& fns,
                                            const Position& root) {
  const auto t0 = std::chrono::steady_clock::now();
  split_transport().begin();
  const PerftUnits units = fns.units(root, args.depth, args.plies, args.convention);
  SplitResult result;
  result.units = units.units.size();
  result.expanded = units.expanded;
  result.settled = units.settled;
  result.unit_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  SplitTransport& transport = split_transport();
  result.processes = transport.processes();

  std::vector<std::optional<Count128>> counts(units.units.size());
  std::optional<PerftCheckpoint> checkpoint;
  std::vector<std::size_t> todo;
  if (transport.leader()) {
    try {
      std::vector<std::uint64_t> checksums;
      for (const auto& u : units.units) checksums.push_back(unit_checksum(u.position));
      const CheckpointConfig config{board_string(root), args.convention, args.depth, args.plies,
                                    units.units.size()};
      if (!args.resume.empty()) {
        std::vector<Count128> max_counts;
        for (const auto& u : units.units) {
          max_counts.push_back(max_leaves_below(u.position, args.depth - args.plies));
        }
        checkpoint.emplace(
            PerftCheckpoint::resume(args.resume, config, checksums, counts, max_counts));
      } else if (!args.checkpoint.empty()) {
        checkpoint.emplace(PerftCheckpoint::create(args.checkpoint, config));
      }
    } catch (...) {
      transport.cancel();
      throw;
    }
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (counts[i]) {
        ++result.resumed;
      } else {
        todo.push_back(i);
      }
    }
  }

  std::unique_ptr<PerftCache> cache;
  if (transport.counts() && args.hash_mb > 0) {
    cache = std::make_unique<PerftCache>(static_cast<std::size_t>(args.hash_mb), args.symmetry);
  }
  const CountUnit count = [&](std::size_t i, int threads) {
    const PerftOptions options{args.convention, threads, cache.get(), args.shortcut};
    return fns.unit(units.units[i], args.depth, args.plies, options,
                    threads == 1 && args.threads > 1);
  };
  std::optional<SplitProgress> progress;
  if (transport.leader()) progress.emplace(units, counts);
  const UnitDone done = [&](std::size_t i, Count128 c) {
    counts[i] = c;
    if (checkpoint) checkpoint->append(i, c, unit_checksum(units.units[i].position));
    progress->done(i, c);
  };
  transport.run(todo, args.threads, count, done);
  if (!transport.leader()) return std::nullopt;
  progress->finish();

  std::vector<Count128> all;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (!counts[i]) throw std::logic_error("unit " + std::to_string(i) + " was never counted");
    all.push_back(*counts[i]);
  }
  result.leaves = split_total(units, all);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace rb::distributed
