// The GTP side of the harness as an engine (protocol/server.hpp).
#include <istream>
#include <ostream>
#include <vector>

#include "core/reference.hpp"
#include "io/obf.hpp"
#include "protocol/gtp.hpp"
#include "protocol/server.hpp"

namespace rb::protocol {
namespace {

constexpr std::string_view kCommands[] = {"protocol_version",
                                          "name",
                                          "version",
                                          "known_command",
                                          "list_commands",
                                          "quit",
                                          "boardsize",
                                          "clear_board",
                                          "komi",
                                          "play",
                                          "genmove",
                                          "reg_genmove",
                                          "undo",
                                          "showboard",
                                          "final_score",
                                          "set_game",
                                          "list_games",
                                          kGtpSetupCommand};

std::optional<Color> parse_color(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (text == "black" || text == "b" || text == "x") return Color::black;
  if (text == "white" || text == "w" || text == "o") return Color::white;
  return std::nullopt;
}

class GtpServer {
 public:
  GtpServer(std::ostream& out, const SolveCallback& solve, const ServerInfo& info)
      : out_(out), solve_(solve), info_(info) {}

  // Answers one command; false after quit.
  bool answer(const GtpCommand& c) {
    const auto& a = c.args;
    if (c.name == "quit") {
      reply(c, true, "");
      return false;
    }
    if (c.name == "protocol_version") return reply(c, true, "2");
    if (c.name == "name") return reply(c, true, info_.name);
    if (c.name == "version") return reply(c, true, info_.version);
    if (c.name == "known_command") {
      bool known = false;
      for (auto k : kCommands) known = known || (!a.empty() && a[0] == k);
      return reply(c, true, known ? "true" : "false");
    }
    if (c.name == "list_commands") {
      std::string list;
      for (auto k : kCommands) list.append(list.empty() ? "" : "\n").append(k);
      return reply(c, true, list);
    }
    if (c.name == "boardsize") {
      if (a.size() != 1) return reply(c, false, "syntax error");
      if (a[0] != "8") return reply(c, false, "unacceptable size");
      return reply(c, true, "");
    }
    if (c.name == "clear_board") {
      set(Position::start());
      return reply(c, true, "");
    }
    if (c.name == "komi" || c.name == "set_game") {
      if (c.name == "set_game" && (a.empty() || (a[0] != "Othello" && a[0] != "othello"))) {
        return reply(c, false, "unsupported game");
      }
      return reply(c, true, "");
    }
    if (c.name == "list_games") return reply(c, true, "Othello");
    if (c.name == "play") return play(c);
    if (c.name == "genmove" || c.name == "reg_genmove") return genmove(c);
    if (c.name == "undo") {
      if (history_.empty()) return reply(c, false, "cannot undo");
      position_ = history_.back();
      history_.pop_back();
      return reply(c, true, "");
    }
    if (c.name == "showboard") return reply(c, true, "\n" + board_string(position_));
    if (c.name == "final_score") return final_score(c);
    if (c.name == kGtpSetupCommand) return setup(c);
    return reply(c, false, "unknown command");
  }

 private:
  bool reply(const GtpCommand& c, bool success, std::string_view text) {
    out_ << gtp_reply(c, success, text) << std::flush;
    return true;
  }

  void set(const Position& p) {
    position_ = p;
    history_.clear();
  }

  // Makes `color` the side to move, passing for the side to move when it
  // has to; false when it does not.
  bool bring_to_move(Color color) {
    if (position_.side == color) return true;
    if (ReferenceBoard(position_).legal_moves() != 0) return false;
    history_.push_back(position_);
    position_ = position_.passed();
    return true;
  }

  bool play(const GtpCommand& c) {
    if (c.args.size() != 2) return reply(c, false, "syntax error (play COLOR MOVE)");
    const auto color = parse_color(c.args[0]);
    if (!color) return reply(c, false, "syntax error (wrong or missing color)");
    Square move = kNoSquare;
    try {
      move = parse_gtp_vertex(c.args[1]);
    } catch (const ProtocolError&) {
      return reply(c, false, "illegal move");
    }
    const Position before = position_;
    const std::size_t depth = history_.size();
    if (!bring_to_move(*color)) return reply(c, false, "illegal move (wrong color)");
    ReferenceBoard board(position_);
    bool legal = false;
    if (move == kPass) {
      legal = board.legal_moves() == 0;
      if (legal) board.pass();
    } else {
      legal = board.play(move);
    }
    if (!legal) {
      position_ = before;
      history_.resize(depth);
      return reply(c, false, "illegal move");
    }
    history_.push_back(position_);
    position_ = board.position();
    return reply(c, true, "");
  }

  bool genmove(const GtpCommand& c) {
    if (c.args.size() != 1) return reply(c, false, "syntax error (genmove COLOR)");
    const auto color = parse_color(c.args[0]);
    if (!color) return reply(c, false, "syntax error (wrong or missing color)");
    const Position before = position_;
    const std::size_t depth = history_.size();
    if (!bring_to_move(*color)) return reply(c, false, "wrong color");
    const SolverAnswer answer = solve_(position_);
    if (c.name == "reg_genmove") {
      position_ = before;
      history_.resize(depth);
    } else if (answer.move >= 0 && answer.move < 64) {
      ReferenceBoard board(position_);
      board.play(answer.move);
      history_.push_back(position_);
      position_ = board.position();
    } else if (answer.move == kPass) {
      history_.push_back(position_);
      position_ = position_.passed();
    }
    const bool square = answer.move >= 0 && answer.move < 64;
    return reply(c, true, square ? square_name(answer.move) : "pass");
  }

  bool final_score(const GtpCommand& c) {
    const ReferenceBoard board(position_);
    if (!board.game_over()) return reply(c, false, "the game is not over");
    int black = board.final_score();
    if (position_.side == Color::white) black = -black;
    if (black == 0) return reply(c, true, "0");
    return reply(c, true, (black > 0 ? "B+" : "W+") + std::to_string(black > 0 ? black : -black));
  }

  bool setup(const GtpCommand& c) {
    if (c.args.size() != 2) {
      return reply(c, false, "syntax error (" + std::string(kGtpSetupCommand) + " BOARD SIDE)");
    }
    const auto color = parse_color(c.args[1]);
    if (!color) return reply(c, false, "syntax error (SIDE: X, O, black or white)");
    try {
      set(parse_board(c.args[0] + " " + color_char(*color), {"setup_board", 1}));
    } catch (const InputError& e) {
      return reply(c, false, e.reason());
    }
    return reply(c, true, "");
  }

  std::ostream& out_;
  const SolveCallback& solve_;
  const ServerInfo& info_;
  Position position_ = Position::start();
  std::vector<Position> history_;
};

}  // namespace

void serve_gtp(std::istream& in, std::ostream& out, const SolveCallback& solve,
               const ServerInfo& info) {
  GtpServer server(out, solve, info);
  for (std::string line; std::getline(in, line);) {
    const auto command = parse_gtp_command(line);
    if (!command) continue;
    if (!server.answer(*command)) return;
  }
}

}  // namespace rb::protocol
