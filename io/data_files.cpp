#include "io/data_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <filesystem>

#include "core/errors.hpp"
#include "io/input.hpp"

namespace rb {
namespace {

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// Whether `path` names a file to read: it exists, or it cannot be looked at
// for another reason than its absence (a symlink loop, a name too long, a
// folder that cannot be searched), which the reader then gives.
bool names_a_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 || (errno != ENOENT && errno != ENOTDIR);
}

// The installed data folder: RB_DATA_FROM_BIN from the binary's own folder.
std::string installed_data_dir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  return (exe.parent_path() / RB_DATA_FROM_BIN).lexically_normal().string();
}

// A file named on the command line: as given, else (a relative name) under
// $RB_DATA_DIR, else under the installed data folder. Empty if none exists.
// With `as_given_errors`, a name that cannot be looked at as given (a symlink
// loop, a name too long) is returned, for its reader to say why.
std::string find_file(const std::string& path, bool as_given_errors = true) {
  if (as_given_errors ? names_a_file(path) : exists(path)) return path;
  if (path.empty() || path[0] == '/') return "";
  std::vector<std::string> dirs;
  if (const char* dir = std::getenv("RB_DATA_DIR"); dir && *dir) dirs.emplace_back(dir);
  dirs.push_back(installed_data_dir());
  for (const auto& dir : dirs) {
    if (dir.empty()) continue;
    const std::string candidate = dir + "/" + path;
    if (exists(candidate)) return candidate;
  }
  return "";
}

std::vector<NamedPosition> whole_file(const std::string& path) {
  std::vector<NamedPosition> out;
  int index = 0;
  for (auto& entry : read_obf_file(path)) {
    out.push_back({std::move(entry), path + ":" + std::to_string(++index)});
  }
  return out;
}

}  // namespace

std::string find_data_file(const std::string& path) { return find_file(path); }

bool looks_like_board(std::string_view arg) {
  int squares = 0;
  for (char c : arg) {
    if (c == ';' || squares == 64) break;
    if (c == ' ' || c == '\t') continue;
    if (!rb::is_square_char(c)) return false;
    ++squares;
  }
  return squares == 64;
}

std::vector<NamedPosition> load_positions(const std::string& argument) {
  if (argument == "start") {
    ObfEntry entry;
    entry.position = Position::start();
    return {{entry, "start"}};
  }
  // A board string or OBF line longer than a file name can be is no file.
  const bool board = looks_like_board(argument);
  if (const std::string path = find_file(argument, !board); !path.empty()) {
    return whole_file(path);
  }
  const auto colon = argument.rfind(':');
  const std::string path = colon != std::string::npos && colon > 0 && !board
                               ? find_file(argument.substr(0, colon))
                               : std::string();
  if (!path.empty()) {
    const std::string number = argument.substr(colon + 1);
    int n = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
    if (ec != std::errc{} || end != number.data() + number.size() || n < 1) {
      throw UsageError("'" + argument + "': expected FILE:N with N a position number from 1");
    }
    auto positions = whole_file(path);
    if (static_cast<std::size_t>(n) > positions.size()) {
      throw UsageError("'" + argument + "': the file holds " + std::to_string(positions.size()) +
                       " positions");
    }
    return {std::move(positions[static_cast<std::size_t>(n) - 1])};
  }
  // Not a file: a board string or OBF line. A text that looks like a path
  // gets a clearer message than a board-parse error.
  if (argument.find('/') != std::string::npos || argument.ends_with(".obf")) {
    throw InputError(argument, 0, 0, "cannot read: no such file");
  }
  // A short word with a file extension is a missing file's name, not a board.
  const auto dot = argument.rfind('.');
  const bool extension = dot != std::string::npos && dot + 1 < argument.size() &&
                         argument.size() - dot <= 5 &&
                         std::all_of(argument.begin() + static_cast<long>(dot) + 1, argument.end(),
                                     [](unsigned char c) { return std::isalnum(c) != 0; });
  if (argument.size() < 64 && extension) {
    throw InputError(argument, 0, 0,
                     "no such file, and not a board string (64 squares and a side to move)");
  }
  return {{parse_obf_line(argument), "<argument>"}};
}

}  // namespace rb
