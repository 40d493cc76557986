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
// the count made so far. The first `first` positions are made before (a
// resumed run): they are handed over unsolved (no moves), to be compared
// with those kept. Returns the first position on which the two computations
// disagree (nothing more is made), or none. UsageError when random games
// do not reach the empties.
std::optional<Position> make_suite(const SuiteRequest& request, int first,
                                   const std::function<void(const ObfEntry&, int made)>& on_entry);

// The suite written to `output` as every output is (io/output.hpp), once it
// is complete. Meanwhile a regular file's finished positions are kept in
// OUTPUT.partial beside it, a record file (io/record_file.hpp: created new,
// each line with its check, on disk as it is made), so that an interrupted
// run destroys nothing and keeps what it made; `resume` goes on with it
// (its header names -e and --seed, which must be this run's; -n may differ:
// the positions are the same sequence). The partial file is removed when
// the suite is written. A device or a FIFO gets the suite at the end, with
// no partial file.
struct SuiteFileRun {
  std::optional<Position> disagreement;  // the two computations disagree there
  int resumed = 0;                       // the positions taken from the partial file
};
SuiteFileRun make_suite_file(const SuiteRequest& request, const std::string& output, bool resume,
                             const std::function<void(int made)>& progress);

}  // namespace rb
