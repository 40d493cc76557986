// The one search session: a preset, the options given over it, the pattern
// weights, a variant and the threads become a ready searcher that thinks to
// a limit (search/think.hpp) or solves exactly, with its own tables, cleared
// before each search or kept as the caller says. Every command that searches
// (solve, bench, search, the servers, openings, match, engine-test,
// make-suite) and the trainer (train/) build their searches here and nowhere
// else: the preset's rules, the weights nothing reads, the variant's check
// before timing and the clamping of a time limit into a deadline are written
// once.
//
// In two steps, because a command reads all its inputs (the weights among
// them) before it checks its outputs, and loads its plug-ins before it names
// a variant: settle() gives the options and the weights, choose_variant()
// the variant and its search functions; open() does both.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "search/instances.hpp"
#include "search/presets.hpp"

namespace rb {

// What is asked of the search: the one request type.
struct SearchRequest {
  std::string preset{kBestPreset};
  std::optional<std::size_t> tt_mb;  // --tt: the table's MiB over the preset's
  // The options the command line gave over the preset's (solve's rows); and
  // whether an option, by its long name, was given.
  std::function<void(SolveOptions&)> apply_given;
  std::function<bool(std::string_view)> given;
  int threads = 1;
  bool cut_profile = false;
  std::string eval_weights;    // a weights file; empty: the compiled-in weights
  bool weights_given = false;  // --eval-weights was given (also when eval_weights is set)
  // The compiled-in weights without --eval-weights: the solver's
  // (eval/default_weights.hpp) when null; the commands that play give the
  // playing weights (eval/play_weights.hpp).
  std::function<PatternWeights()> default_weights;
  std::string default_weights_name = "linear";    // how describe() names them
  std::string weights_option = "--eval-weights";  // the option an error of the weights names
  // An evaluation the caller owns (the trainer's weights being fitted): used
  // instead of any weights, by a configuration that evaluates.
  std::shared_ptr<const PatternEval> evaluation;
  std::string variant = "auto";  // `auto`: the fastest this CPU runs (+list where the preset lists)
  std::optional<MoveGen> moves;  // the variant's own when none
};

// The limits of one think().
struct ThinkLimits {
  Level level;
  std::optional<double> seconds;  // stop this long after the call (clamped: deadline_after())
  const std::atomic<bool>* stop = nullptr;  // a stop request, polled by the search
  ThinkCallback on_iteration;               // each finished iteration
};

// Whether a search starts from cleared tables (its result then depends on
// the position alone) or keeps what the session's earlier searches stored.
enum class Tables { clear, keep };

// One exact solve and its wall time in seconds (the clearing of the tables
// outside it).
struct TimedSolve {
  SolveResult result;
  double seconds = 0;
};

// A deadline `seconds` from now; none for a time beyond any game (a
// protocol's clock of 1e12 s), or not a number >= 0 (none either).
std::chrono::steady_clock::time_point deadline_after(double seconds);

class SearchSession {
 public:
  SearchSession(SearchSession&&) noexcept = default;
  // The options and the weights: the preset's options with the given ones
  // over them, the preset's rules settled, the weights loaded where the
  // evaluation reads them. UsageError for options that break the rules
  // (--tt 0 with a switch that needs a table) and for weights nothing reads.
  static SearchSession settle(const SearchRequest& request);
  // The variant of the request (`auto`: the fastest this CPU runs, with the
  // empty list where the preset uses one), checked against the reference
  // before any timing, and its search functions with that move source.
  void choose_variant();
  // Both steps.
  static SearchSession open(const SearchRequest& request);

  // The same set-up with tables of its own (a job queue's worker), on
  // `threads` threads when given.
  SearchSession worker(std::optional<int> threads = std::nullopt) const;

  // The playing search at limits.level (a midgame by iterative deepening,
  // then the endgame within reach), stopped by the limits.
  ThinkResult think(const Position& position, const ThinkLimits& limits,
                    Tables tables = Tables::clear);
  // The exact score (or the WLD sign) and a best move; within `seconds`
  // when > 0 (unsolved past it).
  SolveResult solve(const Position& position, double seconds = 0, Tables tables = Tables::clear);
  // solve() with its wall time; the tables cleared outside it.
  TimedSolve solve_timed(const Position& position, double seconds = 0);
  // The exact score of every legal move, each with the full window.
  MoveScores score_moves(const Position& position);

  const SolveOptions& options() const { return options_; }
  const std::string& preset() const { return preset_; }
  const std::string& variant() const { return variant_; }
  MoveGen moves() const { return moves_; }
  // The weights as describe() names them ("built-in network", a file);
  // empty when the configuration reads none.
  const std::string& weights() const { return weights_; }
  SolveFn solve_fn() const { return solve_; }

  // "preset best, avx2+list, tt 64 MiB, 1 thread"
  std::string describe() const;

 private:
  SearchSession() = default;
  // worker()'s copy: the set-up, with no tables (SessionTables).
  SearchSession(const SearchSession&) = default;
  // A solve's options within `seconds` (none when 0).
  SolveOptions options_within(double seconds) const;
  TranspositionTable& table(Tables tables);
  MidgameTable& midgame_table(Tables tables);

  std::string preset_;
  std::string requested_variant_ = "auto";
  std::optional<MoveGen> requested_moves_;
  SolveOptions options_;
  std::shared_ptr<const PatternEval> pattern_;  // what options_.pattern points to
  std::string weights_;
  std::string variant_;
  MoveGen moves_ = MoveGen::mask;
  SolveFn solve_ = nullptr;
  ThinkFn think_ = nullptr;
  ScoreMovesFn score_moves_ = nullptr;
  // Made when first needed (a session that only solves has no midgame
  // table); a copy of the session starts with none, so that a worker never
  // shares its parent's.
  struct SessionTables {
    std::unique_ptr<TranspositionTable> exact;
    std::unique_ptr<MidgameTable> midgame;
    SessionTables() = default;
    SessionTables(const SessionTables&) {}
    SessionTables(SessionTables&&) noexcept = default;
    SessionTables& operator=(const SessionTables&) = delete;
    SessionTables& operator=(SessionTables&&) = delete;
  };
  SessionTables tables_;
};

}  // namespace rb
