#include "io/output.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "io/input.hpp"

namespace rb {
namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

OutputError cannot_write(std::string_view option, const std::string& path, const std::string& why) {
  return OutputError(std::string(option) + ": cannot write " + quoted(path) + ": " + why);
}
OutputError cannot_write(std::string_view option, const std::string& path, int error) {
  return cannot_write(option, path, std::strerror(error));
}

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
std::string name_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The descriptor a name stands for: /dev/stdin, /dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N, /proc/<this pid>/fd/N.
std::optional<int> named_descriptor(const std::string& path) {
  if (path == "/dev/stdin") return 0;
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  std::string_view rest;
  for (const std::string& prefix :
       {std::string("/dev/fd/"), std::string("/proc/self/fd/"),
        std::string("/proc/thread-self/fd/"), "/proc/" + std::to_string(::getpid()) + "/fd/"}) {
    if (path.starts_with(prefix)) rest = std::string_view(path).substr(prefix.size());
  }
  int fd = -1;
  const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), fd);
  if (rest.empty() || ec != std::errc{} || end != rest.data() + rest.size()) return std::nullopt;
  return fd;
}

// Follows `path` to what is written: the last symlink's target.
OutputTarget resolve(const std::string& path, std::string_view option) {
  if (path.empty()) throw OutputError(std::string(option) + ": the file name is empty");
  OutputTarget target;
  std::string p = path;
  for (int links = 0;; ++links) {
    if (const auto fd = named_descriptor(p)) {
      target.kind = OutputTarget::Kind::descriptor;
      target.fd = *fd;
      target.path = p;
      return target;
    }
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      if (errno != ENOENT) throw cannot_write(option, path, errno);
      struct stat folder {};
      if (::stat(folder_of(p).c_str(), &folder) != 0) throw cannot_write(option, path, errno);
      if (!S_ISDIR(folder.st_mode)) throw cannot_write(option, path, ENOTDIR);
      target.kind = OutputTarget::Kind::new_file;
      target.path = p;
      return target;
    }
    if (S_ISLNK(st.st_mode)) {
      if (links >= 40) throw cannot_write(option, path, ELOOP);
      std::vector<char> buffer(PATH_MAX + 1);
      const ssize_t n = ::readlink(p.c_str(), buffer.data(), buffer.size() - 1);
      if (n < 0) throw cannot_write(option, path, errno);
      const std::string link(buffer.data(), static_cast<std::size_t>(n));
      p = link.starts_with('/') ? link : folder_of(p) + "/" + link;
      continue;
    }
    if (S_ISDIR(st.st_mode)) throw cannot_write(option, path, EISDIR);
    if (S_ISBLK(st.st_mode)) throw cannot_write(option, path, "a block device, not written");
    if (S_ISSOCK(st.st_mode)) throw cannot_write(option, path, "a socket, not written");
    target.path = p;
    if (S_ISREG(st.st_mode)) {
      target.kind = OutputTarget::Kind::regular;
      target.mode = st.st_mode & 07777;
      target.owner = st.st_uid;
      target.group = st.st_gid;
    } else {
      target.kind = OutputTarget::Kind::stream;
    }
    return target;
  }
}

// What identifies an output: its device and inode, or (a new file) its
// absolute path.
struct OutputIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  std::string path;
  bool operator==(const OutputIdentity&) const = default;
};

struct Outputs {
  std::mutex mutex;
  std::vector<std::pair<std::string, OutputIdentity>> by_option;
};
Outputs& outputs() {
  static Outputs all;
  return all;
}

std::string absolute(const std::string& path) {
  char* real = ::realpath(folder_of(path).c_str(), nullptr);
  if (!real) return path;
  std::string out = real;
  std::free(real);
  return (out == "/" ? "" : out) + "/" + name_of(path);
}

// Refuses an input of the run and another option's output; records this
// one. Character devices are neither: writing one destroys nothing.
void check_identity(const OutputTarget& target, const std::string& path, std::string_view option) {
  OutputIdentity id;
  if (target.kind == OutputTarget::Kind::new_file) {
    id.path = absolute(target.path);
  } else {
    struct stat st {};
    const int status = target.kind == OutputTarget::Kind::descriptor
                           ? ::fstat(target.fd, &st)
                           : ::stat(target.path.c_str(), &st);
    if (status != 0) throw cannot_write(option, path, errno);
    if (S_ISCHR(st.st_mode)) return;
    if (S_ISREG(st.st_mode)) {
      if (const auto input = input_named_for(st.st_dev, st.st_ino)) {
        throw OutputError(
            std::string(option) + ": " + quoted(path) + " is the input " + quoted(*input) +
            " of this run; it would be " +
            (target.kind == OutputTarget::Kind::descriptor ? "written over" : "replaced"));
      }
    }
    id.device = st.st_dev;
    id.inode = st.st_ino;
  }
  Outputs& all = outputs();
  const std::lock_guard lock(all.mutex);
  for (const auto& [other, other_id] : all.by_option) {
    if (other_id != id) continue;
    if (other == option) return;
    throw OutputError(std::string(option) + ": " + quoted(path) + " is the file " + other +
                      " writes too");
  }
  all.by_option.emplace_back(std::string(option), id);
}

mode_t current_umask() {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

// Writes the whole text; 0, or the errno of the failure.
int write_fully(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

void write_all(int fd, std::string_view text, std::string_view option, const std::string& path) {
  if (const int error = write_fully(fd, text)) throw cannot_write(option, path, error);
}

// A character device or a FIFO, opened for writing; a FIFO waits up to
// kReaderWait for a reader.
int open_stream(const OutputTarget& target, std::string_view option, const std::string& path) {
  const auto give_up = std::chrono::steady_clock::now() + kReaderWait;
  for (;;) {
    const int fd = ::open(target.path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd >= 0) {
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    if (errno == EINTR) continue;
    if (errno != ENXIO) throw cannot_write(option, path, errno);
    if (std::chrono::steady_clock::now() >= give_up) {
      throw cannot_write(
          option, path,
          "a FIFO that no process reads (waited " + std::to_string(kReaderWait.count()) + " ms)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// A regular file (new or replaced) through a temporary file in its folder.
void write_replacing(const OutputTarget& target, std::string_view text, std::string_view option,
                     const std::string& path) {
  std::string temp = folder_of(target.path) + "/." + name_of(target.path) + ".XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) throw cannot_write(option, path, errno);
  auto fail = [&](int error) {
    ::close(fd);
    ::unlink(temp.c_str());
    return cannot_write(option, path, error);
  };
  const bool replacing = target.kind == OutputTarget::Kind::regular;
  const mode_t mode = replacing ? target.mode : (0666 & ~current_umask());
  if (::fchmod(fd, mode) != 0) throw fail(errno);
  if (replacing && (target.owner != ::geteuid() || target.group != ::getegid())) {
    [[maybe_unused]] const int kept = ::fchown(fd, target.owner, target.group);  // where allowed
  }
  if (const int error = write_fully(fd, text)) throw fail(error);
  if (::fsync(fd) != 0) throw fail(errno);
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw cannot_write(option, path, error);
  }
  if (std::rename(temp.c_str(), target.path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw cannot_write(option, path, error);
  }
  // The rename itself on disk (where the folder can be opened).
  if (const int folder = ::open(folder_of(target.path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      folder >= 0) {
    ::fsync(folder);
    ::close(folder);
  }
}

}  // namespace

OutputTarget check_writable(const std::string& path, std::string_view option) {
  const OutputTarget target = resolve(path, option);
  switch (target.kind) {
    case OutputTarget::Kind::descriptor: {
      const int flags = ::fcntl(target.fd, F_GETFL);
      if (flags < 0) throw cannot_write(option, path, errno);
      if ((flags & O_ACCMODE) == O_RDONLY) throw cannot_write(option, path, "not open for writing");
      break;
    }
    case OutputTarget::Kind::stream:
      if (::access(target.path.c_str(), W_OK) != 0) throw cannot_write(option, path, errno);
      break;
    case OutputTarget::Kind::regular:
    case OutputTarget::Kind::new_file: {
      if (target.kind == OutputTarget::Kind::regular && ::access(target.path.c_str(), W_OK) != 0) {
        throw cannot_write(option, path, errno);
      }
      // access() answers for the permissions only (root passes it
      // everywhere, a read-only file system says yes): make the temporary
      // file the output will be written through, and remove it again.
      std::string probe = folder_of(target.path) + "/." + name_of(target.path) + ".XXXXXX";
      const int fd = ::mkstemp(probe.data());
      if (fd < 0) throw cannot_write(option, path, errno);
      ::close(fd);
      ::unlink(probe.c_str());
      break;
    }
  }
  check_identity(target, path, option);
  return target;
}

void write_output_file(const std::string& path, std::string_view text, std::string_view option) {
  const OutputTarget target = check_writable(path, option);
  switch (target.kind) {
    case OutputTarget::Kind::descriptor:
      if (target.fd == 1) {
        std::cout.flush();
        std::fflush(stdout);
      }
      if (target.fd == 2) std::fflush(stderr);
      write_all(target.fd, text, option, path);
      return;
    case OutputTarget::Kind::stream: {
      const int fd = open_stream(target, option, path);
      try {
        write_all(fd, text, option, path);
      } catch (...) {
        ::close(fd);
        throw;
      }
      if (::close(fd) != 0) throw cannot_write(option, path, errno);
      return;
    }
    case OutputTarget::Kind::regular:
    case OutputTarget::Kind::new_file:
      write_replacing(target, text, option, path);
      return;
  }
}

}  // namespace rb
