// Input files named on the command line (OBF suites, pattern weights, perft
// checkpoints and tables, plug-ins): opened and read here, whole and within
// a size bound, so that every reader gives the same clear reasons.
//
// - The reason a file cannot be read is the system's (errno): a symlink
//   loop, a name too long, a directory, an I/O error are each called so.
// - A regular file is read to its end. A FIFO, a pipe or a character device
//   is read as a stream, within the same bound: a FIFO that no process
//   writes is refused after kWriterWait, never waited on forever; one that
//   a process writes (`show <(reversi-bench sample -n 10)`) is read to its
//   end. A block device or a socket is refused at once.
// - Every file read is recorded (its device and inode), so that no output
//   of the run can replace one of its inputs (io/output.hpp).
// - Messages are printable: escape_controls() writes every control
//   character of a name or a text as \xNN.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rb {

// A bad input (exit code 2), naming file:line:column where it can.
class InputError : public std::runtime_error {
 public:
  // line and column are 1-based; 0 means "not about a particular line/column".
  InputError(std::string source, int line, int column, std::string reason);
  const std::string& source() const { return source_; }
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string source_;
  int line_;
  int column_;
  std::string reason_;
};

// How long a FIFO that no process writes is given before it is refused.
inline constexpr std::chrono::milliseconds kWriterWait{500};

// The bytes of the file at `path`, at most `max_bytes` (a larger file is
// refused, naming the bound). Throws InputError(path, 0, 0, reason).
std::string read_input_file(const std::string& path, std::size_t max_bytes);

// Checks that `path` names a regular file that can be opened for reading,
// and records it as an input (for what is not read through
// read_input_file(): a plug-in, loaded by the system). Returns the
// system's reason it cannot be, or "" when it can.
std::string check_regular_input(const std::string& path);

// Forgets that the file at `path` was read, so that an output may replace
// it: for a run that goes on from its own earlier output and writes it
// anew (train-eval --resume, make-corpus --resume of a longer corpus).
void forget_input(const std::string& path);

// The input of this run (as it was named) that is the file (device, inode),
// if one is.
std::optional<std::string> input_named_for(dev_t device, ino_t inode);

// Text for a one-line message, the project's one escaping function: every
// control byte (below 0x20, and 0x7f) written as \xNN, and with keep_high
// false every byte above 0x7e too (a file name's UTF-8 stays readable when
// kept); cut to `width` bytes, with "...", when longer. A message stays one
// line of text whatever a file name, a file or an engine's output holds.
std::string escape_text(std::string_view text, bool keep_high,
                        std::size_t width = std::string_view::npos);

// escape_text() of a file name or a line of a file, whole, UTF-8 kept.
inline std::string escape_controls(std::string_view text) { return escape_text(text, true); }

}  // namespace rb
