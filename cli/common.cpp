#include "cli/common.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
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
  std::error_code ec;
  return std::filesystem::exists(path, ec);
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
std::string find_file(const std::string& path) {
  if (exists(path)) return path;
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

PatternWeights load_pattern_weights(const std::string& path, const std::string& option) {
  if (path.empty()) return default_pattern_weights();
  const std::string found = find_file(path);
  if (found.empty()) {
    throw UsageError(option + ": '" + path +
                     "' not found (as given, under $RB_DATA_DIR or the installed data folder)");
  }
  return read_pattern_weights(found);
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
  if (const std::string path = find_file(argument); !path.empty()) return whole_file(path);
  const auto colon = argument.rfind(':');
  const std::string path = colon != std::string::npos && colon > 0
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

namespace {

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

}  // namespace

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
