#include "protocol/runner.hpp"

#include <cstdio>

#include "core/reference.hpp"

namespace rb::protocol {
namespace {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

}  // namespace

std::optional<EngineFault> check_move(const Position& position, Square move) {
  const ReferenceBoard board(position);
  const Bitboard legal = board.legal_moves();
  const std::string side(color_name(position.side));
  if (move == kPass) {
    if (legal == 0) return std::nullopt;
    return EngineFault(FaultKind::illegal_move,
                       "passed, but " + side + " has moves: " + squares_string(legal));
  }
  if (move >= 0 && move < 64 && (legal & bit(move))) return std::nullopt;
  const Bitboard theirs = ReferenceBoard(position.passed()).legal_moves();
  const std::string name = square_name(move);
  if (move >= 0 && move < 64 && (theirs & bit(move))) {
    return EngineFault(FaultKind::wrong_side, name + " is a move of " +
                                                  std::string(color_name(opposite(position.side))) +
                                                  ", not of " + side + " (" + side + " to move)");
  }
  return EngineFault(FaultKind::illegal_move,
                     name + " is not a legal move (" + side + " to move; legal: " +
                         (legal ? squares_string(legal) : std::string("none, a pass")) + ")");
}

EngineRunner::EngineRunner(EngineSpec spec, RunLimits limits)
    : spec_(std::move(spec)), limits_(limits) {}

EngineRunner::~EngineRunner() { stop(); }

PositionRun EngineRunner::run(const SuitePosition& position) {
  PositionRun out;
  std::optional<Clock::time_point> asked;
  const char* limit_option = "--start-timeout";
  double limit = limits_.start_timeout;
  try {
    if (!session_) {
      session_ = make_session(spec_);
      session_->start(deadline_in(limits_.start_timeout));
    }
    session_->set_position(position, deadline_in(limits_.start_timeout));
    out.skipped = session_->check_unrequested(deadline_in(limits_.start_timeout));
    limit_option = "--time-limit";
    limit = limits_.time_limit;
    const Deadline deadline = deadline_in(limits_.time_limit);
    asked = Clock::now();
    session_->request_move(position.entry.position, deadline);
    EngineAnswer answer = session_->read_move(deadline);
    out.seconds = std::chrono::duration<double>(Clock::now() - *asked).count();
    if (auto fault = check_move(position.entry.position, answer.move)) throw *fault;
    out.answer = answer;
  } catch (const EngineFault& fault) {
    if (asked && !out.seconds) {
      out.seconds = std::chrono::duration<double>(Clock::now() - *asked).count();
    }
    out.fault = fault.kind();
    out.fault_reason = fault.what();
    if (fault.kind() == FaultKind::timeout || fault.kind() == FaultKind::no_handshake) {
      out.fault_reason += " (" + std::string(limit_option) + " " + seconds_text(limit) + ")";
    }
    out.last_lines = kill_session(session_);
  }
  return out;
}

void EngineRunner::stop() { end_session(session_); }

}  // namespace rb::protocol
