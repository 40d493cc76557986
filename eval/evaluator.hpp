// What the searches ask of a static evaluation: an Evaluator E offers
// e.eval(player, opponent) -> int, the position's final disc difference for
// the side to move estimated from its two bitboards, in kEvalScale units per
// disc. The two evaluations: ClassicEval (eval/classic.hpp) and PatternEval
// (eval/pattern.hpp).
#pragma once

#include <concepts>

#include "core/square.hpp"

namespace rb {

// Evaluation units per disc.
inline constexpr int kEvalScale = 16;

template <class E>
concept Evaluator = requires(const E& e, Bitboard player, Bitboard opponent) {
  { e.eval(player, opponent) } -> std::same_as<int>;
};

}  // namespace rb
