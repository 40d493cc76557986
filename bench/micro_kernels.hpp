// The micro benchmarks that time a variant's kernels (flips, legal moves,
// play+undo, the move loop), as static members of MicroBenchmarks<V>, so that
// they can be compiled, like the searches, once per variant for its
// instruction set (bench/CMakeLists.txt, cmake/isa.cmake): the kernels then
// inline into the timed loops as they do into perft and the solver. Each
// checks the variant's answers against the reference on its whole input
// first and stops with SkipWithError on a mismatch; the CPU check is the
// caller's (bench/micro.cpp), before any of this code runs.
#pragma once

#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/moves.hpp"
#include "core/reference.hpp"
#include "io/obf.hpp"

namespace rb {

// A position and its legal moves, found by the reference board.
struct Sample {
  Position position;
  Bitboard legal;
};

template <Board V>
struct MicroBenchmarks {
  static void flip(benchmark::State& state, const std::vector<Sample>* samples, bool only_empty);
  static void legal_moves(benchmark::State& state, const std::vector<Sample>* samples);
  static void play_undo(benchmark::State& state, const std::vector<Sample>* samples);
  static void move_loop(benchmark::State& state, const std::vector<Sample>* samples);
};

namespace micro_detail {
template <Board V>
std::vector<V> boards_for(const std::vector<Sample>& samples) {
  std::vector<V> boards;
  boards.reserve(samples.size());
  for (const auto& s : samples) boards.emplace_back(s.position);
  return boards;
}

}  // namespace micro_detail

// flips(s) for each legal move s of each position (the synthetic case: the
// one empty square, legal or not).
template <Board V>
void MicroBenchmarks<V>::flip(benchmark::State& state, const std::vector<Sample>* samples,
                              bool only_empty) {
  const auto boards = micro_detail::boards_for<V>(*samples);
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
void MicroBenchmarks<V>::legal_moves(benchmark::State& state, const std::vector<Sample>* samples) {
  const auto boards = micro_detail::boards_for<V>(*samples);
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
void MicroBenchmarks<V>::play_undo(benchmark::State& state, const std::vector<Sample>* samples) {
  auto boards = micro_detail::boards_for<V>(*samples);
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
void MicroBenchmarks<V>::move_loop(benchmark::State& state, const std::vector<Sample>* samples) {
  auto boards = micro_detail::boards_for<V>(*samples);
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

}  // namespace rb

// The explicit instantiation of board type V's benchmarks: with KEYWORD
// `extern` the declaration (bench/micro.cpp), empty the definition (the
// generated file of the variant, compiled for its instruction set, which
// includes this header and the variant's own alone).
#define RB_MICRO_INSTANCES(KEYWORD, V) KEYWORD template struct rb::MicroBenchmarks<V>;
