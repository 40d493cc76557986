// Output files: every file the tool writes (--json, make-suite and
// train-eval's --output, the perft checkpoint) is checked and written here,
// so that no output destroys what it should not.
//
// - An empty name is refused; so is a file that is one of the run's inputs
//   (compared by device and inode, so through symlinks and hard links too:
//   io/input.hpp records them), and a file that another option of the run
//   writes.
// - A symlink is followed to its target, which is written; the link stays.
// - A regular file (or a new one) is written through a temporary file in
//   its folder, flushed to disk (fsync) and renamed over it once complete:
//   an interrupted run, a full disk or any write error leaves the old file
//   whole. The new file keeps the mode (and, where allowed, the owner) of
//   the file it replaces; a new file gets 0666 less the umask, as any tool's.
// - A character device or a FIFO is written directly, never replaced:
//   `--json /dev/stdout` writes to standard output, `--json /dev/null`
//   writes nothing. So is a descriptor named as /dev/stdout, /dev/stderr,
//   /dev/fd/N or /proc/self/fd/N, even when it is a regular file (`>
//   out.txt`): the text goes after what the run printed there. A FIFO that
//   no process reads is refused after kReaderWait.
// - A directory, a block device and a socket are refused.
// Every failure is an OutputError naming the option, the file and the
// system's reason (exit code 2).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rb {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How long a FIFO output waits for a process to read it.
inline constexpr std::chrono::milliseconds kReaderWait{2000};

// Where an output goes, its symlinks followed.
struct OutputTarget {
  enum class Kind {
    new_file,    // a file to create
    regular,     // a regular file, replaced whole
    stream,      // a character device or a FIFO, written directly
    descriptor,  // one of this process's open descriptors
  };
  Kind kind = Kind::new_file;
  std::string path;  // the file written (the last symlink's target)
  int fd = -1;       // Kind::descriptor
  mode_t mode = 0;   // Kind::regular: its permissions
  uid_t owner = 0;   // Kind::regular
  gid_t group = 0;   // Kind::regular
};

// Checks, before any work is done, that `path` can be written as the output
// of `option` (all the refusals above, and a temporary file made and removed
// in the folder), and records it as that option's output. Returns where the
// output goes. Throws OutputError.
OutputTarget check_writable(const std::string& path, std::string_view option);

// Writes `text` to `path` as the output of `option`, as described above.
// Throws OutputError.
void write_output_file(const std::string& path, std::string_view text, std::string_view option);

}  // namespace rb
