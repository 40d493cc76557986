// A match between two engines (issue #47): games in colour-swapped pairs
// from a list of openings, played over the engines' protocols
// (protocol/session.hpp), several at once, scored by pairs
// (run/match_stats.hpp) and stopped as soon as the SPRT decides.
//
// The harness is the referee: it keeps the board, passes for a side with
// no move (an engine is never asked to pass), checks every move, and
// keeps each engine's clock. An engine that commits a fault (an illegal
// move, no move within the time, a crash, a line that breaks its protocol)
// loses that game; the fault is recorded with its reason and the engine's
// last lines, the engine is killed and started again for the next game, and
// the match goes on. An engine that cannot be started three times in a row
// ends the match (MatchAborted). With adjudication, a game that reaches E
// empties is finished by the project's exact solver and scored by perfect
// play from there.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/memory.hpp"
#include "protocol/protocol.hpp"
#include "protocol/session.hpp"
#include "run/match_stats.hpp"
#include "run/openings.hpp"
#include "search/session.hpp"

namespace rb {

// One engine of the match and how it is asked to play.
struct MatchEngine {
  protocol::EngineSpec spec;  // its command, protocol, name, set-up commands
  // A game clock in seconds for the whole game (0: none). The harness keeps
  // it; a GTP engine is told it (time_settings at the start, time_left
  // before each genmove); an engine whose clock runs out loses on time.
  double game_time = 0;
};

struct MatchSettings {
  std::vector<MatchEngine> engines;  // two: A and B
  std::vector<Opening> openings;
  int pairs = 0;                 // pairs to play at most; opening i % openings.size() for pair i
  int jobs = 1;                  // games played at once
  double move_time_limit = 300;  // seconds for any one move (a hang is a time loss)
  double start_timeout = 10;     // seconds for a start, a set-up
  double clock_margin = 0.1;     // seconds an engine may overrun its game clock
  int adjudicate_empties = -1;   // finish games at this many empties exactly (-1: never)
  std::optional<SprtSettings> sprt;  // stop when it decides
};

// One move of a game after its opening.
struct MoveRecord {
  Square move = kNoSquare;  // kPass: a forced pass, played by the harness
  double seconds = 0;
  std::optional<double> eval;  // what the engine reported, for the side it played
};

struct GameRecord {
  int pair = 0;
  int game = 0;  // within its pair: 0 with A black, 1 with B black
  int opening = 0;
  int black = 0, white = 0;  // engine indices
  std::vector<MoveRecord> moves;
  enum class End { played, adjudicated, fault } end = End::played;
  int result = 0;  // black's discs minus white's, the empties to the winner (not for a fault)
  int adjudicated_empties = 0;
  int faulty = -1;  // the engine at fault
  protocol::FaultKind fault = protocol::FaultKind::exited;
  std::string fault_reason;
  std::vector<std::string> last_lines;
  // Points of engine e in this game: 1, 1/2 or 0.
  double points(int e) const;
};

struct PairRecord {
  int pair = 0;
  GameRecord games[2];
  // A's points over the pair, 0..2 in halves: the pentanomial index.
  int penta_index() const;
};

struct MatchProgress {
  Pentanomial counts;                   // for engine A
  int wins = 0, losses = 0, draws = 0;  // A's games
  int faults[2] = {0, 0};
  std::optional<SprtState> sprt;
};

struct MatchResult {
  std::vector<PairRecord> pairs;  // in the order they finished
  MatchProgress progress;
  bool stopped_by_sprt = false;
};

struct MatchObserver {
  std::function<void(const GameRecord&)> game;  // each game as it ends
  std::function<void(const PairRecord&, const MatchProgress&)> pair;
};

// The match cannot go on (an engine that does not start): a resource that
// cannot be had (exit 2).
class MatchAborted : public ResourceError {
 public:
  using ResourceError::ResourceError;
};

// Plays pairs one at a time with two engine processes of its own (started
// when first needed, killed after a fault and started again for the next
// game): what each worker of run_match() and each rank of an MPI match
// runs. Not thread-safe: one per thread.
class PairPlayer {
 public:
  PairPlayer(const MatchSettings& settings, const SearchSession* solver);
  ~PairPlayer();
  PairPlayer(const PairPlayer&) = delete;
  PairPlayer& operator=(const PairPlayer&) = delete;
  // Plays both games of pair `pair`, calling on_game after each; nullopt
  // when quit() turned true first (the game in play abandoned). Throws
  // MatchAborted when an engine failed to start three times in a row.
  std::optional<PairRecord> play(int pair, const std::function<bool()>& quit,
                                 const std::function<void(const GameRecord&)>& on_game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The match before its first pair: the pairs `done` (a resumed match)
// counted, and in `todo` the pairs left to play, in order.
MatchResult start_match(const MatchSettings& settings, const std::vector<PairRecord>& done,
                        std::vector<int>& todo);
// Whether the SPRT has decided.
bool match_decided(const MatchResult& result);
// Adds a finished pair: counted, shown to the observer; true when the SPRT
// has decided with it.
bool add_pair(MatchResult& result, const PairRecord& pair, const MatchSettings& settings,
              const MatchObserver& observer);

// Where the pairs are played when not here: over the ranks of an MPI job
// (reversi-bench-mpi match). The leader hands out the pairs, counts them
// and observes them; the others only play.
class MatchTransport {
 public:
  virtual ~MatchTransport() = default;
  virtual bool leader() const = 0;
  // On the leader: the match played; elsewhere: nullopt, once the leader
  // has let this process go.
  virtual std::optional<MatchResult> run(const MatchSettings& settings, const SearchSession* solver,
                                         const std::vector<PairRecord>& done,
                                         const MatchObserver& observer) = 0;
};
// The transport set by the MPI binary; none (play here) by default.
MatchTransport* match_transport();
void set_match_transport(MatchTransport* transport);

// Plays the match here, -j games at once. `solver` finishes adjudicated
// games (needed when adjudicate_empties >= 0). `done` pairs already played
// (a resumed match) are counted and not played again. An error in a worker
// (an engine that does not start, an output that cannot be written) stops
// the others and is thrown here once they have ended.
MatchResult run_match(const MatchSettings& settings, const SearchSession* solver,
                      const std::vector<PairRecord>& done, const MatchObserver& observer);

// Adds a finished pair to the progress (counts, games, faults, the SPRT).
void count_pair(MatchProgress& progress, const PairRecord& pair,
                const std::optional<SprtSettings>& sprt);

}  // namespace rb
