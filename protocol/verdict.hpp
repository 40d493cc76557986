// Whether an engine's answer to a position is right, and by what evidence.
//
// The best score is the largest listed for the position (its bare score
// when it lists no move); a position that lists none is solved exactly.
// A move is right when its score equals the best score, so every move with
// the best score counts: with the listed score when the suite lists the
// move (make-suite lists every move, FForum files the best ones and some
// others); an unlisted move is not called wrong blindly but scored exactly
// by the project's solver (the position after it, solved), and the report
// says so. A score (NBoard gives one) is right when it equals the best score
// (within 0.01: engines write it with decimals).
#pragma once

#include <functional>
#include <optional>

#include "io/obf.hpp"
#include "protocol/protocol.hpp"

namespace rb::protocol {

// Where a figure of a verdict comes from.
enum class Evidence { listed, solver };
std::string_view evidence_name(Evidence e);

struct Verdict {
  int expected = 0;  // the best score
  Evidence expected_from = Evidence::listed;
  int move_score = 0;  // the score of the answer's move
  Evidence move_score_from = Evidence::listed;
  bool move_ok = false;
  std::optional<bool> score_ok;  // when the answer has a score
};

// The exact score of a position for its side to move (the project's solver).
using ExactScore = std::function<int(const Position&)>;

// The verdict on a legal answer (protocol/runner.hpp checks legality first).
Verdict judge(const ObfEntry& entry, const EngineAnswer& answer, const ExactScore& exact);

}  // namespace rb::protocol
