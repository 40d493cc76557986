// Perft work units: the distinct positions `plies` plies below a root, up to
// the 8 symmetries of the board, each with its multiplicity (how many move
// sequences reach one of its images). Then
//
//   perft(root, D) = settled + sum over units of multiplicity * perft(unit, D - plies)
//
// where `settled` holds the leaves met above the units: games that end
// before ply `plies`, one leaf each in bik and no_pass, nothing in a124004.
// Passes follow the convention: in a124004 and bik a forced pass is a ply
// (the passed position is the next ply's), in no_pass it is free (the
// passed position's moves make the next ply). A position at ply `plies`
// with no move, or a finished game there, is a unit like any other: its
// count below follows the convention.
//
// The units are made ply by ply, the positions of one ply merged by their
// least image before the next is expanded, so transpositions are expanded
// once. They are numbered by a cheap estimate of their size (the count two
// plies below), largest first, ties by the least image: the numbering
// depends only on (root, convention, depth, plies), and handing units out in
// index order hands out the largest first. Symmetric images have the same
// count in every convention: the rules look the same in every direction.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/memory.hpp"
#include "core/u128.hpp"
#include "perft/perft.hpp"
#include "perft/perft_cache.hpp"
#include "perft/perft_wide.hpp"

namespace rb {

// The deepest split: ply 9 holds about 10^6 distinct positions from the
// start, made from about 10^7 children in memory at once.
inline constexpr int kMaxSplitPlies = 9;

struct PerftUnit {
  Position position;           // the least image (side: the least met)
  std::uint64_t multiplicity;  // move sequences from the root reaching it
  std::uint64_t estimate;      // its count two plies below (the order)
};

struct PerftUnits {
  std::vector<PerftUnit> units;  // index order
  Count128 settled = 0;          // leaves above the units
  std::size_t expanded = 0;      // distinct positions expanded to make them
};

// A checksum of a unit's position (its two bitboards), written with each
// finished unit in a checkpoint.
constexpr std::uint64_t unit_checksum(const Position& p) {
  auto mix = [](std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  return mix(mix(p.player + 0x9E3779B97F4A7C15ull) ^ p.opponent);
}

// The most leaves `position` can have `depth` plies below it, 2^128 - 1 at
// most: a ply offers at most one move per empty square, or one pass. A
// checkpoint's count above it is damaged.
constexpr Count128 max_leaves_below(const Position& position, int depth) {
  const Count128 moves = std::max(position.empties(), 1);
  Count128 bound = 1;
  for (int i = 0; i < depth; ++i) {
    if (bound > ~Count128{0} / moves) return ~Count128{0};
    bound *= moves;
  }
  return bound;
}

namespace perft_detail {

// A position of a ply, by its least image.
struct PlyEntry {
  Bitboard player, opponent;
  Color side;
  std::uint64_t multiplicity;
};

inline PlyEntry ply_entry(const Position& p, std::uint64_t multiplicity) {
  Bitboard player = p.player, opponent = p.opponent;
  perft_cache_detail::least_image(player, opponent);
  return {player, opponent, p.side, multiplicity};
}

// Sorts by least image and merges equal images (their multiplicities added,
// the least side kept).
inline void merge_ply(std::vector<PlyEntry>& ply) {
  std::sort(ply.begin(), ply.end(), [](const PlyEntry& a, const PlyEntry& b) {
    return a.player != b.player ? a.player < b.player : a.opponent < b.opponent;
  });
  std::size_t out = 0;
  for (std::size_t i = 0; i < ply.size(); ++i) {
    if (out > 0 && ply[out - 1].player == ply[i].player &&
        ply[out - 1].opponent == ply[i].opponent) {
      PlyEntry& kept = ply[out - 1];
      if (__builtin_add_overflow(kept.multiplicity, ply[i].multiplicity, &kept.multiplicity)) {
        throw std::overflow_error("a unit's multiplicity passed 2^64");
      }
      kept.side = std::min(kept.side, ply[i].side);
    } else {
      ply[out++] = ply[i];
    }
  }
  ply.resize(out);
}

// The next ply's entries from one position (with B's rules), and the
// leaves of a game that ends here.
template <PerftConvention C, Board B>
void expand(const Position& p, std::uint64_t multiplicity, std::vector<PlyEntry>& next,
            Count128& settled) {
  BoardNode<B, MoveGen::mask> node(p);
  const int moves = node.for_each_child([&](Square, auto& child) {
    next.push_back(ply_entry(child.position(), multiplicity));
    return false;
  });
  if (moves) return;
  if (node.opponent_moves() == 0) {
    if (C != PerftConvention::a124004) settled = add_checked(settled, multiplicity);
  } else if (C == PerftConvention::no_pass) {
    expand<C, B>(p.passed(), multiplicity, next, settled);  // the pass is free
  } else {
    next.push_back(ply_entry(p.passed(), multiplicity));  // the pass is a ply
  }
}

// Grows `next` ahead of an expand() (at most 64 entries) within the memory
// budget (core/memory.hpp), counting both plies' entries: the positions far
// below a midgame root can outgrow the machine, and that is a clear error
// naming --split, not an abort.
inline void reserve_next(std::vector<PlyEntry>& next, const std::vector<PlyEntry>& ply, int plies) {
  if (next.capacity() - next.size() >= 64) return;
  const std::size_t grown = std::max<std::size_t>(1024, next.capacity() * 2);
  check_memory_budget((grown + ply.capacity()) * sizeof(PlyEntry),
                      "--split " + std::to_string(plies));
  next.reserve(grown);
}

template <PerftConvention C, Board B>
PerftUnits make_units(const Position& root, int depth, int plies) {
  PerftUnits out;
  std::vector<PlyEntry> ply{ply_entry(root, 1)}, next;
  for (int k = 0; k < plies; ++k) {
    next.clear();
    out.expanded += ply.size();
    for (const PlyEntry& e : ply) {
      reserve_next(next, ply, plies);
      expand<C, B>({e.player, e.opponent, e.side}, e.multiplicity, next, out.settled);
    }
    merge_ply(next);
    std::swap(ply, next);
  }
  const int estimate_depth = std::min(2, depth - plies);
  out.units.reserve(ply.size());
  for (const PlyEntry& e : ply) {
    const Position p{e.player, e.opponent, e.side};
    out.units.push_back({p, e.multiplicity, perft<B>(p, estimate_depth, {C, 1, nullptr, true})});
  }
  // Largest estimate first; the least image breaks ties (the units are
  // sorted by it already, and the sort is stable).
  std::stable_sort(out.units.begin(), out.units.end(),
                   [](const PerftUnit& a, const PerftUnit& b) { return a.estimate > b.estimate; });
  return out;
}

}  // namespace perft_detail

inline void check_split(int depth, int plies) {
  if (plies < 0 || plies > kMaxSplitPlies || plies > depth) {
    throw std::invalid_argument("split ply " + std::to_string(plies) + " out of range 0.." +
                                std::to_string(std::min(depth, kMaxSplitPlies)) +
                                " (at most the depth, and at most " +
                                std::to_string(kMaxSplitPlies) + ")");
  }
}

// The units of a split for one board (see PerftEntry in perft/perft.hpp).
template <Board B>
struct PerftUnitsEntry {
  static PerftUnits perft_units(const Position& root, int depth, int plies,
                                PerftConvention convention);
};

template <Board B>
PerftUnits PerftUnitsEntry<B>::perft_units(const Position& root, int depth, int plies,
                                           PerftConvention convention) {
  check_wide_perft_depth(depth);
  check_split(depth, plies);
  using namespace perft_detail;
  switch (convention) {
    case PerftConvention::a124004:
      return make_units<PerftConvention::a124004, B>(root, depth, plies);
    case PerftConvention::bik:
      return make_units<PerftConvention::bik, B>(root, depth, plies);
    case PerftConvention::no_pass:
      return make_units<PerftConvention::no_pass, B>(root, depth, plies);
  }
  return {};
}

// A plug-in slot's units (see PerftEntry<PluginBoard<Slot>, G>).
template <int Slot>
struct PerftUnitsEntry<PluginBoard<Slot>> {
  static PerftUnits perft_units(const Position& root, int depth, int plies,
                                PerftConvention convention) {
    const ActivePlugin active(Slot);
    return PerftUnitsEntry<SharedPluginBoard>::perft_units(root, depth, plies, convention);
  }
};
extern template struct PerftUnitsEntry<SharedPluginBoard>;

// The units `plies` plies below `root` for a count to `depth`, with board
// B's rules.
template <Board B>
inline PerftUnits perft_units(const Position& root, int depth, int plies,
                              PerftConvention convention) {
  return PerftUnitsEntry<B>::perft_units(root, depth, plies, convention);
}

// The count of one unit below it (not multiplied), in 128 bits.
template <Board B>
inline Count128 perft_unit(const PerftUnit& unit, int depth, int plies, const PerftOptions& options,
                           bool cache_shared = false) {
  return perft_wide<B>(unit.position, depth - plies, options, cache_shared);
}

// settled + sum of multiplicity * count, checked.
inline Count128 split_total(const PerftUnits& units, const std::vector<Count128>& counts) {
  Count128 total = units.settled;
  for (std::size_t i = 0; i < units.units.size(); ++i) {
    total = add_checked(total, mul_checked(units.units[i].multiplicity, counts[i]));
  }
  return total;
}

}  // namespace rb
