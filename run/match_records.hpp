// What a match writes as it goes: each game in GGF (one a line: the
// opening's moves, then the engines' moves with the evals and times they
// gave), and the match state, a JSON Lines file (a first line naming the
// match, then a line per finished pair) from which an interrupted match
// resumes without playing its finished pairs again.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "io/json.hpp"
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

// A file written a line at a time and flushed after each, so that an
// interrupt loses at most the line being written.
class LineLog {
 public:
  // Opens `path` to append (`append`) or to write anew; InputError naming
  // the file when it cannot be opened.
  LineLog(const std::string& path, bool append);
  ~LineLog();
  // Refuses (InputError naming the file) a file to append to that exists and
  // is not a regular file: it is read before it is appended to, and a pipe or
  // a terminal would be waited on for ever. A missing file passes.
  static void check_resumable(const std::string& path);
  LineLog(const LineLog&) = delete;
  LineLog& operator=(const LineLog&) = delete;
  void write(const std::string& line);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

// Reads a state file: the pairs finished, checked against `identity`
// (InputError naming the file and line when it differs or a line does not
// parse; a last line cut short by an interrupt is dropped).
std::vector<PairRecord> read_match_state(const std::string& path, const Json& identity,
                                         const MatchSettings& settings);

}  // namespace rb
