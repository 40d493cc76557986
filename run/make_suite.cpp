#include "run/make_suite.hpp"

#include <algorithm>
#include <random>

#include <unistd.h>

#include "check/random_positions.hpp"
#include "core/errors.hpp"
#include "core/reference.hpp"
#include "io/output.hpp"
#include "io/record_file.hpp"
#include "search/session.hpp"

namespace rb {
namespace {

// The two independent computations: a bitboard with the list, PVS and a
// table; and a bitboard with the legal mask, alpha-beta, no table.
SearchSession primary() {
  SearchRequest r;
  r.preset = "pvs";
  r.tt_mb = 32;
  r.variant = "kindergarten+list";
  return SearchSession::open(r);
}

SearchSession confirmation() {
  SearchRequest r;
  r.preset = "fastest";
  r.variant = "shift";
  r.moves = MoveGen::mask;
  return SearchSession::open(r);
}

}  // namespace

std::string suite_header(const SuiteRequest& request) {
  return "% reversi-bench make-suite -e " + std::to_string(request.empties) + " -n " +
         std::to_string(request.count) + " --seed " + std::to_string(request.seed) +
         "\n% Positions with " + std::to_string(request.empties) +
         " empties from seeded random games; every move's exact score by kindergarten+list\n"
         "% (pvs, table) confirmed by shift (alpha-beta, legal mask, no table).\n";
}

std::optional<Position> make_suite(const SuiteRequest& request, int first,
                                   const std::function<void(const ObfEntry&, int made)>& on_entry) {
  SearchSession one = primary();
  SearchSession second = confirmation();
  std::mt19937_64 rng(request.seed);
  for (int made = 0, attempts = 0; made < request.count; ++attempts) {
    if (attempts > request.count * 1000) throw UsageError("random games do not reach the empties");
    const Position p = random_reachable(rng, 60 - request.empties);
    if (p.empties() != request.empties) continue;
    if (made < first) {  // made before: no moves (the game is not over), not solved again
      if (ReferenceBoard(p).game_over()) continue;
      ObfEntry kept;
      kept.position = p;
      on_entry(kept, ++made);
      continue;
    }
    const MoveScores a = one.score_moves(p);
    if (a.moves.empty()) continue;  // the game is over
    const MoveScores b = second.score_moves(p);
    if (a.moves != b.moves) return p;
    ObfEntry entry;
    entry.position = p;
    entry.moves = a.moves;
    std::stable_sort(entry.moves.begin(), entry.moves.end(),
                     [](const MoveScore& x, const MoveScore& y) { return x.score > y.score; });
    on_entry(entry, ++made);
  }
  return std::nullopt;
}

namespace {

constexpr RecordKind kPartialKind{"--output (its .partial file)", "partial suite",
                                  "make-suite partial file"};

// The partial file's header: what the positions depend on (not -n).
std::string partial_header(const SuiteRequest& r) {
  return "reversi-bench make-suite partial 1\n% -e " + std::to_string(r.empties) + " --seed " +
         std::to_string(r.seed) + "\n";
}

}  // namespace

SuiteFileRun make_suite_file(const SuiteRequest& request, const std::string& output, bool resume,
                             const std::function<void(int made)>& progress) {
  const OutputTarget target = check_writable(output, "--output");
  const bool kept =
      target.kind == OutputTarget::Kind::regular || target.kind == OutputTarget::Kind::new_file;
  if (resume && !kept) {
    throw UsageError("--resume: '" + output + "' is not a regular file: it has no partial file");
  }
  std::optional<RecordFile> partial;
  std::vector<Record> done;
  if (kept) {
    const std::string path = target.path + ".partial";
    partial.emplace(resume ? RecordFile::resume(path, kPartialKind, partial_header(request), done)
                           : RecordFile::create(path, kPartialKind, partial_header(request)));
  }
  SuiteFileRun run;
  std::vector<Position> kept_positions;
  for (const Record& r : done) {
    kept_positions.push_back(parse_obf_line(r.text, {partial->path(), r.line}).position);
  }
  run.resumed = static_cast<int>(std::min<std::size_t>(done.size(), request.count));
  std::string text = suite_header(request);
  run.disagreement = make_suite(request, run.resumed, [&](const ObfEntry& entry, int made) {
    if (made <= run.resumed) {
      const Record& r = done[static_cast<std::size_t>(made - 1)];
      if (entry.position != kept_positions[static_cast<std::size_t>(made - 1)]) {
        throw InputError(partial->path(), r.line, 0,
                         "position " + std::to_string(made) + " is not the one -e " +
                             std::to_string(request.empties) + " --seed " +
                             std::to_string(request.seed) + " makes");
      }
      text += r.text + "\n";
      return;
    }
    const std::string line = format_obf_line(entry);
    if (partial) partial->append(line);
    text += line + "\n";
    progress(made);
  });
  if (run.disagreement) return run;
  write_output_file(output, text, "--output");
  if (partial) ::unlink(partial->path().c_str());
  return run;
}

}  // namespace rb
