// Perft: the number of leaves of the game tree to a fixed depth, the
// standard correctness check for move generators.
//
// Three conventions differ in how passes and early game ends count (see
// positions/README.md):
//   a124004  a forced pass is a ply (only when the opponent then has a move);
//            a game that ends before the last ply adds nothing (OEIS A124004).
//   bik      as a124004, but a game that ends before the last ply is a leaf.
//   no_pass  a forced pass does not use up a ply; a game that ends before
//            the last ply is a leaf.
//
// One walker, count(), written over the nodes of core/node.hpp, and two
// ways to run it, chosen once per call:
// - on a BoardNode (every board): each interior move is played and undone,
//   in the order of move source G (scan, mask or list);
// - on a BitsNode (boards with bitboard kernels, KernelBoard, unless
//   PerftOptions::leaf_shortcut is off): the tree is walked on the two
//   bitboards alone, with no board, no play() or undo(), no undo stack, in
//   the order of the legal mask (the order changes no count).
// Either way the last ply is counted in bulk (popcount of the legal moves)
// and the last two plies as the sum over the moves of the child's mobility.
// Counts are unsigned 64-bit: depth 21 from the start still fits, depth 22
// would not, so depths above kMaxPerftDepth are refused here; deeper counts
// are made in 128 bits by perft/perft_wide.hpp, over this walker.
//
// Options: a cache of (position, convention, remaining depth) -> count (see
// perft/perft_cache.hpp), and the tree split across threads at a shallow
// ply. Neither changes a count.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/enum_table.hpp"
#include "core/job_queue.hpp"
#include "core/node.hpp"
#include "perft/perft_cache.hpp"
#include "variants/plugin/plugin.hpp"

namespace rb {

enum class PerftConvention { a124004, bik, no_pass };
RB_ENUM_TABLE(PerftConvention,
              {PerftConvention::a124004, "a124004",
               "a forced pass is a ply; a game that ends early adds nothing (OEIS A124004)"},
              {PerftConvention::bik, "bik", "as a124004, but a game that ends early is a leaf"},
              {PerftConvention::no_pass, "no_pass",
               "a pass uses up no ply; a game that ends early is a leaf"});

inline constexpr int kMaxPerftDepth = 21;

namespace perft_detail {

// Remaining depths at and above which subtree counts are cached. At depth 2
// a probe (a random access to a large table) costs about what it saves.
inline constexpr int kMinCachedDepth = 3;

// A cache as one perft call uses it.
struct CacheUse {
  PerftCache* cache;
  bool shared;  // other threads use it at the same time
};

// The cache's tag for a remaining depth (0..63) in convention C.
template <PerftConvention C>
constexpr std::uint32_t cache_tag(int depth) {
  return 1 + static_cast<std::uint32_t>(depth) + 64 * static_cast<std::uint32_t>(C);
}

// The rule of the conventions for a node whose side to move has no move:
// when the opponent has one, the pass is a ply (a124004, bik) or free
// (no_pass), and `count_passed(passed, remaining depth)` counts what follows;
// otherwise the game is over, a leaf in bik and no_pass and nothing in
// a124004. `depth` >= 1.
template <PerftConvention C, class N, class Count>
std::uint64_t count_without_move(NodeArg<N> node, int depth, Count&& count_passed) {
  if (node.opponent_moves() == 0) return C == PerftConvention::a124004 ? 0 : 1;
  const int rest = C == PerftConvention::no_pass ? depth : depth - 1;
  std::uint64_t total = 0;
  node.pass([&](NodeArg<N> passed) { total = count_passed(passed, rest); });
  return total;
}

template <PerftConvention C, class N>
std::uint64_t count(NodeArg<N> node, int depth, CacheUse cache);

// Remaining depth 1: the legal moves, counted in bulk.
template <PerftConvention C, class N>
inline std::uint64_t count_1(NodeArg<N> node) {
  if (const Bitboard moves = node.moves()) [[likely]]
    return static_cast<std::uint64_t>(popcount(moves));
  return count_without_move<C, N>(node, 1, [](NodeArg<N> passed, int rest) {
    return rest == 0 ? 1 : static_cast<std::uint64_t>(popcount(passed.moves()));
  });
}

// Remaining depth 2: the sum over the moves of the child's count_1.
template <PerftConvention C, class N>
std::uint64_t count_2(NodeArg<N> node) {
  std::uint64_t total = 0;
  const int moves = node.for_each_child([&](Square, NodeArg<N> child) {
    total += count_1<C, N>(child);
    return false;
  });
  if (moves) [[likely]]
    return total;
  return count_without_move<C, N>(node, 2, [](NodeArg<N> passed, int rest) {
    return rest == 2 ? count_2<C, N>(passed) : count_1<C, N>(passed);
  });
}

// The sum of count(child, depth - 1) over the moves; the children's moves
// are generated once, by the walk itself, so a node with no move is one
// whose walk visited nothing.
template <PerftConvention C, class N>
std::uint64_t count_children(NodeArg<N> node, int depth, CacheUse cache) {
  std::uint64_t total = 0;
  const int moves = node.for_each_child([&](Square, NodeArg<N> child) {
    total += count<C, N>(child, depth - 1, cache);
    return false;
  });
  if (moves) return total;
  return count_without_move<C, N>(
      node, depth, [&](NodeArg<N> passed, int rest) { return count<C, N>(passed, rest, cache); });
}

// The count at remaining depth >= kMinCachedDepth with the cache on, the
// position's key already made.
template <PerftConvention C, class N>
std::uint64_t count_cached(NodeArg<N> node, int depth, CacheUse cache, const PerftCache::Key& key) {
  std::uint64_t total = 0;
  if (cache.cache->find(key, total, cache.shared)) return total;
  if constexpr (N::kByValue) {
    if (depth - 1 >= kMinCachedDepth) {
      // The children first, their buckets fetched while the first are counted.
      struct Child {
        N node;
        PerftCache::Key key;
      };
      Child children[64];
      int n = 0;
      node.for_each_child([&](Square, NodeArg<N> child) {
        const PerftCache::Key k =
            cache.cache->key(child.player(), child.opponent(), cache_tag<C>(depth - 1));
        cache.cache->prefetch(k);
        children[n++] = {child, k};
        return false;
      });
      for (int i = 0; i < n; ++i) {
        total += count_cached<C, N>(children[i].node, depth - 1, cache, children[i].key);
      }
      if (n == 0) {
        total = count_without_move<C, N>(node, depth, [&](NodeArg<N> passed, int rest) {
          return count<C, N>(passed, rest, cache);
        });
      }
    } else {
      total = count_children<C, N>(node, depth, cache);
    }
  } else {
    total = count_children<C, N>(node, depth, cache);
  }
  cache.cache->store(key, total, cache.shared);
  return total;
}

// The number of leaves `depth` plies below the node.
template <PerftConvention C, class N>
std::uint64_t count(NodeArg<N> node, int depth, CacheUse cache) {
  if (depth <= 2) {
    if (depth == 2) return count_2<C, N>(node);
    if (depth == 1) return count_1<C, N>(node);
    return 1;
  }
  if (cache.cache) {
    const Position p = node.position();
    return count_cached<C, N>(node, depth, cache,
                              cache.cache->key(p.player, p.opponent, cache_tag<C>(depth)));
  }
  return count_children<C, N>(node, depth, cache);
}

// The count of one subtree, on the node type the options ask for.
template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count_subtree(const Position& position, int depth, CacheUse cache, bool shortcut) {
  if constexpr (KernelBoard<B>) {
    if (shortcut) return count<C, BitsNode<B>>(BitsNode<B>(position), depth, cache);
  }
  BoardNode<B, G> node(position);
  return count<C, BoardNode<B, G>>(node, depth, cache);
}

// A subtree still to count: a position and its remaining depth.
struct PerftTask {
  Position position;
  int depth;
};

// Walks the first `plies` plies like count() does, but instead of counting
// the subtrees below them, collects them as tasks. Leaves met on the way
// (game ends) are added to `settled`.
template <PerftConvention C, class N>
void split(NodeArg<N> node, int depth, int plies, std::vector<PerftTask>& tasks,
           std::uint64_t& settled) {
  if (plies == 0 || depth <= 2) {
    tasks.push_back({node.position(), depth});
    return;
  }
  const int moves = node.for_each_child([&](Square, NodeArg<N> child) {
    split<C, N>(child, depth - 1, plies - 1, tasks, settled);
    return false;
  });
  if (moves) return;
  settled +=
      count_without_move<C, N>(node, depth, [&](NodeArg<N> passed, int rest) -> std::uint64_t {
        split<C, N>(passed, rest, plies - 1, tasks, settled);
        return 0;
      });
}

// The subtrees a threaded count hands out: enough plies for a few tasks per
// thread, so that the work balances; `settled` counts the leaves met above.
template <PerftConvention C, MoveGen G, Board B>
std::vector<PerftTask> split_for_threads(const Position& position, int depth, int threads,
                                         std::uint64_t& settled) {
  std::vector<PerftTask> tasks;
  BoardNode<B, G> node(position);
  for (int plies = 1;; ++plies) {
    tasks.clear();
    settled = 0;
    split<C, BoardNode<B, G>>(node, depth, plies, tasks, settled);
    if (tasks.size() >= static_cast<std::size_t>(threads) * 8 || plies >= 4 || plies >= depth - 2)
      return tasks;
  }
}

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count_threaded(const Position& position, int depth, int threads, PerftCache* cache,
                             bool shortcut) {
  std::uint64_t settled = 0;
  const std::vector<PerftTask> tasks =
      split_for_threads<C, G, B>(position, depth, threads, settled);
  std::atomic<std::uint64_t> total{settled};
  run_tasks(tasks.size(), threads, [&](std::size_t i) {
    total += count_subtree<C, G, B>(tasks[i].position, tasks[i].depth, {cache, true}, shortcut);
  });
  return total.load();
}

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t perft_with(const Position& position, int depth, int threads, PerftCache* cache,
                         bool shortcut) {
  if (threads > 1 && depth >= 4) {
    return count_threaded<C, G, B>(position, depth, threads, cache, shortcut);
  }
  return count_subtree<C, G, B>(position, depth, {cache, false}, shortcut);
}

}  // namespace perft_detail

struct PerftOptions {
  PerftConvention convention = PerftConvention::a124004;
  int threads = 1;
  PerftCache* cache = nullptr;  // shared by all threads; may be null
  // Walk the tree on the bitboards and count the last two plies at once
  // (KernelBoard variants only; the others always play and undo). Off: play
  // and undo at every interior ply, as the board's move source orders them.
  bool leaf_shortcut = true;
};

inline void check_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxPerftDepth) {
    throw std::invalid_argument("perft depth " + std::to_string(depth) + " out of range 0.." +
                                std::to_string(kMaxPerftDepth) +
                                ": counts are unsigned 64-bit and the start position's count at "
                                "depth 22 would overflow them");
  }
}

// The count for one board and move source, declared here and defined below
// out of the class, so that search/instances.hpp can compile it once per
// pair for every user (see SolverEntry in search/solver.hpp).
template <Board B, MoveGen G>
struct PerftEntry {
  static std::uint64_t perft(const Position& position, int depth,
                             const PerftOptions& options) requires MoveSourceFor<B, G>;
};

template <Board B, MoveGen G>
std::uint64_t PerftEntry<B, G>::perft(const Position& position, int depth,
                                      const PerftOptions& options) requires MoveSourceFor<B, G> {
  check_perft_depth(depth);
  using namespace perft_detail;
  switch (options.convention) {
    case PerftConvention::a124004:
      return perft_with<PerftConvention::a124004, G, B>(position, depth, options.threads,
                                                        options.cache, options.leaf_shortcut);
    case PerftConvention::bik:
      return perft_with<PerftConvention::bik, G, B>(position, depth, options.threads, options.cache,
                                                    options.leaf_shortcut);
    case PerftConvention::no_pass:
      return perft_with<PerftConvention::no_pass, G, B>(position, depth, options.threads,
                                                        options.cache, options.leaf_shortcut);
  }
  return 0;
}

// A plug-in slot's count: the one search of every slot (SharedPluginBoard,
// variants/plugin/plugin.hpp) with the slot's plug-in active, compiled once
// (search/plugin_search.cpp) and declared here for every user.
template <int Slot, MoveGen G>
struct PerftEntry<PluginBoard<Slot>, G> {
  static std::uint64_t perft(const Position& position, int depth,
                             const PerftOptions& options) requires
      MoveSourceFor<SharedPluginBoard, G> {
    const ActivePlugin active(Slot);
    return PerftEntry<SharedPluginBoard, G>::perft(position, depth, options);
  }
};
extern template struct PerftEntry<SharedPluginBoard, MoveGen::scan>;
extern template struct PerftEntry<SharedPluginBoard, MoveGen::mask>;

// The number of leaves at `depth` below `position`, with board B walking
// moves in the order of move source G.
template <Board B, MoveGen G = B::info.movegen>
inline std::uint64_t perft(const Position& position, int depth, const PerftOptions& options = {}) {
  return PerftEntry<B, G>::perft(position, depth, options);
}

// Whether perft<B> with these options takes the leaf shortcut.
template <Board B>
constexpr bool perft_uses_shortcut(const PerftOptions& options) {
  return KernelBoard<B> && options.leaf_shortcut;
}

// One root move and the count below it (kPass for a forced pass).
struct DivideRow {
  Square move;
  std::uint64_t count;
};

// The count under each root move, in board order (a1..h8), or under the
// pass when the side to move has none. Empty when the game is over.
template <Board B, MoveGen G = B::info.movegen>
std::vector<DivideRow> perft_divide(const Position& position, int depth,
                                    const PerftOptions& options = {}) {
  check_perft_depth(depth);
  std::vector<DivideRow> rows;
  if (depth == 0) return rows;
  BoardNode<B, MoveGen::mask> node(position);
  if (!node.moves()) {
    if (node.opponent_moves() == 0) return rows;  // the game is over
    const int rest = options.convention == PerftConvention::no_pass ? depth : depth - 1;
    rows.push_back({kPass, perft<B, G>(position.passed(), rest, options)});
    return rows;
  }
  node.for_each_child([&](Square s, auto& child) {
    rows.push_back({s, perft<B, G>(child.position(), depth - 1, options)});
    return false;
  });
  return rows;
}

}  // namespace rb
