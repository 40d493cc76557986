#include "protocol/board_program.hpp"

#include <sstream>

#include "io/input.hpp"
#include "io/obf.hpp"
#include "protocol/command.hpp"
#include "protocol/protocol.hpp"

namespace rb::protocol {

BoardProgram::BoardProgram(const std::string& command, double timeout)
    : command_(command), timeout_(timeout) {
  child_ = std::make_unique<ChildProcess>(split_command(command));
  const std::string greeting = "rbboard " + std::to_string(kBoardProtocolVersion);
  if (!child_->send_line(greeting, deadline_in(timeout_))) {
    fault("it did not read its input (the greeting '" + greeting + "')");
  }
  const std::string answer = read_answer(greeting, deadline_in(timeout_));
  const auto w = split_words(answer);
  if (w.size() < 3 || w[0] != "rbboard") {
    fault("answered " + quoted(answer) + " to the greeting '" + greeting +
          "': expected 'rbboard 1 NAME [FEATURES]'");
  }
  if (w[1] != std::to_string(kBoardProtocolVersion)) {
    fault("speaks board protocol version " + std::string(w[1]) + "; this harness speaks " +
          std::to_string(kBoardProtocolVersion));
  }
  name_ = std::string(w[2]);
  for (std::size_t i = 3; i < w.size(); ++i) perft_ = perft_ || w[i] == "perft";
}

BoardProgram::~BoardProgram() { close(); }

void BoardProgram::close() {
  if (!child_) return;
  child_->send_line("quit", deadline_in(0.5));
  child_->wait_exit(deadline_in(0.5));
  child_->kill_group();  // and anything it started
  child_.reset();
}

void BoardProgram::fault(const std::string& reason) {
  std::ostringstream text;
  text << "board program " << quoted(command_) << (name_.empty() ? "" : " (" + name_ + ")") << ": "
       << reason;
  if (child_) {
    if (auto ended = child_->wait_exit(deadline_in(0.2))) text << "; ended: " << *ended;
    child_->drain_errors(deadline_in(0.2));
    const auto lines = child_->last_lines();
    if (!lines.empty()) {
      text << "; its last lines:";
      for (const auto& line : lines) text << " | " << line;
    }
    child_->kill_group();
    child_.reset();
  }
  throw BoardProgramError(text.str());
}

std::string BoardProgram::read_answer(const std::string& request, Deadline deadline) {
  const Read r = child_->read_line(deadline);
  switch (r.kind) {
    case Read::Kind::line: {
      std::string line = r.line;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.rfind("error", 0) == 0 && (line.size() == 5 || line[5] == ' ')) {
        fault("answered " + quoted(line) + " to " + quoted(request));
      }
      return line;
    }
    case Read::Kind::timeout:
      fault("no answer to " + quoted(request) + " within " + std::to_string(timeout_).substr(0, 5) +
            " s (--board-timeout)");
    case Read::Kind::closed:
      fault("closed its output before answering " + quoted(request));
    case Read::Kind::overflow:
      fault("answered " + quoted(request) + " with a line longer than the protocol allows");
  }
  fault("lost its output");
}

std::vector<std::string> BoardProgram::ask(const std::vector<std::string>& requests) {
  const Deadline deadline = deadline_in(timeout_);
  for (const auto& request : requests) {
    if (!child_->send_line(request, deadline)) {
      fault("stopped reading its input (at " + quoted(request) + ")");
    }
  }
  if (!child_->send_line("sync", deadline)) fault("stopped reading its input (at 'sync')");
  std::vector<std::string> answers;
  answers.reserve(requests.size());
  for (const auto& request : requests) {
    answers.push_back(read_answer(request, deadline));
    // 'sync' where an answer was due: answers are missing (no request's
    // answer is 'sync'), said now rather than after the whole timeout.
    if (answers.back() == "sync") {
      fault("answered 'sync' where the answer to " + quoted(request) + " was due (answer " +
            std::to_string(answers.size()) + " of " + std::to_string(requests.size()) +
            " in the batch): " + std::to_string(requests.size() - answers.size() + 1) +
            " answer line(s) missing; the protocol wants one answer line per request");
    }
  }
  const std::string sync = read_answer("sync", deadline);
  if (sync != "sync") {
    fault("answered " + quoted(sync) + " to 'sync' (after " + std::to_string(requests.size()) +
          " requests: one answer line per request, then 'sync')");
  }
  requests_ += requests.size();
  return answers;
}

std::size_t BoardProgram::KeyHash::operator()(const Key& k) const {
  std::uint64_t h = k.position.player * 0x9E3779B97F4A7C15ull ^
                    (k.position.opponent + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  h ^= static_cast<std::uint64_t>(k.position.side) << 63;
  h ^= static_cast<std::uint64_t>(k.move + 1) * 0xFF51AFD7ED558CCDull;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

std::vector<Bitboard> BoardProgram::moves(const std::vector<Position>& positions) {
  // The positions not answered before, each once, asked in batches.
  std::vector<Position> unknown;
  for (const Position& p : positions) {
    if (!moves_memo_.count({p, kNoSquare})) {
      moves_memo_.emplace(Key{p, kNoSquare}, Bitboard{0});  // a place, filled below
      unknown.push_back(p);
    }
  }
  const std::vector<Bitboard> asked = ask_moves(unknown);
  for (std::size_t i = 0; i < unknown.size(); ++i) moves_memo_[{unknown[i], kNoSquare}] = asked[i];
  std::vector<Bitboard> out;
  out.reserve(positions.size());
  for (const Position& p : positions) out.push_back(moves_memo_.at({p, kNoSquare}));
  if (moves_memo_.size() > kMemo) moves_memo_.clear();
  return out;
}

std::vector<Bitboard> BoardProgram::ask_moves(const std::vector<Position>& positions) {
  std::vector<Bitboard> out;
  out.reserve(positions.size());
  for (std::size_t from = 0; from < positions.size(); from += kBoardBatch) {
    std::vector<std::string> requests;
    for (std::size_t i = from; i < std::min(positions.size(), from + kBoardBatch); ++i) {
      requests.push_back("moves " + board_string(positions[i]));
    }
    const auto answers = ask(requests);
    for (std::size_t i = 0; i < answers.size(); ++i) {
      Bitboard moves = 0;
      const auto w = split_words(answers[i]);
      const bool none = w.size() == 1 && w[0] == "-";
      for (std::size_t k = 0; k < w.size() && !none; ++k) {
        const auto s = parse_square(w[k]);
        if (!s || *s < 0 || *s >= 64 || (moves & bit(*s))) {
          fault("answered " + quoted(answers[i]) + " to " + quoted(requests[i]) +
                ": expected distinct square names a1..h8, or '-' for none");
        }
        moves |= bit(*s);
      }
      if (w.empty()) {
        fault("answered an empty line to " + quoted(requests[i]) + " (no moves is '-')");
      }
      out.push_back(moves);
    }
  }
  return out;
}

std::vector<Position> BoardProgram::play(const std::vector<std::pair<Position, Square>>& moves) {
  std::vector<std::pair<Position, Square>> unknown;
  for (const auto& [p, s] : moves) {
    if (!play_memo_.count({p, s})) {
      play_memo_.emplace(Key{p, s}, Position{});  // a place, filled below
      unknown.push_back({p, s});
    }
  }
  const std::vector<Position> asked = ask_play(unknown);
  for (std::size_t i = 0; i < unknown.size(); ++i) {
    play_memo_[{unknown[i].first, unknown[i].second}] = asked[i];
  }
  std::vector<Position> out;
  out.reserve(moves.size());
  for (const auto& [p, s] : moves) out.push_back(play_memo_.at({p, s}));
  if (play_memo_.size() > kMemo) play_memo_.clear();
  return out;
}

std::vector<Position> BoardProgram::ask_play(
    const std::vector<std::pair<Position, Square>>& moves) {
  std::vector<Position> out;
  out.reserve(moves.size());
  for (std::size_t from = 0; from < moves.size(); from += kBoardBatch) {
    std::vector<std::string> requests;
    for (std::size_t i = from; i < std::min(moves.size(), from + kBoardBatch); ++i) {
      requests.push_back("play " + board_string(moves[i].first) + " " +
                         square_name(moves[i].second));
    }
    const auto answers = ask(requests);
    for (std::size_t i = 0; i < answers.size(); ++i) {
      try {
        // The protocol's board: X, O and - only, one space, X or O (the OBF
        // reader's other spellings are not the protocol's).
        const std::string& a = answers[i];
        bool strict = a.size() == 66 && a[64] == ' ' && (a[65] == 'X' || a[65] == 'O');
        for (std::size_t k = 0; k < 64 && strict; ++k) {
          strict = a[k] == 'X' || a[k] == 'O' || a[k] == '-';
        }
        if (!strict) throw std::invalid_argument("not a protocol board");
        out.push_back(parse_board(a));
      } catch (const std::exception& why) {
        fault("answered " + quoted(answers[i]) + " to " + quoted(requests[i]) +
              ": expected a board string (64 squares X O -, a space, X or O)");
      }
    }
  }
  return out;
}

std::uint64_t BoardProgram::perft(const Position& position, int depth) {
  const std::string request = "perft " + board_string(position) + " " + std::to_string(depth);
  const auto answers = ask({request});
  const std::string& a = answers[0];
  const auto n = parse_count(a);
  if (!n) fault("answered " + quoted(a) + " to " + quoted(request) + ": expected a count");
  return *n;
}

}  // namespace rb::protocol
