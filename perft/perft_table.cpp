#include "perft/perft_table.hpp"

#include <charconv>
#include <cstdlib>
#include <sstream>

#include "io/input.hpp"
#include "io/obf.hpp"
#include "perft/perft_start_csv.hpp"

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
  return parse(read_input_file(path, std::size_t{1} << 20), path);
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
  check_line_bytes(line, {path, line_number});
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line != "depth,a124004,bik,no_pass") {
    throw InputError(path, 1, 1, "expected the header depth,a124004,bik,no_pass");
  }
  PerftTable table;
  table.rows_.resize(1);
  // The last count given in each column: counts grow with the depth, so a
  // smaller one is a damaged table (a truncated number, a lost digit).
  std::array<std::optional<std::uint64_t>, 3> last;
  while (std::getline(in, line)) {
    ++line_number;
    check_line_bytes(line, {path, line_number});
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto cells = split_csv(line);
    if (cells.size() != 4) {
      throw InputError(path, line_number, 1,
                       "expected 4 cells, found " + std::to_string(cells.size()));
    }
    int column = 1;  // of the cell being read
    auto number = [&](const std::string& cell) -> std::optional<std::uint64_t> {
      if (cell.empty()) return std::nullopt;
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
      if (ec == std::errc::result_out_of_range && end == cell.data() + cell.size()) {
        throw InputError(path, line_number, column,
                         "count " + printable(cell) + " does not fit in 64 bits");
      }
      if (ec != std::errc{} || end != cell.data() + cell.size()) {
        throw InputError(path, line_number, column, "bad count '" + printable(cell) + "'");
      }
      return value;
    };
    const auto depth = number(cells[0]);
    if (!depth || *depth != table.rows_.size()) {
      throw InputError(path, line_number, 1,
                       "expected depth " + std::to_string(table.rows_.size()));
    }
    std::array<std::optional<std::uint64_t>, 3> row;
    column += static_cast<int>(cells[0].size()) + 1;
    for (std::size_t c = 0; c < 3; ++c) {
      row[c] = number(cells[c + 1]);
      if (row[c] && last[c] && *row[c] <= *last[c]) {
        throw InputError(
            path, line_number, column,
            "count " + printable(cells[c + 1]) + " is not larger than the one at the depth above");
      }
      if (row[c]) last[c] = row[c];
      column += static_cast<int>(cells[c + 1].size()) + 1;
    }
    table.rows_.push_back(row);
  }
  if (table.rows_.size() == 1) throw InputError(path, 0, 0, "no counts after the header");
  return table;
}

std::optional<std::uint64_t> PerftTable::expected(PerftConvention convention, int depth) const {
  if (depth < 1 || depth >= static_cast<int>(rows_.size())) return std::nullopt;
  return rows_[depth][static_cast<int>(convention)];
}

const PerftTable& perft_start_table() {
  if (const char* dir = std::getenv("RB_POSITIONS_DIR"); dir && *dir) {
    static const PerftTable table = PerftTable::read(std::string(dir) + "/perft-start.csv");
    return table;
  }
  return PerftTable::published();
}

}  // namespace rb
