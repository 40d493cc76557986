#include "protocol/nboard.hpp"

#include <cctype>
#include <vector>

#include "core/reference.hpp"
#include "protocol/line_buffer.hpp"

namespace rb::protocol {
namespace {

bool starts_with_word(std::string_view line, std::string_view word) {
  return line.substr(0, word.size()) == word &&
         (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t');
}

void require_printable(std::string_view line) {
  if (!is_printable_line(line)) {
    throw ProtocolError("a line with bytes that do not print: " + quoted(line));
  }
}

// "d6", "D6", "PA", "PS", "pass": a square or kPass.
std::optional<Square> parse_move_token(std::string_view token) {
  std::string lower(token);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "pass") return kPass;
  return parse_square(lower);
}

}  // namespace

std::string ggf_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == ']') {
      out += ')';
    } else if (c == '[') {
      out += '(';
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string write_ggf(const GgfHeader& h, const Position& start,
                      const std::vector<GgfMove>& moves) {
  std::string board(64, '-');
  for (Square s = 0; s < 64; ++s) {
    if (start.black() & bit(s)) board[static_cast<std::size_t>(s)] = '*';
    if (start.white() & bit(s)) board[static_cast<std::size_t>(s)] = 'O';
  }
  const auto property = [](std::string_view name, const std::string& value) {
    return std::string(name) + "[" + ggf_text(value) + "]";
  };
  std::string out = "(;GM[Othello]" + property("PC", h.place);
  if (!h.date.empty()) out += property("DT", h.date);
  out += property("PB", h.black) + property("PW", h.white) + property("RE", h.result);
  if (!h.time.empty()) out += property("TI", h.time);
  if (!h.black_clock.empty()) out += property("TB", h.black_clock);
  if (!h.white_clock.empty()) out += property("TW", h.white_clock);
  out += "TY[8]BO[8 " + board + " " + (start.side == Color::black ? "*" : "O") + "]";
  Color side = start.side;
  for (const GgfMove& m : moves) {
    out += side == Color::black ? "B[" : "W[";
    out += (m.move == kPass ? std::string("PA") : square_name(m.move)) + ggf_text(m.extra) + "]";
    side = opposite(side);
  }
  if (!h.comment.empty()) out += property("C", h.comment);
  return out + ";)";
}

std::string ggf_game(const Position& position) { return ggf_game(position, {}); }

std::string ggf_game(const Position& start, const std::vector<Square>& moves) {
  GgfHeader header;
  header.time = "0:00";
  std::vector<GgfMove> ggf;
  for (Square s : moves) ggf.push_back({s, ""});
  return write_ggf(header, start, ggf);
}

EngineAnswer parse_nboard_move(std::string_view line) {
  if (line.substr(0, 3) != "===") throw ProtocolError("not a move line: " + quoted(line));
  std::string_view rest = line.substr(3);
  std::vector<std::string_view> fields;
  if (rest.find('/') != std::string_view::npos) {
    const auto words = split_words(rest);
    if (words.size() != 1) throw ProtocolError("a malformed move line: " + quoted(line));
    std::string_view text = words[0];
    for (std::size_t slash; (slash = text.find('/')) != std::string_view::npos;) {
      fields.push_back(text.substr(0, slash));
      text.remove_prefix(slash + 1);
    }
    fields.push_back(text);
  } else {
    fields = split_words(rest);
  }
  if (fields.empty() || fields.size() > 3) {
    throw ProtocolError("a malformed move line (expected '=== MOVE[/EVAL[/TIME]]'): " +
                        quoted(line));
  }
  EngineAnswer answer;
  const auto move = parse_move_token(fields[0]);
  if (!move) throw ProtocolError("not a move: " + quoted(fields[0]) + " in " + quoted(line));
  answer.move = *move;
  if (fields.size() > 1 && !fields[1].empty()) {
    // An eval may be a pair "draw-to-black,draw-to-white": the first is taken.
    const std::string_view eval = fields[1].substr(0, fields[1].find(','));
    answer.score = parse_number(eval);
    if (!answer.score)
      throw ProtocolError("not an eval: " + quoted(fields[1]) + " in " + quoted(line));
  }
  if (fields.size() > 2 && !fields[2].empty()) {
    answer.seconds = parse_number(fields[2]);
    if (!answer.seconds || *answer.seconds < 0) {
      throw ProtocolError("not a time: " + quoted(fields[2]) + " in " + quoted(line));
    }
  }
  return answer;
}

bool NBoardMoveReader::take(std::string_view line) {
  require_printable(line);
  if (line.substr(0, 3) == "===") {
    answer_ = parse_nboard_move(line);
    answer_.nodes = nodes_;
    return true;
  }
  if (starts_with_word(line, "nodestats")) {
    const auto words = split_words(line);
    const auto nodes = words.size() >= 2 ? parse_count(words[1]) : std::nullopt;
    if (!nodes) throw ProtocolError("a malformed nodestats line: " + quoted(line));
    nodes_ = nodes;
  }
  return false;
}

bool NBoardPongReader::take(std::string_view line) {
  require_printable(line);
  if (!starts_with_word(line, "pong")) return false;
  const auto words = split_words(line);
  const auto n = words.size() == 2 ? parse_count(words[1]) : std::nullopt;
  if (!n) throw ProtocolError("a malformed pong line: " + quoted(line));
  return *n == n_;
}

namespace {

// A square of a BO[] board: 0 empty, 1 black, 2 white, -1 not a square.
int ggf_square(char c) {
  switch (c) {
    case '-':
    case '.':
      return 0;
    case '*':
    case 'X':
    case 'x':
    case 'B':
    case 'b':
      return 1;
    case 'O':
    case 'o':
    case 'W':
    case 'w':
      return 2;
    default:
      return -1;
  }
}

Position parse_ggf_board(std::string_view value) {
  std::size_t i = 0;
  while (i < value.size() && value[i] == ' ') ++i;
  if (i >= value.size() || value[i] != '8') {
    throw ProtocolError("BO[" + printable_line(value, 20) + "...]: only 8x8 boards (BO[8 ...])");
  }
  ++i;
  Bitboard black = 0, white = 0;
  int squares = 0;
  for (; i < value.size() && squares < 64; ++i) {
    if (value[i] == ' ') continue;
    const int kind = ggf_square(value[i]);
    if (kind < 0) throw ProtocolError("BO[]: not a square: " + quoted(value.substr(i, 1)));
    if (kind == 1) black |= bit(squares);
    if (kind == 2) white |= bit(squares);
    ++squares;
  }
  if (squares < 64) throw ProtocolError("BO[]: fewer than 64 squares");
  while (i < value.size() && value[i] == ' ') ++i;
  if (i + 1 != value.size() || ggf_square(value[i]) <= 0) {
    throw ProtocolError("BO[]: expected the side to move (* or O) after the 64 squares");
  }
  return Position::from_colors(black, white,
                               ggf_square(value[i]) == 1 ? Color::black : Color::white);
}

// Plays a move of `color` ("f5", "pa", "f5/1.00/2.3") on the board, and
// adds it to `played` (a pass it implies first).
void play_ggf_move(ReferenceBoard& board, Color color, std::string_view value, int number,
                   std::vector<Square>& played) {
  const std::string_view token = value.substr(0, value.find('/'));
  const auto move = parse_move_token(token);
  const std::string where = "move " + std::to_string(number) + " " + quoted(value);
  if (!move) throw ProtocolError(where + ": not a move");
  if (board.game_over()) throw ProtocolError(where + ": the game is over");
  if (board.side_to_move() != color) {
    if (board.legal_moves() != 0) {
      throw ProtocolError(where + ": " + std::string(color_name(color)) + " is not to move");
    }
    board.pass();  // the other side had to pass
    played.push_back(kPass);
  }
  if (*move == kPass) {
    if (board.legal_moves() != 0) throw ProtocolError(where + ": a pass with moves to play");
    board.pass();
    played.push_back(kPass);
    return;
  }
  if (!board.play(*move)) throw ProtocolError(where + ": an illegal move");
  played.push_back(*move);
}

}  // namespace

GgfGame parse_ggf_game(std::string_view text) {
  const std::size_t open = text.find("(;");
  if (open == std::string_view::npos) throw ProtocolError("not a GGF game (no '(;')");
  std::size_t i = open + 2;
  std::optional<Position> start;
  struct Move {
    Color color;
    std::string_view value;
  };
  std::vector<Move> moves;
  for (;;) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size()) throw ProtocolError("a GGF game without its end ';)'");
    if (text.substr(i, 2) == ";)") break;
    const std::size_t tag_start = i;
    while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    const std::string_view tag = text.substr(tag_start, i - tag_start);
    if (tag.empty() || i >= text.size() || text[i] != '[') {
      throw ProtocolError("a GGF game with a malformed property at " +
                          quoted(text.substr(tag_start, 20)));
    }
    const std::size_t close = text.find(']', i);
    if (close == std::string_view::npos) {
      throw ProtocolError("a GGF property " + quoted(tag) + " without its ']'");
    }
    const std::string_view value = text.substr(i + 1, close - i - 1);
    i = close + 1;
    if (tag == "GM") {
      std::string game(value);
      for (char& c : game) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (game != "othello")
        throw ProtocolError("GM[" + printable_line(value, 20) + "]: not Othello");
    } else if (tag == "BO") {
      start = parse_ggf_board(value);
    } else if (tag == "B" || tag == "W") {
      moves.push_back({tag == "B" ? Color::black : Color::white, value});
    }
  }
  GgfGame out;
  out.start = start.value_or(Position::start());
  ReferenceBoard board(out.start);
  int number = 0;
  for (const Move& m : moves) play_ggf_move(board, m.color, m.value, ++number, out.moves);
  out.end = board.position();
  return out;
}

Position parse_ggf(std::string_view text) { return parse_ggf_game(text).end; }

}  // namespace rb::protocol
