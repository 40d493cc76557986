// The playing search ("think"): what `reversi-bench search` and the NBoard
// and GTP servers play with, at a level (search/levels.hpp) and within a
// deadline or a stop request.
//
// 1. The midgame: iterative deepening, 1, 2, ... plies up to the level's
//    depth (and at most the empties less one), each iteration the solver's
//    recursive search in MidgameMode (search/midgame.hpp): PVS with the
//    evaluation of the options (the pattern evaluation of the presets) at
//    its leaves, a game that ends inside the horizon scored exactly, a table
//    of its own with depth-limited bounds and moves, so that each iteration
//    starts with the last one's principal variation, moves ordered by the
//    evaluation, and ProbCut. With threads, the iterations split among
//    them as the pre-search does. The exact table keeps nothing of the
//    midgame (a depth-limited score is no bound of the exact one).
// 2. The endgame, once the position is within the level's reach: the exact
//    solver (search/solver.hpp) with the options given, exactly at
//    exact_empties empties or fewer, else for win/loss/draw at wld_empties
//    or fewer, after the midgame iterations (which leave a move to play
//    should the solve not finish in time).
//
// Every finished iteration is reported (its depth, score, move and
// principal variation, read back from the table) as it finishes; a stop or
// the deadline ends the search within the solver's poll (4096 positions),
// and the last finished iteration is the answer (the first, one ply, runs
// whatever the stop: there is always a move to play). A position whose side to
// move must pass answers kPass with the score of the passed position; a
// finished game answers kNoSquare with its final score.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>
#include <memory>

#include "core/reference.hpp"
#include "core/rules.hpp"
#include "search/levels.hpp"
#include "search/solve_driver.hpp"

namespace rb {

using ThinkCallback = std::function<void(const ThinkIteration&)>;

namespace solver_detail {

// The principal variation from `position`: `first`, then the best move the
// table holds for each position after it, at most `length` moves in all (a
// pass where the side to move has none and the game goes on).
template <class Layout>
std::vector<Square> table_line(const Position& position, Square first, int length,
                               const BasicTable<Layout>& table) {
  std::vector<Square> line;
  ReferenceBoard board(position);
  Square move = first;
  while (static_cast<int>(line.size()) < length && move != kNoSquare) {
    if (move == kPass) {
      if (board.legal_moves() != 0) break;
      board = ReferenceBoard(board.position().passed());
    } else if (!board.play(move)) {
      break;
    }
    line.push_back(move);
    const Position p = board.position();
    if (ReferenceBoard(p).legal_moves() == 0) {
      move = ReferenceBoard(p.passed()).legal_moves() != 0 ? kPass : kNoSquare;
      continue;
    }
    typename Layout::Entry e;
    move = table.probe(p.player, p.opponent, e, false) && e.move < 64 ? Square{e.move} : kNoSquare;
  }
  return line;
}

template <Board B, MoveGen G>
ThinkResult think(const Position& position, const SolveOptions& options, const Level& level,
                  TranspositionTable* given_table, MidgameTable* given_midgame_table,
                  const ThinkCallback& on_iteration) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  ThinkResult out;
  const auto report = [&](ThinkIteration it) {
    out.nodes = it.nodes;
    out.seconds = it.seconds;
    out.best = it;
    out.iterations.push_back(it);
    if (on_iteration) on_iteration(out.iterations.back());
  };
  const int empties = position.empties();
  const ReferenceBoard board(position);
  if (board.legal_moves() == 0) {
    const Position passed = position.passed();
    if (ReferenceBoard(passed).legal_moves() == 0) {  // the game is over
      ThinkIteration it;
      it.kind = ThinkIteration::Kind::exact;
      it.depth = empties;
      it.score = final_score(popcount(position.player) - popcount(position.opponent), empties);
      it.seconds = seconds();
      report(it);
      out.complete = true;
      return out;
    }
    ThinkResult after = solver_detail::think<B, G>(passed, options, level, given_table,
                                                   given_midgame_table, nullptr);
    for (ThinkIteration it : after.iterations) {
      it.score = -it.score;
      it.move = kPass;
      it.pv.insert(it.pv.begin(), kPass);
      report(it);
    }
    out.complete = after.complete;
    return out;
  }

  std::unique_ptr<TranspositionTable> own_table;
  TranspositionTable* table = given_table;
  if (!table || !table->enabled()) {
    own_table = std::make_unique<TranspositionTable>(std::max<std::size_t>(options.tt_mb, 1));
    table = own_table.get();
  }
  std::uint64_t nodes = 0;

  // 1. The midgame, with a table of its own (the caller's, cleared, or one
  // of midgame_table_mb() made here).
  SolveOptions midgame = options;
  midgame.wld = false;
  midgame.cut_profile = false;
  midgame.presearch_split = true;
  std::unique_ptr<MidgameTable> own_midgame_table;
  MidgameTable* midgame_table = given_midgame_table;
  if (!midgame_table || !midgame_table->enabled()) {
    own_midgame_table = std::make_unique<MidgameTable>(midgame_table_mb(options.tt_mb));
    midgame_table = own_midgame_table.get();
  }
  const int max_depth = std::min(level.depth, empties - 1);
  const auto on_midgame = [&](int depth, int score, Square move, std::uint64_t total) {
    ThinkIteration it;
    it.kind = ThinkIteration::Kind::midgame;
    it.depth = depth;
    it.score = score / double{kEvalScale};
    it.move = move;
    it.pv = table_line(position, move, depth, *midgame_table);
    it.nodes = nodes + total;
    it.seconds = seconds();
    report(it);
  };
  int first = 1;
  if (max_depth >= 1 && (options.stop || options.deadline != Clock::time_point::max())) {
    // The first iteration ignores a stop and the deadline: a search always
    // has a move to play (one ply: the moves' evaluations).
    SolveOptions unstoppable = midgame;
    unstoppable.stop = nullptr;
    unstoppable.deadline = Clock::time_point::max();
    SolveDriver<B, G> driver(position, unstoppable, table, midgame_table);
    driver.midgame(1, 1, on_midgame);
    nodes += driver.nodes();
    first = 2;
  }
  if (max_depth >= first) {
    SolveDriver<B, G> driver(position, midgame, table, midgame_table);
    driver.midgame(first, max_depth, on_midgame);
    nodes += driver.nodes();
    if (!driver.finished()) {
      out.nodes = nodes;
      out.seconds = seconds();
      return out;
    }
  }

  // 2. The endgame.
  if (empties <= level.wld_empties || max_depth < 1) {
    SolveOptions endgame = options;
    endgame.cut_profile = false;
    endgame.wld = empties > level.exact_empties && max_depth >= 1;
    const SolveResult r = SolveDriver<B, G>(position, endgame, table).solve();
    nodes += r.nodes;
    if (r.solved) {
      ThinkIteration it;
      it.kind = endgame.wld ? ThinkIteration::Kind::wld : ThinkIteration::Kind::exact;
      it.depth = empties;
      it.score = r.score;
      it.move = r.best_move == kNoSquare ? kPass : r.best_move;
      it.pv = table_line(position, it.move, empties, *table);
      it.nodes = nodes;
      it.seconds = seconds();
      report(it);
    } else {
      out.nodes = nodes;
      out.seconds = seconds();
      return out;
    }
  }
  out.complete = true;
  out.nodes = nodes;
  out.seconds = seconds();
  return out;
}

}  // namespace solver_detail
}  // namespace rb
