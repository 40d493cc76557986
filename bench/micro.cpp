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
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "core/cpu.hpp"
#include "core/moves.hpp"
#include "core/reference.hpp"
#include "io/build_info.hpp"
#include "io/obf.hpp"
#include "variants/registry.hpp"

namespace rb {
namespace {

// A position and its legal moves, found by the reference board.
struct Sample {
  Position position;
  Bitboard legal;
};

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

template <Board V>
bool skip_if_unavailable(benchmark::State& state) {
  if (variant_available(V::info)) return false;
  state.SkipWithError("this CPU lacks the variant's instruction set");
  return true;
}

template <Board V>
std::vector<V> boards_for(const std::vector<Sample>& samples) {
  std::vector<V> boards;
  boards.reserve(samples.size());
  for (const auto& s : samples) boards.emplace_back(s.position);
  return boards;
}

// flips(s) for each legal move s of each position (the synthetic case: the
// one empty square, legal or not).
template <Board V>
void BM_Flip(benchmark::State& state, const std::vector<Sample>* samples, bool only_empty) {
  if (skip_if_unavailable<V>(state)) return;
  const auto boards = boards_for<V>(*samples);
  std::vector<std::pair<std::size_t, Square>> work;
  for (std::size_t i = 0; i < samples->size(); ++i) {
    const Bitboard squares = only_empty ? (*samples)[i].position.empty() : (*samples)[i].legal;
    for_each_square(squares, [&](Square s) { work.emplace_back(i, s); });
  }
  for (const auto& [i, s] : work) {
    if (boards[i].flips(s) != ReferenceBoard((*samples)[i].position).flips(s)) {
      state.SkipWithError(("flips differ from the reference on " +
                           board_string((*samples)[i].position) + " at " + square_name(s))
                              .c_str());
      return;
    }
  }
  Bitboard chain = 0;
  for (auto _ : state) {
    for (const auto& [i, s] : work) {
      chain ^= boards[i].flips(s);
      benchmark::DoNotOptimize(chain);
    }
  }
  state.counters["flips/s"] =
      benchmark::Counter(static_cast<double>(work.size()) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

template <Board V>
void BM_LegalMoves(benchmark::State& state, const std::vector<Sample>* samples) {
  if (skip_if_unavailable<V>(state)) return;
  const auto boards = boards_for<V>(*samples);
  for (std::size_t i = 0; i < samples->size(); ++i) {
    if (boards[i].legal_moves() != (*samples)[i].legal) {
      state.SkipWithError(
          ("legal moves differ from the reference on " + board_string((*samples)[i].position))
              .c_str());
      return;
    }
  }
  Bitboard chain = 0;
  for (auto _ : state) {
    for (const auto& b : boards) {
      chain ^= b.legal_moves();
      benchmark::DoNotOptimize(chain);
    }
  }
  state.counters["masks/s"] = benchmark::Counter(
      static_cast<double>(boards.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

template <Board V>
void BM_PlayUndo(benchmark::State& state, const std::vector<Sample>* samples) {
  if (skip_if_unavailable<V>(state)) return;
  auto boards = boards_for<V>(*samples);
  std::size_t plays = 0;
  for (std::size_t i = 0; i < samples->size(); ++i) {
    const Position p = (*samples)[i].position;
    bool ok = true;
    for_each_square((*samples)[i].legal, [&](Square s) {
      ReferenceBoard ref(p);
      ref.play(s);
      ok = ok && boards[i].play(s) && boards[i].position() == ref.position();
      boards[i].undo();
      ok = ok && boards[i].position() == p;
      ++plays;
    });
    if (!ok) {
      state.SkipWithError(("play/undo differs from the reference on " + board_string(p)).c_str());
      return;
    }
  }
  for (auto _ : state) {
    for (std::size_t i = 0; i < boards.size(); ++i) {
      for_each_square((*samples)[i].legal, [&](Square s) {
        benchmark::DoNotOptimize(boards[i].play(s));
        boards[i].undo();
      });
    }
    benchmark::ClobberMemory();
  }
  state.counters["plays/s"] =
      benchmark::Counter(static_cast<double>(plays) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

// The variant's own move source (scan, mask or list) walking every move of
// every position: the cost of one node's move loop in a search.
template <Board V>
void BM_MoveLoop(benchmark::State& state, const std::vector<Sample>* samples) {
  if (skip_if_unavailable<V>(state)) return;
  auto boards = boards_for<V>(*samples);
  std::size_t moves = 0;
  for (std::size_t i = 0; i < samples->size(); ++i) {
    Bitboard seen = 0;
    moves += static_cast<std::size_t>(for_each_move(boards[i], [&](Square s) {
      seen |= bit(s);
      return false;
    }));
    if (seen != (*samples)[i].legal) {
      state.SkipWithError(
          ("the move source differs from the reference on " + board_string((*samples)[i].position))
              .c_str());
      return;
    }
  }
  Bitboard chain = 0;
  for (auto _ : state) {
    for (auto& b : boards) {
      for_each_move(b, [&](Square s) {
        chain ^= bit(s);
        return false;
      });
      benchmark::DoNotOptimize(chain);
    }
  }
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(moves) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void register_all() {
  for_each_variant<AllVariants>([]<Board V>() {
    if constexpr (std::is_same_v<V, ReferenceBoard>) {
      return;  // the oracle is not a contender
    } else {
      const std::string name(V::info.name);
      benchmark::RegisterBenchmark(("flip/corpus/" + name).c_str(), BM_Flip<V>, &corpus(), false);
      benchmark::RegisterBenchmark(("flip/synthetic/" + name).c_str(), BM_Flip<V>, &synthetic(),
                                   true);
      benchmark::RegisterBenchmark(("legal_moves/corpus/" + name).c_str(), BM_LegalMoves<V>,
                                   &corpus());
      benchmark::RegisterBenchmark(("play_undo/corpus/" + name).c_str(), BM_PlayUndo<V>, &corpus());
      benchmark::RegisterBenchmark(("move_loop/corpus/" + name).c_str(), BM_MoveLoop<V>, &corpus());
    }
  });
}

}  // namespace
}  // namespace rb

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::AddCustomContext("rb_compiler", rb::build::kCompiler);
  benchmark::AddCustomContext("rb_build_type", rb::build::kBuildType);
  benchmark::AddCustomContext("rb_flags", rb::build::kFlags);
  benchmark::AddCustomContext("rb_commit", rb::build::kCommit);
  benchmark::AddCustomContext("rb_cpu_model", rb::cpu_model());
  benchmark::AddCustomContext("rb_cpu_features", rb::cpu_features_string(rb::cpu_features()));
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
