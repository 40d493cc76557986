// RapidCheck properties: every variant against the reference board on
// generated positions of three kinds:
//
//   reachable  random games from the start, 0..60 plies, passes included;
//   arbitrary  any discs of either colour on any of the 64 squares, either
//              side to move (most of these cannot occur in a game);
//   near end   random games played down to 0..6 empties.
//
// Properties, each checked on every generator for every variant: the
// legal-move mask; the flips of every square; the position after each legal
// move (by play(), and by play_flipped() where the board has it); the
// refusal of every illegal square; play then undo; a random run of plays
// and passes there and back (with the empty-square list checked at every
// step for list boards); game over and the final score.
//
// A failing case is shrunk and printed as a `reversi-bench show "..."` line.
// Each typed test runs rc::check once per generator, under an id naming the
// variant, the property and the generator, so RC_PARAMS="reproduce=..."
// replays exactly the failing one. This binary has its own main() (at the
// end): it runs 1000 cases per property unless RC_PARAMS sets max_success.
//
// The file is compiled twice, as test_properties (RB_PROPERTIES_PART 0: the
// variants at even places of the list, and the generators' own tests) and
// test_properties_odd (1: the variants at odd places), so that the two
// halves of its variant code compile in parallel: one file, it was the
// longest compile of the sanitizer build's quick stage.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "rapidcheck_main.hpp"
#include "support.hpp"

namespace rb {
namespace {

// ---------------------------------------------------------------------------
// Generated positions

// A generated position and how it was made. RapidCheck shows it (in a
// counterexample) as a command line that displays it.
struct GeneratedPosition {
  enum class Kind : std::uint8_t { reachable, arbitrary, near_end };
  Position position;
  Kind kind = Kind::arbitrary;
  std::uint64_t seed = 0;  // of the random playout
  int target = 0;          // plies asked for (reachable) or empties (near end)
  int filled = 0;          // near end: surplus empties filled at random
};

void showValue(const GeneratedPosition& g, std::ostream& os) {
  os << "reversi-bench show \"" << board_string(g.position) << "\"  (";
  switch (g.kind) {
    case GeneratedPosition::Kind::reachable:
      os << "reachable: up to " << g.target << " random plies from the start, seed " << g.seed;
      break;
    case GeneratedPosition::Kind::arbitrary:
      os << "arbitrary discs";
      break;
    case GeneratedPosition::Kind::near_end:
      os << "near the end: random game to " << g.target << " empties, seed " << g.seed;
      if (g.filled > 0) os << ", game over early, " << g.filled << " empties filled at random";
      break;
  }
  os << ")";
}

// An integer in [min, max), uniform over the whole range whatever RapidCheck's
// current size. (The size runs from 0 to 100 over a check, and gen::inRange
// draws from only the first size% of its range, gen::arbitrary from the low
// size% of the bits: unsized, squares near h8 and long games would be rare
// and at size 0 absent.) Shrinks towards min.
template <class T>
rc::Gen<T> uniform(T min, T max) {
  return rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(min, max));
}

rc::Gen<std::uint64_t> seeds() {
  return rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<std::uint64_t>());
}

// The n-th (from 0) set bit of b, which has more than n.
Square nth_square(Bitboard b, unsigned n) {
  for (; n > 0; --n) b &= b - 1;
  return first_square(b);
}

// Plays a legal move chosen uniformly at random; false when there is none.
// The reference board's legal_moves() is slow (64 squares, 8 walks each), so
// random empty squares are tried first: play() refuses the illegal ones, and
// the first it accepts is uniform among the legal moves. Only when a few tries
// all fail is the whole mask computed (and its choice is uniform too).
bool play_random_move(std::mt19937_64& rng, ReferenceBoard& board) {
  const Bitboard empty = board.position().empty();
  if (empty == 0) return false;
  for (int tries = 0; tries < 16; ++tries) {
    if (board.play(nth_square(empty, static_cast<unsigned>(rng() % popcount(empty))))) {
      return true;
    }
  }
  const Bitboard moves = board.legal_moves();
  if (moves == 0) return false;
  board.play(nth_square(moves, static_cast<unsigned>(rng() % popcount(moves))));
  return true;
}

// Plays uniformly random legal moves (a forced pass counts as a ply) until
// done(board, plies) or the end of the game.
template <class Done>
void random_playout(std::mt19937_64& rng, ReferenceBoard& board, Done done) {
  for (int ply = 0; !done(board, ply); ++ply) {
    if (play_random_move(rng, board)) continue;
    if (board.game_over()) return;
    board.pass();
  }
}

// (a) Reachable: a random game from the start for 0..60 plies, stopping at
// the end of the game. Shrinks towards fewer plies (a prefix of the same
// game: the seed fixes the moves), then towards other seeds.
rc::Gen<GeneratedPosition> reachable_positions() {
  return rc::gen::apply(
      [](int plies, std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        ReferenceBoard board(Position::start());
        random_playout(rng, board, [&](const ReferenceBoard&, int ply) { return ply >= plies; });
        return GeneratedPosition{board.position(), GeneratedPosition::Kind::reachable, seed, plies};
      },
      uniform(0, 61), seeds());
}

// (b) Arbitrary: each of the 64 squares independently empty, black or white,
// either side to move. A density `fill` in 1..7 eighths is drawn first (as
// random_arbitrary does), then each square gets a cell value in 0..15:
// the square holds a disc when cell / 2 >= 8 - fill, black for an even cell,
// white for an odd one. Every value shrinks towards 0: the density towards a
// sparse board, each square towards empty, the side towards black.
rc::Gen<GeneratedPosition> arbitrary_positions() {
  return rc::gen::apply(
      [](int fill, const std::array<int, 64>& cells, int white_to_move) {
        Bitboard black = 0, white = 0;
        for (Square s = 0; s < 64; ++s) {
          if (cells[s] / 2 < 8 - fill) continue;
          (cells[s] % 2 ? white : black) |= bit(s);
        }
        return GeneratedPosition{
            Position::from_colors(black, white, white_to_move ? Color::white : Color::black),
            GeneratedPosition::Kind::arbitrary};
      },
      uniform(1, 8), rc::gen::container<std::array<int, 64>>(uniform(0, 16)), uniform(0, 2));
}

// (c) Near the end: a random game from the start played until `empties`
// (0..6) squares remain. A game that ends earlier (rare) has its surplus
// empties filled with random discs of random colours, so that exactly
// `empties` remain; the side to move is then the one the game ended with.
// Shrinks towards fewer empties, then towards other seeds.
rc::Gen<GeneratedPosition> near_end_positions() {
  return rc::gen::apply(
      [](int empties, std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        ReferenceBoard board(Position::start());
        random_playout(rng, board,
                       [&](const ReferenceBoard& b, int) { return b.empties() <= empties; });
        Position p = board.position();
        int filled = 0;
        for (Bitboard empty = p.empty(); popcount(empty) > empties; ++filled) {
          const Square s = nth_square(empty, static_cast<unsigned>(rng() % popcount(empty)));
          (rng() % 2 ? p.player : p.opponent) |= bit(s);
          empty &= ~bit(s);
        }
        return GeneratedPosition{p, GeneratedPosition::Kind::near_end, seed, empties, filled};
      },
      uniform(0, 7), seeds());
}

struct Generator {
  const char* name;
  rc::Gen<GeneratedPosition> (*make)();
};
constexpr std::array<Generator, 3> kGenerators = {{
    {"reachable", reachable_positions},
    {"arbitrary", arbitrary_positions},
    {"near end", near_end_positions},
}};

// The choices of a run of plays and passes (property 6): up to 64 steps,
// each a value in 0..71. Below 64 it picks the (value mod n)-th of the n legal
// moves; 64 and above (one step in nine) passes even when a move exists.
// With no legal move the step passes. Shrinks towards fewer steps and the
// first legal move.
constexpr int kPassChoice = 64;
rc::Gen<std::vector<int>> step_choices() {
  return rc::gen::resize(64, rc::gen::container<std::vector<int>>(uniform(0, 72)));
}

// ---------------------------------------------------------------------------
// Comparisons that say what differs

// The squares of a board's empty-square list in the order first()/next()
// walk them. A walk that leaves 0..63 or runs past 64 squares is cut short
// and marked broken.
struct ListWalk {
  std::array<std::uint8_t, 64> squares{};
  int count = 0;
  static constexpr int kTooLong = 999;
  int broken = -1;  // -1, or the non-square met (out of 0..63), or kTooLong

  friend bool operator==(const ListWalk& a, const ListWalk& b) {
    return a.count == b.count && a.broken == b.broken &&
           std::equal(a.squares.begin(), a.squares.begin() + a.count, b.squares.begin());
  }
  Bitboard set() const {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i) b |= bit(squares[i]);
    return b;
  }
};

template <ListBoard V>
ListWalk walk_list(const V& board) {
  const EmptyList& list = board.empty_list();
  ListWalk walk;
  for (Square s = list.first(); s != EmptyList::kEnd; s = list.next(s)) {
    if (s < 0 || s > 63 || walk.count == 64) {
      walk.broken = (s < 0 || s > 63) ? s : ListWalk::kTooLong;
      break;
    }
    walk.squares[walk.count++] = static_cast<std::uint8_t>(s);
  }
  return walk;
}

// What a board shows of its state, the list's walk included for list boards.
struct State {
  Position position;
  Bitboard legal_moves = 0;
  int empties = 0;
  int disc_difference = 0;
  Color side = Color::black;
  bool consistent = false;
  ListWalk list;
  friend bool operator==(const State&, const State&) = default;
};

template <Board V>
State state_of(const V& board) {
  State st{board.position(),
           board.legal_moves(),
           board.empties(),
           board.disc_difference(),
           board.side_to_move(),
           board.consistent(),
           {}};
  if constexpr (ListBoard<V>) st.list = walk_list(board);
  return st;
}

void describe(std::ostream& os, Bitboard b) { os << '{' << squares_string(b) << '}'; }
void describe(std::ostream& os, const Position& p) { os << '"' << board_string(p) << '"'; }
void describe(std::ostream& os, int n) { os << n; }
void describe(std::ostream& os, bool b) { os << (b ? "true" : "false"); }
void describe(std::ostream& os, Color c) { os << color_name(c); }
void describe(std::ostream& os, const ListWalk& w) {
  os << '[';
  for (int i = 0; i < w.count; ++i) os << (i ? " " : "") << square_name(w.squares[i]);
  if (w.broken == ListWalk::kTooLong) os << " ... more than 64 squares";
  if (w.broken >= 0 && w.broken != ListWalk::kTooLong) os << " then the non-square " << w.broken;
  os << ']';
}
void describe(std::ostream& os, const State& st) {
  os << "position ";
  describe(os, st.position);
  os << ", legal moves ";
  describe(os, st.legal_moves);
  os << ", empties " << st.empties << ", disc difference " << st.disc_difference << ", "
     << color_name(st.side) << " to move, consistent() " << (st.consistent ? "true" : "false");
  if (st.list.count > 0 || st.list.broken >= 0) {
    os << ", list ";
    describe(os, st.list);
  }
}

// A value labelled with what it is, e.g. "flips of c4 = {d4 e4}". Only the
// values are compared, so RC_ASSERT(variant == expected) on two of them
// prints both labelled values when they differ.
template <class T>
struct Labelled {
  std::string label;
  T value;
  friend bool operator==(const Labelled& a, const Labelled& b) { return a.value == b.value; }
  explicit operator bool() const requires std::same_as<T, bool> { return value; }
};
template <class T>
void showValue(const Labelled<T>& v, std::ostream& os) {
  os << v.label << " = ";
  describe(os, v.value);
}

// Fails the case when the variant's value differs from the expected one,
// naming it by label() (built only then, so passing cases pay nothing).
template <class T, class Label>
void assert_same(const T& variant_value, const T& expected_value, Label&& label) {
  if (variant_value == expected_value) return;
  const std::string what = label();
  const Labelled<T> variant{what + " (variant)", variant_value};
  const Labelled<T> expected{what + " (expected)", expected_value};
  RC_ASSERT(variant == expected);
}

std::string moves_string(const std::vector<Square>& moves) {
  std::string out;
  for (Square s : moves) out.append(out.empty() ? "" : " ").append(square_name(s));
  return out.empty() ? "(nothing)" : out;
}

// What the reference board shows of its state: computed once per step, as
// its legal_moves() is slow.
struct Expected {
  Position position;
  Bitboard legal_moves = 0;
  int empties = 0;
  int disc_difference = 0;
  Color side = Color::black;
};

Expected expected_from(const ReferenceBoard& ref) {
  return {ref.position(), ref.legal_moves(), ref.empties(), ref.disc_difference(),
          ref.side_to_move()};
}

// What a board shows of its state against the reference's, and property 8.
template <Board V, class Where>
void assert_matches_reference(const V& board, const Expected& ref, Where&& where) {
  const Position& p = ref.position;
  assert_same(board.position(), p, [&] { return "position " + where(); });
  assert_same(board.legal_moves(), ref.legal_moves, [&] {
    return "legal moves " + where() + " (they differ at " +
           squares_string(board.legal_moves() ^ ref.legal_moves) + ")";
  });
  assert_same(board.empties(), ref.empties, [&] { return "empties() " + where(); });
  assert_same(board.disc_difference(), ref.disc_difference,
              [&] { return "disc_difference() " + where(); });
  assert_same(board.side_to_move(), ref.side, [&] { return "side_to_move() " + where(); });
  assert_same(board.consistent(), true, [&] { return "consistent() " + where(); });
  if constexpr (ListBoard<V>) {
    // 8. The list holds exactly the empty squares, each once.
    const ListWalk walk = walk_list(board);
    assert_same(walk.set(), p.empty(), [&] {
      return "squares on the empty list " + where() + " (they differ at " +
             squares_string(walk.set() ^ p.empty()) + ")";
    });
    assert_same(walk.count, p.empties(),
                [&] { return "length of the empty list " + where() + " (a square twice?)"; });
    assert_same(walk.broken, -1, [&] { return "empty list ends properly " + where(); });
  }
}

// ---------------------------------------------------------------------------
// The properties, for variant V on position p

// 1. The legal-move mask.
template <Board V>
void legal_move_mask(const Position& p) {
  const V board(p);
  const ReferenceBoard ref(p);
  assert_same(board.legal_moves(), ref.legal_moves(), [&] {
    return "legal moves (they differ at " +
           squares_string(board.legal_moves() ^ ref.legal_moves()) + ")";
  });
}

// 2. The flips of every square, occupied ones included (0 there).
template <Board V>
void flips_of_every_square(const Position& p) {
  const V board(p);
  const ReferenceBoard ref(p);
  for (Square s = 0; s < 64; ++s) {
    assert_same(board.flips(s), ref.flips(s), [&] { return "flips of " + square_name(s); });
  }
}

// 3. Each legal move, played on a fresh board: accepted, and the resulting
// state is the reference's; on a board that also plays a move whose flips
// are known (play_flipped, what the solver's move loop calls with the flips
// its ranking found), the same state from the reference's flips.
template <Board V>
void play_each_legal_move(const Position& p) {
  const ReferenceBoard start(p);
  for_each_square(start.legal_moves(), [&](Square s) {
    V board(p);
    ReferenceBoard ref = start;
    ref.play(s);
    assert_same(board.play(s), true, [&] { return "play of the legal move " + square_name(s); });
    assert_matches_reference(board, expected_from(ref), [&] { return "after " + square_name(s); });
    if constexpr (requires(V & b) { b.play_flipped(s, Bitboard{}); }) {
      V known(p);
      known.play_flipped(s, start.flips(s));
      assert_matches_reference(known, expected_from(ref),
                               [&] { return "after " + square_name(s) + " by play_flipped"; });
    }
  });
}

// 4. Every illegal square (occupied, or flipping nothing) is refused and
// leaves the board exactly as it was.
template <Board V>
void refuse_every_illegal_square(const Position& p) {
  V board(p);
  const ReferenceBoard ref(p);
  const State before = state_of(board);
  for_each_square(~ref.legal_moves(), [&](Square s) {
    if (board.play(s)) {
      const Labelled<bool> accepted{
          "play of " + square_name(s) +
              ((p.empty() & bit(s)) ? " (empty, flips nothing)" : " (occupied)"),
          true};
      RC_ASSERT_FALSE(accepted);
    }
    assert_same(state_of(board), before,
                [&] { return "state after the refused play of " + square_name(s); });
  });
}

// 5. Play then undo restores the exact state, for each legal move in turn
// (for list boards: the same squares on the list, in the same order).
template <Board V>
void play_then_undo(const Position& p) {
  V board(p);
  const ReferenceBoard ref(p);
  const State before = state_of(board);
  for_each_square(ref.legal_moves(), [&](Square s) {
    assert_same(board.play(s), true, [&] { return "play of the legal move " + square_name(s); });
    board.undo();
    assert_same(state_of(board), before,
                [&] { return "state after play and undo of " + square_name(s); });
  });
}

// 6. A run of plays and passes chosen by RapidCheck, then everything undone
// (a pass by a pass): the same as the reference at every step both ways (and
// 8., the list is the set of empty squares), and exactly the start at the end.
// The reference's state after each step is kept, to check the way back.
template <Board V>
void plays_and_passes_there_and_back(const Position& p, const std::vector<int>& choices) {
  V board(p);
  ReferenceBoard ref(p);
  const State start = state_of(board);
  std::vector<Expected> trail{expected_from(ref)};  // trail[i]: after i steps
  std::vector<Square> done;                         // the steps, kPass for a pass
  for (const int choice : choices) {
    const Bitboard moves = trail.back().legal_moves;
    if (moves == 0 || choice >= kPassChoice) {
      board.pass();
      ref.pass();
      done.push_back(kPass);
    } else {
      const Square s = nth_square(moves, static_cast<unsigned>(choice % popcount(moves)));
      done.push_back(s);
      assert_same(board.play(s), true, [&] {
        return "play of " + square_name(s) + ", legal, the last of " + moves_string(done);
      });
      ref.play(s);
    }
    trail.push_back(expected_from(ref));
    assert_matches_reference(board, trail.back(), [&] { return "after " + moves_string(done); });
  }
  std::vector<Square> undone;
  while (!done.empty()) {
    if (done.back() == kPass) {
      board.pass();
    } else {
      board.undo();
    }
    undone.push_back(done.back());
    done.pop_back();
    assert_matches_reference(board, trail[done.size()], [&] {
      return "after " + moves_string(done) + " + " + moves_string(undone) + " undone";
    });
  }
  assert_same(state_of(board), start, [&] { return "state after undoing everything"; });
}

// 7. Game over (no move for either side) and the final score (the disc
// difference, empties to the winner) from the variant's own answers.
int final_score(int disc_difference, int empties) {
  if (disc_difference > 0) return disc_difference + empties;
  if (disc_difference < 0) return disc_difference - empties;
  return 0;
}

template <Board V>
void game_over_and_final_score(const Position& p) {
  V board(p);
  const ReferenceBoard ref(p);
  const bool mover_stuck = board.legal_moves() == 0;
  board.pass();
  const bool other_stuck = board.legal_moves() == 0;
  board.pass();
  assert_same(mover_stuck && other_stuck, ref.game_over(), [] { return std::string("game over"); });
  assert_same(board.position(), p, [] { return std::string("position after pass, pass"); });
  assert_same(final_score(board.disc_difference(), board.empties()), ref.final_score(), [&] {
    return "final score (disc difference " + std::to_string(board.disc_difference()) +
           ", empties " + std::to_string(board.empties()) + ")";
  });
}

// ---------------------------------------------------------------------------
// The typed tests

// Checks property(position) on each generator, as one rc::check each, under
// an id that names the variant, the property and the generator.
template <Board V, class Property>
void check_on_each_generator(std::string_view property_name, Property property) {
  for (const Generator& generator : kGenerators) {
    const std::string id = std::string(V::info.name) + ": " + std::string(property_name) + " [" +
                           generator.name + " positions]";
    const rc::Gen<GeneratedPosition> positions = generator.make();
    EXPECT_TRUE(rc::check(id, [&] { property(*positions); })) << id;
  }
}

// The variants of this binary: those at places P, P+2, ... of the tested
// variants, P = RB_PROPERTIES_PART.
#ifndef RB_PROPERTIES_PART
#error "RB_PROPERTIES_PART (0 or 1) names the half of the variants to test"
#endif
template <class... Picked>
::testing::Types<typename Picked::type...> as_types(std::tuple<Picked...>);
template <Board... Vs, std::size_t... I>
auto part_of(VariantList<Vs...>, std::index_sequence<I...>) -> decltype(as_types(
    std::tuple_cat(std::conditional_t<I % 2 == RB_PROPERTIES_PART,
                                      std::tuple<std::type_identity<Vs>>, std::tuple<>>{}...)));
template <Board... Vs>
auto part_of(VariantList<Vs...> list) -> decltype(part_of(list, std::index_sequence_for<Vs...>{}));
using PartTypes = decltype(part_of(testing::TestedVariants{}));

template <class V>
class Properties : public ::testing::Test {
 protected:
  void SetUp() override { RB_SKIP_IF_UNAVAILABLE(V); }
};
TYPED_TEST_SUITE(Properties, PartTypes, testing::VariantName);

TYPED_TEST(Properties, LegalMoveMask) {
  check_on_each_generator<TypeParam>("legal-move mask", [](const GeneratedPosition& g) {
    legal_move_mask<TypeParam>(g.position);
  });
}

TYPED_TEST(Properties, FlipsOfEverySquare) {
  check_on_each_generator<TypeParam>("flips of every square", [](const GeneratedPosition& g) {
    flips_of_every_square<TypeParam>(g.position);
  });
}

TYPED_TEST(Properties, PlayEachLegalMove) {
  check_on_each_generator<TypeParam>(
      "position after each legal move",
      [](const GeneratedPosition& g) { play_each_legal_move<TypeParam>(g.position); });
}

TYPED_TEST(Properties, RefuseEveryIllegalSquare) {
  check_on_each_generator<TypeParam>(
      "illegal squares refused, board unchanged",
      [](const GeneratedPosition& g) { refuse_every_illegal_square<TypeParam>(g.position); });
}

TYPED_TEST(Properties, PlayThenUndo) {
  check_on_each_generator<TypeParam>(
      "play then undo restores the exact state",
      [](const GeneratedPosition& g) { play_then_undo<TypeParam>(g.position); });
}

TYPED_TEST(Properties, PlaysAndPassesThereAndBack) {
  const std::string_view name = ListBoard<TypeParam>
                                    ? "plays and passes, then undo all (list checked each step)"
                                    : "plays and passes, then undo all";
  check_on_each_generator<TypeParam>(name, [](const GeneratedPosition& g) {
    plays_and_passes_there_and_back<TypeParam>(g.position, *step_choices());
  });
}

TYPED_TEST(Properties, GameOverAndFinalScore) {
  check_on_each_generator<TypeParam>("game over and final score", [](const GeneratedPosition& g) {
    game_over_and_final_score<TypeParam>(g.position);
  });
}

// ---------------------------------------------------------------------------
// The generators themselves: sampled the way a check samples them (the size
// running through 0..100), they must cover what they promise, so that a
// sizing mistake (say, a generator that only fills low squares at small
// sizes) cannot silently weaken the properties.

#if RB_PROPERTIES_PART == 0  // the generators are tested once
template <class F>
void sample(const rc::Gen<GeneratedPosition>& gen, int count, F&& f) {
  for (int i = 0; i < count; ++i) {
    f(gen(rc::Random(static_cast<std::uint64_t>(i)), i % (rc::kNominalSize + 1)).value());
  }
}

TEST(Generators, ArbitraryCoversEverySquareInEveryState) {
  Bitboard seen_black = 0, seen_white = 0, seen_empty = 0;
  bool seen_black_to_move = false, seen_white_to_move = false;
  int fewest_discs = 64, most_discs = 0;
  sample(arbitrary_positions(), 1000, [&](const GeneratedPosition& g) {
    const Position& p = g.position;
    ASSERT_TRUE(p.valid());
    seen_black |= p.black();
    seen_white |= p.white();
    seen_empty |= p.empty();
    (p.side == Color::black ? seen_black_to_move : seen_white_to_move) = true;
    fewest_discs = std::min(fewest_discs, 64 - p.empties());
    most_discs = std::max(most_discs, 64 - p.empties());
  });
  EXPECT_TRUE(seen_black & bit(63)) << "no black disc on h8";
  EXPECT_TRUE(seen_white & bit(63)) << "no white disc on h8";
  EXPECT_EQ(seen_black, ~Bitboard{0}) << "never black: " << squares_string(~seen_black);
  EXPECT_EQ(seen_white, ~Bitboard{0}) << "never white: " << squares_string(~seen_white);
  EXPECT_EQ(seen_empty, ~Bitboard{0}) << "never empty: " << squares_string(~seen_empty);
  EXPECT_TRUE(seen_black_to_move && seen_white_to_move);
  EXPECT_LE(fewest_discs, 16);
  EXPECT_GE(most_discs, 48);

  // Size 0 is where an unsized generator collapses: still every square.
  Bitboard seen_at_size_0 = 0;
  for (std::uint64_t i = 0; i < 200; ++i) {
    const Position p = arbitrary_positions()(rc::Random(i), 0).value().position;
    seen_at_size_0 |= p.player | p.opponent;
  }
  EXPECT_EQ(seen_at_size_0, ~Bitboard{0})
      << "never a disc at size 0: " << squares_string(~seen_at_size_0);
}

TEST(Generators, ReachableCoversWholeGames) {
  int fewest_empties = 64, most_empties = 0;
  bool seen_black_to_move = false, seen_white_to_move = false, seen_game_over = false;
  Bitboard seen_discs = 0;
  sample(reachable_positions(), 1000, [&](const GeneratedPosition& g) {
    const Position& p = g.position;
    ASSERT_TRUE(p.valid());
    ASSERT_LE(p.empties(), 60);
    ASSERT_GE(p.empties(), 60 - g.target);  // one disc per ply at most
    fewest_empties = std::min(fewest_empties, p.empties());
    most_empties = std::max(most_empties, p.empties());
    (p.side == Color::black ? seen_black_to_move : seen_white_to_move) = true;
    seen_game_over = seen_game_over || ReferenceBoard(p).game_over();
    seen_discs |= p.player | p.opponent;
  });
  EXPECT_EQ(most_empties, 60);  // the start itself
  EXPECT_LE(fewest_empties, 2);
  EXPECT_TRUE(seen_black_to_move && seen_white_to_move);
  EXPECT_TRUE(seen_game_over);
  EXPECT_EQ(seen_discs, ~Bitboard{0}) << "never a disc: " << squares_string(~seen_discs);
}

TEST(Generators, NearEndCoversZeroToSixEmpties) {
  std::array<int, 7> by_empties{};
  int game_over = 0, with_moves = 0;
  sample(near_end_positions(), 1000, [&](const GeneratedPosition& g) {
    const Position& p = g.position;
    ASSERT_TRUE(p.valid());
    ASSERT_EQ(p.empties(), g.target) << board_string(p);
    ++by_empties[p.empties()];
    const ReferenceBoard ref(p);
    game_over += ref.game_over();
    with_moves += ref.legal_moves() != 0;
  });
  for (int k = 0; k <= 6; ++k) EXPECT_GT(by_empties[k], 50) << k << " empties";
  EXPECT_GT(game_over, 50);
  EXPECT_GT(with_moves, 300);
}

#endif  // RB_PROPERTIES_PART == 0

// ---------------------------------------------------------------------------
// The case count: main() below makes max_success=kDefaultMaxSuccess the
// default, ten times RapidCheck's own 100 (the whole binary: about 8 s of CPU
// in Release). The sanitizer build (RB_TEST_SCALE=0: ASan+UBSan at -O1,
// about three times slower per case) runs 200 per property and generator,
// still twice RapidCheck's default, to keep the sanitized suite short.
constexpr int kDefaultMaxSuccess = RB_TEST_SCALE ? 1000 : 200;

TEST(RapidCheckSettings, RunsTheDefaultNumberOfCases) {
  testing::expect_default_number_of_cases(kDefaultMaxSuccess);
}

}  // namespace
}  // namespace rb

int main(int argc, char** argv) {
  return rb::testing::run_rapidcheck_tests(argc, argv, rb::kDefaultMaxSuccess);
}
