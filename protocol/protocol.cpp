#include "protocol/protocol.hpp"

#include <charconv>
#include <cmath>

#include "protocol/line_buffer.hpp"

namespace rb::protocol {

std::string_view fault_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::start_failed:
      return "start_failed";
    case FaultKind::no_handshake:
      return "no_handshake";
    case FaultKind::exited:
      return "exited";
    case FaultKind::partial_line:
      return "partial_line";
    case FaultKind::timeout:
      return "timeout";
    case FaultKind::malformed:
      return "malformed";
    case FaultKind::line_too_long:
      return "line_too_long";
    case FaultKind::error_response:
      return "error_response";
    case FaultKind::illegal_move:
      return "illegal_move";
    case FaultKind::wrong_side:
      return "wrong_side";
    case FaultKind::unrequested:
      return "unrequested";
  }
  return "unknown";
}

std::optional<double> parse_number(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
  std::uint64_t value = 0;
  if (text.empty()) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

std::string quoted(std::string_view text) { return "'" + printable_line(text, 80) + "'"; }

LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  bool any = false, too_long = false;
  for (char c; in.get(c);) {
    any = true;
    if (c == '\n') break;
    if (line.size() < max) {
      line.push_back(c);
    } else {
      too_long = true;
    }
  }
  if (!any) return LineRead::end;
  if (!line.empty() && line.back() == '\r' && !too_long) line.pop_back();
  return too_long ? LineRead::too_long : LineRead::line;
}

}  // namespace rb::protocol
