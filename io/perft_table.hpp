// Published perft counts from the start position (positions/perft-start.csv):
// one row per depth, one column per convention, an empty cell where no value
// is published.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "search/perft.hpp"

namespace rb {

class PerftTable {
 public:
  // Reads the CSV; throws InputError naming file:line:column on bad content.
  static PerftTable read(const std::string& path);
  std::optional<std::uint64_t> expected(PerftConvention convention, int depth) const;
  int max_depth() const { return static_cast<int>(rows_.size()) - 1; }

 private:
  // rows_[depth][convention]
  std::vector<std::array<std::optional<std::uint64_t>, 3>> rows_;
};

}  // namespace rb
