// The work of `reversi-bench make-suite`: positions with exactly E empties
// from seeded random games, each with the exact score of every legal move,
// computed by one search session (kindergarten+list, PVS with a table) and
// confirmed by a second (shift, alpha-beta on the legal-move mask, no
// table). Deterministic for a seed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "io/obf.hpp"

namespace rb {

struct SuiteRequest {
  int empties = 0;
  int count = 30;
  std::uint64_t seed = 1;
};

// The suite's header lines (comments), with the command that makes it.
std::string suite_header(const SuiteRequest& request);

// Makes the positions one after the other, each handed to `on_entry` with
// the count made so far. Returns the first position on which the two
// computations disagree (nothing more is made), or none. UsageError when
// random games do not reach the empties.
std::optional<Position> make_suite(const SuiteRequest& request,
                                   const std::function<void(const ObfEntry&, int made)>& on_entry);

}  // namespace rb
