#include "protocol/verdict.hpp"

#include <cmath>

#include "core/reference.hpp"

namespace rb::protocol {

std::string_view evidence_name(Evidence e) { return e == Evidence::listed ? "listed" : "solver"; }

Verdict judge(const ObfEntry& entry, const EngineAnswer& answer, const ExactScore& exact) {
  Verdict v;
  if (const auto best = entry.best_score()) {
    v.expected = *best;
  } else {
    v.expected = exact(entry.position);
    v.expected_from = Evidence::solver;
  }
  if (const auto listed = entry.score_of(answer.move)) {
    v.move_score = *listed;
  } else {
    Position after = entry.position.passed();
    if (answer.move != kPass) {
      ReferenceBoard board(entry.position);
      board.play(answer.move);
      after = board.position();
    }
    v.move_score = -exact(after);
    v.move_score_from = Evidence::solver;
  }
  v.move_ok = v.move_score == v.expected;
  if (answer.score) v.score_ok = std::abs(*answer.score - v.expected) < 0.01;
  return v;
}

}  // namespace rb::protocol
