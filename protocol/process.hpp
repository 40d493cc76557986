// An engine as a child process: started with fork and exec in a process
// group of its own (so that it and anything it starts can be killed at once),
// spoken to through pipes on its standard input and output, its standard
// error collected, and every read bounded by a deadline (poll on
// non-blocking pipes), so that no engine can make the harness wait longer
// than it allows, whatever it does: crash, hang, flood, or stop mid-line.
//
// The last lines the engine printed (standard output and error) are kept for
// fault reports. Destroying the object kills the whole group and reaps the
// child: an engine never outlives its run.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/line_buffer.hpp"

namespace rb::protocol {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;

// A deadline `seconds` from now (a day for 0 or less: "none").
Deadline deadline_in(double seconds);

// What a read of one line of the engine's output found.
struct Read {
  enum class Kind {
    line,      // a complete line (in `line`)
    timeout,   // nothing complete before the deadline
    closed,    // the engine closed its output (exited); partial() holds any unfinished line
    overflow,  // a line longer than the buffer's limit
  };
  Kind kind = Kind::timeout;
  std::string line;
};

class ChildProcess {
 public:
  // Starts the program `argv[0]` (a path, or a name found in PATH) with
  // `argv`. Throws CommandError when it cannot be executed.
  explicit ChildProcess(const std::vector<std::string>& argv);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes `line` and a newline to the engine's input; false when the
  // engine no longer reads it (it closed it or exited) or did not take it
  // before the deadline. While the engine does not take it, what the engine
  // writes is read into the buffers (read_line() takes it later), so that
  // an engine blocked on a full output pipe is never waited on.
  bool send_line(std::string_view line, Deadline deadline);
  // The next line of the engine's standard output, waiting until the
  // deadline; standard error is read meanwhile (into last_lines()).
  Read read_line(Deadline deadline);
  // After Read::Kind::closed: the bytes after the engine's last newline.
  const std::string& partial() const { return out_.partial(); }

  // Waits until the deadline for the engine to exit by itself; a description
  // of how it ended ("exited with status 0", "killed by signal 11
  // (Segmentation fault)") if it did.
  std::optional<std::string> wait_exit(Deadline deadline);
  // Reads what standard error still holds, until it closes or the deadline
  // (for the report of an engine that just died).
  void drain_errors(Deadline deadline);
  // SIGKILL to the whole process group, then reaps the child. Safe to call
  // more than once.
  void kill_group();

  // The child's process id, which is also its process group's id.
  pid_t pid() const { return pid_; }
  // The last lines the engine printed, oldest first; standard error's
  // marked "[stderr] ", an unfinished last line "[unfinished] ", every byte
  // that does not print as \xNN.
  std::vector<std::string> last_lines() const;

  static constexpr std::size_t kTailLines = 8;
  static constexpr std::size_t kTailWidth = 240;

 private:
  void remember(std::string_view prefix, std::string_view line);
  // Reads what is available on fd into `buffer`; closes fd at end of file.
  void pump(int& fd, LineBuffer& buffer);
  void take_error_lines();

  pid_t pid_ = -1;
  int in_ = -1, out_fd_ = -1, err_fd_ = -1;
  bool reaped_ = false;
  std::optional<std::string> ended_;  // how the child ended, once reaped
  LineBuffer out_, err_;
  std::deque<std::string> tail_;
};

// Makes SIGINT, SIGTERM and SIGHUP kill the process groups of the engines
// running at that moment before the harness ends as the signal says: an
// engine runs in a group of its own, which a terminal's Ctrl-C does not reach.
void install_interrupt_cleanup();

// How a wait status ended a process, in words.
std::string describe_wait_status(int status);

}  // namespace rb::protocol
