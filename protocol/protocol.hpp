// What the protocol clients and the runner share: an engine's answer, the
// faults an engine can commit, and the error a protocol parser throws.
//
// Parsers take one line at a time and never trust it: any text, any bytes,
// any length gives either a value or a ProtocolError whose message is one
// line of printable text (tests/test_engine_fuzz.cpp fuzzes them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/square.hpp"

namespace rb::protocol {

// A line an engine printed does not follow its protocol.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What an engine answered for one position.
struct EngineAnswer {
  Square move = kNoSquare;             // a square, or kPass
  std::optional<double> score;         // its score for the side to move, in discs (NBoard)
  std::optional<double> seconds;       // the time it reports for the search
  std::optional<std::uint64_t> nodes;  // the nodes it reports (NBoard's nodestats)
};

// Why an engine's answer to a position does not count.
enum class FaultKind {
  start_failed,    // the program could not be run
  no_handshake,    // no answer to the handshake or to the settings in time
  exited,          // it exited (crashed) before answering
  partial_line,    // it printed an unfinished line, then exited
  timeout,         // no answer within --time-limit
  malformed,       // a line that does not follow the protocol
  line_too_long,   // a line longer than the reader's limit
  error_response,  // it refused a command (GTP "? ...")
  illegal_move,    // a move that is not legal for either side
  wrong_side,      // a move legal for the side not to move
  unrequested,     // an answer printed before the move was asked for
};

// "no_handshake", "exited", ...: the names of the JSON output.
std::string_view fault_name(FaultKind kind);

// A fault, with the reason in words (the last lines the engine printed are
// taken by the runner from the process).
class EngineFault : public std::runtime_error {
 public:
  EngineFault(FaultKind kind, const std::string& reason)
      : std::runtime_error(reason), kind_(kind) {}
  FaultKind kind() const { return kind_; }

 private:
  FaultKind kind_;
};

// A decimal number, all of `text` (locale-independent); nullopt otherwise.
std::optional<double> parse_number(std::string_view text);
// A whole number from 0, all of `text`; nullopt otherwise.
std::optional<std::uint64_t> parse_count(std::string_view text);
// The text split at blanks (spaces and tabs).
std::vector<std::string_view> split_words(std::string_view text);
// "quoted" text for messages: printable, cut at 80 bytes.
std::string quoted(std::string_view text);

// A line read from a stream by a server (protocol/server.hpp): the line
// without its end (LF, or CR LF); a line longer than `max` bytes is read to
// its end and refused (its first `max` bytes are kept, for the message).
enum class LineRead { line, too_long, end };
LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max);

}  // namespace rb::protocol
