// Shared by the search tests: the suites of positions/, read once per test
// binary, and the solver's options from its presets (search/presets.hpp),
// so that no test writes out a configuration of its own.
#pragma once

#include <cstddef>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/obf.hpp"
#include "search/presets.hpp"

namespace rb::testing {

// The positions of positions/NAME.obf (at most the first `limit`), read once.
inline const std::vector<ObfEntry>& suite(
    const std::string& name, std::size_t limit = std::numeric_limits<std::size_t>::max()) {
  static std::map<std::pair<std::string, std::size_t>, std::vector<ObfEntry>> cache;
  auto it = cache.find({name, limit});
  if (it == cache.end()) {
    std::vector<ObfEntry> entries = read_obf_file(RB_POSITIONS_DIR "/" + name + ".obf");
    if (entries.size() > limit) entries.resize(limit);
    it = cache.emplace(std::pair{name, limit}, std::move(entries)).first;
  }
  return it->second;
}

// The shipped pattern weights, as train-eval wrote them.
inline const std::string kShippedWeights = RB_POSITIONS_DIR "/../data/pattern-weights.txt";

// The options of the preset `name` with a table of `tt_mb` MiB (tests keep
// it small) and `threads` threads.
inline SolveOptions preset_options(std::string_view name, std::size_t tt_mb, int threads = 1) {
  SolveOptions o = preset(name).options;
  o.tt_mb = tt_mb;
  o.threads = threads;
  return o;
}

}  // namespace rb::testing
