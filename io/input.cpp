#include "io/input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

namespace rb {
namespace {

struct InputFile {
  dev_t device;
  ino_t inode;
  std::string path;
};

// The inputs read so far (a few per run).
struct Inputs {
  std::mutex mutex;
  std::vector<InputFile> files;
};
Inputs& inputs() {
  static Inputs all;
  return all;
}

void note_input(const struct stat& st, const std::string& path) {
  Inputs& all = inputs();
  const std::lock_guard lock(all.mutex);
  for (const InputFile& f : all.files) {
    if (f.device == st.st_dev && f.inode == st.st_ino) return;
  }
  all.files.push_back({st.st_dev, st.st_ino, path});
}

std::string reason(int error) { return std::strerror(error); }

// Closes the descriptor whatever happens.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string too_large(std::size_t max_bytes) {
  return max_bytes >= (std::size_t{1} << 20)
             ? "larger than " + std::to_string(max_bytes >> 20) + " MiB: not a file this tool reads"
             : "larger than " + std::to_string(max_bytes) + " bytes: not a file this tool reads";
}

// Reads a stream (a FIFO, a pipe, a character device) opened non-blocking:
// data as it comes, to its end, within max_bytes. A FIFO with no writer
// reads as its end at once; it is given kWriterWait for one to come.
std::string read_stream(int fd, const std::string& path, std::size_t max_bytes, bool fifo) {
  std::string text;
  std::vector<char> chunk(1 << 16);  // not on the stack, which may be small
  bool writer_seen = !fifo;
  const auto give_up = std::chrono::steady_clock::now() + kWriterWait;
  for (;;) {
    const ssize_t n = ::read(fd, chunk.data(), chunk.size());
    if (n > 0) {
      writer_seen = true;
      if (text.size() + static_cast<std::size_t>(n) > max_bytes) {
        throw InputError(path, 0, 0, too_large(max_bytes));
      }
      text.append(chunk.data(), static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0 && writer_seen) return text;  // the end
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) throw InputError(path, 0, 0, "cannot read: " + reason(errno));
    // No data yet: a writer is there (EAGAIN), or none has come yet (0).
    int timeout = -1;
    if (n == 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          give_up - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        throw InputError(path, 0, 0,
                         "cannot read: a FIFO that no process writes (nothing came in " +
                             std::to_string(kWriterWait.count()) + " ms)");
      }
      timeout = static_cast<int>(left.count());
    } else {
      writer_seen = true;
    }
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, timeout);
    if (ready < 0 && errno != EINTR) throw InputError(path, 0, 0, "cannot read: " + reason(errno));
    if (ready > 0) writer_seen = true;  // data, or a writer that came and went
  }
}

}  // namespace

InputError::InputError(std::string source, int line, int column, std::string reason)
    : std::runtime_error([&] {
        std::string where = source;
        if (line > 0) where.append(":").append(std::to_string(line));
        if (line > 0 && column > 0) where.append(":").append(std::to_string(column));
        return where.append(": ").append(reason);
      }()),
      source_(std::move(source)),
      line_(line),
      column_(column),
      reason_(std::move(reason)) {}

std::string read_input_file(const std::string& path, std::size_t max_bytes) {
  if (path.empty()) throw InputError(path, 0, 0, "the file name is empty");
  // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) throw InputError(path, 0, 0, "cannot read: " + reason(errno));
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) throw InputError(path, 0, 0, "cannot read: " + reason(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(path, 0, 0, "cannot read: " + reason(EISDIR));
  if (S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode)) {
    throw InputError(path, 0, 0,
                     std::string("cannot read: a ") +
                         (S_ISBLK(st.st_mode) ? "block device" : "socket") + ", not a file");
  }
  note_input(st, path);
  if (!S_ISREG(st.st_mode)) return read_stream(file.fd, path, max_bytes, S_ISFIFO(st.st_mode));
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    throw InputError(path, 0, 0, too_large(max_bytes));
  }
  ::fcntl(file.fd, F_SETFL, ::fcntl(file.fd, F_GETFL) & ~O_NONBLOCK);
  // Read into the string itself, one more byte than the size to see the end
  // (or that the file grew meanwhile).
  std::string text(static_cast<std::size_t>(st.st_size) + 1, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == text.size()) {
      if (size > max_bytes) throw InputError(path, 0, 0, too_large(max_bytes));
      text.resize(std::min(max_bytes + 1, 2 * size));
    }
    const ssize_t n = ::read(file.fd, text.data() + size, text.size() - size);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(path, 0, 0, "cannot read: " + reason(errno));
    }
    size += static_cast<std::size_t>(n);
  }
  if (size > max_bytes) throw InputError(path, 0, 0, too_large(max_bytes));
  text.resize(size);
  return text;
}

std::string check_regular_input(const std::string& path) {
  if (path.empty()) return "the file name is empty";
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return reason(errno);
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return reason(errno);
  if (S_ISDIR(st.st_mode)) return reason(EISDIR);
  if (!S_ISREG(st.st_mode)) {
    return S_ISFIFO(st.st_mode)  ? "a FIFO, not a regular file"
           : S_ISCHR(st.st_mode) ? "a character device, not a regular file"
                                 : "not a regular file";
  }
  note_input(st, path);
  return "";
}

void forget_input(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;
  Inputs& all = inputs();
  const std::lock_guard lock(all.mutex);
  std::erase_if(all.files,
                [&](const InputFile& f) { return f.device == st.st_dev && f.inode == st.st_ino; });
}

std::optional<std::string> input_named_for(dev_t device, ino_t inode) {
  Inputs& all = inputs();
  const std::lock_guard lock(all.mutex);
  for (const InputFile& f : all.files) {
    if (f.device == device && f.inode == inode) return f.path;
  }
  return std::nullopt;
}

std::string escape_text(std::string_view text, bool keep_high, std::size_t width) {
  std::string out;
  out.reserve(std::min(text.size(), width));
  for (const char c : text.substr(0, width)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || (u > 0x7f && !keep_high)) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02x", u);
      out += buffer;
    } else {
      out += c;
    }
  }
  if (text.size() > width) out += "...";
  return out;
}

}  // namespace rb
