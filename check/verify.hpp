// The differential verifier behind `reversi-bench verify`: one board type
// against the reference board on one position. It compares the legal-move
// mask, the flips of every square, the result of playing and undoing every
// legal move, the refusal of every other square, and a short random
// continuation played forward and undone back.
#pragma once

#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "check/flip_cases.hpp"
#include "check/random_positions.hpp"
#include "core/reference.hpp"
#include "io/obf.hpp"

namespace rb {

struct Mismatch {
  std::string board;     // the position checked, as a board string
  std::string what;      // what differs, e.g. "flips of d3"
  std::string expected;  // the reference's answer
  std::string actual;    // the variant's answer
};

struct VerifyCounts {
  std::uint64_t positions = 0;
  std::uint64_t moves = 0;  // plays checked (each compared, then undone)
};

// One board's verify: what it checked and its first mismatch.
struct VerifyOutcome {
  VerifyCounts counts;
  std::optional<Mismatch> mismatch;  // the first one
  std::optional<Mismatch> minimal;   // the same fault with discs taken off
  double seconds = 0;
  // A board program: the requests it was sent until the first mismatch was
  // found (or all of them), the search for a minimal case left out.
  std::uint64_t requests_to_find = 0;
};

// A mask as its squares and its hexadecimal value.
inline std::string mask_text(Bitboard b) {
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(b));
  return (b ? squares_string(b) : std::string("none")) + " (" + hex + ")";
}

// The n-th random position of a verify run (seeded by `rng`): reachable
// from a random game and arbitrary, alternately. Every variant gets the same
// ones.
inline Position verify_nth_position(std::mt19937_64& rng, std::uint64_t n) {
  if (n % 2 == 0) return random_reachable(rng, static_cast<int>(rng() % 61));
  return random_arbitrary(rng);
}

// The positions of a verify run: the targeted positions first (every flip
// case and move situation, check/flip_cases.hpp), then `random` seeded ones.
struct VerifySet {
  bool targeted = true;
  std::uint64_t random = 10000;
  std::uint64_t seed = 1;
  std::uint64_t targeted_count() const { return targeted ? targeted_positions().size() : 0; }
  std::uint64_t size() const { return targeted_count() + random; }
};

// The set's positions in order, one at a time (a run of 2^40 positions is
// never held whole).
class VerifyPositions {
 public:
  explicit VerifyPositions(const VerifySet& set) : set_(set), rng_(set.seed) {}
  bool done() const { return i_ >= set_.size(); }
  std::uint64_t index() const { return i_; }
  Position next() {
    const std::uint64_t t = set_.targeted_count();
    const std::uint64_t i = i_++;
    if (i < t) return targeted_positions()[i];
    return verify_nth_position(rng_, i - t);
  }

 private:
  VerifySet set_;
  std::mt19937_64 rng_;
  std::uint64_t i_ = 0;
};

// What the set's positions exercise: all of them (`all`), and the random
// ones alone (`random`); of the random ones, the first kMaxCounted (a
// second's work; a run of 10^9 positions is not held up by its count).
struct VerifyCoverage {
  static constexpr std::uint64_t kMaxCounted = 100000;
  FlipCoverage all, random;
  std::uint64_t random_counted = 0;
};
inline VerifyCoverage verify_coverage(const VerifySet& set) {
  VerifyCoverage c;
  VerifyPositions positions(set);
  c.random_counted = std::min(set.random, VerifyCoverage::kMaxCounted);
  const std::uint64_t end = set.targeted_count() + c.random_counted;
  while (positions.index() < end) {
    const bool random = positions.index() >= set.targeted_count();
    const Position p = positions.next();
    c.all.add(p);
    if (random) c.random.add(p);
  }
  return c;
}

namespace verify_detail {

template <Board V>
std::optional<Mismatch> compare_state(const V& board, const ReferenceBoard& ref,
                                      const std::string& context) {
  const Position expected = ref.position();
  auto differ = [&](const std::string& what, const std::string& e, const std::string& a) {
    return Mismatch{board_string(expected), context.empty() ? what : what + " " + context, e, a};
  };
  const Position actual = board.position();
  if (actual != expected) return differ("position", board_string(expected), board_string(actual));
  if (board.legal_moves() != ref.legal_moves()) {
    return differ("legal moves", mask_text(ref.legal_moves()), mask_text(board.legal_moves()));
  }
  if (board.empties() != ref.empties()) {
    return differ("empties", std::to_string(ref.empties()), std::to_string(board.empties()));
  }
  if (board.disc_difference() != ref.disc_difference()) {
    return differ("disc difference", std::to_string(ref.disc_difference()),
                  std::to_string(board.disc_difference()));
  }
  if constexpr (ListBoard<V>) {
    if (board.empty_list().squares() != expected.empty()) {
      return differ("empty-square list", squares_string(expected.empty()),
                    squares_string(board.empty_list().squares()));
    }
  }
  return std::nullopt;
}

}  // namespace verify_detail

// Checks board type V against the reference on `position`; counts what it
// checked into `counts` and returns the first difference, if any.
template <Board V>
std::optional<Mismatch> verify_position(const Position& position, std::mt19937_64& rng,
                                        VerifyCounts& counts, int continuation_plies = 8) {
  using verify_detail::compare_state;
  ++counts.positions;
  V board(position);
  ReferenceBoard ref(position);
  if (auto m = compare_state(board, ref, "")) return m;
  for (Square s = 0; s < 64; ++s) {
    if (board.flips(s) != ref.flips(s)) {
      return Mismatch{board_string(position), "flips of " + square_name(s), mask_text(ref.flips(s)),
                      mask_text(board.flips(s))};
    }
  }
  for (Square s = 0; s < 64; ++s) {
    const bool legal = ref.play(s);
    const bool played = board.play(s);
    if (played != legal) {
      return Mismatch{board_string(position), "play of " + square_name(s),
                      legal ? "played" : "refused", played ? "played" : "refused"};
    }
    if (!legal) {
      if (board.position() != position) {
        return Mismatch{board_string(position), "board after refused " + square_name(s),
                        board_string(position), board_string(board.position())};
      }
      continue;
    }
    ++counts.moves;
    if (auto m = compare_state(board, ref, "after " + square_name(s))) return m;
    board.undo();
    ref.undo();
    if (auto m = compare_state(board, ref, "after undo of " + square_name(s))) return m;
  }
  // A short random continuation, then all of it undone in reverse order
  // (a pass is undone by passing again).
  std::vector<Square> line;
  auto line_text = [&] {
    std::string text;
    for (Square s : line) text += " " + square_name(s);
    return text;
  };
  for (int ply = 0; ply < continuation_plies && !ref.game_over(); ++ply) {
    Bitboard moves = ref.legal_moves();
    if (moves == 0) {
      board.pass();
      ref.pass();
      line.push_back(kPass);
    } else {
      for (auto k = rng() % static_cast<unsigned>(popcount(moves)); k > 0; --k) moves &= moves - 1;
      const Square s = first_square(moves);
      if (board.flips(s) != ref.flips(s)) {
        return Mismatch{board_string(ref.position()),
                        "flips of " + square_name(s) + " after" + line_text(),
                        mask_text(ref.flips(s)), mask_text(board.flips(s))};
      }
      ref.play(s);
      if (!board.play(s)) {
        return Mismatch{board_string(ref.position()),
                        "play of " + square_name(s) + " after" + line_text(), "played", "refused"};
      }
      ++counts.moves;
      line.push_back(s);
    }
    if (auto m = compare_state(board, ref, "after" + line_text())) return m;
  }
  while (!line.empty()) {
    if (line.back() == kPass) {
      board.pass();
      ref.pass();
    } else {
      board.undo();
      ref.undo();
    }
    line.pop_back();
    if (auto m = compare_state(board, ref, "undoing back to" + line_text())) return m;
  }
  if (board.position() != position) {
    return Mismatch{board_string(position), "position after undoing the continuation",
                    board_string(position), board_string(board.position())};
  }
  return std::nullopt;
}

// The kernels of V (legal moves, flips of every square) against the
// reference on `position`: the first difference.
template <Board V>
std::optional<Mismatch> kernel_mismatch(const Position& position) {
  const V board(position);
  const ReferenceBoard ref(position);
  if (board.legal_moves() != ref.legal_moves()) {
    return Mismatch{board_string(position), "legal moves", mask_text(ref.legal_moves()),
                    mask_text(board.legal_moves())};
  }
  for (Square s = 0; s < 64; ++s) {
    if (board.flips(s) != ref.flips(s)) {
      return Mismatch{board_string(position), "flips of " + square_name(s), mask_text(ref.flips(s)),
                      mask_text(board.flips(s))};
    }
  }
  return std::nullopt;
}

// A minimal case of a kernel mismatch of V on `position` (a mismatch's
// board): discs are taken off one at a time while the kernels still
// disagree with the reference, until no single disc can go. Nothing when the
// kernels agree on `position` (the difference was elsewhere: play, undo, the
// state).
template <Board V>
std::optional<Mismatch> minimal_kernel_mismatch(Position position) {
  if (!kernel_mismatch<V>(position)) return std::nullopt;
  for (bool smaller = true; smaller;) {
    smaller = false;
    for (Square s = 0; s < 64; ++s) {
      if (!((position.player | position.opponent) & bit(s))) continue;
      Position fewer = position;
      fewer.player &= ~bit(s);
      fewer.opponent &= ~bit(s);
      if (kernel_mismatch<V>(fewer)) {
        position = fewer;
        smaller = true;
      }
    }
  }
  return kernel_mismatch<V>(position);
}

// The report of a mismatch, on standard output.
inline void print_mismatch(const std::string& variant, const Mismatch& m) {
  std::printf("MISMATCH in %s: %s\n  board:    %s\n  expected: %s\n  actual:   %s\n",
              variant.c_str(), m.what.c_str(), m.board.c_str(), m.expected.c_str(),
              m.actual.c_str());
  std::printf("  replay:   reversi-bench show \"%s\"\n", m.board.c_str());
}
inline void print_minimal_mismatch(const Mismatch& m) {
  std::printf(
      "minimal case (no disc can be taken off without the mismatch going): %s\n"
      "  board:    %s\n  expected: %s\n  actual:   %s\n",
      m.what.c_str(), m.board.c_str(), m.expected.c_str(), m.actual.c_str());
}

// A board's row of verify's table and its first mismatch, on standard output.
inline void print_verify_row(const std::string& name, const VerifyOutcome& out) {
  std::printf("%-20s %12llu %14llu %11d %9.2f\n", name.c_str(),
              static_cast<unsigned long long>(out.counts.positions),
              static_cast<unsigned long long>(out.counts.moves), out.mismatch ? 1 : 0, out.seconds);
  if (out.mismatch) {
    print_mismatch(name, *out.mismatch);
    if (out.minimal && out.minimal->board != out.mismatch->board) {
      print_minimal_mismatch(*out.minimal);
    }
  }
  std::fflush(stdout);
}

}  // namespace rb
