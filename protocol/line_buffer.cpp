#include "protocol/line_buffer.hpp"
#include "io/input.hpp"

namespace rb::protocol {

void LineBuffer::append(std::string_view bytes) {
  while (!bytes.empty() && !overflowed_) {
    const std::size_t end = bytes.find('\n');
    const std::string_view piece = bytes.substr(0, end);
    if (partial_.size() + piece.size() > max_line_) {
      overflowed_ = true;
      partial_.clear();
      return;
    }
    partial_.append(piece);
    if (end == std::string_view::npos) return;
    if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
    lines_.push_back(std::move(partial_));
    partial_.clear();
    bytes.remove_prefix(end + 1);
  }
}

std::optional<std::string> LineBuffer::next_line() {
  if (lines_.empty()) return std::nullopt;
  std::string line = std::move(lines_.front());
  lines_.pop_front();
  return line;
}

std::string printable_line(std::string_view line, std::size_t width) {
  return escape_text(line, false, width);
}

bool is_printable_line(std::string_view line) {
  for (char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t') || u >= 0x7f) return false;
  }
  return true;
}

}  // namespace rb::protocol
