#include "protocol/session.hpp"

#include <cmath>
#include <cstdio>

#include "protocol/command.hpp"
#include "protocol/gtp.hpp"
#include "protocol/nboard.hpp"

namespace rb::protocol {

Session::Session(const EngineSpec& spec) : spec_(spec) {
  try {
    process_ = std::make_unique<ChildProcess>(spec.argv);
  } catch (const CommandError& e) {
    throw EngineFault(FaultKind::start_failed, e.what());
  }
}

void Session::fail_closed(std::string_view when) {
  const std::string ended =
      process_->wait_exit(deadline_in(1.0)).value_or("closed its output (still running)");
  process_->drain_errors(deadline_in(0.2));
  const std::string& partial = process_->partial();
  if (!partial.empty()) {
    throw EngineFault(FaultKind::partial_line, "printed an unfinished line " + quoted(partial) +
                                                   ", then " + ended + " " + std::string(when));
  }
  throw EngineFault(FaultKind::exited, ended + " " + std::string(when));
}

void Session::send(const std::string& line, Deadline deadline, FaultKind timeout_kind) {
  if (!process_->send_line(line, deadline)) {
    if (Clock::now() >= deadline) {
      throw EngineFault(timeout_kind, "did not read " + quoted(line) + " in time");
    }
    fail_closed("before it read " + quoted(line));
  }
}

template <class Reader>
void Session::read_until(Reader& reader, Deadline deadline, FaultKind timeout_kind,
                         std::string_view awaited) {
  for (;;) {
    Read read = process_->read_line(deadline);
    switch (read.kind) {
      case Read::Kind::line:
        try {
          if (reader.take(read.line)) return;
        } catch (const ProtocolError& e) {
          throw EngineFault(FaultKind::malformed,
                            std::string(e.what()) + ", waiting for " + std::string(awaited));
        }
        // An engine that prints lines without end must not keep the run
        // past the deadline.
        if (Clock::now() >= deadline) {
          throw EngineFault(timeout_kind, "no " + std::string(awaited) + " in time");
        }
        break;
      case Read::Kind::timeout:
        throw EngineFault(timeout_kind, "no " + std::string(awaited) + " in time");
      case Read::Kind::closed:
        fail_closed("while waiting for " + std::string(awaited));
      case Read::Kind::overflow:
        throw EngineFault(FaultKind::line_too_long,
                          "printed a line longer than " +
                              std::to_string(LineBuffer::kDefaultMaxLine) + " bytes, waiting for " +
                              std::string(awaited));
    }
  }
}

std::vector<std::string> Session::check_unrequested(Deadline deadline, double quiet) {
  std::vector<std::string> skipped;
  for (;;) {
    // (A deadline already past still reads what has arrived.)
    const Deadline quiet_until =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(std::max(0.0, quiet)));
    const Read read = process_->read_line(std::min(deadline, quiet_until));
    switch (read.kind) {
      case Read::Kind::line:
        if (is_answer(read.line)) {
          throw EngineFault(FaultKind::unrequested,
                            "answered before it was asked for a move: " + quoted(read.line));
        }
        skipped.push_back(printable_line(read.line, 200));
        break;
      case Read::Kind::timeout:
        return skipped;
      case Read::Kind::closed:
        fail_closed("before it was asked for a move");
      case Read::Kind::overflow:
        throw EngineFault(FaultKind::line_too_long,
                          "printed a line longer than " +
                              std::to_string(LineBuffer::kDefaultMaxLine) +
                              " bytes before it was asked for a move");
    }
  }
}

namespace {

class NBoardSession final : public Session {
 public:
  using Session::Session;

  void start(Deadline deadline) override {
    send("nboard " + std::to_string(kNBoardVersion), deadline, FaultKind::no_handshake);
    if (spec_.nboard_depth > 0) {
      send("set depth " + std::to_string(spec_.nboard_depth), deadline, FaultKind::no_handshake);
    }
    ping(deadline, "the handshake: nboard, set depth, ping");
  }

  // The game with its moves when they are known (the engine sees the game's
  // history, as a GUI gives it), else the board.
  void set_position(const SuitePosition& position, Deadline deadline) override {
    const std::string game = position.game ? ggf_game(Position::start(), *position.game)
                                           : ggf_game(position.entry.position);
    send("set game " + game, deadline, FaultKind::no_handshake);
    ping(deadline, "set game, ping");
  }

  void request_move(const Position&, Deadline deadline) override {
    send("go", deadline, FaultKind::timeout);
  }
  void time_left(Color, double, Deadline) override {}

  EngineAnswer read_move(Deadline deadline) override {
    NBoardMoveReader reader;
    read_until(reader, deadline, FaultKind::timeout, "move ('=== MOVE') after go");
    return reader.answer();
  }

  void quit(Deadline deadline) override {
    if (process().send_line("quit", deadline)) process().wait_exit(deadline);
  }

 private:
  bool is_answer(std::string_view line) const override { return line.starts_with("==="); }

  // Sends "ping N" after `what` and waits for "pong N". The engine answers
  // a ping once it has done what came before it, so a move it printed while
  // it took the position comes before the pong: a fault (unrequested) found
  // without waiting.
  void ping(Deadline deadline, std::string_view what) {
    const std::uint64_t n = ++pings_;
    send("ping " + std::to_string(n), deadline, FaultKind::no_handshake);
    struct Reader {
      NBoardPongReader pong;
      bool take(std::string_view line) {
        if (line.starts_with("===")) {
          throw EngineFault(FaultKind::unrequested,
                            "answered before it was asked for a move: " + quoted(line));
        }
        return pong.take(line);
      }
    } reader{NBoardPongReader(n)};
    read_until(reader, deadline, FaultKind::no_handshake,
               "'pong " + std::to_string(n) + "' (after " + std::string(what) + ")");
  }

  std::uint64_t pings_ = 0;
};

class GtpSession final : public Session {
 public:
  using Session::Session;

  void start(Deadline deadline) override {
    command("protocol_version", deadline);
    command("boardsize 8", deadline);
    for (const std::string& c : spec_.gtp_commands) command(c, deadline);
  }

  void set_position(const SuitePosition& position, Deadline deadline) override {
    if (!spec_.gtp_setup.empty()) {
      command(expand_gtp_setup(spec_.gtp_setup, position.entry.position), deadline, true);
      return;
    }
    // The moves, each with its colour; a pass is not sent (the next move
    // names its colour, and an engine such as gtp-rhino passes for a side
    // without moves by itself and then refuses "play COLOR pass").
    command("clear_board", deadline, true);
    Color side = Color::black;
    for (Square move : position.game.value()) {
      if (move != kPass)
        command("play " + std::string(gtp_color(side)) + " " + square_name(move), deadline, true);
      side = opposite(side);
    }
  }
  void time_left(Color side, double seconds, Deadline deadline) override {
    char text[64];
    const std::string color(gtp_color(side));
    if (spec_.gtp_whole_seconds) {
      std::snprintf(text, sizeof text, "time_left %s %.0f 0", color.c_str(), std::floor(seconds));
    } else {
      std::snprintf(text, sizeof text, "time_left %s %.3f 0", color.c_str(), seconds);
    }
    command(text, deadline, true);
  }

  void request_move(const Position& position, Deadline deadline) override {
    send("genmove " + std::string(gtp_color(position.side)), deadline, FaultKind::timeout);
  }

  EngineAnswer read_move(Deadline deadline) override {
    GtpResponseReader reader;
    read_until(reader, deadline, FaultKind::timeout, "answer to genmove");
    const GtpResponse& r = reader.response();
    if (!r.success) {
      throw EngineFault(FaultKind::error_response, "genmove failed: " + quoted(r.text));
    }
    EngineAnswer answer;
    try {
      answer.move = parse_gtp_vertex(r.text);
    } catch (const ProtocolError& e) {
      throw EngineFault(FaultKind::malformed, std::string(e.what()) + ", answering genmove");
    }
    return answer;
  }

  void quit(Deadline deadline) override {
    if (!process().send_line("quit", deadline)) return;
    process().wait_exit(deadline);
  }

 private:
  bool is_answer(std::string_view line) const override {
    return line.starts_with("=") || line.starts_with("?");
  }

  // A command before the timed part (handshake, settings, set-up), under
  // --start-timeout: no answer in time is no_handshake, a refusal
  // error_response. A set-up command (`setup`: the position, the clock) has
  // no text to answer; a move as its answer is a move printed before it was
  // asked for (unrequested), which would otherwise shift every answer after
  // it by one.
  void command(const std::string& text, Deadline deadline, bool setup = false) {
    send(text, deadline, FaultKind::no_handshake);
    GtpResponseReader reader;
    read_until(reader, deadline, FaultKind::no_handshake, "answer to " + quoted(text));
    const GtpResponse& r = reader.response();
    if (!r.success) {
      throw EngineFault(FaultKind::error_response, quoted(text) + " failed: " + quoted(r.text));
    }
    if (setup && !r.text.empty() && is_move(r.text)) {
      throw EngineFault(FaultKind::unrequested, "answered " + quoted(text) + " with a move (" +
                                                    quoted(r.text) +
                                                    ") before it was asked for one");
    }
  }

  static bool is_move(std::string_view text) {
    try {
      parse_gtp_vertex(text);
      return true;
    } catch (const ProtocolError&) {
      return false;
    }
  }
};

}  // namespace

std::unique_ptr<Session> make_session(const EngineSpec& spec) {
  if (spec.protocol == Protocol::gtp) return std::make_unique<GtpSession>(spec);
  return std::make_unique<NBoardSession>(spec);
}

std::vector<std::string> kill_session(std::unique_ptr<Session>& session) {
  if (!session) return {};
  session->process().kill_group();
  session->process().drain_errors(deadline_in(0.1));
  auto lines = session->process().last_lines();
  session.reset();
  return lines;
}

void end_session(std::unique_ptr<Session>& session) {
  if (!session) return;
  try {
    session->quit(deadline_in(1.0));
  } catch (const EngineFault&) {
    // Quitting is a courtesy: the group is killed below in any case.
  }
  session->process().kill_group();
  session.reset();
}

}  // namespace rb::protocol
