#include "io/perft_table.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

#include "io/obf.hpp"
#include "io/perft_start_csv.hpp"

namespace rb {
namespace {

std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

}  // namespace

PerftTable PerftTable::read(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw InputError(path, 0, 0, "cannot read the perft table");
  std::string text;
  char chunk[4096];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) {
    if (text.size() > (std::size_t{1} << 20)) throw InputError(path, 0, 0, "larger than 1 MiB");
    text.append(chunk, static_cast<std::size_t>(file.gcount()));
  }
  return parse(text, path);
}

const PerftTable& PerftTable::published() {
  static const PerftTable table = parse(kPerftStartCsv, "perft-start.csv (built in)");
  return table;
}

PerftTable PerftTable::parse(std::string_view text, const std::string& path) {
  std::istringstream in{std::string(text)};
  std::string line;
  int line_number = 1;
  if (!std::getline(in, line)) throw InputError(path, 0, 0, "empty perft table");
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const auto header = split_csv(line);
  const char* names[3] = {"a124004", "bik", "no_pass"};
  std::array<int, 3> column{-1, -1, -1};
  for (std::size_t i = 0; i < header.size(); ++i) {
    for (int c = 0; c < 3; ++c) {
      if (header[i] == names[c]) column[c] = static_cast<int>(i);
    }
  }
  if (header.empty() || header[0] != "depth" || column[0] < 0 || column[1] < 0 || column[2] < 0) {
    throw InputError(path, 1, 1, "expected the header depth,a124004,bik,no_pass");
  }
  PerftTable table;
  table.rows_.resize(1);
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto cells = split_csv(line);
    int col = 1;
    auto number = [&](const std::string& text) -> std::optional<std::uint64_t> {
      if (text.empty()) return std::nullopt;
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc{} || end != text.data() + text.size()) {
        throw InputError(path, line_number, col, "bad count '" + text + "'");
      }
      return value;
    };
    if (cells.size() != header.size()) {
      throw InputError(path, line_number, 1,
                       "expected " + std::to_string(header.size()) + " cells, found " +
                           std::to_string(cells.size()));
    }
    const auto depth = number(cells[0]);
    if (!depth || *depth != table.rows_.size()) {
      throw InputError(path, line_number, 1,
                       "expected depth " + std::to_string(table.rows_.size()));
    }
    std::array<std::optional<std::uint64_t>, 3> row;
    for (int c = 0; c < 3; ++c) {
      col = 1;
      for (int k = 0; k < column[c]; ++k) col += static_cast<int>(cells[k].size()) + 1;
      row[c] = number(cells[column[c]]);
    }
    table.rows_.push_back(row);
  }
  return table;
}

std::optional<std::uint64_t> PerftTable::expected(PerftConvention convention, int depth) const {
  if (depth < 1 || depth >= static_cast<int>(rows_.size())) return std::nullopt;
  return rows_[depth][static_cast<int>(convention)];
}

}  // namespace rb
