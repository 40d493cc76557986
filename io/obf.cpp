#include "io/obf.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/reference.hpp"
#include "io/input.hpp"

namespace rb {

std::vector<LineField> split_fields(std::string_view line) {
  std::vector<LineField> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}
namespace {

constexpr int kMaxScore = 64;

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02x", u);
  return buf;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Square contents: 'b' black, 'w' white, 'e' empty, 0 not a square character.
char square_kind(char c) {
  switch (c) {
    case 'X':
    case 'x':
    case 'B':
    case 'b':
    case '*':
      return 'b';
    case 'O':
    case 'o':
    case 'W':
    case 'w':
      return 'w';
    case '-':
    case '.':
      return 'e';
    default:
      return 0;
  }
}

std::optional<Color> side_of(char c) {
  switch (c) {
    case 'X':
    case 'x':
    case 'B':
    case 'b':
    case '*':
      return Color::black;
    case 'O':
    case 'o':
    case 'W':
    case 'w':
      return Color::white;
    default:
      return std::nullopt;
  }
}

// A cursor over one line that knows where it is, for error messages.
class LineParser {
 public:
  LineParser(std::string_view text, SourceRef where) : text_(text), where_(where) {}

  [[noreturn]] void fail(std::size_t index, const std::string& reason) const {
    throw InputError(std::string(where_.name), where_.line, static_cast<int>(index) + 1, reason);
  }
  void skip_blanks() {
    while (pos_ < text_.size() && is_blank(text_[pos_])) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  std::size_t pos() const { return pos_; }

  Position board() {
    skip_blanks();
    if (at_end()) fail(pos_, "empty position: expected 64 squares and a side to move");
    Bitboard black = 0, white = 0;
    for (Square s = 0; s < 64; ++s, ++pos_) {
      if (at_end() || is_blank(text_[pos_]) || text_[pos_] == ';') {
        fail(pos_, "wrong length: " + std::to_string(s) + " squares, expected 64");
      }
      switch (square_kind(text_[pos_])) {
        case 'b':
          black |= bit(s);
          break;
        case 'w':
          white |= bit(s);
          break;
        case 'e':
          break;
        default:
          fail(pos_, "unknown character " + describe_char(text_[pos_]) + " for square " +
                         square_name(s) + " (expected X/B/* black, O/W white, -/. empty)");
      }
    }
    // A 65th square character that is not a side letter means the board is too long.
    if (!at_end() && square_kind(peek()) == 'e') {
      fail(pos_, "wrong length: more than 64 squares");
    }
    skip_blanks();
    if (at_end() || peek() == ';') fail(pos_, "missing side to move (expected X or O)");
    const auto side = side_of(peek());
    if (!side) fail(pos_, "bad side to move " + describe_char(peek()) + " (expected X or O)");
    ++pos_;
    if (!at_end() && !is_blank(peek()) && peek() != ';') {
      fail(pos_, side_of(peek()) || square_kind(peek())
                     ? "wrong length: more than 64 squares before the side to move"
                     : "unexpected " + describe_char(peek()) + " after the side to move");
    }
    return Position::from_colors(black, white, *side);
  }

  // The rest of an OBF line after the board: `; MOVE:score; ...` or `; score`.
  void scores(ObfEntry& entry) {
    skip_blanks();
    if (at_end()) return;
    if (peek() != ';')
      fail(pos_, "expected ';' after the side to move, found " + describe_char(peek()));
    ReferenceBoard reference(entry.position);
    const Bitboard legal = reference.legal_moves();
    std::size_t bare_at = 0;
    std::vector<std::size_t> move_columns;
    while (!at_end()) {
      ++pos_;  // past ';'
      skip_blanks();
      const std::size_t item = pos_;
      while (!at_end() && peek() != ';') ++pos_;
      std::size_t end = pos_;
      while (end > item && is_blank(text_[end - 1])) --end;
      if (end == item) continue;  // an empty item, e.g. after the final ';'
      item_(entry, text_.substr(item, end - item), item, legal, reference, bare_at, move_columns);
    }
  }

 private:
  int score_(std::string_view s, std::size_t at) const {
    std::size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (i == s.size()) fail(at, "bad score '" + printable(s) + "': no digits");
    long value = 0;
    for (std::size_t j = i; j < s.size(); ++j) {
      if (j > i && is_blank(s[j])) {
        fail(at + j, "bad score '" + printable(s) + "': text after the score (a ';' missing?)");
      }
      if (s[j] < '0' || s[j] > '9') {
        fail(at + j, "bad score '" + printable(s) + "': unexpected " + describe_char(s[j]));
      }
      value = value * 10 + (s[j] - '0');
      if (value > 1000) break;
    }
    if (value > kMaxScore) {
      fail(at, "score " + printable(s) + " out of range -64..+64");
    }
    return static_cast<int>(negative ? -value : value);
  }

  void item_(ObfEntry& entry, std::string_view item, std::size_t at, Bitboard legal,
             const ReferenceBoard& reference, std::size_t& bare_at,
             std::vector<std::size_t>& move_columns) {
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) {
      const std::size_t sign = !item.empty() && (item[0] == '+' || item[0] == '-');
      if (sign >= item.size() || item[sign] < '0' || item[sign] > '9') {
        fail(at, "unexpected '" + printable(item) +
                     "' (expected MOVE:SCORE items such as G8:+18, or one bare score)");
      }
      if (bare_at != 0) {
        fail(at, "a second bare score (first at column " + std::to_string(bare_at) + ")");
      }
      if (!entry.moves.empty()) fail(at, "a bare score mixed with move scores");
      entry.score = score_(item, at);
      bare_at = at + 1;  // 1-based column; 0 means "none yet"
      return;
    }
    if (entry.score) fail(at, "move scores mixed with a bare score");
    const std::string_view name = item.substr(0, colon);
    const auto move = parse_square(name);
    if (!move) fail(at, "bad move name '" + printable(name) + "' (expected a1..h8, PS or PA)");
    for (std::size_t k = 0; k < entry.moves.size(); ++k) {
      if (entry.moves[k].move == *move) {
        fail(at, "move " + square_name(*move) + " listed twice (first at column " +
                     std::to_string(move_columns[k] + 1) + ")");
      }
    }
    if (*move == kPass) {
      if (legal != 0) fail(at, "pass listed but the side to move has legal moves");
      ReferenceBoard other = reference;
      other.pass();
      if (other.legal_moves() == 0) fail(at, "pass listed but the game is over");
    } else if (!(legal & bit(*move))) {
      fail(at, "move " + square_name(*move) + " is not legal in this position");
    }
    std::size_t score_at = at + colon + 1;
    std::string_view score_text = item.substr(colon + 1);
    while (!score_text.empty() && is_blank(score_text.front())) {
      score_text.remove_prefix(1);
      ++score_at;
    }
    entry.moves.push_back({*move, score_(score_text, score_at)});
    move_columns.push_back(at);
  }

  std::string_view text_;
  SourceRef where_;
  std::size_t pos_ = 0;
};

std::string_view strip_comment(std::string_view line) {
  const auto percent = line.find('%');
  if (percent != std::string_view::npos) line = line.substr(0, percent);
  while (!line.empty() && (is_blank(line.back()) || line.back() == '\n')) line.remove_suffix(1);
  return line;
}

bool is_blank_line(std::string_view line) {
  for (char c : line) {
    if (!is_blank(c)) return false;
  }
  return true;
}

}  // namespace

// The text for a message: non-printing bytes written as \xNN, so that the
// message stays one line of text whatever the input holds.
std::string printable(std::string_view text) {
  constexpr std::size_t kLongest = 40;  // a longer text is cut, with "..."
  return escape_text(text, false, kLongest);
}

std::optional<int> ObfEntry::best_score() const {
  if (moves.empty()) return score;
  int best = moves.front().score;
  for (const auto& m : moves) best = std::max(best, m.score);
  return best;
}

std::optional<int> ObfEntry::score_of(Square move) const {
  for (const auto& m : moves) {
    if (m.move == move) return m.score;
  }
  return std::nullopt;
}

void check_line_bytes(std::string_view line, SourceRef where) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\0') {
      throw InputError(std::string(where.name), where.line, static_cast<int>(i) + 1,
                       "a NUL byte: not a text file");
    }
    if (line[i] == '\r' && i + 1 < line.size()) {
      throw InputError(std::string(where.name), where.line, static_cast<int>(i) + 1,
                       "a carriage return inside the line (CR-only line endings? lines end "
                       "with LF or CR LF)");
    }
  }
}

Position parse_board(std::string_view text, SourceRef where) {
  check_line_bytes(text, where);
  text = strip_comment(text);
  LineParser parser(text, where);
  const Position position = parser.board();
  parser.skip_blanks();
  if (!parser.at_end()) {
    parser.fail(parser.pos(),
                "unexpected " + describe_char(parser.peek()) + " after the side to move");
  }
  return position;
}

ObfEntry parse_obf_line(std::string_view text, SourceRef where) {
  check_line_bytes(text, where);
  text = strip_comment(text);
  LineParser parser(text, where);
  ObfEntry entry;
  entry.position = parser.board();
  entry.line = where.line;
  parser.scores(entry);
  return entry;
}

std::vector<ObfEntry> parse_obf_text(std::string_view text, std::string_view source) {
  std::vector<ObfEntry> entries;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::string_view line = take_line(text);
    check_line_bytes(line, {source, line_number});
    if (is_blank_line(strip_comment(line))) continue;
    entries.push_back(parse_obf_line(line, {source, line_number}));
  }
  if (entries.empty()) throw InputError(std::string(source), 0, 0, "no position in the file");
  return entries;
}

bool is_square_char(char c) { return square_kind(c) != 0; }

std::vector<ObfEntry> read_obf_file(const std::string& path) {
  const std::string text = read_input_file(path, kMaxObfFileBytes);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    throw InputError(path, 0, 0, "empty file: no position");
  }
  return parse_obf_text(text, path);
}

std::string board_string(const Position& position) {
  std::string out(66, '-');
  for (Square s = 0; s < 64; ++s) {
    if (position.black() & bit(s)) out[s] = 'X';
    if (position.white() & bit(s)) out[s] = 'O';
  }
  out[64] = ' ';
  out[65] = color_char(position.side);
  return out;
}

std::string format_score(int score) {
  std::string out = score >= 0 ? "+" : "";
  return out.append(std::to_string(score));
}

std::string format_obf_line(const ObfEntry& entry) {
  std::string out = board_string(entry.position) + ";";
  for (const auto& m : entry.moves) {
    std::string name = square_name(m.move);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.append(" ").append(name).append(":").append(format_score(m.score)).append(";");
  }
  if (entry.score) out.append(" ").append(format_score(*entry.score)).append(";");
  return out;
}

}  // namespace rb
