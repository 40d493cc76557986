#include "core/perft.hpp"

namespace rb {

std::optional<PerftConvention> parse_perft_convention(std::string_view name) {
  if (name == "a124004") return PerftConvention::a124004;
  if (name == "bik") return PerftConvention::bik;
  if (name == "no_pass") return PerftConvention::no_pass;
  return std::nullopt;
}

std::string_view perft_convention_name(PerftConvention c) {
  switch (c) {
    case PerftConvention::a124004:
      return "a124004";
    case PerftConvention::bik:
      return "bik";
    case PerftConvention::no_pass:
      return "no_pass";
  }
  return "?";
}

PerftCache::PerftCache(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  const std::size_t count = std::bit_floor(bytes / sizeof(Entry));
  table_ = std::make_unique<Entry[]>(count);
  mask_ = count - 1;
  locks_ = std::make_unique<std::atomic<bool>[]>(kLocks);
}

std::size_t PerftCache::index(const Position& p, int depth) const {
  std::uint64_t h = p.player * 0x9E3779B97F4A7C15ull;
  h ^= (p.opponent + static_cast<std::uint64_t>(depth)) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return static_cast<std::size_t>(h) & mask_;
}

void PerftCache::lock(std::size_t i) const {
  auto& flag = locks_[i % kLocks];
  while (flag.exchange(true, std::memory_order_acquire)) {
    while (flag.load(std::memory_order_relaxed)) {
    }
  }
}

void PerftCache::unlock(std::size_t i) const {
  locks_[i % kLocks].store(false, std::memory_order_release);
}

std::optional<std::uint64_t> PerftCache::find(const Position& p, int depth) const {
  const std::size_t i = index(p, depth);
  lock(i);
  const Entry e = table_[i];
  unlock(i);
  if (e.depth == static_cast<std::uint64_t>(depth) && e.player == p.player &&
      e.opponent == p.opponent) {
    return e.count;
  }
  return std::nullopt;
}

void PerftCache::store(const Position& p, int depth, std::uint64_t count) {
  const std::size_t i = index(p, depth);
  lock(i);
  table_[i] = Entry{p.player, p.opponent, count, static_cast<std::uint64_t>(depth)};
  unlock(i);
}

}  // namespace rb
