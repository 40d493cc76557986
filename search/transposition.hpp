// The transposition table of the endgame solver (search/solver.hpp).
//
// A fixed-size array of two-entry buckets, allocated once (before any timing)
// and cleared between solves; never resized. An entry keys on the full position (player and
// opponent discs, 16 bytes), so a hit is never a hash collision: the stored bounds are always true
// bounds of that exact position, whatever the search that stored them (exact or WLD window). The
// bucket index is a 64-bit mix of the two bitboards, masked to the power-of-two bucket count.
//
// Replacement, deterministic and cheap: a store for a position already in
// its bucket merges into that entry (the bounds are intersected). Otherwise
// slot 0 is "deepest first": a position with at least as many empties as slot
// 0's moves into slot 0 and pushes the old slot 0 entry into slot 1; a
// shallower one goes into slot 1 ("always replace"). The table content, and
// so the search, depends only on the positions searched, never on how a board
// represents them.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "core/memory.hpp"
#include "core/square.hpp"

namespace rb {

struct TTEntry {
  Bitboard player;    // the key: the discs of the side to move...
  Bitboard opponent;  // ...and of the other side (0 and 0 for an unused slot)
  std::int8_t lower;  // the exact score lies in [lower, upper]
  std::int8_t upper;
  std::uint8_t move;  // best move (0..63), kPass, or TranspositionTable::kNoMove
  std::uint8_t empties;
};

class TranspositionTable {
 public:
  static constexpr std::uint8_t kNoMove = 255;

  // megabytes == 0 gives a disabled table (probe finds nothing, store does
  // nothing). The bucket count is the largest power of two that fits. The
  // memory is zeroed (an all-zero entry is an unused slot), so every page is
  // touched here, not during a timed search. Throws ResourceError (naming
  // --tt) when the machine cannot hold it.
  explicit TranspositionTable(std::size_t megabytes) {
    const std::size_t fit = (megabytes << 20) / sizeof(Bucket);
    if (fit == 0) return;
    const std::size_t count = std::bit_floor(fit);
    buckets_.reset(static_cast<Bucket*>(allocate_zeroed(count * sizeof(Bucket), alignof(Bucket),
                                                        "--tt " + std::to_string(megabytes))));
    mask_ = count - 1;
  }

  // Empties every entry, for a search that must not see an earlier one's.
  void clear() {
    if (enabled()) std::memset(buckets_.get(), 0, bytes());
  }

  bool enabled() const { return buckets_ != nullptr; }
  std::size_t bytes() const { return enabled() ? (mask_ + 1) * sizeof(Bucket) : 0; }

  // The entry of this exact position, or nullptr.
  const TTEntry* probe(Bitboard player, Bitboard opponent) const {
    const Bucket& bucket = buckets_[index(player, opponent)];
    for (const TTEntry& e : bucket.slot) {
      if (e.player == player && e.opponent == opponent) return &e;
    }
    return nullptr;
  }

  // Records lower <= score <= upper for the position. `move` is kept in
  // preference to an older entry's move only when `move_is_best` (the move
  // raised the search's lower bound) or the old entry has none.
  void store(Bitboard player, Bitboard opponent, int empties, int lower, int upper, Square move,
             bool move_is_best) {
    Bucket& bucket = buckets_[index(player, opponent)];
    const auto move8 = static_cast<std::uint8_t>(move >= 0 && move <= kPass ? move : kNoMove);
    for (TTEntry& e : bucket.slot) {
      if (e.player != player || e.opponent != opponent) continue;
      if (lower > e.lower) e.lower = static_cast<std::int8_t>(lower);
      if (upper < e.upper) e.upper = static_cast<std::int8_t>(upper);
      if (move8 != kNoMove && (move_is_best || e.move == kNoMove)) e.move = move8;
      return;
    }
    const TTEntry fresh{player,
                        opponent,
                        static_cast<std::int8_t>(lower),
                        static_cast<std::int8_t>(upper),
                        move8,
                        static_cast<std::uint8_t>(empties)};
    if (empties >= bucket.slot[0].empties) {
      bucket.slot[1] = bucket.slot[0];
      bucket.slot[0] = fresh;
    } else {
      bucket.slot[1] = fresh;
    }
  }

 private:
  struct Bucket {
    TTEntry slot[2];
  };
  struct Free {
    void operator()(Bucket* p) const { std::free(p); }
  };

  std::size_t index(Bitboard player, Bitboard opponent) const {
    std::uint64_t h =
        player * 0x9E3779B97F4A7C15ull ^ std::rotl(opponent, 29) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    return static_cast<std::size_t>(h) & mask_;
  }

  std::unique_ptr<Bucket[], Free> buckets_;
  std::size_t mask_ = 0;
};

}  // namespace rb
