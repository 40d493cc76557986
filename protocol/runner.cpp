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
  return run(position, MoveLimit{limits_.time_limit, "--time-limit", std::nullopt});
}

PositionRun EngineRunner::run(const SuitePosition& position, const MoveLimit& limit) {
  PositionRun out;
  std::optional<Clock::time_point> asked;
  std::string limit_name = "--start-timeout";
  double limit_seconds = limits_.start_timeout;
  try {
    if (!session_) {
      out.start_fault = true;
      session_ = make_session(spec_);
      session_->start(deadline_in(limits_.start_timeout));
      out.start_fault = false;
    }
    const Position& p = position.entry.position;
    session_->set_position(position, deadline_in(limits_.start_timeout));
    if (limit.clock) session_->time_left(p.side, *limit.clock, deadline_in(limits_.start_timeout));
    out.skipped = session_->check_unrequested(deadline_in(limits_.start_timeout), limits_.quiet);
    limit_name = limit.name;
    limit_seconds = limit.seconds;
    const Deadline deadline = deadline_in(limit.seconds);
    asked = Clock::now();
    session_->request_move(p, deadline);
    EngineAnswer answer = session_->read_move(deadline);
    out.seconds = std::chrono::duration<double>(Clock::now() - *asked).count();
    if (auto fault = check_move(p, answer.move)) throw *fault;
    out.answer = answer;
  } catch (const EngineFault& fault) {
    if (asked && !out.seconds) {
      out.seconds = std::chrono::duration<double>(Clock::now() - *asked).count();
    }
    out.fault = fault.kind();
    out.fault_reason = fault.what();
    if (fault.kind() == FaultKind::timeout || fault.kind() == FaultKind::no_handshake) {
      out.fault_reason += " (" + limit_name + " " + seconds_text(limit_seconds) + ")";
    }
    out.last_lines = kill_session(session_);
  }
  return out;
}

void EngineRunner::stop() { end_session(session_); }

std::vector<std::string> EngineRunner::kill() { return kill_session(session_); }

}  // namespace rb::protocol
