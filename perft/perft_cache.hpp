// The perft cache: subtree counts keyed by (player, opponent, tag), the tag
// naming the convention and the remaining depth (see perft/perft.hpp).
//
// Exactness: an entry stores its whole key, so a hit is the count of exactly
// the position asked for. With `symmetric` (the default) a position is first
// replaced by the least of its 8 images under the board's symmetries
// (rotations and reflections of the square), which have the same count: the
// rules look the same in every direction. Transpositions then include
// mirror images, and from the start position, whose four first moves are
// images of each other, three quarters of the tree are found in the cache.
//
// Layout: buckets of two entries fill one 64-byte cache line. The first
// entry keeps the larger subtree (the larger count: the more work a hit
// saves), the second is replaced always, and an entry pushed out of the first
// moves to the second. The table is allocated on 2 MB pages where the system
// allows (transparent huge pages): every probe is a random access to a large
// table, and with 4 KB pages most would miss the TLB as well.
//
// Threads: one perft call uses a cache at a time. With one thread it reads
// and writes the table plainly. With several, each bucket is guarded by a
// sequence number in its own cache line (a seqlock): a writer makes it odd
// while it writes and skips the store if another writer is inside; a reader
// that sees it odd, or changed after reading, takes the probe as a miss.
// Either way no count is ever read half-written; a skipped store or a missed
// probe costs time only.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/square.hpp"

namespace rb {

// The board's symmetries on bitboards (a1 = bit 0, h8 = bit 63).
constexpr Bitboard flip_vertical(Bitboard x) {  // rank 1 <-> rank 8
  return __builtin_bswap64(x);
}
constexpr Bitboard flip_horizontal(Bitboard x) {  // file a <-> file h
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
}
constexpr Bitboard flip_diagonal(Bitboard x) {  // about a1-h8: square (f, r) <-> (r, f)
  Bitboard t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (x ^ (x << 7));
  return x ^ t ^ (t >> 7);
}
static_assert(flip_vertical(bit(3)) == bit(59) && flip_horizontal(bit(3)) == bit(4));
static_assert(flip_diagonal(bit(1)) == bit(8) && flip_diagonal(bit(62)) == bit(55) &&
              flip_diagonal(bit(7)) == bit(56) && flip_diagonal(bit(27)) == bit(27));

class PerftCache {
 public:
  explicit PerftCache(std::size_t megabytes, bool symmetric = true);
  std::size_t entries() const { return 2 * (mask_ + 1); }
  std::size_t bytes() const { return (mask_ + 1) * sizeof(Bucket); }
  // Empties every entry (not while a count uses the cache): a run keeps one
  // cache and clears it between counts, so that it never holds two.
  void clear();
  bool symmetric() const { return symmetric_; }

  // A position as the table knows it, and where it lives.
  struct Key {
    Bitboard player, opponent;
    std::uint32_t tag;  // never 0: 0 marks an empty entry
    std::size_t index;
  };
  Key key(Bitboard player, Bitboard opponent, std::uint32_t tag) const;
  void prefetch(const Key& k) const { __builtin_prefetch(&table_[k.index]); }
  // On a hit, sets count and returns true; on a miss leaves count alone.
  // `shared`: other threads may be using the cache at the same time.
  bool find(const Key& k, std::uint64_t& count, bool shared) const;
  void store(const Key& k, std::uint64_t count, bool shared);

 private:
  struct alignas(64) Bucket {
    std::uint64_t sequence;  // odd while a writer is inside (shared use only)
    std::uint64_t player[2];
    std::uint64_t opponent[2];
    std::uint64_t count[2];
    std::uint32_t tag[2];
  };
  static_assert(sizeof(Bucket) == 64);
  struct Free {
    void operator()(Bucket* b) const;
  };
  static void write(Bucket& b, const Key& k, std::uint64_t count);

  std::unique_ptr<Bucket[], Free> table_;
  std::size_t mask_ = 0;
  bool symmetric_;
};

namespace perft_cache_detail {

// Bucket fields are read with acquire and written with release through
// atomic_ref (plain moves on x86), so that the seqlock's racing reads are not
// undefined behaviour and need no fence: a reader that sees a field a writer
// stored also sees that writer's odd sequence when it reads it again.
template <class T>
inline T load(const T& x) {
  return std::atomic_ref<T>(const_cast<T&>(x)).load(std::memory_order_acquire);
}
template <class T>
inline void put(T& x, T v) {
  std::atomic_ref<T>(x).store(v, std::memory_order_release);
}

// The least of the 8 images of (player, opponent), by player then opponent
// (compared as one 128-bit number: no branch to mispredict).
inline void least_image(Bitboard& player, Bitboard& opponent) {
  using U128 = unsigned __int128;
  auto pack = [](Bitboard p, Bitboard o) { return U128{p} << 64 | o; };
  U128 best = pack(player, opponent);
  auto consider = [&](Bitboard p, Bitboard o) { best = std::min(best, pack(p, o)); };
  for (int diagonal = 0; diagonal < 2; ++diagonal) {
    Bitboard p = player, o = opponent;
    if (diagonal) {
      p = flip_diagonal(p), o = flip_diagonal(o);
      consider(p, o);
    }
    consider(flip_vertical(p), flip_vertical(o));
    p = flip_horizontal(p), o = flip_horizontal(o);
    consider(p, o);
    consider(flip_vertical(p), flip_vertical(o));
  }
  player = static_cast<Bitboard>(best >> 64), opponent = static_cast<Bitboard>(best);
}

}  // namespace perft_cache_detail

inline PerftCache::Key PerftCache::key(Bitboard player, Bitboard opponent,
                                       std::uint32_t tag) const {
  if (symmetric_) perft_cache_detail::least_image(player, opponent);
  std::uint64_t h = player * 0x9E3779B97F4A7C15ull;
  h ^= (opponent + tag) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  return {player, opponent, tag, static_cast<std::size_t>(h >> 32) & mask_};
}

inline bool PerftCache::find(const Key& k, std::uint64_t& count, bool shared) const {
  using perft_cache_detail::load;
  const Bucket& b = table_[k.index];
  std::uint64_t sequence = 0;
  if (shared) {
    sequence = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(b.sequence))
                   .load(std::memory_order_acquire);
    if (sequence & 1) return false;
  }
  for (int i = 0; i < 2; ++i) {
    if (load(b.tag[i]) == k.tag && load(b.player[i]) == k.player &&
        load(b.opponent[i]) == k.opponent) {
      const std::uint64_t found = load(b.count[i]);
      if (shared && load(b.sequence) != sequence) return false;  // written meanwhile: maybe torn
      count = found;
      return true;
    }
  }
  return false;
}

inline void PerftCache::write(Bucket& b, const Key& k, std::uint64_t count) {
  using perft_cache_detail::load, perft_cache_detail::put;
  int slot = 1;
  if (load(b.count[0]) <= count) {  // an empty first entry has count 0
    slot = 0;
    if (load(b.tag[0]) != k.tag || load(b.player[0]) != k.player ||
        load(b.opponent[0]) != k.opponent) {
      put(b.player[1], load(b.player[0]));
      put(b.opponent[1], load(b.opponent[0]));
      put(b.count[1], load(b.count[0]));
      put(b.tag[1], load(b.tag[0]));
    }
  }
  put(b.player[slot], k.player);
  put(b.opponent[slot], k.opponent);
  put(b.count[slot], count);
  put(b.tag[slot], k.tag);
}

inline void PerftCache::store(const Key& k, std::uint64_t count, bool shared) {
  Bucket& b = table_[k.index];
  if (!shared) return write(b, k, count);
  std::atomic_ref<std::uint64_t> sequence(b.sequence);
  std::uint64_t s = sequence.load(std::memory_order_relaxed);
  if ((s & 1) || !sequence.compare_exchange_strong(s, s + 1, std::memory_order_acquire)) return;
  write(b, k, count);
  sequence.store(s + 2, std::memory_order_release);
}

}  // namespace rb
