// Splitting an engine's output into lines. Bytes arrive in arbitrary pieces
// from a pipe; a line ends at '\n' (a '\r' before it is dropped, for engines
// that write CRLF). A line longer than the limit is not stored: the buffer
// remembers that it overflowed, and the reader reports the engine at fault
// instead of growing without bound on an engine that never ends a line.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

namespace rb::protocol {

class LineBuffer {
 public:
  static constexpr std::size_t kDefaultMaxLine = std::size_t{1} << 16;

  explicit LineBuffer(std::size_t max_line = kDefaultMaxLine) : max_line_(max_line) {}

  // Adds bytes; every '\n' among them completes a line.
  void append(std::string_view bytes);
  // The oldest complete line not yet taken, without its line ending.
  std::optional<std::string> next_line();
  // The bytes after the last line ending (an unfinished line).
  const std::string& partial() const { return partial_; }
  // Whether a line grew past the limit (its bytes were dropped).
  bool overflowed() const { return overflowed_; }
  std::size_t max_line() const { return max_line_; }

 private:
  std::size_t max_line_;
  std::string partial_;
  std::deque<std::string> lines_;
  bool overflowed_ = false;
};

// The line as printable text: every byte outside printable ASCII written as
// \xNN, cut after `width` bytes with "..." (for reports of engine output).
std::string printable_line(std::string_view line, std::size_t width);

// Whether every byte of the line is printable ASCII or a tab.
bool is_printable_line(std::string_view line);

}  // namespace rb::protocol
