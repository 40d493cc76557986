#include "io/json.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "io/output.hpp"

namespace rb {
namespace {

std::string folder_of(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

OutputError cannot_write(std::string_view option, const std::string& path, int error) {
  return OutputError(std::string(option) + ": cannot write '" + path +
                     "': " + std::strerror(error));
}

}  // namespace

void check_writable(const std::string& path, std::string_view option) {
  if (path.empty()) throw OutputError(std::string(option) + ": the file name is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw cannot_write(option, path, EISDIR);
  const std::string folder = folder_of(path);
  if (access(folder.c_str(), W_OK | X_OK) != 0) throw cannot_write(option, path, errno);
  if (access(path.c_str(), F_OK) == 0 && access(path.c_str(), W_OK) != 0) {
    throw cannot_write(option, path, errno);
  }
  // access() answers for the permissions only (root passes it everywhere, a
  // read-only or pseudo file system says yes): create the temporary file the
  // result will be written through, and remove it again.
  std::string probe = folder + "/." + std::filesystem::path(path).filename().string() + ".XXXXXX";
  const int fd = mkstemp(probe.data());
  if (fd < 0) throw cannot_write(option, path, errno);
  ::close(fd);
  ::unlink(probe.c_str());
}

void write_json_file(const std::string& path, const Json& doc, std::string_view option) {
  check_writable(path, option);
  const std::string text = doc.dump(2) + "\n";
  std::string temp =
      folder_of(path) + "/." + std::filesystem::path(path).filename().string() + ".XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) throw cannot_write(option, path, errno);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      throw cannot_write(option, path, error);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw cannot_write(option, path, error);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw cannot_write(option, path, error);
  }
}

}  // namespace rb
