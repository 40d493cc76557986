// The one way the harness asks an engine for a move, for engine-test (one
// position at a time) and match (one move of a game at a time): it never
// lets an engine stop the run. Whatever goes wrong (the engine crashes,
// hangs past the time limit, prints a malformed line or an illegal move, a
// move of the side not to move, an answer before it was asked, an
// unfinished line before it exits, or never answers the handshake) is
// recorded with the reason and the last lines the engine printed; the
// engine's whole process group is killed, and a new engine is started when
// next asked.
//
// Each request goes the same steps: start (when none runs), set the
// position, tell the clock (when there is one), check that nothing answers
// before the request (Session::check_unrequested), request, read, check the
// move. The time of a move is the wall time from the request ("go",
// "genmove") to the answer; the handshake and the set-up are outside it,
// under their own deadline (--start-timeout).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/session.hpp"

namespace rb::protocol {

struct RunLimits {
  double time_limit = 300;    // seconds for an answer (0: a day)
  double start_timeout = 10;  // seconds for the handshake, the settings and each set-up
  // Seconds the engine must stay quiet after the set-up before it is asked
  // (Session::check_unrequested): engine-test waits (its positions take
  // seconds); a match does not (its moves may take milliseconds, and the
  // set-up's last reply already orders what the engine printed before it).
  double quiet = Session::kQuietSeconds;
};

// What one request may take, when it is not the runner's --time-limit.
struct MoveLimit {
  double seconds = 0;           // for the answer, from the request
  std::string name;             // named with a timeout's reason ("its clock")
  std::optional<double> clock;  // the time left on the mover's clock, told first
};

struct PositionRun {
  std::optional<EngineAnswer> answer;  // none after a fault
  double seconds =
      0;  // the answer's wall time (or until the fault, when it came after the request)
  std::optional<FaultKind> fault;
  std::string fault_reason;
  bool start_fault = false;             // the fault came while the engine was started
  std::vector<std::string> last_lines;  // the engine's last lines, at the fault
  // The lines the engine printed after the position was set and before the
  // request, skipped (engine-test --verbose names them).
  std::vector<std::string> skipped;
};

// Whether `move` may be played in `position`: nothing when it may; an
// illegal_move or wrong_side fault saying why not.
std::optional<EngineFault> check_move(const Position& position, Square move);

class EngineRunner {
 public:
  EngineRunner(EngineSpec spec, RunLimits limits);
  ~EngineRunner();
  EngineRunner(const EngineRunner&) = delete;
  EngineRunner& operator=(const EngineRunner&) = delete;

  // The move for `position` under the runner's --time-limit.
  PositionRun run(const SuitePosition& position);
  // The move under `limit` (a match's move: the move's limit or the clock).
  PositionRun run(const SuitePosition& position, const MoveLimit& limit);
  // Asks the engine to quit (a second), then kills its process group.
  void stop();
  // Kills the engine's process group (after a fault the caller found, such
  // as a clock run out), and returns its last lines.
  std::vector<std::string> kill();

  bool running() const { return session_ != nullptr; }
  const EngineSpec& spec() const { return spec_; }

 private:
  EngineSpec spec_;
  RunLimits limits_;
  std::unique_ptr<Session> session_;
};

}  // namespace rb::protocol
