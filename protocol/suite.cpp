#include "protocol/suite.hpp"

#include "io/input.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/errors.hpp"
#include "core/reference.hpp"
#include "io/data_files.hpp"

namespace rb::protocol {
namespace {

std::size_t first_non_blank(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

bool is_file_letter(char c) { return (c >= 'a' && c <= 'h') || (c >= 'A' && c <= 'H'); }

bool has_game_line(std::string_view text) {
  while (!text.empty()) {
    if (is_game_line(take_line(text))) return true;
  }
  return false;
}

// A file with game lines, whole or its N-th position (0: whole).
std::vector<SuitePosition> game_file(const std::string& argument, const std::string& path,
                                     std::size_t n, const std::string& text) {
  auto all = parse_suite_text(text, path);
  if (n == 0) return all;
  if (n > all.size()) {
    throw UsageError("'" + argument + "': the file holds " + std::to_string(all.size()) +
                     " positions");
  }
  return {std::move(all[n - 1])};
}

}  // namespace

bool is_game_line(std::string_view line) {
  const std::size_t i = first_non_blank(line);
  return i + 1 < line.size() && is_file_letter(line[i]) && line[i + 1] >= '1' && line[i + 1] <= '8';
}

SuitePosition parse_game_line(std::string_view text, SourceRef where) {
  check_line_bytes(text, where);
  const std::string name(where.name);
  auto fail = [&](std::size_t at, const std::string& why) -> InputError {
    return InputError(name, where.line, static_cast<int>(at) + 1, why);
  };
  const std::size_t comment = text.find('%');
  const std::string_view line = text.substr(0, comment);
  const std::size_t semicolon = line.find(';');
  const std::string_view moves = line.substr(0, semicolon);

  ReferenceBoard board(Position::start());
  std::vector<Square> game;
  std::size_t i = first_non_blank(moves);
  int number = 0;
  while (i < moves.size()) {
    if (moves[i] == ' ' || moves[i] == '\t' || moves[i] == '\r') {
      ++i;
      continue;
    }
    if (i + 1 >= moves.size()) throw fail(i, "a move cut short: expected a square a1..h8 or pa");
    std::string token(moves.substr(i, 2));
    for (char& c : token) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto square = parse_square(token);
    if (!square) {
      throw fail(i, "not a move: '" + printable(moves.substr(i, 2)) + "' (a square a1..h8 or pa)");
    }
    ++number;
    const std::string whose = std::string(color_name(board.side_to_move()));
    if (board.game_over()) {
      throw fail(i, "move " + std::to_string(number) + " '" + token + "': the game is over");
    }
    if (*square == kPass) {
      if (board.legal_moves() != 0) {
        throw fail(
            i, "move " + std::to_string(number) + ": a pass, but " + whose + " has moves to play");
      }
      board.pass();
      game.push_back(kPass);
    } else {
      if (board.legal_moves() == 0) {  // a forced pass left out
        board.pass();
        game.push_back(kPass);
      }
      if (!board.play(*square)) {
        throw fail(i, "move " + std::to_string(number) + " '" + token + "' is illegal (" +
                          std::string(color_name(board.side_to_move())) + " to move)");
      }
      game.push_back(*square);
    }
    i += 2;
  }
  if (number == 0) throw fail(first_non_blank(moves), "a game line without moves");

  // The scores: an OBF line made of the reached board and the rest of the
  // line, its errors' columns moved back to this line's.
  const std::string board_text = board_string(board.position());
  const std::string_view rest =
      semicolon == std::string_view::npos ? std::string_view{} : text.substr(semicolon);
  SuitePosition out;
  try {
    out.entry = parse_obf_line(board_text + std::string(rest), where);
  } catch (const InputError& e) {
    const int shift = static_cast<int>(semicolon) - static_cast<int>(board_text.size());
    throw InputError(name, where.line, e.column() > 0 ? e.column() + shift : 0, e.reason());
  }
  out.entry.line = where.line;
  out.game = std::move(game);
  return out;
}

std::vector<SuitePosition> parse_suite_text(std::string_view text, std::string_view source) {
  std::vector<SuitePosition> out;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    std::string_view line = take_line(text);
    const SourceRef where{source, line_number};
    check_line_bytes(line, where);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string_view content = line.substr(0, line.find('%'));
    if (first_non_blank(content) == content.size()) continue;
    SuitePosition p;
    if (is_game_line(line)) {
      p = parse_game_line(line, where);
    } else {
      p.entry = parse_obf_line(line, where);
    }
    p.label = std::string(source) + ":" + std::to_string(out.size() + 1);
    out.push_back(std::move(p));
  }
  if (out.empty()) throw InputError(std::string(source), 0, 0, "no position in the file");
  return out;
}

std::string read_suite_file(const std::string& path) {
  // The one reader of inputs (io/input.hpp): recorded as an input of the
  // run (no output may replace it), a FIFO nobody writes refused in time.
  return read_input_file(path, kMaxObfFileBytes);
}

std::vector<SuitePosition> load_suite(const std::string& argument) {
  // A file of game lines (or OBF lines and game lines): read here; any
  // other argument exactly as `solve` reads it.
  std::string path = find_data_file(argument);
  std::size_t n = 0;
  if (path.empty()) {
    const auto colon = argument.rfind(':');
    if (colon != std::string::npos && colon > 0) {
      const std::string number = argument.substr(colon + 1);
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
      if (ec == std::errc{} && end == number.data() + number.size() && n > 0) {
        path = find_data_file(argument.substr(0, colon));
      }
    }
  }
  if (!path.empty()) {
    const std::string text = read_suite_file(path);
    if (has_game_line(text)) return game_file(argument, path, n, text);
  } else if (is_game_line(argument)) {
    auto p = parse_game_line(argument, {"<argument>", 1});
    p.label = "<argument>";
    return {std::move(p)};
  }
  std::vector<SuitePosition> out;
  for (auto& named : load_positions(argument)) {
    SuitePosition p;
    p.entry = std::move(named.entry);
    p.label = std::move(named.label);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace rb::protocol
