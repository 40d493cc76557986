#include "cli/engine_suite.hpp"

#include <charconv>

#include "cli/common.hpp"

namespace rb::cli {
namespace {

bool has_game_line(std::string_view text) {
  while (!text.empty()) {
    const auto newline = text.find('\n');
    if (engine::is_game_line(text.substr(0, newline))) return true;
    text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
  }
  return false;
}

// A file with game lines, whole or its N-th position (0: whole).
std::vector<engine::SuitePosition> game_file(const std::string& argument, const std::string& path,
                                             std::size_t n, const std::string& text) {
  auto all = engine::parse_suite_text(text, path);
  if (n == 0) return all;
  if (n > all.size()) {
    throw UsageError("'" + argument + "': the file holds " + std::to_string(all.size()) +
                     " positions");
  }
  return {std::move(all[n - 1])};
}

}  // namespace

std::vector<engine::SuitePosition> load_suite(const std::string& argument) {
  // A file of game lines (or OBF lines and game lines): read here; any
  // other argument exactly as `solve` reads it.
  std::string path = find_data_file(argument);
  std::size_t n = 0;
  if (path.empty()) {
    const auto colon = argument.rfind(':');
    if (colon != std::string::npos && colon > 0) {
      const std::string number = argument.substr(colon + 1);
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
      if (ec == std::errc{} && end == number.data() + number.size() && n > 0) {
        path = find_data_file(argument.substr(0, colon));
      }
    }
  }
  if (!path.empty()) {
    const std::string text = engine::read_suite_file(path);
    if (has_game_line(text)) return game_file(argument, path, n, text);
  } else if (engine::is_game_line(argument)) {
    auto p = engine::parse_game_line(argument, {"<argument>", 1});
    p.label = "<argument>";
    return {std::move(p)};
  }
  std::vector<engine::SuitePosition> out;
  for (auto& named : load_positions(argument)) {
    engine::SuitePosition p;
    p.entry = std::move(named.entry);
    p.label = std::move(named.label);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace rb::cli
