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
// Two ways to count, chosen once per call:
// - The board walk (every board): the interior plays and undoes each move in
//   the order of the move source G (scan, mask or list), and the last ply is
//   counted in bulk with popcount(legal_moves()).
// - The bitboard walk with the leaf shortcut (boards with bitboard kernels,
//   KernelBoard, unless PerftOptions::leaf_shortcut is off): the tree is
//   walked on the two bitboards alone, a child being (O ^ f, P ^ f ^ bit(m))
//   with f = flips_of(m, P, O), and the last two plies are one function of
//   (P, O): the sum over the moves m of popcount(moves_of(child)). No board,
//   no play() or undo(), no undo stack; moves are taken from the legal mask
//   whatever the board's move source (the order changes no count).
// Counts are unsigned 64-bit: depth 21 from the start still fits, depth 22
// would not, so depths above kMaxPerftDepth are refused.
//
// Options: a cache of (position, convention, remaining depth) -> count (see
// core/perft_cache.hpp), and the tree split across threads at a shallow ply.
// Neither changes a count.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/moves.hpp"
#include "core/perft_cache.hpp"

namespace rb {

enum class PerftConvention : std::uint8_t { a124004, bik, no_pass };

inline constexpr int kMaxPerftDepth = 21;

std::optional<PerftConvention> parse_perft_convention(std::string_view name);
std::string_view perft_convention_name(PerftConvention c);

namespace perft_detail {

// Remaining depths at and above which subtree counts are cached. At depth 2
// a probe (a random access to a large table) costs about what it saves.
inline constexpr int kMinCachedDepth = 3;

// The count of a position that has no move, given whether the opponent has one.
template <PerftConvention C>
constexpr bool game_end_is_leaf() {
  return C != PerftConvention::a124004;
}

// A cache as one perft call uses it.
struct CacheUse {
  PerftCache* cache;
  bool shared;  // other threads use it at the same time
};

// ---- The last two plies on the bitboards alone ----------------------------

// The count at remaining depth 1 of a position with no move.
template <PerftConvention C, KernelBoard B>
[[gnu::noinline]] std::uint64_t count_1_without_move(Bitboard player, Bitboard opponent) {
  if constexpr (C == PerftConvention::bik) return 1;  // a pass or a game end: both leaves
  const Bitboard replies = B::moves_of(opponent, player);
  if constexpr (C == PerftConvention::a124004) return replies != 0;
  return replies ? static_cast<std::uint64_t>(popcount(replies)) : 1;  // no_pass: the pass is free
}

template <PerftConvention C, KernelBoard B>
inline std::uint64_t count_1(Bitboard player, Bitboard opponent) {
  const Bitboard moves = B::moves_of(player, opponent);
  if (moves) [[likely]]
    return static_cast<std::uint64_t>(popcount(moves));
  return count_1_without_move<C, B>(player, opponent);
}

// The count at remaining depth 2, `moves` being the legal moves of (player,
// opponent), not empty.
template <PerftConvention C, KernelBoard B>
inline std::uint64_t count_2_with(Bitboard player, Bitboard opponent, Bitboard moves) {
  std::uint64_t total = 0;
  for (; moves; moves &= moves - 1) {
    const Square s = first_square(moves);
    const Bitboard flipped = B::flips_of(s, player, opponent);
    total += count_1<C, B>(opponent ^ flipped, player ^ flipped ^ bit(s));
  }
  return total;
}

template <PerftConvention C, KernelBoard B>
std::uint64_t count_2(Bitboard player, Bitboard opponent) {
  const Bitboard moves = B::moves_of(player, opponent);
  if (moves) [[likely]]
    return count_2_with<C, B>(player, opponent, moves);
  const Bitboard replies = B::moves_of(opponent, player);
  if (!replies) return game_end_is_leaf<C>() ? 1 : 0;
  // A pass: no_pass counts two more plies from the opponent, the others one.
  if constexpr (C == PerftConvention::no_pass) {
    return count_2_with<C, B>(opponent, player, replies);
  }
  return static_cast<std::uint64_t>(popcount(replies));
}

// ---- The whole tree on the bitboards ------------------------------------

// The cache's tag for a remaining depth in convention C.
template <PerftConvention C>
constexpr std::uint32_t cache_tag(int depth) {
  return 1 + static_cast<std::uint32_t>(depth) + 32 * static_cast<std::uint32_t>(C);
}

// `key` is the position's cache key when the cache holds this depth.
template <PerftConvention C, KernelBoard B>
std::uint64_t count_bits(Bitboard player, Bitboard opponent, int depth, CacheUse cache,
                         const PerftCache::Key& key) {
  if (depth <= 2) {
    if (depth == 2) return count_2<C, B>(player, opponent);
    if (depth == 1) return count_1<C, B>(player, opponent);
    return 1;
  }
  const bool cached = cache.cache && depth >= kMinCachedDepth;
  std::uint64_t total = 0;
  if (cached && cache.cache->find(key, total, cache.shared)) return total;
  const Bitboard moves = B::moves_of(player, opponent);
  if (!cache.cache || depth - 1 < kMinCachedDepth) {
    for (Bitboard m = moves; m; m &= m - 1) {
      const Square s = first_square(m);
      const Bitboard flipped = B::flips_of(s, player, opponent);
      total +=
          count_bits<C, B>(opponent ^ flipped, player ^ flipped ^ bit(s), depth - 1, cache, key);
    }
  } else if (moves) {
    // The children first, with their buckets fetched while the first are counted.
    struct Child {
      Bitboard player, opponent;
      PerftCache::Key key;
    } children[64];
    int n = 0;
    for (Bitboard m = moves; m; m &= m - 1, ++n) {
      const Square s = first_square(m);
      const Bitboard flipped = B::flips_of(s, player, opponent);
      Child& c = children[n];
      c.player = opponent ^ flipped;
      c.opponent = player ^ flipped ^ bit(s);
      c.key = cache.cache->key(c.player, c.opponent, cache_tag<C>(depth - 1));
      cache.cache->prefetch(c.key);
    }
    for (int i = 0; i < n; ++i) {
      total += count_bits<C, B>(children[i].player, children[i].opponent, depth - 1, cache,
                                children[i].key);
    }
  }
  if (!moves) {
    if (B::moves_of(opponent, player)) {
      const int rest = C == PerftConvention::no_pass ? depth : depth - 1;
      const PerftCache::Key next = cache.cache && rest >= kMinCachedDepth
                                       ? cache.cache->key(opponent, player, cache_tag<C>(rest))
                                       : key;
      total = count_bits<C, B>(opponent, player, rest, cache, next);
    } else {
      total = game_end_is_leaf<C>() ? 1 : 0;
    }
  }
  if (cached) cache.cache->store(key, total, cache.shared);
  return total;
}

template <PerftConvention C, KernelBoard B>
std::uint64_t count_bits(Bitboard player, Bitboard opponent, int depth, CacheUse cache) {
  const PerftCache::Key key = cache.cache && depth >= kMinCachedDepth
                                  ? cache.cache->key(player, opponent, cache_tag<C>(depth))
                                  : PerftCache::Key{};
  return count_bits<C, B>(player, opponent, depth, cache, key);
}

// ---- The board walk -------------------------------------------------------

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count(B& board, int depth, CacheUse cache) {
  if (depth == 0) return 1;
  if (depth == 1 && C != PerftConvention::no_pass) {
    const Bitboard moves = board.legal_moves();
    if (moves) return static_cast<std::uint64_t>(popcount(moves));
    board.pass();
    const bool opponent_moves = board.legal_moves() != 0;
    board.pass();
    return opponent_moves ? 1 : (game_end_is_leaf<C>() ? 1 : 0);
  }
  const bool cached = cache.cache && depth >= kMinCachedDepth;
  PerftCache::Key key{};
  std::uint64_t total = 0;
  if (cached) {
    const Position p = board.position();
    key = cache.cache->key(p.player, p.opponent, cache_tag<C>(depth));
    if (cache.cache->find(key, total, cache.shared)) return total;
  }
  int played;
  if (depth == 1) {  // no_pass at the last ply: moves, else a pass (same depth), else a leaf
    const Bitboard moves = board.legal_moves();
    played = popcount(moves);
    total = static_cast<std::uint64_t>(played);
  } else {
    played = for_each_move<G>(board, [&](Square) {
      total += count<C, G>(board, depth - 1, cache);
      return false;
    });
  }
  if (played == 0) {
    board.pass();
    if (board.legal_moves() != 0) {
      total = count<C, G>(board, C == PerftConvention::no_pass ? depth : depth - 1, cache);
    } else {
      total = game_end_is_leaf<C>() ? 1 : 0;
    }
    board.pass();
  }
  if (cached) cache.cache->store(key, total, cache.shared);
  return total;
}

// The count of one subtree, by the way the options ask for.
template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count_subtree(const Position& position, int depth, CacheUse cache, bool shortcut) {
  if constexpr (KernelBoard<B>) {
    if (shortcut) return count_bits<C, B>(position.player, position.opponent, depth, cache);
  }
  B board(position);
  return count<C, G>(board, depth, cache);
}

// A subtree still to count: a position and its remaining depth.
struct PerftTask {
  Position position;
  int depth;
};

// Walks the first `plies` plies like count() does, but instead of counting
// the subtrees below them, collects them as tasks. Leaves met on the way
// (game ends, depth exhausted) are added to `settled`.
template <PerftConvention C, MoveGen G, Board B>
void split(B& board, int depth, int plies, std::vector<PerftTask>& tasks, std::uint64_t& settled) {
  if (plies == 0 || depth <= 2) {
    tasks.push_back({board.position(), depth});
    return;
  }
  const int played = for_each_move<G>(board, [&](Square) {
    split<C, G>(board, depth - 1, plies - 1, tasks, settled);
    return false;
  });
  if (played) return;
  board.pass();
  if (board.legal_moves() != 0) {
    split<C, G>(board, C == PerftConvention::no_pass ? depth : depth - 1, plies - 1, tasks,
                settled);
  } else {
    settled += game_end_is_leaf<C>() ? 1 : 0;
  }
  board.pass();
}

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count_threaded(const Position& position, int depth, int threads, PerftCache* cache,
                             bool shortcut) {
  std::vector<PerftTask> tasks;
  std::uint64_t settled = 0;
  {
    B board(position);
    // Enough plies for a few tasks per thread, so that the work balances.
    int plies = 1;
    while (true) {
      tasks.clear();
      settled = 0;
      split<C, G>(board, depth, plies, tasks, settled);
      if (tasks.size() >= static_cast<std::size_t>(threads) * 8 || plies >= 4 || plies >= depth - 2)
        break;
      ++plies;
    }
  }
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> total{settled};
  auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < tasks.size();) {
      total += count_subtree<C, G, B>(tasks[i].position, tasks[i].depth, {cache, true}, shortcut);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
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

// The number of leaves at `depth` below `position`, with board B walking
// moves in the order of move source G.
template <Board B, MoveGen G = B::info.movegen>
std::uint64_t perft(const Position& position, int depth, const PerftOptions& options = {}) {
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
  B board(position);
  const Bitboard moves = board.legal_moves();
  for_each_square(moves, [&](Square s) {
    board.play(s);
    rows.push_back({s, perft<B, G>(board.position(), depth - 1, options)});
    board.undo();
  });
  if (moves == 0) {
    board.pass();
    if (board.legal_moves() != 0) {
      const int rest = options.convention == PerftConvention::no_pass ? depth : depth - 1;
      rows.push_back({kPass, perft<B, G>(board.position(), rest, options)});
    }
    board.pass();
  }
  return rows;
}

}  // namespace rb
