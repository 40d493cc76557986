#include "run/board_runs.hpp"

#include <chrono>
#include <random>
#include <unordered_map>
#include <vector>

#include "core/reference.hpp"
#include "core/seconds.hpp"
#include "io/obf.hpp"
#include "perft/perft_suite.hpp"

namespace rb {
namespace {

struct PositionHash {
  std::size_t operator()(const Position& p) const {
    std::uint64_t h = p.player * 0x9E3779B97F4A7C15ull ^
                      (p.opponent + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= static_cast<std::uint64_t>(p.side) << 63;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};
struct SamePosition {
  bool operator()(const Position& a, const Position& b) const {
    return a.player == b.player && a.opponent == b.opponent && a.side == b.side;
  }
};
using Level = std::unordered_map<Position, std::uint64_t, PositionHash, SamePosition>;

// The first mismatch of the program on `positions` (moves, then the
// position after every legal move), counting what it checked.
std::optional<Mismatch> check_positions(protocol::BoardProgram& program,
                                        const std::vector<Position>& positions,
                                        VerifyCounts& counts) {
  const std::vector<Bitboard> moves = program.moves(positions);
  std::vector<std::pair<Position, Square>> plays;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Bitboard expected = ReferenceBoard(positions[i]).legal_moves();
    if (moves[i] != expected) {
      return Mismatch{board_string(positions[i]), "legal moves", mask_text(expected),
                      mask_text(moves[i])};
    }
    for (Bitboard m = expected; m; m &= m - 1) plays.push_back({positions[i], first_square(m)});
  }
  const std::vector<Position> after = program.play(plays);
  for (std::size_t i = 0; i < plays.size(); ++i) {
    ReferenceBoard ref(plays[i].first);
    ref.play(plays[i].second);
    if (!SamePosition{}(after[i], ref.position())) {
      return Mismatch{board_string(plays[i].first), "play of " + square_name(plays[i].second),
                      board_string(ref.position()), board_string(after[i])};
    }
  }
  counts.positions += positions.size();
  counts.moves += plays.size();
  return std::nullopt;
}

// The mismatch made minimal: discs taken off, one at a time, while the
// program still disagrees on the position.
Mismatch minimal_mismatch(protocol::BoardProgram& program, Mismatch m) {
  Position p = parse_board(m.board);
  for (bool changed = true; changed;) {
    changed = false;
    for (Bitboard discs = p.player | p.opponent; discs; discs &= discs - 1) {
      const Bitboard off = ~(discs & -discs);
      const Position q{p.player & off, p.opponent & off, p.side};
      VerifyCounts ignored;
      if (auto again = check_positions(program, {q}, ignored)) {
        p = q;
        m = *again;
        changed = true;
      }
    }
  }
  return m;
}

}  // namespace

namespace {

// The program's own perft, which verify's moves and plays never reach, on
// the perft suite's positions (a forced pass, a game over, within 3 plies).
std::optional<Mismatch> check_own_perft(protocol::BoardProgram& program) {
  for (const PerftSuiteEntry& e : builtin_perft_suite().entries) {
    const int depth = std::min<int>(3, static_cast<int>(e.counts.size()));
    const std::uint64_t expected = e.counts[static_cast<std::size_t>(depth - 1)];
    const std::uint64_t found = program.perft(e.position, depth);
    if (found != expected) {
      return Mismatch{board_string(e.position),
                      "its own perft at depth " + std::to_string(depth) +
                          " (perft suite position " + e.label + ")",
                      std::to_string(expected), std::to_string(found)};
    }
  }
  return std::nullopt;
}

}  // namespace

BoardVerifyResult verify_board_program(protocol::BoardProgram& program, const VerifySet& set) {
  BoardVerifyResult result;
  const auto t0 = std::chrono::steady_clock::now();
  VerifyPositions positions(set);
  const std::uint64_t targeted = set.targeted_count();
  // The targeted positions, then the program's own perft on the suite (when
  // it has one), then the random positions.
  bool perft_checked = !program.has_perft() || !set.targeted;
  constexpr std::uint64_t kChunk = 256;
  while (!result.mismatch) {
    if (!perft_checked && positions.index() >= targeted) {
      perft_checked = true;
      if ((result.mismatch = check_own_perft(program))) break;
    }
    if (positions.done()) break;
    std::vector<Position> chunk;
    do {
      chunk.push_back(positions.next());
    } while (!positions.done() && chunk.size() < kChunk && positions.index() != targeted);
    // Position by position within the chunk once it disagrees: the first
    // mismatch in verify's order.
    VerifyCounts counts;
    if (check_positions(program, chunk, counts)) {
      for (const Position& p : chunk) {
        if ((result.mismatch = check_positions(program, {p}, result.counts))) break;
      }
    } else {
      result.counts.positions += counts.positions;
      result.counts.moves += counts.moves;
    }
  }
  result.requests_to_find = program.requests();
  if (result.mismatch && !result.mismatch->what.starts_with("its own perft")) {
    result.minimal = minimal_mismatch(program, *result.mismatch);
  }
  result.seconds = seconds_since(t0);
  return result;
}

std::uint64_t board_program_perft(protocol::BoardProgram& program, const Position& position,
                                  int depth, PerftConvention convention, bool own) {
  if (own && program.has_perft() && convention == PerftConvention::a124004) {
    return program.perft(position, depth);
  }
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  Level level{{position, 1}};
  for (int left = depth; left > 0 && !level.empty(); --left) {
    Level next;
    // A forced pass in no_pass uses up no ply: its position comes back to
    // this level (its side has a move, so it comes back once).
    while (!level.empty()) {
      std::vector<Position> keys;
      keys.reserve(level.size());
      for (const auto& [p, n] : level) keys.push_back(p);
      const std::vector<Bitboard> moves = program.moves(keys);
      std::vector<Position> stuck;  // no move: a pass, or the end of the game
      std::vector<std::pair<Position, Square>> plays;
      std::vector<std::uint64_t> play_counts;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::uint64_t n = level[keys[i]];
        if (moves[i] == 0) {
          stuck.push_back(keys[i]);
        } else if (left == 1) {
          leaves += n * static_cast<std::uint64_t>(popcount(moves[i]));
        } else {
          for (Bitboard m = moves[i]; m; m &= m - 1) {
            plays.push_back({keys[i], first_square(m)});
            play_counts.push_back(n);
          }
        }
      }
      Level again;
      if (!stuck.empty()) {
        std::vector<Position> passed;
        for (const Position& p : stuck) passed.push_back(p.passed());
        const std::vector<Bitboard> replies = program.moves(passed);
        for (std::size_t i = 0; i < stuck.size(); ++i) {
          const std::uint64_t n = level[stuck[i]];
          if (replies[i] == 0) {  // the game is over before the last ply
            if (convention != PerftConvention::a124004) leaves += n;
          } else if (convention == PerftConvention::no_pass) {
            again[passed[i]] += n;
          } else if (left == 1) {
            leaves += n;  // the pass is the last ply
          } else {
            next[passed[i]] += n;
          }
        }
      }
      const std::vector<Position> children = program.play(plays);
      for (std::size_t i = 0; i < children.size(); ++i) next[children[i]] += play_counts[i];
      level = std::move(again);
    }
    level = std::move(next);
  }
  for (const auto& [p, n] : level) leaves += n;  // the positions at depth 0
  return leaves;
}

BisectBoard bisect_board(protocol::BoardProgram& program, PerftConvention convention, bool own) {
  return {[&program](const Position& p) { return program.moves({p})[0]; },
          [&program](const Position& p, Square s) {
            return program.play({{p, s}})[0];
          },
          [&program, convention, own](const Position& p, int d) {
            return board_program_perft(program, p, d, convention, own);
          }};
}

}  // namespace rb
