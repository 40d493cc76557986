// `reversi-bench verify`: every chosen variant against the reference board on
// seeded random positions, reachable and arbitrary, alternately.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

#include "check/random_positions.hpp"
#include "check/verify.hpp"
#include "cli/common.hpp"
#include "cli/options.hpp"
#include "variants/registry.hpp"

namespace rb::cli {
namespace {

struct VerifyArgs {
  std::vector<std::string> variants{"all"};
  std::uint64_t positions = 10000;
  std::uint64_t seed = 1;
};

struct Row {
  std::string name;
  VerifyCounts counts;
  std::uint64_t mismatches = 0;
  double seconds = 0;
};

// The n-th position of the run: the same for every variant, so that a
// mismatch can be replayed with the same seed.
Position nth_position(std::mt19937_64& rng, std::uint64_t n) {
  if (n % 2 == 0) return random_reachable(rng, static_cast<int>(rng() % 61));
  return random_arbitrary(rng);
}

template <Board V>
Row verify_variant(const VerifyArgs& args, std::optional<Mismatch>& first) {
  Row row{std::string(V::info.name), {}, 0, 0};
  std::mt19937_64 positions(args.seed);
  std::mt19937_64 continuations(args.seed ^ 0x5bd1e995u);
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  for (std::uint64_t n = 0; n < args.positions; ++n) {
    const Position p = nth_position(positions, n);
    if (auto m = verify_position<V>(p, continuations, row.counts)) {
      ++row.mismatches;
      first = std::move(m);
      break;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report > std::chrono::seconds(2)) {
      last_report = now;
      std::fprintf(stderr, "\rverify %s: %llu/%llu positions", row.name.c_str(),
                   static_cast<unsigned long long>(n + 1),
                   static_cast<unsigned long long>(args.positions));
      std::fflush(stderr);
    }
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (last_report != start) std::fprintf(stderr, "\r%60s\r", "");
  return row;
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<VerifyArgs>();
  auto* cmd = app.add_subcommand(
      "verify", "Cross-check variants against the reference board on seeded random positions");
  cmd->add_option("-v,--variant", args->variants, "variant name(s), or all (default)")
      ->delimiter(',');
  cmd->add_option("-n,--positions", args->positions, "how many positions (default 10000)")
      ->check(in_range(std::uint64_t{1}, std::uint64_t{1} << 40));
  add_seed_option(cmd, args->seed, "the seed of the positions");
  cmd->callback([args, &exit_code] {
    const auto names = resolve_variants(variant_infos<AllVariants>(), args->variants);
    std::printf("verify: %llu positions (seed %llu), half reachable, half arbitrary\n",
                static_cast<unsigned long long>(args->positions),
                static_cast<unsigned long long>(args->seed));
    std::printf("%-20s %12s %14s %11s %9s\n", "variant", "positions", "moves checked", "mismatches",
                "seconds");
    bool ok = true;
    for_each_variant<AllVariants>([&]<Board V>() {
      if (!ok || std::find(names.begin(), names.end(), V::info.name) == names.end()) return;
      std::optional<Mismatch> first;
      const Row row = verify_variant<V>(*args, first);
      std::printf("%-20s %12llu %14llu %11llu %9.2f\n", row.name.c_str(),
                  static_cast<unsigned long long>(row.counts.positions),
                  static_cast<unsigned long long>(row.counts.moves),
                  static_cast<unsigned long long>(row.mismatches), row.seconds);
      std::fflush(stdout);
      if (first) {
        ok = false;
        std::printf("MISMATCH in %s: %s\n  board:    %s\n  expected: %s\n  actual:   %s\n",
                    row.name.c_str(), first->what.c_str(), first->board.c_str(),
                    first->expected.c_str(), first->actual.c_str());
        std::printf("  replay:   reversi-bench show \"%s\"\n", first->board.c_str());
      }
    });
    exit_code = ok ? kExitOk : kExitCheckFailed;
  });
}

}  // namespace rb::cli
