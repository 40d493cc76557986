#include "perft/perft_checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <sstream>

#include "io/input.hpp"
#include "io/obf.hpp"
#include "io/output.hpp"

namespace rb {
namespace {

constexpr std::string_view kMagic = "reversi-bench perft checkpoint 1";
// The largest checkpoint read: a line per unit, some 60 bytes each.
constexpr std::size_t kMaxCheckpointBytes = std::size_t{1} << 30;

std::uint32_t fnv1a(std::string_view text) {
  std::uint32_t h = 2166136261u;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

std::string hex(std::uint64_t value, int digits) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%0*llx", digits, static_cast<unsigned long long>(value));
  return buffer;
}

std::string system_error(const std::string& what, const std::string& path) {
  return what + " checkpoint '" + path + "': " + std::strerror(errno);
}

void write_all(int fd, std::string_view text, const std::string& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw OutputError(system_error("cannot write", path));
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (::fsync(fd) != 0) throw OutputError(system_error("cannot flush", path));
}

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    const std::size_t end = line.find(' ', i);
    out.push_back(line.substr(i, end == std::string_view::npos ? end : end - i));
    if (end == std::string_view::npos) break;
    i = end + 1;
  }
  return out;
}

template <class T>
std::optional<T> parse_number(std::string_view text, int base = 10) {
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string PerftCheckpoint::header(const CheckpointConfig& c) {
  std::ostringstream out;
  out << kMagic << "\nposition " << c.board << "\nconvention " << enum_name(c.convention)
      << "\ndepth " << c.depth << "\nsplit " << c.plies << "\nunits " << c.units << "\n";
  return out.str();
}

std::string PerftCheckpoint::unit_line(std::size_t index, Count128 count, std::uint64_t checksum) {
  const std::string fields3 =
      std::to_string(index) + " " + to_decimal(count) + " " + hex(checksum, 16);
  return fields3 + " " + hex(fnv1a(fields3), 8) + "\n";
}

std::string PerftCheckpoint::check_create(const std::string& path) {
  struct stat st {};
  if (!path.empty() && ::stat(path.c_str(), &st) == 0) {
    if (const auto input = input_named_for(st.st_dev, st.st_ino)) {
      throw OutputError("--checkpoint: '" + path + "' is the input '" + *input + "' of this run");
    }
    if (S_ISREG(st.st_mode)) {
      throw OutputError("--checkpoint '" + path +
                        "' exists already; continue it with --resume, or remove it");
    }
    throw OutputError("--checkpoint: cannot write '" + path +
                      "': not a regular file (a checkpoint is appended to, then read again)");
  }
  // The refusals of every output (an empty name, an input of the run, a
  // file another option writes); a symlink is followed to its target.
  return check_writable(path, "--checkpoint").path;
}

void PerftCheckpoint::check_resume(const std::string& path) {
  if (path.empty()) throw OutputError("--resume: the file name is empty");
  // A regular file, refused at once otherwise: it is appended to as well.
  if (const std::string why = check_regular_input(path); !why.empty()) {
    throw InputError(path, 0, 0, "cannot read the checkpoint: " + why);
  }
}

PerftCheckpoint PerftCheckpoint::create(const std::string& path, const CheckpointConfig& config) {
  const std::string target = check_create(path);
  const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) {
    if (errno == EEXIST) {
      throw OutputError("--checkpoint '" + path +
                        "' exists already; continue it with --resume, or remove it");
    }
    throw OutputError(system_error("cannot create", path));
  }
  PerftCheckpoint checkpoint(path, fd);
  write_all(fd, header(config), path);
  return checkpoint;
}

PerftCheckpoint PerftCheckpoint::resume(const std::string& path, const CheckpointConfig& config,
                                        const std::vector<std::uint64_t>& checksums,
                                        std::vector<std::optional<Count128>>& finished,
                                        const std::vector<Count128>& max_counts) {
  check_resume(path);
  const std::string text = read_input_file(path, kMaxCheckpointBytes);
  // The complete lines; a last line without its newline is dropped.
  const std::size_t complete = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
  const std::string expected_header = header(config);
  // The header, line by line against this run's.
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
  std::size_t header_pos = 0;
  for (int h = 0; h < 6; ++h) {
    const std::size_t end = expected_header.find('\n', header_pos);
    const std::string_view want =
        std::string_view(expected_header).substr(header_pos, end - header_pos);
    header_pos = end + 1;
    std::string_view line;
    if (!next_line(line)) {
      throw InputError(path, line_no + 1, 0,
                       "the checkpoint's header ends early (expected '" + std::string(want) + "')");
    }
    check_line_bytes(line, {path, line_no});
    if (line != want) {
      if (h == 0) {
        throw InputError(path, line_no, 0,
                         "not a perft checkpoint (expected '" + std::string(kMagic) + "')");
      }
      throw InputError(path, line_no, 0,
                       "a checkpoint of another run: '" + printable(line) + "', this run has '" +
                           std::string(want) + "'");
    }
  }
  std::string_view line;
  while (next_line(line)) {
    check_line_bytes(line, {path, line_no});
    const auto f = fields(line);
    auto bad = [&](const std::string& why) {
      return InputError(path, line_no, 0,
                        "damaged checkpoint line '" + printable(line) + "': " + why);
    };
    if (f.size() != 4) throw bad("expected 4 fields (index, count, unit checksum, line check)");
    const auto index = parse_number<std::size_t>(f[0]);
    const auto count = parse_decimal(f[1]);
    const auto checksum = f[2].size() == 16 ? parse_number<std::uint64_t>(f[2], 16) : std::nullopt;
    const auto check = f[3].size() == 8 ? parse_number<std::uint32_t>(f[3], 16) : std::nullopt;
    if (!index || !count || !checksum || !check) throw bad("a field is not a number of its form");
    if (*check != fnv1a(line.substr(0, line.size() - f[3].size() - 1))) {
      throw bad("its line check does not match its fields");
    }
    if (*index >= checksums.size()) throw bad("no unit has this index");
    if (*checksum != checksums[*index]) throw bad("the unit checksum is not that unit's");
    if (finished[*index]) throw bad("unit " + std::to_string(*index) + " is finished twice");
    if (*index < max_counts.size() && *count > max_counts[*index]) {
      throw bad("the count is above " + to_decimal(max_counts[*index]) +
                ", the most leaves that unit can have below it");
    }
    finished[*index] = *count;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw OutputError(system_error("cannot append to", path));
  PerftCheckpoint checkpoint(path, fd);
  if (complete < text.size() && ::ftruncate(fd, static_cast<off_t>(complete)) != 0) {
    throw OutputError(system_error("cannot cut the unfinished last line off", path));
  }
  return checkpoint;
}

PerftCheckpoint::PerftCheckpoint(PerftCheckpoint&& other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_) {
  other.fd_ = -1;
}

PerftCheckpoint::~PerftCheckpoint() {
  if (fd_ >= 0) ::close(fd_);
}

void PerftCheckpoint::append(std::size_t index, Count128 count, std::uint64_t checksum) {
  write_all(fd_, unit_line(index, count, checksum), path_);
}

}  // namespace rb
