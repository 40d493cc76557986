#include "run/match.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "core/job_queue.hpp"
#include "core/reference.hpp"
#include "core/rules.hpp"
#include "protocol/runner.hpp"

namespace rb {
namespace {

using protocol::FaultKind;

// A game given up because the match ended (the SPRT decided, an abort).
struct Abandoned {};

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g s", s);
  return text;
}

// The match here: -j threads, each with a PairPlayer, taking the pairs in
// turn; the progress and the SPRT kept under one lock.
class Match {
 public:
  Match(const MatchSettings& settings, const SearchSession* solver,
        const std::vector<PairRecord>& done, const MatchObserver& observer)
      : s_(settings), solver_(solver), observer_(observer) {
    result_ = start_match(settings, done, todo_);
  }

  // The pairs on the job queue (core/job_queue.hpp), each worker with its
  // PairPlayer; a pair is counted (and its records written) in the order of
  // the pairs, so that the same games give the same standings and state
  // whatever the workers' pace. The SPRT's verdict, a fault of the match or
  // an interrupt stops the queue and abandons the pairs under way.
  MatchResult run() {
    if (todo_.empty() || match_decided(result_)) return std::move(result_);
    const int workers = std::max(1, std::min<int>(s_.jobs, static_cast<int>(todo_.size())));
    const auto quit = [this] { return quit_.load(); };
    const auto on_game = [this](const GameRecord& g) {
      std::lock_guard lock(mutex_);
      if (!quit_ && observer_.game) observer_.game(g);
    };
    run_jobs(
        todo_.size(), workers, [this] { return PairPlayer(s_, solver_); },
        [&](PairPlayer& player, std::size_t i) {
          try {
            return player.play(todo_[i], quit, on_game);
          } catch (...) {
            quit_ = true;  // the other workers give up their pairs at once
            throw;
          }
        },
        [&](std::size_t, std::optional<PairRecord>&& record) {
          std::lock_guard lock(mutex_);
          if (!record || quit_) {
            quit_ = true;
            return false;
          }
          if (add_pair(result_, *record, s_, observer_)) {
            quit_ = true;
            return false;
          }
          return true;
        });
    return std::move(result_);
  }

 private:
  const MatchSettings& s_;
  const SearchSession* solver_;
  const MatchObserver& observer_;
  std::mutex mutex_;
  std::vector<int> todo_;
  MatchResult result_;
  std::atomic<bool> quit_{false};
};

MatchTransport* current_transport = nullptr;

}  // namespace

struct PairPlayer::Impl {
  Impl(const MatchSettings& s, const SearchSession* chosen)
      : settings(s),
        players{protocol::EngineRunner(s.engines[0].spec, limits(s)),
                protocol::EngineRunner(s.engines[1].spec, limits(s))} {
    if (chosen) adjudicator.emplace(chosen->worker(1));  // one thread: -j games run at once
  }

  GameRecord play_game(int pair, int game, const std::function<bool()>& quit) {
    GameRecord g;
    g.pair = pair;
    g.game = game;
    g.opening = pair % static_cast<int>(settings.openings.size());
    g.black = game;
    g.white = 1 - game;
    const Opening& opening = settings.openings[static_cast<std::size_t>(g.opening)];
    ReferenceBoard board(opening.position);
    std::vector<Square> moves = opening.moves;
    double clock[2] = {settings.engines[static_cast<std::size_t>(g.black)].game_time,
                       settings.engines[static_cast<std::size_t>(g.white)].game_time};
    for (;;) {
      if (quit && quit()) throw Abandoned{};
      const Position position = board.position();
      if (board.game_over()) {
        const int diff = popcount(position.player) - popcount(position.opponent);
        const int score = final_score(diff, position.empties());
        g.result = position.side == Color::black ? score : -score;
        break;
      }
      const Bitboard legal = board.legal_moves();
      if (legal == 0) {
        board.pass();
        moves.push_back(kPass);
        g.moves.push_back({kPass, 0, std::nullopt});
        continue;
      }
      if (settings.adjudicate_empties >= 0 && position.empties() <= settings.adjudicate_empties) {
        const SolveResult r = adjudicator->solve(position, 0, Tables::clear);
        g.end = GameRecord::End::adjudicated;
        g.adjudicated_empties = position.empties();
        g.result = position.side == Color::black ? r.score : -r.score;
        break;
      }
      const int side = position.side == Color::black ? 0 : 1;
      const int e = side == 0 ? g.black : g.white;
      const MatchEngine& engine = settings.engines[static_cast<std::size_t>(e)];
      protocol::EngineRunner& player = players[e];
      protocol::MoveLimit limit{settings.move_time_limit, "--time-limit", std::nullopt};
      if (engine.game_time > 0) {
        limit.clock = std::max(0.0, clock[side]);
        if (*limit.clock + settings.clock_margin < limit.seconds) {
          limit.seconds = *limit.clock + settings.clock_margin;
          limit.name = "its clock";
        }
      }
      protocol::SuitePosition sp;
      sp.entry.position = position;
      sp.label = opening.label;
      sp.game = moves;
      protocol::PositionRun run = player.run(sp, limit);
      if (run.start_fault) {
        if (++start_failures[e] >= kMaxStartFailures) {
          throw MatchAborted("engine '" + engine.spec.name + "' failed to start " +
                             std::to_string(kMaxStartFailures) +
                             " times in a row; the last time: " + run.fault_reason);
        }
      } else {
        start_failures[e] = 0;
      }
      if (run.answer) {
        clock[side] -= run.seconds;
        if (engine.game_time > 0 && clock[side] < -settings.clock_margin) {
          run.fault = FaultKind::timeout;
          run.fault_reason = "lost on time: its clock ran out by " + seconds_text(-clock[side]) +
                             " with move " + square_name(run.answer->move);
          run.last_lines = player.kill();
        }
      }
      if (run.fault) {
        g.end = GameRecord::End::fault;
        g.faulty = e;
        g.fault = *run.fault;
        g.fault_reason = run.fault_reason;
        g.last_lines = std::move(run.last_lines);
        break;
      }
      board.play(run.answer->move);
      moves.push_back(run.answer->move);
      g.moves.push_back({run.answer->move, run.seconds, run.answer->score});
    }
    return g;
  }

  static constexpr int kMaxStartFailures = 3;
  const MatchSettings& settings;
  std::optional<SearchSession> adjudicator;
  static protocol::RunLimits limits(const MatchSettings& s) {
    return {s.move_time_limit, s.start_timeout, 0.0};
  }
  protocol::EngineRunner players[2];
  int start_failures[2] = {0, 0};
};

PairPlayer::PairPlayer(const MatchSettings& settings, const SearchSession* solver)
    : impl_(std::make_unique<Impl>(settings, solver)) {}

PairPlayer::~PairPlayer() = default;

std::optional<PairRecord> PairPlayer::play(int pair, const std::function<bool()>& quit,
                                           const std::function<void(const GameRecord&)>& on_game) {
  PairRecord record;
  record.pair = pair;
  try {
    for (int game = 0; game < 2; ++game) {
      record.games[game] = impl_->play_game(pair, game, quit);
      if (on_game) on_game(record.games[game]);
    }
  } catch (const Abandoned&) {
    return std::nullopt;
  }
  return record;
}

MatchResult start_match(const MatchSettings& settings, const std::vector<PairRecord>& done,
                        std::vector<int>& todo) {
  MatchResult result;
  std::set<int> finished;
  for (const PairRecord& p : done) {
    finished.insert(p.pair);
    result.pairs.push_back(p);
    count_pair(result.progress, p, settings.sprt);
  }
  todo.clear();
  for (int i = 0; i < settings.pairs; ++i) {
    if (!finished.count(i)) todo.push_back(i);
  }
  result.stopped_by_sprt = match_decided(result);
  return result;
}

bool match_decided(const MatchResult& result) {
  return result.progress.sprt && result.progress.sprt->verdict != SprtVerdict::undecided;
}

bool add_pair(MatchResult& result, const PairRecord& pair, const MatchSettings& settings,
              const MatchObserver& observer) {
  result.pairs.push_back(pair);
  count_pair(result.progress, pair, settings.sprt);
  if (observer.pair) observer.pair(pair, result.progress);
  if (match_decided(result)) result.stopped_by_sprt = true;
  return result.stopped_by_sprt;
}

MatchTransport* match_transport() { return current_transport; }
void set_match_transport(MatchTransport* transport) { current_transport = transport; }

double GameRecord::points(int e) const {
  if (end == End::fault) return faulty == e ? 0.0 : 1.0;
  const int for_black = result > 0 ? 2 : result == 0 ? 1 : 0;
  return (e == black ? for_black : 2 - for_black) / 2.0;
}

int PairRecord::penta_index() const {
  return static_cast<int>(std::lround(2 * (games[0].points(0) + games[1].points(0))));
}

void count_pair(MatchProgress& progress, const PairRecord& pair,
                const std::optional<SprtSettings>& sprt_settings) {
  ++progress.counts.n[static_cast<std::size_t>(pair.penta_index())];
  for (const GameRecord& g : pair.games) {
    const double p = g.points(0);
    if (p == 1) {
      ++progress.wins;
    } else if (p == 0) {
      ++progress.losses;
    } else {
      ++progress.draws;
    }
    if (g.end == GameRecord::End::fault) ++progress.faults[g.faulty];
  }
  if (sprt_settings) progress.sprt = sprt(progress.counts, *sprt_settings);
}

MatchResult run_match(const MatchSettings& settings, const SearchSession* solver,
                      const std::vector<PairRecord>& done, const MatchObserver& observer) {
  Match match(settings, solver, done, observer);
  return match.run();
}

}  // namespace rb
