// Move ordering for the solver: the costs that rank a node's moves, written
// once over the nodes of search/node.hpp. The children are only looked at
// (peek_children): on a KernelBoard from the bitboards without playing, on
// other boards by play() and undo().
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "search/node.hpp"
#include "search/parity.hpp"
#include "search/solve_options.hpp"

namespace rb::ordering {

// The order used at a node with `empties` empties.
[[gnu::always_inline]] constexpr Order order_at(const SolveOptions& options, int empties) {
  const bool near_root = empties >= options.fastest_min_empties;
  switch (options.order) {
    case Order::none:
    case Order::parity:
      return options.order;
    case Order::fastest:
      return near_root ? Order::fastest : Order::none;
    case Order::fastest_parity:
      return near_root ? Order::fastest : Order::parity;
    case Order::mobility:
      return near_root ? Order::mobility : Order::none;
  }
  return Order::none;
}

// The fastest-first cost of a move, from the opponent's replies to it.
constexpr int fastest_cost(Bitboard replies, int corner_bonus) {
  return popcount(replies) + corner_bonus * popcount(replies & kCorners);
}

// The Order::mobility cost of a move, from the position after it (the
// opponent to move: `player` are the opponent's discs, `mover` the mover's)
// and the opponent's replies: twice the fastest-first cost, plus the
// opponent's potential mobility (the empty squares next to the mover's
// discs), minus the mover's discs made safe at the corners (an owned corner
// and the edge discs next to it); a move that leaves the opponent no disc
// before all.
constexpr int mobility_cost(Bitboard player, Bitboard mover, Bitboard replies, int corner_bonus) {
  if (player == 0) return 0;  // a wipe-out
  const Bitboard empty = ~(player | mover);
  const Bitboard corners = mover & kCorners;
  const Bitboard edge_neighbours =
      (((corners << 1) | (corners >> 1)) & (bit(1) | bit(6) | bit(57) | bit(62))) |
      (((corners << 8) | (corners >> 8)) & (bit(8) | bit(15) | bit(48) | bit(55)));
  const int safe = popcount(corners | (edge_neighbours & mover));
  return 16 + 2 * fastest_cost(replies, corner_bonus) + popcount(neighbours(mover) & empty) - safe;
}

// The moves of a node ranked by `order` (parity, fastest or mobility),
// lowest cost first, ties in the node's own order; `first` (a table move, or
// kNoSquare) is left out. Returns how many were written to `out`.
template <class N>
int ranked_moves(N& node, Order order, unsigned parity, Square first, int corner_bonus,
                 std::array<std::uint8_t, 64>& out) {
  // Sort keys: (cost << 8) | index in the node's order, so that sorting the
  // keys is a stable sort of the moves by cost.
  std::array<std::uint32_t, 64> keys;
  std::array<std::uint8_t, 64> squares;
  int count = 0;
  node.peek_children([&](Square s, auto&& child) {
    if (s == first) return false;
    int cost;
    if (order == Order::parity) {
      cost = parity & quadrant_bit(s) ? 0 : 1;
    } else {
      const Bitboard replies = child.moves();
      if (order == Order::fastest) {
        cost = fastest_cost(replies, corner_bonus);
      } else {
        const Position p = child.position();
        cost = mobility_cost(p.player, p.opponent, replies, corner_bonus);
      }
    }
    squares[count] = static_cast<std::uint8_t>(s);
    keys[count] = static_cast<std::uint32_t>(std::clamp(cost, 0, 1 << 20) << 8 | count);
    ++count;
    return false;
  });
  for (int i = 1; i < count; ++i) {  // insertion sort: few moves
    const std::uint32_t k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1];
    keys[j] = k;
  }
  for (int i = 0; i < count; ++i) out[i] = squares[keys[i] & 0xff];
  return count;
}

}  // namespace rb::ordering
