// Shared by the test files: the variant list as GoogleTest types, random
// positions, and comparison of a board against the reference board.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "check/random_positions.hpp"
#include "core/moves.hpp"
#include "core/reference.hpp"
#include "io/obf.hpp"
#include "variants/builtin.hpp"

namespace rb::testing {

// The registered variants except the reference itself, as ::testing::Types.
template <class List>
struct ToGTestTypes;
template <Board... Vs>
struct ToGTestTypes<VariantList<Vs...>> {
  using type = ::testing::Types<Vs...>;
};
template <class List>
struct WithoutReference;
template <Board First, Board... Rest>
struct WithoutReference<VariantList<First, Rest...>> {
  static_assert(std::is_same_v<First, ReferenceBoard>, "the reference comes first in AllVariants");
  using type = VariantList<Rest...>;
};
using TestedVariants = WithoutReference<AllVariants>::type;
using VariantTypes = ToGTestTypes<TestedVariants>::type;

// Test names carry the variant's name ('+' spelled '_': "mailbox_list").
struct VariantName {
  template <class V>
  static std::string GetName(int) {
    std::string name(V::info.name);
    for (char& c : name) {
      if (c == '+' || c == '-') c = '_';
    }
    return name;
  }
};

// Skips the test, saying why, when this CPU cannot run variant V.
#define RB_SKIP_IF_UNAVAILABLE(V)                                                  \
  do {                                                                             \
    if (!variant_available(V::info)) {                                             \
      GTEST_SKIP() << V::info.name << " needs CPU features this CPU lacks: "       \
                   << cpu_features_string(V::info.cpu_features & ~cpu_features()); \
    }                                                                              \
  } while (0)

using rb::random_arbitrary;
using rb::random_reachable;

// What the reference says about a position, checked against board b.
template <Board V>
::testing::AssertionResult same_as_reference(const V& b, const ReferenceBoard& ref) {
  const Position p = ref.position();
  auto fail = [&](const std::string& what) {
    return ::testing::AssertionFailure() << what << " differs on " << board_string(p);
  };
  if (b.position() != p) return fail("position (got " + board_string(b.position()) + ")");
  if (b.legal_moves() != ref.legal_moves()) {
    return fail("legal moves (" + squares_string(b.legal_moves()) + " vs " +
                squares_string(ref.legal_moves()) + ")");
  }
  for (Square s = 0; s < 64; ++s) {
    if (b.flips(s) != ref.flips(s)) {
      return fail("flips of " + square_name(s) + " (" + squares_string(b.flips(s)) + " vs " +
                  squares_string(ref.flips(s)) + ")");
    }
  }
  if (b.empties() != ref.empties()) return fail("empties");
  if (b.disc_difference() != ref.disc_difference()) return fail("disc difference");
  if (b.side_to_move() != ref.side_to_move()) return fail("side to move");
  if constexpr (ListBoard<V>) {
    if (b.empty_list().squares() != p.empty()) return fail("empty-square list");
  }
  if (!b.consistent()) return fail("consistency check");
  return ::testing::AssertionSuccess();
}

}  // namespace rb::testing
