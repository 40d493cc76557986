// What a match writes as it goes: each game in GGF (one a line: the
// opening's moves, then the engines' moves with the evals and times they
// gave), and the match state, a record file of JSON lines (the match's
// identity, then a line per finished pair) from which an interrupted match
// resumes without playing its finished pairs again.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "io/json.hpp"
#include "io/record_file.hpp"
#include "run/match.hpp"

namespace rb {

// The game as one GGF line (no newline). RE[] is black's disc difference
// (":r" after a fault by the loser, ":t" after a loss on time); C[] says
// the pair, the opening, an adjudication or a fault and its reason.
std::string ggf_record(const GameRecord& game, const MatchSettings& settings,
                       const std::string& date);

// What makes two matches the same for resuming: the engines (names,
// commands, protocols, levels), the openings, the adjudication.
Json match_identity(const MatchSettings& settings);

// A game and a pair as JSON (the state file's lines, the --json games).
Json game_json(const GameRecord& game);
Json pair_json(const PairRecord& pair);
// The pair of pair_json(), checked against the match (std::exception naming
// what is wrong).
PairRecord pair_of_json(const Json& json, const MatchSettings& settings);

// The games in GGF (--ggf), one a line, written a line at a time and
// flushed after each, so that an interrupt loses at most the line being
// written; appended to when the match resumes. Opened through the output
// guard (io/output.hpp: never an input of the run, never the file another
// option writes), and only as a regular file: a FIFO or a device is refused
// at once, not waited on.
class LineLog {
 public:
  // Opens `path` to append (`append`) or to write anew, as the output of
  // `option`. OutputError naming the option and the file.
  LineLog(const std::string& path, bool append, std::string_view option);
  ~LineLog();
  // Refuses (InputError naming the file) a file to go on with that exists
  // and is not a regular file: it is read before it is appended to, and a
  // pipe or a terminal would be waited on for ever. A missing file passes.
  static void check_resumable(const std::string& path);
  LineLog(const LineLog&) = delete;
  LineLog& operator=(const LineLog&) = delete;
  void write(const std::string& line);

 private:
  std::string path_;
  std::string option_;
  std::FILE* file_ = nullptr;
};

// The match state (--state): a record file (io/record_file.hpp), its first
// record the match's identity (match_identity()), then one record per
// finished pair (pair_json()). Every line carries its check: a state edited
// by hand is refused with file:line, as is a pair that is not this match's.
class MatchState {
 public:
  // What create() or resume() refuse, before any work (io/record_file.hpp).
  static void check(const std::string& path, bool resume);
  static MatchState create(const std::string& path, const Json& identity);
  // The pairs finished, checked against `identity` and the match.
  static MatchState resume(const std::string& path, const Json& identity,
                           const MatchSettings& settings, std::vector<PairRecord>& done);
  void write(const PairRecord& pair);

 private:
  explicit MatchState(RecordFile file) : file_(std::move(file)) {}
  RecordFile file_;
};

}  // namespace rb
