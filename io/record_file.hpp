// The one record file: what a long run appends as it goes and a later run
// resumes from (the perft checkpoint, the match state). A text file: a header
// of lines that name the run (its first line the kind of file and its
// version), then one record per line, each line ending in a check of its
// own:
//
//   <header lines>
//   <record text> <line check: FNV-1a of the record text, 8 hex digits>
//
// Each record is appended and flushed to disk (fsync) at once. One rule for
// every kind:
// - a file is created only where none is (an existing one is refused: resume
//   it, or remove it), through the output guard (io/output.hpp): never over an
//   input of the run, never at a path another option writes, never a FIFO,
//   a device or a directory;
// - a resumed file is read whole within a bound (io/input.hpp: a FIFO is
//   refused, not waited on), its header compared line by line with this
//   run's (another run's file is refused naming the line that differs);
// - a last line without its newline is what a run killed mid-write leaves:
//   it is dropped, and cut off the file before more is appended;
// - a record whose check does not match its text (damaged, or edited by
//   hand) is refused with file:line; so is any other damaged line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rb {

// FNV-1a (32 bits) of a record's text: its line check.
std::uint32_t record_check(std::string_view text);

// The largest record file read by default: a perft checkpoint has a line
// per unit, some 60 bytes each; a match state a few hundred bytes per pair.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 30;

// What a file of one kind is called in messages and on the command line.
struct RecordKind {
  std::string_view option;  // "--checkpoint", "--state"
  std::string_view what;    // "checkpoint", "match state"
  std::string_view title;   // the file's kind in full: "perft checkpoint", "match state"
  std::size_t max_bytes = kMaxRecordBytes;  // the largest file read
};

// A record read back, with its line number (1-based) for messages.
struct Record {
  int line = 0;
  std::string text;
};

// Each record read back, in the file's order: its line number and text
// (valid during the call). It may throw (an InputError naming the line) to
// refuse the file.
using RecordVisitor = std::function<void(int line, std::string_view text)>;

class RecordFile {
 public:
  // What create() refuses, before any work: an existing file (resume it or
  // remove it), what is not a regular file, an input of the run, and every
  // refusal of an output. Returns the file that will be created (a
  // symlink's target). Throws OutputError.
  static std::string check_create(const std::string& path, const RecordKind& kind);
  // What resume() refuses at once: an empty name, a file that is not a
  // regular file that can be read. Throws InputError or OutputError.
  static void check_resume(const std::string& path, const RecordKind& kind);

  // A new file holding `header` (whole lines, each ending in '\n').
  static RecordFile create(const std::string& path, const RecordKind& kind,
                           std::string_view header);
  // An existing file whose header is `header`: its records (checked) in
  // `records`; then open to append. Throws InputError (file:line) for
  // another run's file or a damaged line, OutputError when it cannot be
  // appended to.
  static RecordFile resume(const std::string& path, const RecordKind& kind, std::string_view header,
                           std::vector<Record>& records);
  static RecordFile resume(const std::string& path, const RecordKind& kind, std::string_view header,
                           const RecordVisitor& each);
  // A file only read (an input of the run, io/input.hpp), by the same rules:
  // its header checked, each record's check, a last line cut short dropped.
  // Returns the records' count.
  static std::size_t read(const std::string& path, const RecordKind& kind, std::string_view header,
                          const RecordVisitor& each);

  RecordFile(RecordFile&& other) noexcept;
  RecordFile& operator=(RecordFile&&) = delete;
  RecordFile(const RecordFile&) = delete;
  ~RecordFile();

  // Appends one record (its text: one line, no newline) with its check,
  // and waits until it is on disk. Throws OutputError.
  void append(std::string_view text);
  const std::string& path() const { return path_; }

  // The line of a record, its check and newline included.
  static std::string line_of(std::string_view text);

 private:
  RecordFile(std::string path, std::string_view option, int fd)
      : path_(std::move(path)), option_(option), fd_(fd) {}
  std::string path_;
  std::string_view option_;
  int fd_ = -1;
};

}  // namespace rb
