// A running engine and the protocol spoken with it: start (the handshake
// and the settings), set a position, ask for the move. Every step has a
// deadline; anything the engine does wrong becomes an EngineFault naming the
// step, and the runner (protocol/runner.hpp) kills the engine and starts a new
// one for the next position.
//
// The readers of protocol/nboard.hpp and protocol/gtp.hpp decide what each line
// means; this file only moves lines between them and the process.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/process.hpp"
#include "protocol/protocol.hpp"
#include "protocol/suite.hpp"

namespace rb::protocol {

enum class Protocol { nboard, gtp };

// How to run and speak to one engine (from the command line).
struct EngineSpec {
  std::string name;
  std::vector<std::string> argv;  // the command, split into words
  Protocol protocol = Protocol::nboard;
  // GTP: the set-up command template (protocol/gtp.hpp); empty: play the
  // moves of the position's game from the start instead.
  std::string gtp_setup;
  // GTP: commands sent after the handshake (a level, a time setting).
  std::vector<std::string> gtp_commands;
  // GTP: time_left in whole seconds (GTP 2's unit), rounded down; with
  // false, to the millisecond (for clocks given in fractions of a second).
  bool gtp_whole_seconds = true;
  // NBoard: the depth set after the handshake ("set depth N"; 60 searches
  // to the end of the game, as engine-test asks; 0: none, the engine's own).
  int nboard_depth = 60;
};

class Session {
 public:
  // Starts the engine's process; throws EngineFault (start_failed).
  explicit Session(const EngineSpec& spec);
  virtual ~Session() = default;

  // The handshake and the settings (no_handshake, error_response, ...).
  virtual void start(Deadline deadline) = 0;
  // Gives the engine the position, and waits until it has taken it.
  virtual void set_position(const SuitePosition& position, Deadline deadline) = 0;
  // Sends the request for a move: the timed part begins here.
  virtual void request_move(const Position& position, Deadline deadline) = 0;
  // Reads the engine's answer to request_move().
  virtual EngineAnswer read_move(Deadline deadline) = 0;
  // Tells the engine the time left on its clock before a move is asked for
  // (GTP: time_left COLOR SECONDS 0; NBoard has no such command).
  virtual void time_left(Color side, double seconds, Deadline deadline) = 0;
  // Asks the engine to quit, and waits until the deadline for it to exit
  // (the caller kills the group afterwards in any case).
  virtual void quit(Deadline deadline) = 0;

  // Reads what the engine has printed before it is asked for a move: what
  // is there already, then whatever comes until it has been quiet for
  // `quiet` seconds (0: no wait; or until the deadline). An answer to a move
  // request among those lines is a fault (FaultKind::unrequested), as it
  // would otherwise be taken for the answer to the request to come; any
  // other line is skipped (the process keeps it among its last lines).
  // Returns the lines skipped, made printable.
  //
  // Without any wait the check is sure for what the engine prints while it
  // takes the position: the set-up ends with a reply the engine gives once
  // it has done the set-up (NBoard's pong, GTP's responses), and an answer
  // met before that reply, or given as that reply, is refused there.
  std::vector<std::string> check_unrequested(Deadline deadline, double quiet = kQuietSeconds);
  static constexpr double kQuietSeconds = 0.02;

  ChildProcess& process() { return *process_; }

 protected:
  // Whether the line answers a move request (NBoard's "===", a GTP response).
  virtual bool is_answer(std::string_view line) const = 0;

  // Sends a line; a fault when the engine no longer reads (exited) or does
  // not read it before the deadline (`timeout_kind`).
  void send(const std::string& line, Deadline deadline, FaultKind timeout_kind);
  // Feeds the engine's lines to reader.take() until it returns true. On a
  // timeout the fault is `timeout_kind`; `awaited` names what was awaited.
  template <class Reader>
  void read_until(Reader& reader, Deadline deadline, FaultKind timeout_kind,
                  std::string_view awaited);

  const EngineSpec& spec_;

 private:
  // The fault of an engine that closed its output (exited), `when` saying
  // at which point ("while waiting for ...").
  [[noreturn]] void fail_closed(std::string_view when);
  std::unique_ptr<ChildProcess> process_;
};

// A session speaking the spec's protocol.
std::unique_ptr<Session> make_session(const EngineSpec& spec);

// After a fault: kills the engine's process group, and returns the last
// lines it printed (its standard error read for 0.1 s more). No-op on none.
std::vector<std::string> kill_session(std::unique_ptr<Session>& session);
// At the end: asks the engine to quit (a second), then kills its group.
void end_session(std::unique_ptr<Session>& session);

}  // namespace rb::protocol
