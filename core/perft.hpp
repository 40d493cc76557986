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
// The count is a template over the board and its move source: the interior
// walks moves with for_each_move (scan, mask or list), and the last ply is
// counted in bulk with popcount(legal_moves()). Counts are unsigned 64-bit:
// depth 21 from the start still fits, depth 22 would not, so depths above
// kMaxPerftDepth are refused.
//
// Options: a transposition cache of (position, remaining depth) -> count, and
// the tree split across threads at a shallow ply. Neither changes a count.
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

namespace rb {

enum class PerftConvention : std::uint8_t { a124004, bik, no_pass };

inline constexpr int kMaxPerftDepth = 21;

std::optional<PerftConvention> parse_perft_convention(std::string_view name);
std::string_view perft_convention_name(PerftConvention c);

// A cache of subtree counts keyed by (player, opponent, remaining depth).
// Entries are replaced always; a lookup checks the whole key, so a hit is
// exact. Guarded by striped spin locks when shared between threads.
class PerftCache {
 public:
  explicit PerftCache(std::size_t megabytes);
  std::optional<std::uint64_t> find(const Position& p, int depth) const;
  void store(const Position& p, int depth, std::uint64_t count);
  std::size_t entries() const { return mask_ + 1; }

 private:
  struct Entry {
    Bitboard player = 0;
    Bitboard opponent = 0;
    std::uint64_t count = 0;
    std::uint64_t depth = 0;  // 0: empty slot (cached depths are >= 2)
  };
  static constexpr std::size_t kLocks = 4096;
  std::size_t index(const Position& p, int depth) const;
  void lock(std::size_t i) const;
  void unlock(std::size_t i) const;

  std::unique_ptr<Entry[]> table_;
  std::size_t mask_ = 0;
  mutable std::unique_ptr<std::atomic<bool>[]> locks_;
};

namespace perft_detail {

inline constexpr int kMinCachedDepth = 3;

// The count of a position that has no move, given whether the opponent has one.
template <PerftConvention C>
constexpr bool game_end_is_leaf() {
  return C != PerftConvention::a124004;
}

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t count(B& board, int depth, PerftCache* cache) {
  if (depth == 0) return 1;
  if (depth == 1 && C != PerftConvention::no_pass) {
    const Bitboard moves = board.legal_moves();
    if (moves) return static_cast<std::uint64_t>(popcount(moves));
    board.pass();
    const bool opponent_moves = board.legal_moves() != 0;
    board.pass();
    return opponent_moves ? 1 : (game_end_is_leaf<C>() ? 1 : 0);
  }
  if (cache && depth >= kMinCachedDepth) {
    if (auto hit = cache->find(board.position(), depth)) return *hit;
  }
  std::uint64_t total = 0;
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
  if (cache && depth >= kMinCachedDepth) cache->store(board.position(), depth, total);
  return total;
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
std::uint64_t count_threaded(const Position& position, int depth, int threads, PerftCache* cache) {
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
      B board(tasks[i].position);
      total += count<C, G>(board, tasks[i].depth, cache);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return total.load();
}

template <PerftConvention C, MoveGen G, Board B>
std::uint64_t perft_with(const Position& position, int depth, int threads, PerftCache* cache) {
  if (threads > 1 && depth >= 4) return count_threaded<C, G, B>(position, depth, threads, cache);
  B board(position);
  return count<C, G>(board, depth, cache);
}

}  // namespace perft_detail

struct PerftOptions {
  PerftConvention convention = PerftConvention::a124004;
  int threads = 1;
  PerftCache* cache = nullptr;  // shared by all threads; may be null
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
                                                        options.cache);
    case PerftConvention::bik:
      return perft_with<PerftConvention::bik, G, B>(position, depth, options.threads,
                                                    options.cache);
    case PerftConvention::no_pass:
      return perft_with<PerftConvention::no_pass, G, B>(position, depth, options.threads,
                                                        options.cache);
  }
  return 0;
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
