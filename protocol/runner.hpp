// Runs one engine over the positions of a suite, one position at a time,
// and never lets an engine stop the run: whatever goes wrong with a
// position (the engine crashes, hangs past the time limit, prints a
// malformed line or an illegal move, a move of the side not to move, an
// unfinished line before it exits, or never answers the handshake) is
// recorded for that position with the reason and the last lines the engine
// printed; the engine's whole process group is killed, and a new engine is
// started for the next position.
//
// The time of a position is the wall time from the request for a move
// ("go", "genmove") to the answer; the handshake and the set-up of the
// position are outside it, under their own deadline (--start-timeout).
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
};

struct PositionRun {
  std::optional<EngineAnswer> answer;  // none after a fault
  double seconds =
      0;  // the answer's wall time (or until the fault, when it came after the request)
  std::optional<FaultKind> fault;
  std::string fault_reason;
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

  PositionRun run(const SuitePosition& position);
  // Asks the engine to quit (a second), then kills its process group.
  void stop();

  const EngineSpec& spec() const { return spec_; }

 private:
  EngineSpec spec_;
  RunLimits limits_;
  std::unique_ptr<Session> session_;
};

}  // namespace rb::protocol
