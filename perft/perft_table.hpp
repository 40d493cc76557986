// Published perft counts from the start position (positions/perft-start.csv,
// also compiled in):
// one row per depth, one column per convention, an empty cell where no value
// is published.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "perft/perft.hpp"

namespace rb {

class PerftTable {
 public:
  // Reads the CSV; throws InputError naming file:line:column on bad content.
  static PerftTable read(const std::string& path);
  // Parses CSV text; `path` names it in errors.
  static PerftTable parse(std::string_view text, const std::string& path);
  // The table of positions/perft-start.csv, compiled into the binary at
  // build time (perft/perft_start_csv.hpp), so that a copied or installed binary
  // needs no file to check its counts.
  static const PerftTable& published();
  std::optional<std::uint64_t> expected(PerftConvention convention, int depth) const;
  int max_depth() const { return static_cast<int>(rows_.size()) - 1; }

 private:
  // rows_[depth][convention]
  std::vector<std::array<std::optional<std::uint64_t>, 3>> rows_;
};

// The published perft counts from the start: compiled into the binary, or
// read from $RB_POSITIONS_DIR/perft-start.csv when that is set (to check a
// table of one's own).
const PerftTable& perft_start_table();

}  // namespace rb
