#include "protocol/gtp.hpp"

#include <cctype>
#include <stdexcept>

#include "io/obf.hpp"
#include "protocol/line_buffer.hpp"

namespace rb::protocol {

bool GtpResponseReader::take(std::string_view line) {
  if (!is_printable_line(line)) {
    throw ProtocolError("a line with bytes that do not print: " + quoted(line));
  }
  const bool blank = split_words(line).empty();
  if (!started_) {
    if (blank) return false;
    if (line[0] != '=' && line[0] != '?') {
      throw ProtocolError("not a GTP response (a response starts with '=' or '?'): " +
                          quoted(line));
    }
    response_.success = line[0] == '=';
    std::size_t i = 1;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
    if (i > 1) {
      response_.id = parse_count(line.substr(1, i - 1));
      if (!response_.id) throw ProtocolError("a malformed response id: " + quoted(line));
    }
    if (i < line.size() && line[i] != ' ' && line[i] != '\t') {
      throw ProtocolError("a malformed GTP response: " + quoted(line));
    }
    std::string_view text = line.substr(i);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    response_.text = text;
    started_ = true;
    return false;
  }
  if (line.empty()) return true;
  response_.text.append("\n").append(line);
  return false;
}

Square parse_gtp_vertex(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "pass") return kPass;
  if (lower == "resign") throw ProtocolError("the engine resigned (genmove answered 'resign')");
  const auto square = parse_square(lower);
  if (!square || *square == kPass) throw ProtocolError("not a move: " + quoted(text));
  return *square;
}

std::string_view gtp_color(Color color) { return color == Color::black ? "black" : "white"; }

std::string expand_gtp_setup(std::string_view templ, const Position& position) {
  const std::string board = board_string(position);
  std::string out;
  for (std::size_t i = 0; i < templ.size(); ++i) {
    const char c = templ[i];
    if (c == '}') {
      if (i + 1 < templ.size() && templ[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      throw std::invalid_argument("a '}' without its '{' (write '}}' for a brace)");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < templ.size() && templ[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    const std::size_t close = templ.find('}', i);
    if (close == std::string_view::npos) {
      throw std::invalid_argument("a '{' without its '}' (write '{{' for a brace)");
    }
    const std::string_view name = templ.substr(i + 1, close - i - 1);
    if (name == "board") {
      out += board.substr(0, 64);
    } else if (name == "side") {
      out += color_char(position.side);
    } else if (name == "color") {
      out += gtp_color(position.side);
    } else {
      throw std::invalid_argument("unknown placeholder {" + std::string(name) +
                                  "} (the placeholders: {board}, {side}, {color})");
    }
    i = close;
  }
  return out;
}

std::optional<GtpCommand> parse_gtp_command(std::string_view line) {
  std::string text;
  for (char c : line) {
    if (c == '#') break;
    const auto u = static_cast<unsigned char>(c);
    if (c == '\t') {
      text += ' ';
    } else if (u >= 32 && u != 127) {
      text += c;
    }
  }
  auto words = split_words(text);
  if (words.empty()) return std::nullopt;
  GtpCommand command;
  std::size_t first = 0;
  if (std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    command.id = parse_count(words[0]);
    if (command.id) first = 1;
  }
  if (first >= words.size()) {
    command.name.clear();
    return command;
  }
  command.name = words[first];
  for (std::size_t i = first + 1; i < words.size(); ++i) command.args.emplace_back(words[i]);
  return command;
}

std::string gtp_reply(const GtpCommand& command, bool success, std::string_view text) {
  std::string out(1, success ? '=' : '?');
  if (command.id) out += std::to_string(*command.id);
  if (!text.empty()) out.append(" ").append(text);
  return out + "\n\n";
}

}  // namespace rb::protocol
