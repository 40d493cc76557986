// Perft in 128 bits: counts that may pass 2^64 (depths up to 60).
//
// The 64-bit walker of perft/perft.hpp stays the fast path: a node whose
// count provably fits in 64 bits is counted by it, cache and all. A node
// with e empty squares has at most e moves (a pass node has one child, a
// finished game one leaf at most), so its count at remaining depth r is at
// most e^r; where e^r < 2^64 the node is "narrow". Only the few nodes above
// the narrow ones (the top plies of a deep count) add in 128 bits, with
// every sum checked, and share the same cache where their count fits its
// 64-bit entries.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/u128.hpp"
#include "perft/perft.hpp"

namespace rb {

// The deepest depth accepted: a game lasts at most 60 moves, passes aside.
inline constexpr int kMaxWidePerftDepth = 60;

namespace perft_detail {

// For e empty squares, the largest remaining depth r with e^r < 2^64 (64 for
// e <= 1: such a tree has one leaf at most).
constexpr std::array<int, 65> kNarrowDepth = [] {
  std::array<int, 65> table{};
  for (int e = 0; e <= 64; ++e) {
    if (e <= 1) {
      table[e] = 64;
      continue;
    }
    int r = 0;
    for (Count128 power = 1; power * static_cast<unsigned>(e) <= kCount64Max; ++r) {
      power *= static_cast<unsigned>(e);
    }
    table[e] = r;
  }
  return table;
}();
static_assert(kNarrowDepth[60] == 10 && kNarrowDepth[16] == 15 && kNarrowDepth[2] == 63);

// Whether a count at this remaining depth below a node with these empties
// fits in 64 bits.
constexpr bool narrow(Bitboard empty, int depth) { return depth <= kNarrowDepth[popcount(empty)]; }

template <PerftConvention C, class N>
Count128 count_wide(NodeArg<N> node, int depth, CacheUse cache) {
  if (narrow(node.empty(), depth)) return count<C, N>(node, depth, cache);
  PerftCache::Key key{};
  if (cache.cache) {
    key = cache.cache->key(node.player(), node.opponent(), cache_tag<C>(depth));
    std::uint64_t hit = 0;
    if (cache.cache->find(key, hit, cache.shared)) return hit;
  }
  Count128 total = 0;
  const int moves = node.for_each_child([&](Square, NodeArg<N> child) {
    total = add_checked(total, count_wide<C, N>(child, depth - 1, cache));
    return false;
  });
  if (moves == 0) {  // the rule of count_without_move, in 128 bits
    if (node.opponent_moves() == 0) {
      total = C == PerftConvention::a124004 ? 0 : 1;
    } else {
      const int rest = C == PerftConvention::no_pass ? depth : depth - 1;
      node.pass([&](NodeArg<N> passed) { total = count_wide<C, N>(passed, rest, cache); });
    }
  }
  if (cache.cache && total <= kCount64Max) {
    cache.cache->store(key, static_cast<std::uint64_t>(total), cache.shared);
  }
  return total;
}

template <PerftConvention C, MoveGen G, Board B>
Count128 count_wide_subtree(const Position& position, int depth, CacheUse cache, bool shortcut) {
  if constexpr (KernelBoard<B>) {
    if (shortcut) return count_wide<C, BitsNode<B>>(BitsNode<B>(position), depth, cache);
  }
  BoardNode<B, G> node(position);
  return count_wide<C, BoardNode<B, G>>(node, depth, cache);
}

// As count_threaded, in 128 bits: the top plies split into tasks that the
// threads take in turn, each adding to a total of its own.
template <PerftConvention C, MoveGen G, Board B>
Count128 count_wide_threaded(const Position& position, int depth, int threads, PerftCache* cache,
                             bool shortcut) {
  std::uint64_t settled = 0;
  const std::vector<PerftTask> tasks =
      split_for_threads<C, G, B>(position, depth, threads, settled);
  std::mutex mutex;
  Count128 total = settled;
  run_tasks(tasks.size(), threads, [&](std::size_t i) {
    const Count128 c =
        count_wide_subtree<C, G, B>(tasks[i].position, tasks[i].depth, {cache, true}, shortcut);
    const std::lock_guard lock(mutex);
    total = add_checked(total, c);
  });
  return total;
}

// `cache_shared`: other threads use the cache at the same time (with one
// thread here; more threads share it anyway).
template <PerftConvention C, MoveGen G, Board B>
Count128 perft_wide_with(const Position& position, int depth, int threads, PerftCache* cache,
                         bool shortcut, bool cache_shared) {
  if (threads > 1) {
    if (narrow(position.empty(), depth)) {
      return perft_with<C, G, B>(position, depth, threads, cache, shortcut);
    }
    return count_wide_threaded<C, G, B>(position, depth, threads, cache, shortcut);
  }
  return count_wide_subtree<C, G, B>(position, depth, {cache, cache_shared}, shortcut);
}

}  // namespace perft_detail

inline void check_wide_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxWidePerftDepth) {
    throw std::invalid_argument("perft depth " + std::to_string(depth) + " out of range 0.." +
                                std::to_string(kMaxWidePerftDepth));
  }
}

// perft() in 128 bits, for one board and move source (see PerftEntry).
template <Board B, MoveGen G>
struct PerftWideEntry {
  static Count128 perft_wide(const Position& position, int depth, const PerftOptions& options,
                             bool cache_shared) requires MoveSourceFor<B, G>;
};

template <Board B, MoveGen G>
Count128 PerftWideEntry<B, G>::perft_wide(const Position& position, int depth,
                                          const PerftOptions& options,
                                          bool cache_shared) requires MoveSourceFor<B, G> {
  check_wide_perft_depth(depth);
  using namespace perft_detail;
  const int t = options.threads;
  PerftCache* const cache = options.cache;
  const bool shortcut = options.leaf_shortcut;
  switch (options.convention) {
    case PerftConvention::a124004:
      return perft_wide_with<PerftConvention::a124004, G, B>(position, depth, t, cache, shortcut,
                                                             cache_shared);
    case PerftConvention::bik:
      return perft_wide_with<PerftConvention::bik, G, B>(position, depth, t, cache, shortcut,
                                                         cache_shared);
    case PerftConvention::no_pass:
      return perft_wide_with<PerftConvention::no_pass, G, B>(position, depth, t, cache, shortcut,
                                                             cache_shared);
  }
  return 0;
}

// A plug-in slot's count in 128 bits (see PerftEntry<PluginBoard<Slot>, G>).
template <int Slot, MoveGen G>
struct PerftWideEntry<PluginBoard<Slot>, G> {
  static Count128 perft_wide(const Position& position, int depth, const PerftOptions& options,
                             bool cache_shared) requires MoveSourceFor<SharedPluginBoard, G> {
    const ActivePlugin active(Slot);
    return PerftWideEntry<SharedPluginBoard, G>::perft_wide(position, depth, options, cache_shared);
  }
};
extern template struct PerftWideEntry<SharedPluginBoard, MoveGen::scan>;
extern template struct PerftWideEntry<SharedPluginBoard, MoveGen::mask>;

// perft() in 128 bits, for any depth 0..60; throws std::overflow_error if a
// count passes 2^128. Nodes whose count fits in 64 bits by the bound above
// are counted by perft()'s walker. `cache_shared`: with one thread, other
// threads are using the same cache at the same time.
template <Board B, MoveGen G = B::info.movegen>
inline Count128 perft_wide(const Position& position, int depth, const PerftOptions& options = {},
                           bool cache_shared = false) {
  return PerftWideEntry<B, G>::perft_wide(position, depth, options, cache_shared);
}

}  // namespace rb
