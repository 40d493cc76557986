#include "cli/common.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>

namespace rb::cli {
namespace {

bool is_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
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

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string positions_dir() {
  if (const char* dir = std::getenv("RB_POSITIONS_DIR"); dir && *dir) return dir;
  return RB_POSITIONS_DIR;
}

std::vector<NamedPosition> load_positions(const std::string& argument) {
  if (argument == "start") {
    ObfEntry entry;
    entry.position = Position::start();
    return {{entry, "start"}};
  }
  if (is_file(argument)) return whole_file(argument);
  const auto colon = argument.rfind(':');
  if (colon != std::string::npos && colon > 0 && is_file(argument.substr(0, colon))) {
    const std::string path = argument.substr(0, colon);
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
  return {{parse_obf_line(argument), "<argument>"}};
}

}  // namespace rb::cli
