// Micro benchmarks of every registered variant: flip of a square, the legal
// move mask, play+undo, and walking the moves with the variant's move source,
// over a corpus of positions from seeded random games at every stage
// (positions/corpus.obf), and the classic synthetic case of a full board with
// one square emptied in turn.
//
// Every benchmark first checks the variant's answers against the reference
// board on its whole input and stops with SkipWithError on a mismatch. The
// timed loops feed each result into the next iteration's input (a running
// xor), and into benchmark::DoNotOptimize, so the work cannot be dropped.
// Rates are counters with kIsRate: flips/s, masks/s, plays/s.
//
// Plug-ins: `micro --plugin PATH.so` (repeatable) adds each plug-in as
// plugin:<name>, checked against the reference in a child process first
// (check/plugin_check.hpp), plus its optional entry points as it runs them:
// play_undo_own/ (play and undo on its own state) and count_moves/ (the bulk
// count). builtin:walk is the example plug-in's C source
// (examples/plugins/walk.c) compiled into this binary: its rows against
// plugin:walk's are the cost of calling a kernel through the plug-in ABI.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/micro_kernels.hpp"
#include "check/plugin_check.hpp"
#include "core/cpu.hpp"
#include "core/moves.hpp"
#include "core/reference.hpp"
#include "io/build_info.hpp"
#include "io/obf.hpp"
#include "micro/micro_list.hpp"
#include "variants/runtime.hpp"

// The example plug-in's entry points, compiled in under other names
// (examples/plugins/CMakeLists.txt, rb_walk_builtin).
extern "C" {
uint64_t rb_walk_builtin_legal_moves(uint64_t player, uint64_t opponent);
uint64_t rb_walk_builtin_flips(int square, uint64_t player, uint64_t opponent);
void* rb_walk_builtin_state_new(uint64_t player, uint64_t opponent);
void rb_walk_builtin_state_free(void* state);
int rb_walk_builtin_play(void* state, int square);
void rb_walk_builtin_undo(void* state);
void rb_walk_builtin_state_get(const void* state, uint64_t* player, uint64_t* opponent);
uint64_t rb_walk_builtin_count_moves(const uint64_t* player, const uint64_t* opponent, size_t n);
}

namespace rb {
namespace {

std::vector<Sample> load_corpus() {
  std::vector<Sample> out;
  for (const auto& e : read_obf_file(RB_POSITIONS_DIR "/corpus.obf")) {
    out.push_back({e.position, ReferenceBoard(e.position).legal_moves()});
  }
  return out;
}

// The synthetic case: one fixed full board (seeded), with square s emptied,
// for every s; the side to move alternates.
std::vector<Sample> synthetic_positions() {
  std::mt19937_64 rng(64);
  const Bitboard black = rng();
  std::vector<Sample> out;
  for (Square s = 0; s < 64; ++s) {
    const Position p = Position::from_colors(black & ~bit(s), ~black & ~bit(s),
                                             s % 2 ? Color::white : Color::black);
    out.push_back({p, ReferenceBoard(p).legal_moves()});
  }
  return out;
}

const std::vector<Sample>& corpus() {
  static const std::vector<Sample> c = load_corpus();
  return c;
}
const std::vector<Sample>& synthetic() {
  static const std::vector<Sample> c = synthetic_positions();
  return c;
}

// The example plug-in's kernels built in: direct calls.
struct WalkBuiltinKernel {
  static constexpr VariantInfo info =
      bitboard_variant("builtin:walk", "examples/plugins/walk.c compiled in", kCpuNone);
  static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return rb_walk_builtin_legal_moves(player, opponent);
  }
  static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return rb_walk_builtin_flips(s, player, opponent);
  }
};
using WalkBuiltin = BitboardShell<WalkBuiltinKernel>;

// The optional entry points, called the way each side really calls them:
// directly (built in), or through the pointers resolved at load (plug-in).
struct WalkBuiltinApi {
  static void* state_new(Bitboard p, Bitboard o) { return rb_walk_builtin_state_new(p, o); }
  static void state_free(void* state) { rb_walk_builtin_state_free(state); }
  static int play(void* state, Square s) { return rb_walk_builtin_play(state, s); }
  static void undo(void* state) { rb_walk_builtin_undo(state); }
  static void state_get(const void* state, Bitboard* p, Bitboard* o) {
    rb_walk_builtin_state_get(state, p, o);
  }
  static Bitboard count_moves(const Bitboard* p, const Bitboard* o, std::size_t n) {
    return rb_walk_builtin_count_moves(p, o, n);
  }
};

// Filled once before the benchmarks run, like the kernel table.
std::array<PluginEntryPoints, kPluginSlots> plugin_entries{};

template <int Slot>
struct PluginApi {
  static void* state_new(Bitboard p, Bitboard o) { return plugin_entries[Slot].state_new(p, o); }
  static void state_free(void* state) { plugin_entries[Slot].state_free(state); }
  static int play(void* state, Square s) { return plugin_entries[Slot].play(state, s); }
  static void undo(void* state) { plugin_entries[Slot].undo(state); }
  static void state_get(const void* state, Bitboard* p, Bitboard* o) {
    plugin_entries[Slot].state_get(state, p, o);
  }
  static Bitboard count_moves(const Bitboard* p, const Bitboard* o, std::size_t n) {
    return plugin_entries[Slot].count_moves(p, o, n);
  }
};

// Play and undo of every legal move of every position on the board's own
// state, after checking each play and undo against the reference.
template <class Api>
void BM_OwnPlayUndo(benchmark::State& state, const std::vector<Sample>* samples) {
  std::vector<void*> states;
  auto free_all = [&] {
    for (void* s : states) Api::state_free(s);
  };
  std::size_t plays = 0;
  for (const auto& sample : *samples) {
    void* st = Api::state_new(sample.position.player, sample.position.opponent);
    if (!st) {
      free_all();
      state.SkipWithError("rbp_state_new returned NULL");
      return;
    }
    states.push_back(st);
    bool ok = true;
    for_each_square(sample.legal, [&](Square s) {
      ReferenceBoard ref(sample.position);
      ref.play(s);
      Bitboard p = 0, o = 0;
      ok = ok && Api::play(st, s) == 1;
      Api::state_get(st, &p, &o);
      ok = ok && p == ref.position().player && o == ref.position().opponent;
      Api::undo(st);
      Api::state_get(st, &p, &o);
      ok = ok && p == sample.position.player && o == sample.position.opponent;
      ++plays;
    });
    if (!ok) {
      free_all();
      state.SkipWithError(
          ("own play/undo differs from the reference on " + board_string(sample.position)).c_str());
      return;
    }
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < states.size(); ++i) {
      for_each_square((*samples)[i].legal, [&](Square s) {
        benchmark::DoNotOptimize(Api::play(states[i], s));
        Api::undo(states[i]);
      });
    }
    benchmark::ClobberMemory();
  }
  free_all();
  state.counters["plays/s"] =
      benchmark::Counter(static_cast<double>(plays) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

// One bulk count of the moves of the whole corpus per iteration.
template <class Api>
void BM_CountMoves(benchmark::State& state, const std::vector<Sample>* samples) {
  std::vector<Bitboard> players, opponents;
  Bitboard expected = 0;
  for (const auto& sample : *samples) {
    players.push_back(sample.position.player);
    opponents.push_back(sample.position.opponent);
    expected += static_cast<Bitboard>(popcount(sample.legal));
  }
  if (Api::count_moves(players.data(), opponents.data(), players.size()) != expected) {
    state.SkipWithError("the bulk move count differs from the reference");
    return;
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(Api::count_moves(players.data(), opponents.data(), players.size()));
    benchmark::ClobberMemory();
  }
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(players.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

// The benchmarks every board gets, under `name`: each checks first, here in
// portable code, that the CPU runs the variant (its benchmarks may be
// compiled for another instruction set).
template <Board V>
void register_board(const std::string& name) {
  const auto guarded = [](auto run) {
    return [run](benchmark::State& state, auto... args) {
      if (!variant_available(V::info) && !PluginVariant<V>) {
        state.SkipWithError("this CPU lacks the variant's instruction set");
        return;
      }
      run(state, args...);
    };
  };
  using M = MicroBenchmarks<V>;
  benchmark::RegisterBenchmark(("flip/corpus/" + name).c_str(), guarded(M::flip), &corpus(), false);
  benchmark::RegisterBenchmark(("flip/synthetic/" + name).c_str(), guarded(M::flip), &synthetic(),
                               true);
  benchmark::RegisterBenchmark(("legal_moves/corpus/" + name).c_str(), guarded(M::legal_moves),
                               &corpus());
  benchmark::RegisterBenchmark(("play_undo/corpus/" + name).c_str(), guarded(M::play_undo),
                               &corpus());
  benchmark::RegisterBenchmark(("move_loop/corpus/" + name).c_str(), guarded(M::move_loop),
                               &corpus());
}

template <class Api>
void register_own_entry_points(const std::string& name, bool state, bool count) {
  if (state) {
    benchmark::RegisterBenchmark(("play_undo_own/corpus/" + name).c_str(), BM_OwnPlayUndo<Api>,
                                 &corpus());
  }
  if (count) {
    benchmark::RegisterBenchmark(("count_moves/corpus/" + name).c_str(), BM_CountMoves<Api>,
                                 &corpus());
  }
}

void register_plugins() {
  for_each_variant<PluginVariants>([]<Board V>() {
    constexpr int slot = kPluginSlotOf<V>;
    const LoadedPlugin* plugin = plugin_in_slot(slot);
    if (!plugin) return;
    plugin_entries[slot] = plugin->entry;
    register_board<V>(plugin->name);
    register_own_entry_points<PluginApi<slot>>(plugin->name, plugin->entry.has_state(),
                                               plugin->entry.count_moves != nullptr);
  });
}

// The --plugin PATH (or --plugin=PATH) arguments, taken out of argv.
std::vector<std::string> take_plugin_arguments(int& argc, char** argv) {
  std::vector<std::string> paths;
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--plugin") == 0 && i + 1 < argc) {
      paths.emplace_back(argv[++i]);
    } else if (std::strncmp(argv[i], "--plugin=", 9) == 0) {
      paths.emplace_back(argv[i] + 9);
    } else {
      argv[out++] = argv[i];
    }
  }
  argc = out;
  return paths;
}

// Loads and checks the plug-ins; returns the exit code when one fails.
int load_and_check_plugins(const std::vector<std::string>& paths) {
  try {
    load_plugins(paths);
  } catch (const PluginError& e) {
    std::fprintf(stderr, "micro: error: --plugin %s\n", e.what());
    return 2;
  }
  int code = 0;
  for_each_variant<PluginVariants>([&]<Board V>() {
    const LoadedPlugin* plugin = plugin_in_slot(kPluginSlotOf<V>);
    if (!plugin || code) return;
    if (const auto failure = check_plugin_before_timing<V>(plugin->name); !failure.empty()) {
      std::fprintf(stderr, "micro: check failed: %s\n", failure.c_str());
      code = 1;
    }
  });
  return code;
}

void register_all() {
  for_each_variant<AllVariants>([]<Board V>() {
    if constexpr (std::is_same_v<V, ReferenceBoard>) {
      return;  // the oracle is not a contender
    } else {
      register_board<V>(std::string(V::info.name));
    }
  });
  register_board<WalkBuiltin>("builtin:walk");
  register_own_entry_points<WalkBuiltinApi>("builtin:walk", true, true);
  register_plugins();
}

}  // namespace
}  // namespace rb

int main(int argc, char** argv) {
  const auto plugins = rb::take_plugin_arguments(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::AddCustomContext("rb_compiler", rb::build::kCompiler);
  benchmark::AddCustomContext("rb_build_type", rb::build::kBuildType);
  benchmark::AddCustomContext("rb_flags", rb::build::kFlags);
  benchmark::AddCustomContext("rb_commit", rb::build::kCommit);
  benchmark::AddCustomContext("rb_cpu_model", rb::cpu_model());
  benchmark::AddCustomContext("rb_cpu_features", rb::cpu_features_string(rb::cpu_features()));
  if (const int code = rb::load_and_check_plugins(plugins)) return code;
  try {
    rb::register_all();
  } catch (const rb::InputError& e) {
    std::fprintf(stderr, "micro: %s\n", e.what());
    return 2;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
