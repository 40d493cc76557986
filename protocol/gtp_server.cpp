// The GTP side of the harness as an engine (protocol/server.hpp).
#include <algorithm>
#include <cmath>
#include <istream>
#include <mutex>
#include <ostream>
#include <vector>

#include "core/reference.hpp"
#include "io/obf.hpp"
#include "protocol/background_search.hpp"
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
                                          "time_settings",
                                          "time_left",
                                          "kgs-time_settings",
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
  GtpServer(std::ostream& out, const ThinkService& think, const ServerInfo& info)
      : out_(out), think_(think), info_(info) {}

  // A search started by genmove (or final_score) that has not answered yet.
  BackgroundSearch& search() { return search_; }

  // A line too long to read: a failure response.
  void refuse_long_line() {
    std::lock_guard lock(output_);
    out_ << "? line longer than " << kMaxLineBytes << " bytes: refused\n\n" << std::flush;
  }

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
    if (c.name == "time_settings") return time_settings(c);
    if (c.name == "kgs-time_settings") return kgs_time_settings(c);
    if (c.name == "time_left") return time_left(c);
    if (c.name == kGtpSetupCommand) return setup(c);
    return reply(c, false, "unknown command");
  }

 private:
  bool reply(const GtpCommand& c, bool success, std::string_view text) {
    std::lock_guard lock(output_);
    out_ << gtp_reply(c, success, text) << std::flush;
    return true;
  }

  // The request of a search of the current position: the server's level,
  // within the time the clock allows the side to move.
  ThinkRequest request() const {
    ThinkRequest r;
    r.position = position_;
    r.level = level_of(info_.level);
    r.seconds = info_.move_time > 0 ? info_.move_time
                                    : gtp_move_seconds(clock_, position_.side, position_.empties());
    return r;
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

  // Searches in the background; the search's thread plays the move (for
  // genmove) and answers. The loop waits for it before the next command.
  bool genmove(const GtpCommand& c) {
    if (c.args.size() != 1) return reply(c, false, "syntax error (genmove COLOR)");
    const auto color = parse_color(c.args[0]);
    if (!color) return reply(c, false, "syntax error (wrong or missing color)");
    const Position before = position_;
    const std::size_t depth = history_.size();
    if (!bring_to_move(*color)) return reply(c, false, "wrong color");
    search_.start(think_, request(), [this, c, before, depth](const ThinkResult& r) {
      const Square move = r.best.move;
      if (c.name == "reg_genmove") {
        position_ = before;
        history_.resize(depth);
      } else if (move >= 0 && move < 64) {
        ReferenceBoard board(position_);
        board.play(move);
        history_.push_back(position_);
        position_ = board.position();
      } else if (move == kPass) {
        history_.push_back(position_);
        position_ = position_.passed();
      }
      const bool square = move >= 0 && move < 64;
      reply(c, true, square ? square_name(move) : "pass");
    });
    return true;
  }

  // The score of the game: counted when it is over, else searched at the
  // server's level and time: exact when the level reaches the end; else the
  // evaluation's estimate, rounded, marked "(estimate)". After a
  // win/loss/draw solve the winner is known and the margin is the last
  // midgame iteration's estimate when it agrees (at least 2 discs), else 2.
  bool final_score(const GtpCommand& c) {
    const ReferenceBoard board(position_);
    if (board.game_over()) return reply(c, true, score_text(board.final_score(), position_.side));
    const Color side = position_.side;
    search_.start(think_, request(), [this, c, side](const ThinkResult& r) {
      const bool exact = r.best.kind == ThinkIteration::Kind::exact;
      int score = static_cast<int>(std::lround(r.best.score));
      if (r.best.kind == ThinkIteration::Kind::wld && score != 0) {
        int margin = 2;
        for (const ThinkIteration& it : r.iterations) {
          if (it.kind != ThinkIteration::Kind::midgame || it.score * score <= 0) continue;
          margin = std::max(2, static_cast<int>(std::lround(std::abs(it.score))));
        }
        score = score > 0 ? margin : -margin;
      }
      reply(c, true,
            score == 0 && r.best.kind == ThinkIteration::Kind::wld
                ? std::string("0")
                : score_text(score, side) + (exact ? "" : " (estimate)"));
    });
    return true;
  }

  // "B+12", "W+4" or "0" from a score for `side`.
  static std::string score_text(int score, Color side) {
    const int black = side == Color::black ? score : -score;
    if (black == 0) return "0";
    return (black > 0 ? "B+" : "W+") + std::to_string(black > 0 ? black : -black);
  }

  // time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES (GTP 2: a byo-yomi
  // time with no stones means no limit).
  bool time_settings(const GtpCommand& c) {
    if (c.args.size() != 3) return reply(c, false, "syntax error (time_settings MAIN BYO STONES)");
    const auto main = parse_number(c.args[0]), byo = parse_number(c.args[1]);
    const auto stones = parse_count(c.args[2]);
    if (!main || !byo || !stones || *main < 0 || *byo < 0 || *stones > 1000000) {
      return reply(c, false, "syntax error (time_settings MAIN BYO STONES: numbers)");
    }
    set_clock(*main, *byo, static_cast<int>(*stones), !(*byo > 0 && *stones == 0));
    return reply(c, true, "");
  }

  // kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
  // canadian MAIN TIME STONES (a byo-yomi period is one move).
  bool kgs_time_settings(const GtpCommand& c) {
    const auto& a = c.args;
    std::vector<double> n;
    for (std::size_t i = 1; i < a.size(); ++i) {
      const auto v = parse_number(a[i]);
      if (!v || *v < 0) return reply(c, false, "syntax error (kgs-time_settings: numbers)");
      n.push_back(*v);
    }
    const std::string kind = a.empty() ? "" : a[0];
    if (kind == "none" && n.empty()) {
      set_clock(0, 0, 0, false);
    } else if (kind == "absolute" && n.size() == 1) {
      set_clock(n[0], 0, 0, true);
    } else if (kind == "byoyomi" && n.size() == 3) {
      set_clock(n[0], n[1], 1, true);
    } else if (kind == "canadian" && n.size() == 3) {
      set_clock(n[0], n[1], static_cast<int>(n[2]), true);
    } else {
      return reply(c, false,
                   "syntax error (kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD "
                   "PERIODS | canadian MAIN TIME STONES)");
    }
    return reply(c, true, "");
  }

  // time_left COLOR TIME STONES (STONES 0: in the main time).
  bool time_left(const GtpCommand& c) {
    if (c.args.size() != 3) return reply(c, false, "syntax error (time_left COLOR TIME STONES)");
    const auto color = parse_color(c.args[0]);
    const auto left = parse_number(c.args[1]);
    const auto stones = parse_count(c.args[2]);
    if (!color || !left || !stones || *stones > 1000000) {
      return reply(c, false, "syntax error (time_left COLOR TIME STONES)");
    }
    const auto k = static_cast<std::size_t>(*color == Color::black ? 0 : 1);
    clock_.left[k] = std::max(0.0, *left);
    clock_.stones_left[k] = static_cast<int>(*stones);
    return reply(c, true, "");
  }

  void set_clock(double main, double byo, int stones, bool limited) {
    clock_ = GtpClock{};
    clock_.limited = limited;
    clock_.main_time = main;
    clock_.byo_yomi_time = byo;
    clock_.byo_yomi_stones = stones;
    clock_.left[0] = clock_.left[1] = main > 0 ? main : byo;
    clock_.stones_left[0] = clock_.stones_left[1] = main > 0 ? 0 : stones;
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
  std::mutex output_;  // the search thread's answer against the loop's
  const ThinkService& think_;
  const ServerInfo& info_;
  Position position_ = Position::start();
  std::vector<Position> history_;
  GtpClock clock_;
  BackgroundSearch search_;  // last: its thread is joined before the rest goes
};

}  // namespace

double gtp_move_seconds(const GtpClock& clock, Color side, int empties) {
  if (!clock.limited) return 0;
  const auto k = static_cast<std::size_t>(side == Color::black ? 0 : 1);
  double seconds = 0;
  if (clock.stones_left[k] > 0) {  // in a byo-yomi period
    seconds = clock.left[k] / clock.stones_left[k];
  } else {
    seconds = clock.left[k] / std::max(1, (empties + 1) / 2);
    if (clock.byo_yomi_time > 0 && clock.byo_yomi_stones > 0) {
      seconds += clock.byo_yomi_time / clock.byo_yomi_stones;
    }
  }
  // A margin for reading, answering and the stop's poll.
  return std::max(0.01, seconds * 0.9 - 0.05);
}

void serve_gtp(std::istream& in, std::ostream& out, const ThinkService& think,
               const ServerInfo& info) {
  GtpServer server(out, think, info);
  for (std::string line;;) {
    const LineRead read = read_bounded_line(in, line, kMaxLineBytes);
    if (read == LineRead::end) break;
    // A command waits for the answer of the search before it (GTP answers
    // in order).
    if (server.search().running()) server.search().wait();
    if (read == LineRead::too_long) {
      server.refuse_long_line();
      continue;
    }
    const auto command = parse_gtp_command(line);
    if (!command) continue;
    if (!server.answer(*command)) return;
  }
  if (server.search().running()) {  // the end of the input stops the search
    server.search().stop();
    server.search().wait();
  }
}

}  // namespace rb::protocol
