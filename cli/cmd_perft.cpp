// `reversi-bench perft`: leaf counts per depth, timed, checked against the
// published counts from the start position; --divide splits the count by
// root move for bisecting a bug.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/common.hpp"
#include "core/perft_counts.hpp"
#include "variants/registry.hpp"

namespace rb::cli {
namespace {

struct PerftArgs {
  std::vector<std::string> variants{"all"};
  int depth = 0;
  std::string position = "start";
  std::string convention = "a124004";
  bool divide = false;
  int threads = 1;
  int hash_mb = 0;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs one variant; returns false when a count disagrees with the table.
template <Board V>
bool run_variant(const PerftArgs& args, const NamedPosition& start, PerftConvention convention,
                 const PerftTable* table) {
  std::unique_ptr<PerftCache> cache;
  if (args.hash_mb > 0)
    cache = std::make_unique<PerftCache>(static_cast<std::size_t>(args.hash_mb));
  PerftOptions options{convention, args.threads, cache.get()};
  std::printf("perft %.*s  position %s  convention %.*s  threads %d  hash %d MB\n",
              static_cast<int>(V::info.name.size()), V::info.name.data(), start.label.c_str(),
              static_cast<int>(perft_convention_name(convention).size()),
              perft_convention_name(convention).data(), args.threads, args.hash_mb);
  std::printf("%5s %22s %10s %14s  %s\n", "depth", "leaves", "seconds", "leaves/s",
              table ? "published" : "");
  bool all_ok = true;
  for (int depth = 1; depth <= args.depth; ++depth) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t leaves = perft<V>(start.entry.position, depth, options);
    const double secs = seconds_since(t0);
    std::string check;
    if (table) {
      const auto expected = table->expected(convention, depth);
      if (!expected) {
        check = "-";
      } else if (*expected == leaves) {
        check = "ok";
      } else {
        check = "MISMATCH: published " + std::to_string(*expected);
        all_ok = false;
      }
    }
    char rate[32] = "-";
    if (secs > 1e-4) std::snprintf(rate, sizeof rate, "%.4g", static_cast<double>(leaves) / secs);
    std::printf("%5d %22llu %10.3f %14s  %s\n", depth, static_cast<unsigned long long>(leaves),
                secs, rate, check.c_str());
    std::fflush(stdout);
  }
  if (args.divide) {
    std::printf("divide at depth %d:\n", args.depth);
    std::uint64_t total = 0;
    for (const auto& row : perft_divide<V>(start.entry.position, args.depth, options)) {
      std::printf("  %-3s %22llu\n", square_name(row.move).c_str(),
                  static_cast<unsigned long long>(row.count));
      total += row.count;
    }
    std::printf("  %-3s %22llu\n", "sum", static_cast<unsigned long long>(total));
  }
  std::printf("\n");
  return all_ok;
}

}  // namespace

void add_perft_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PerftArgs>();
  auto* cmd = app.add_subcommand("perft", "Count the leaves of the game tree to depths 1..D");
  cmd->add_option("-v,--variant", args->variants, "variant name(s), or all")->delimiter(',');
  cmd->add_option("-d,--depth", args->depth, "the deepest depth counted")
      ->required()
      ->check(CLI::Range(1, kMaxPerftDepth));
  cmd->add_option("-p,--position", args->position,
                  "start (default), a board string or OBF line, or FILE:N");
  cmd->add_option("-c,--convention", args->convention, "a124004 (default), bik or no_pass")
      ->check(CLI::IsMember({"a124004", "bik", "no_pass"}));
  cmd->add_flag("--divide", args->divide, "print the count under each root move at depth D");
  cmd->add_option("-t,--threads", args->threads, "threads sharing the tree")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--hash", args->hash_mb, "a transposition cache of this many MB (0: none)")
      ->check(CLI::Range(0, 1 << 16));
  cmd->callback([args, &exit_code] {
    const auto positions = load_positions(args->position);
    if (positions.size() != 1) {
      throw UsageError("--position '" + args->position + "' names " +
                       std::to_string(positions.size()) + " positions; use FILE:N");
    }
    const auto convention = *parse_perft_convention(args->convention);
    const auto names = resolve_variants(variant_infos<AllVariants>(), args->variants);
    std::optional<PerftTable> table;
    if (positions[0].entry.position == Position::start()) {
      table = PerftTable::read(positions_dir() + "/perft-start.csv");
    }
    bool ok = true;
    for_each_variant<AllVariants>([&]<Board V>() {
      if (std::find(names.begin(), names.end(), V::info.name) == names.end()) return;
      ok = run_variant<V>(*args, positions[0], convention, table ? &*table : nullptr) && ok;
    });
    exit_code = ok ? kExitOk : kExitCheckFailed;
  });
}

}  // namespace rb::cli
