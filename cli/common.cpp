#include "cli/common.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "io/default_weights.hpp"
#include "io/eval_weights.hpp"
#include "io/obf.hpp"
#include "io/perft_table.hpp"

namespace rb::cli {
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

// A board string or OBF line: its first 64 characters of the board alphabet
// (blanks aside) come before any ';'. Every FForum line starts with '-',
// which the option parser would take for an option.
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

PatternWeights load_pattern_weights(const std::string& path, const std::string& option) {
  if (path.empty()) return default_pattern_weights();
  const std::string found = find_file(path);
  if (found.empty()) {
    throw UsageError(option + ": '" + path +
                     "' not found (as given, under $RB_DATA_DIR or the installed data folder)");
  }
  return read_pattern_weights(found);
}

void prepare_process() {
  std::signal(SIGXFSZ, SIG_IGN);
  const auto kib = [](rlim_t bytes) { return std::to_string(bytes >> 10) + " KiB"; };
  rlimit limit{};
  if (::getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur < kStackBytes) {
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < kStackBytes) {
      throw rb::ResourceError("the stack limit (ulimit -s) is " + kib(limit.rlim_cur) +
                              ", and at most " + kib(limit.rlim_max) +
                              " (its hard limit); the search needs " + kib(kStackBytes) +
                              ": ulimit -s " + std::to_string(kStackBytes >> 10));
    }
    limit.rlim_cur = kStackBytes;
    if (::setrlimit(RLIMIT_STACK, &limit) != 0) {
      throw rb::ResourceError("the stack limit (ulimit -s) cannot be raised to the " +
                              kib(kStackBytes) + " the search needs: " + std::strerror(errno));
    }
  }
  // Threads take their stack size from the limit as it was at the start.
  pthread_attr_t attr;
  if (::pthread_getattr_default_np(&attr) == 0) {
    std::size_t size = 0;
    if (::pthread_attr_getstacksize(&attr, &size) == 0 && size < kStackBytes &&
        ::pthread_attr_setstacksize(&attr, kStackBytes) == 0) {
      ::pthread_setattr_default_np(&attr);
    }
    ::pthread_attr_destroy(&attr);
  }
}

rb::ResourceError thread_start_failure(std::string_view option, int count,
                                       const rb::ThreadStartError& e, const std::string& what) {
  return rb::ResourceError(std::string(option) + " " + std::to_string(count) + ": cannot start " +
                           std::to_string(count) + " " + what + ": " + e.reason() +
                           " (a limit on processes, ulimit -u, or on memory, ulimit -v)");
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

const PerftTable& perft_start_table() {
  if (const char* dir = std::getenv("RB_POSITIONS_DIR"); dir && *dir) {
    static const PerftTable table = PerftTable::read(std::string(dir) + "/perft-start.csv");
    return table;
  }
  return PerftTable::published();
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

std::vector<std::string> protect_boards(int argc, char** argv) {
  std::vector<std::string> args, boards;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i > 0 && arg.size() > 1 && arg[0] == '-' && looks_like_board(arg)) {
      const std::string previous = args.empty() ? "" : args.back();
      if (previous == "-p" || previous == "--position") {
        args.back() = "--position=" + arg;
      } else {
        boards.push_back(arg);
      }
      continue;
    }
    args.push_back(arg);
  }
  if (!boards.empty()) {
    args.emplace_back("--");
    args.insert(args.end(), boards.begin(), boards.end());
  }
  return args;
}

}  // namespace rb::cli
