// The transposition table of the endgame solver (docs/solver.md, "The table").
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
// shallower one goes into slot 1 ("always replace"). With one thread the table
// content, and so the search, depends only on the positions searched, never on
// how a board represents them.
//
// Threads (`shared`: the parallel search, several threads on one table): each
// bucket carries a sequence number (a seqlock). A writer makes it odd while it
// writes and skips its store when another writer is inside; a reader that sees
// it odd, or changed after reading, takes the probe as a miss. No entry is
// ever read half-written, so a hit is still a true bound of that exact
// position; a skipped store or a missed probe costs time, never exactness.
// Fields are read with acquire and written with release through atomic_ref
// (plain moves on x86), so the racing reads are not undefined behaviour and
// no fence is needed: a reader that sees a field a writer stored also sees
// that writer's odd sequence when it reads the sequence again. With one
// thread the sequence is left alone.
//
// Memory: a bucket is one 64-byte cache line (aligned), so that a probe
// costs one cache miss, never two (a 48-byte bucket straddled two lines
// every other time); and the table is allocated on 2 MB pages where the
// system allows (transparent huge pages), since a probe is a random access
// to a large table and with 4 KB pages most would miss the TLB as well. On
// FForum #20-#39 (best configuration, one thread) the two together cut the
// time by 5-6% with the same nodes (results/2026-11-24-table-memory).
//
// The playing search's midgame (search/midgame.hpp) keeps its own table of
// the same design, BasicTable<MidgameLayout>: its bounds are of a score
// searched to a depth (in kEvalScale units), so an entry also records the
// depth, and a deeper result replaces a shallower one's bounds instead of
// being intersected with them. The layout of an entry's data word is the
// only difference (ExactLayout, MidgameLayout).
#pragma once

#include <algorithm>
#include <atomic>
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
  Bitboard player = 0;    // the key: the discs of the side to move...
  Bitboard opponent = 0;  // ...and of the other side (0 and 0 for an unused slot)
  std::int8_t lower = 0;  // the exact score lies in [lower, upper]
  std::int8_t upper = 0;
  std::uint8_t move = 0;  // best move (0..63), kPass, or TranspositionTable::kNoMove
  std::uint8_t empties = 0;
  // The bounds may be wrong: stored by the selective pass from a subtree
  // that ProbCut pruned (or that read such a bound). forget_bounds() widens
  // these and keeps the others, which an exact search may use.
  bool guess = false;
};

// The move byte of an entry without a move.
inline constexpr std::uint8_t kNoTableMove = 255;

// The exact solver's entries: bounds of the exact score (-64..64), the
// position's empties (the replacement's depth, 7 bits) and whether the
// bounds are a guess (the top bit), packed in 32 bits so that a reader takes
// them in one load.
struct ExactLayout {
  using Data = std::uint32_t;
  using Entry = TTEntry;
  static constexpr Data kGuess = Data{1} << 31;

  static Data pack(int lower, int upper, std::uint8_t move, int empties, bool guess) {
    return static_cast<std::uint8_t>(lower) |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(upper)) << 8 |
           static_cast<std::uint32_t>(move) << 16 |
           static_cast<std::uint32_t>(static_cast<std::uint8_t>(empties)) << 24 |
           (guess ? kGuess : 0);
  }
  static Entry unpack(Bitboard player, Bitboard opponent, Data data) {
    return {player,
            opponent,
            static_cast<std::int8_t>(data & 0xff),
            static_cast<std::int8_t>(data >> 8 & 0xff),
            static_cast<std::uint8_t>(data >> 16),
            static_cast<std::uint8_t>(data >> 24 & 0x7f),
            (data & kGuess) != 0};
  }
  static int depth(Data data) { return static_cast<int>(data >> 24 & 0x7f); }
  // A store for the position of `old`: the bounds intersected (bounds of
  // one exact score; a guess if either was).
  static Data merge(Data old, int lower, int upper, std::uint8_t move, int /*empties*/,
                    bool move_is_best, bool guess) {
    Entry e = unpack(0, 0, old);
    if (lower > e.lower) e.lower = static_cast<std::int8_t>(lower);
    if (upper < e.upper) e.upper = static_cast<std::int8_t>(upper);
    if (move != kNoTableMove && (move_is_best || e.move == kNoTableMove)) e.move = move;
    return pack(e.lower, e.upper, e.move, e.empties, e.guess || guess);
  }
  // Bounds (-64, 64), which are no guess; the move and empties kept.
  static Data without_bounds(Data data) {
    return (data & 0x7fff0000u) | pack(-64, 64, 0, 0, false);
  }
  // Whether forget_bounds() widens the entry's bounds.
  static bool forgets(Data data) { return (data & kGuess) != 0; }
};

// The midgame's entry: bounds of the score of a search `depth` plies deep
// (kEvalScale units).
struct MidgameEntry {
  Bitboard player = 0;
  Bitboard opponent = 0;
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint8_t move = kNoTableMove;
  std::uint8_t depth = 0;
};

struct MidgameLayout {
  using Data = std::uint64_t;
  using Entry = MidgameEntry;

  // (`guess` is the exact table's: a midgame bound is always true of its
  // depth-limited score.)
  static Data pack(int lower, int upper, std::uint8_t move, int depth, bool /*guess*/ = false) {
    return static_cast<std::uint16_t>(lower) |
           static_cast<std::uint64_t>(static_cast<std::uint16_t>(upper)) << 16 |
           static_cast<std::uint64_t>(move) << 32 |
           static_cast<std::uint64_t>(static_cast<std::uint8_t>(depth)) << 40;
  }
  static Entry unpack(Bitboard player, Bitboard opponent, Data data) {
    return {player,
            opponent,
            static_cast<std::int16_t>(data & 0xffff),
            static_cast<std::int16_t>(data >> 16 & 0xffff),
            static_cast<std::uint8_t>(data >> 32),
            static_cast<std::uint8_t>(data >> 40)};
  }
  static int depth(Data data) { return static_cast<int>(data >> 40 & 0xff); }
  // A store for the position of `old`: a deeper search's bounds replace the
  // old ones, an equally deep one's are intersected with them (or replace
  // them where they do not meet: the searches saw different tables), a
  // shallower one's are dropped. The move follows the same rule as the
  // exact table's, from a search at least as deep.
  static Data merge(Data old, int lower, int upper, std::uint8_t move, int depth, bool move_is_best,
                    bool /*guess*/) {
    Entry e = unpack(0, 0, old);
    const bool deeper = depth > e.depth;
    if (deeper) {
      e.lower = static_cast<std::int16_t>(lower);
      e.upper = static_cast<std::int16_t>(upper);
      e.depth = static_cast<std::uint8_t>(depth);
    } else if (depth == e.depth) {
      const int l = std::max<int>(lower, e.lower);
      const int u = std::min<int>(upper, e.upper);
      e.lower = static_cast<std::int16_t>(l <= u ? l : lower);
      e.upper = static_cast<std::int16_t>(l <= u ? u : upper);
    }
    if (move != kNoTableMove && ((move_is_best && depth >= e.depth) || e.move == kNoTableMove)) {
      e.move = move;
    }
    return pack(e.lower, e.upper, e.move, e.depth);
  }
};

// A fixed-size table of two-entry buckets keyed on the full position, the
// entries' data laid out by Layout (ExactLayout, MidgameLayout).
template <class Layout>
class BasicTable {
 public:
  using Data = typename Layout::Data;
  using Entry = typename Layout::Entry;
  static constexpr std::uint8_t kNoMove = kNoTableMove;

  // megabytes == 0 gives a disabled table (probe finds nothing, store does
  // nothing). The bucket count is the largest power of two that fits. The
  // memory is zeroed (an all-zero entry is an unused slot), so every page is
  // touched here, not during a timed search. Throws ResourceError (naming
  // --tt) when the machine cannot hold it.
  explicit BasicTable(std::size_t megabytes) {
    const std::size_t fit = (megabytes << 20) / sizeof(Bucket);
    if (fit == 0) return;
    const std::size_t count = std::bit_floor(fit);
    buckets_.reset(static_cast<Bucket*>(allocate_zeroed(count * sizeof(Bucket), alignof(Bucket),
                                                        "--tt " + std::to_string(megabytes),
                                                        true)));  // on huge pages
    mask_ = count - 1;
  }

  // Empties every entry, for a search that must not see an earlier one's:
  // a new generation, in constant time (see `now_`). Not while a search uses
  // the table.
  void clear() {
    if (!enabled()) return;
    if (now_ == kLastStamp) {  // every stamp used: zeroed for real, once in 32,768 solves
      std::memset(static_cast<void*>(buckets_.get()), 0, bytes());
      now_ = live_from_ = bounds_from_ = 0;
      return;
    }
    live_from_ = bounds_from_ = ++now_;
  }

  // Widens the bounds of every entry stored as a guess to (-64, 64),
  // keeping its move: what a search that may have stored wrong bounds (the
  // solver's selective pass) leaves to the next; its other entries' bounds
  // are true and stay. In constant time, as clear(). Not while a search uses
  // the table.
  void forget_bounds() requires requires(Data d) { Layout::forgets(d); }
  {
    if (!enabled()) return;
    if (now_ != kLastStamp) {
      bounds_from_ = ++now_;
      return;
    }
    // Every stamp used: each entry rewritten as it reads now, bounds
    // forgotten, and the stamps begun again.
    for (std::size_t i = 0; i <= mask_; ++i) {
      Bucket& b = buckets_[i];
      for (int j = 0; j < 2; ++j) {
        if (b.stamp[j] < live_from_) {
          b.player[j] = b.opponent[j] = 0;
          b.data[j] = 0;
        } else if (Layout::forgets(b.data[j])) {
          b.data[j] = Layout::without_bounds(b.data[j]);
        }
        b.stamp[j] = 0;
      }
    }
    now_ = live_from_ = bounds_from_ = 0;
  }

  bool enabled() const { return buckets_ != nullptr; }
  std::size_t bytes() const { return enabled() ? (mask_ + 1) * sizeof(Bucket) : 0; }

  // The entry of this exact position, copied to `out`; false if there is
  // none (or, when `shared`, if a writer was inside the bucket).
  bool probe(Bitboard player, Bitboard opponent, Entry& out, bool shared = false) const {
    const Bucket& b = buckets_[index(player, opponent)];
    std::uint32_t sequence = 0;
    if (shared) {
      sequence = atomic(b.sequence).load(std::memory_order_acquire);
      if (sequence & 1) return false;
    }
    for (int i = 0; i < 2; ++i) {
      if (load(b.player[i]) != player || load(b.opponent[i]) != opponent) continue;
      const std::uint16_t stamp = load(b.stamp[i]);
      const Data data = load(b.data[i]);
      if (shared && atomic(b.sequence).load(std::memory_order_relaxed) != sequence) {
        return false;  // written meanwhile: maybe torn
      }
      if (stamp < live_from_) continue;  // of a search before the last clear()
      out = Layout::unpack(player, opponent, as_now(data, stamp));
      return true;
    }
    return false;
  }

  // Starts loading the bucket of the position into the cache (a hint: no
  // effect on what probe() finds).
  void prefetch(Bitboard player, Bitboard opponent) const {
    if (enabled()) __builtin_prefetch(&buckets_[index(player, opponent)]);
  }

  // Records lower <= score <= upper for the position (searched at `depth`:
  // the empties in the exact table, the plies in the midgame's). `move` is
  // kept in preference to an older entry's move only when `move_is_best`
  // (the move raised the search's lower bound) or the old entry has none.
  // When `shared` and another thread is writing the bucket, nothing is
  // stored. `guess`: the bounds may be wrong (TTEntry::guess).
  void store(Bitboard player, Bitboard opponent, int depth, int lower, int upper, Square move,
             bool move_is_best, bool shared = false, bool guess = false) {
    Bucket& b = buckets_[index(player, opponent)];
    if (!shared) return write(b, player, opponent, depth, lower, upper, move, move_is_best, guess);
    auto sequence = atomic(b.sequence);
    std::uint32_t s = sequence.load(std::memory_order_relaxed);
    if ((s & 1) || !sequence.compare_exchange_strong(s, s + 1, std::memory_order_acquire)) return;
    write(b, player, opponent, depth, lower, upper, move, move_is_best, guess);
    sequence.store(s + 2, std::memory_order_release);
  }

 private:
  // Two entries, an entry's data in one word, so that a reader takes it in
  // one load.
  struct alignas(64) Bucket {
    Bitboard player[2];
    Bitboard opponent[2];
    Data data[2];
    std::uint16_t stamp[2];  // the table's `now_` when the entry was written
    std::uint32_t sequence;  // odd while a writer is inside (shared use only)
  };
  static_assert(sizeof(Bucket) == 64);
  struct Free {
    void operator()(Bucket* p) const { release_zeroed(p); }
  };

  template <class T>
  static std::atomic_ref<T> atomic(const T& x) {
    return std::atomic_ref<T>(const_cast<T&>(x));
  }
  template <class T>
  static T load(const T& x) {
    return atomic(x).load(std::memory_order_acquire);
  }
  template <class T>
  static void put(T& x, T v) {
    atomic(x).store(v, std::memory_order_release);
  }

  // An entry's data as the table reads it now: its bounds widened when they
  // are a guess stored before the last forget_bounds().
  Data as_now(Data data, std::uint16_t stamp) const {
    if constexpr (requires { Layout::forgets(data); }) {
      if (stamp < bounds_from_ && Layout::forgets(data)) return Layout::without_bounds(data);
    }
    return data;
  }

  void write(Bucket& b, Bitboard player, Bitboard opponent, int depth, int lower, int upper,
             Square move, bool move_is_best, bool guess) {
    const auto move8 = static_cast<std::uint8_t>(move >= 0 && move <= kPass ? move : kNoMove);
    for (int i = 0; i < 2; ++i) {
      if (load(b.player[i]) != player || load(b.opponent[i]) != opponent) continue;
      const std::uint16_t stamp = load(b.stamp[i]);
      if (stamp < live_from_) continue;  // cleared: as if unused
      put(b.data[i], Layout::merge(as_now(load(b.data[i]), stamp), lower, upper, move8, depth,
                                   move_is_best, guess));
      put(b.stamp[i], now_);
      return;
    }
    // A cleared slot 0 reads as an unused one: depth 0.
    const std::uint16_t stamp0 = load(b.stamp[0]);
    const int depth0 = stamp0 < live_from_ ? 0 : Layout::depth(load(b.data[0]));
    int slot = 1;
    if (depth >= depth0) {  // deepest first
      slot = 0;
      put(b.player[1], load(b.player[0]));
      put(b.opponent[1], load(b.opponent[0]));
      put(b.data[1], load(b.data[0]));
      put(b.stamp[1], stamp0);
    }
    put(b.player[slot], player);
    put(b.opponent[slot], opponent);
    put(b.data[slot], Layout::pack(lower, upper, move8, depth, guess));
    put(b.stamp[slot], now_);
  }

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
  // Generations. Every entry carries the stamp `now_` had when it was
  // written; clear() and forget_bounds() start a new stamp instead of
  // walking the table (a 64 MB table took 10-15 ms a walk, and the solver's
  // selective pass made three a position). An entry stamped before
  // `live_from_` reads as unused, a guess stamped before `bounds_from_`
  // with bounds (-64, 64). When the stamps run out, the table is walked once and
  // they begin again at 0 (the zeroed memory's).
  static constexpr std::uint16_t kLastStamp = 0xffff;
  std::uint16_t now_ = 0;
  std::uint16_t live_from_ = 0;
  std::uint16_t bounds_from_ = 0;
};

using TranspositionTable = BasicTable<ExactLayout>;
using MidgameTable = BasicTable<MidgameLayout>;

// The midgame table's size (MiB) for a search with an exact table of
// `tt_mb`: as large, up to 16 MiB (half a million entries; a depth-12 search
// visits a few hundred thousand positions), so that clearing it before each
// search costs a few milliseconds.
constexpr std::size_t midgame_table_mb(std::size_t tt_mb) {
  return std::clamp<std::size_t>(tt_mb, 1, 16);
}

}  // namespace rb
