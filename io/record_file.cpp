#include "io/record_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>

#include "io/input.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"

namespace rb {
namespace {

std::string system_error(const std::string& what, const RecordKind& kind, const std::string& path) {
  return what + " " + std::string(kind.what) + " '" + path + "': " + std::strerror(errno);
}

void write_all(int fd, std::string_view text, const RecordKind& kind, const std::string& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw OutputError(system_error("cannot write", kind, path));
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (::fsync(fd) != 0) throw OutputError(system_error("cannot flush", kind, path));
}

std::string exists_message(const std::string& path, const RecordKind& kind) {
  return std::string(kind.option) + " '" + path +
         "' exists already; continue it with --resume, or remove it";
}

// The header compared with this run's and the records checked, from the
// complete lines of `text` (a last line without its newline is dropped).
std::size_t read_records(const std::string& text, const std::string& path, const RecordKind& kind,
                         std::string_view header, const RecordVisitor& each) {
  // The complete lines; a last line without its newline is dropped.
  const std::size_t last = text.rfind('\n');
  const std::size_t complete = last == std::string::npos ? 0 : last + 1;
  std::size_t pos = 0;
  int line_no = 0;
  auto next_line = [&](std::string_view& line) {
    if (pos >= complete) return false;
    const std::size_t end = text.find('\n', pos);
    line = std::string_view(text).substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    return true;
  };
  // The header, line by line against this run's.
  for (std::size_t at = 0; at < header.size();) {
    const std::size_t end = header.find('\n', at);
    const std::string_view want = header.substr(at, end - at);
    at = end + 1;
    std::string_view line;
    if (!next_line(line)) {
      throw InputError(path, line_no + 1, 0,
                       "the " + std::string(kind.what) + "'s header ends early (expected '" +
                           printable(want) + "')");
    }
    check_line_bytes(line, {path, line_no});
    if (line == want) continue;
    if (line_no == 1) {
      throw InputError(
          path, line_no, 0,
          "not a " + std::string(kind.title) + " (expected '" + printable(want) + "')");
    }
    throw InputError(path, line_no, 0,
                     "a " + std::string(kind.what) + " of another run: '" + printable(line) +
                         "', this run has '" + printable(want) + "'");
  }
  std::string_view line;
  std::size_t count = 0;
  while (next_line(line)) {
    check_line_bytes(line, {path, line_no});
    const std::size_t space = line.rfind(' ');
    const std::string_view body = space == std::string_view::npos ? "" : line.substr(0, space);
    const std::string_view check = space == std::string_view::npos ? line : line.substr(space + 1);
    std::uint32_t value = 0;
    const auto [ptr, ec] = std::from_chars(check.data(), check.data() + check.size(), value, 16);
    if (space == std::string_view::npos || check.size() != 8 || ec != std::errc{} ||
        ptr != check.data() + check.size()) {
      throw InputError(path, line_no, 0,
                       "damaged " + std::string(kind.what) + " line '" + printable(line) +
                           "': it does not end in its line check (8 hex digits)");
    }
    if (value != record_check(body)) {
      throw InputError(path, line_no, 0,
                       "damaged " + std::string(kind.what) + " line '" + printable(line) +
                           "': its line check does not match its text (damaged, or edited)");
    }
    each(line_no, body);
    ++count;
  }
  return count;
}

}  // namespace

std::uint32_t record_check(std::string_view text) {
  std::uint32_t h = 2166136261u;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

std::string RecordFile::line_of(std::string_view text) {
  char check[9];
  std::snprintf(check, sizeof check, "%08x", record_check(text));
  std::string line(text);
  line += ' ';
  line += check;
  line += '\n';
  return line;
}

std::string RecordFile::check_create(const std::string& path, const RecordKind& kind) {
  struct stat st {};
  if (!path.empty() && ::stat(path.c_str(), &st) == 0) {
    if (const auto input = input_named_for(st.st_dev, st.st_ino)) {
      throw OutputError(std::string(kind.option) + ": '" + path + "' is the input '" + *input +
                        "' of this run");
    }
    if (S_ISREG(st.st_mode)) throw OutputError(exists_message(path, kind));
    throw OutputError(std::string(kind.option) + ": cannot write '" + path +
                      "': not a regular file (a " + std::string(kind.what) +
                      " is appended to, then read again)");
  }
  // The refusals of every output (an empty name, an input of the run, a
  // file another option writes); a symlink is followed to its target.
  return check_writable(path, kind.option).path;
}

void RecordFile::check_resume(const std::string& path, const RecordKind& kind) {
  if (path.empty()) throw OutputError("--resume: the file name is empty");
  const auto refuse = [&](const std::string& why) {
    return InputError(path, 0, 0, "cannot read the " + std::string(kind.what) + ": " + why);
  };
  // A regular file, refused at once otherwise: it is appended to as well.
  // (Not recorded as an input here: it is this run's output.)
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw refuse(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) {
    throw refuse(S_ISDIR(st.st_mode)    ? std::string(std::strerror(EISDIR))
                 : S_ISFIFO(st.st_mode) ? "a FIFO, not a regular file"
                 : S_ISCHR(st.st_mode)  ? "a character device, not a regular file"
                                        : "not a regular file");
  }
  if (::access(path.c_str(), R_OK | W_OK) != 0) throw refuse(std::strerror(errno));
  if (const auto input = input_named_for(st.st_dev, st.st_ino)) {
    throw OutputError(std::string(kind.option) + ": '" + path + "' is the input '" + *input +
                      "' of this run");
  }
}

RecordFile RecordFile::create(const std::string& path, const RecordKind& kind,
                              std::string_view header) {
  const std::string target = check_create(path, kind);
  const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) {
    if (errno == EEXIST) throw OutputError(exists_message(path, kind));
    throw OutputError(system_error("cannot create", kind, path));
  }
  RecordFile file(path, kind.option, fd);
  write_all(fd, header, kind, path);
  return file;
}

RecordFile RecordFile::resume(const std::string& path, const RecordKind& kind,
                              std::string_view header, std::vector<Record>& records) {
  return resume(path, kind, header, [&](int line, std::string_view text) {
    records.push_back({line, std::string(text)});
  });
}

std::size_t RecordFile::read(const std::string& path, const RecordKind& kind,
                             std::string_view header, const RecordVisitor& each) {
  const std::string text = read_input_file(path, kind.max_bytes);
  return read_records(text, path, kind, header, each);
}

RecordFile RecordFile::resume(const std::string& path, const RecordKind& kind,
                              std::string_view header, const RecordVisitor& each) {
  // An input of the run read before (the openings, the weights) is never
  // appended to.
  check_resume(path, kind);
  const std::string text = read_input_file(path, kind.max_bytes);
  // Read as an input, appended to as an output: forgotten as an input
  // whether it is taken or refused.
  try {
    read_records(text, path, kind, header, each);
  } catch (...) {
    forget_input(path);
    throw;
  }
  const std::size_t last = text.rfind('\n');
  const std::size_t complete = last == std::string::npos ? 0 : last + 1;
  // Appended to from now on: this option's output, no longer an input (no
  // other option may write it).
  forget_input(path);
  check_writable(path, kind.option);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw OutputError(system_error("cannot append to", kind, path));
  RecordFile file(path, kind.option, fd);
  if (complete < text.size() && ::ftruncate(fd, static_cast<off_t>(complete)) != 0) {
    throw OutputError(system_error("cannot cut the unfinished last line off", kind, path));
  }
  return file;
}

RecordFile::RecordFile(RecordFile&& other) noexcept
    : path_(std::move(other.path_)), option_(other.option_), fd_(other.fd_) {
  other.fd_ = -1;
}

RecordFile::~RecordFile() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordFile::append(std::string_view text) {
  write_all(fd_, line_of(text), RecordKind{option_, "record file", "record file"}, path_);
}

}  // namespace rb
