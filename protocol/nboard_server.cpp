// The NBoard side of the harness as an engine (protocol/server.hpp).
#include <cctype>
#include <cstdio>
#include <istream>
#include <ostream>

#include "core/reference.hpp"
#include "protocol/nboard.hpp"
#include "protocol/server.hpp"

namespace rb::protocol {
namespace {

std::string upper_move(Square move) {
  if (move == kPass || move == kNoSquare) return "PA";
  std::string name = square_name(move);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

std::string decimals(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

// The rest of the line after its first word.
std::string_view argument(std::string_view line) {
  const auto words = split_words(line);
  if (words.size() < 2) return {};
  return line.substr(static_cast<std::size_t>(words[1].data() - line.data()));
}

// Plays "F5", "move F5/0.5/1.2" or "PA" on the position; false if it is not
// a legal move there.
bool play_nboard_move(Position& position, std::string_view text) {
  std::string token(text.substr(0, text.find('/')));
  for (char& c : token) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto move = token == "pass" ? std::optional<Square>(kPass) : parse_square(token);
  if (!move) return false;
  ReferenceBoard board(position);
  if (*move == kPass) {
    if (board.legal_moves() != 0) return false;
    position = position.passed();
    return true;
  }
  if (!board.play(*move)) return false;
  position = board.position();
  return true;
}

}  // namespace

void serve_nboard(std::istream& in, std::ostream& out, std::ostream& errors,
                  const SolveCallback& solve, const ServerInfo& info) {
  Position position = Position::start();
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto words = split_words(line);
    if (words.empty()) continue;
    const std::string_view command = words[0];
    const std::string_view second = words.size() > 1 ? words[1] : std::string_view{};
    if (command == "quit") return;
    if (command == "nboard") continue;
    if (command == "set" && second == "depth") {
      out << "set myname " << info.name << std::endl;
    } else if (command == "set" && second == "game") {
      try {
        position = parse_ggf(argument(argument(line)));
      } catch (const ProtocolError& e) {
        errors << info.name << " nboard: set game: " << e.what() << std::endl;
      }
    } else if (command == "set") {
      continue;  // contempt and settings to come: nothing to do for an exact solver
    } else if (command == "move") {
      if (!play_nboard_move(position, argument(line))) {
        errors << info.name << " nboard: move: not a legal move: " << quoted(argument(line))
               << std::endl;
      }
    } else if (command == "ping") {
      out << "pong " << second << std::endl;
    } else if (command == "learn") {
      out << "learned" << std::endl;
    } else if (command == "go" || command == "hint") {
      out << "status " << info.name << " is solving" << std::endl;
      const SolverAnswer a = solve(position);
      const std::string eval = decimals(a.score, 2);
      out << "nodestats " << a.nodes << " " << decimals(a.seconds, 3) << "\n";
      if (command == "go") {
        out << "=== " << upper_move(a.move) << "/" << eval << "/" << decimals(a.seconds, 3) << "\n";
      } else {
        out << "search " << upper_move(a.move) << " " << eval << " 0 100%\n";
      }
      out << "status " << info.name << " is waiting" << std::endl;
    } else if (command == "analyze") {
      continue;                                         // optional in the protocol; not offered
    } else if (!play_nboard_move(position, command)) {  // protocol 1: a bare move
      errors << info.name << " nboard: ignored: " << quoted(line) << std::endl;
    }
  }
}

}  // namespace rb::protocol
