// The verifier finds planted bugs: boards that are wrong in one small way
// each produce a mismatch that names what differs.
#include <gtest/gtest.h>

#include <set>

#include "check/verify.hpp"
#include "support.hpp"

namespace rb {
namespace {

// Forgets to flip along one direction when the played square is on file h.
struct MissesAFlip : Shift {
  using Shift::Shift;
  Bitboard flips(Square s) const {
    const Bitboard f = Shift::flips(s);
    return file_of(s) == 7 ? f & ~(f & (0 - f)) : f;
  }
};

// Undo that forgets to restore the side to move after a particular square.
struct BadUndo : Shift {
  using Shift::Shift;
  bool play(Square s) {
    last_ = s;
    return Shift::play(s);
  }
  void undo() {
    Shift::undo();
    if (last_ == 0) pass();
  }
  Square last_ = -1;
};

// Accepts a move on a square that flips nothing, when it is a corner.
struct AcceptsCorners : ShiftList {
  using ShiftList::ShiftList;
  bool play(Square s) {
    if ((s == 0 || s == 63) && flips(s) == 0 && !(position().player & bit(s)) &&
        !(position().opponent & bit(s))) {
      pass();  // "plays" it: the side changes, nothing else
      return true;
    }
    return ShiftList::play(s);
  }
};

template <class V>
std::optional<Mismatch> first_mismatch(int positions) {
  std::mt19937_64 rng(5), continuation(6);
  VerifyCounts counts;
  for (int n = 0; n < positions; ++n) {
    const Position p = n % 2 ? random_arbitrary(rng) : random_reachable(rng, rng() % 61);
    if (auto m = verify_position<V>(p, continuation, counts)) return m;
  }
  return std::nullopt;
}

TEST(Verify, CorrectBoardsPass) {
  EXPECT_FALSE(first_mismatch<Shift>(500).has_value());
  EXPECT_FALSE(first_mismatch<MailboxList>(500).has_value());
}

TEST(Verify, FindsAMissingFlip) {
  const auto m = first_mismatch<MissesAFlip>(500);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what.rfind("flips of ", 0), 0u) << m->what;
  EXPECT_EQ(file_of(*parse_square(m->what.substr(9, 2))), 7)
      << m->what;  // "flips of h4[ after ...]"
  EXPECT_NE(m->expected, m->actual);
  EXPECT_NO_THROW(parse_board(m->board));  // pasteable into `reversi-bench show`
}

// With no follow-up plies, the missing flip is found at the position itself
// by its flips alone: a move on file h that flips two discs or more, one of
// them left out (the move stays legal and flips something, so neither the
// legal moves nor a flips-or-not comparison can see it).
TEST(Verify, FindsAMissingFlipWithNoFollowUpPlies) {
  std::mt19937_64 rng(1);
  VerifyCounts counts;
  std::optional<Mismatch> m;
  for (const Position& p : targeted_positions()) {
    if ((m = verify_position<MissesAFlip>(p, rng, counts, 0))) break;
  }
  ASSERT_TRUE(m.has_value());
  ASSERT_EQ(m->what.size(), 11u) << m->what;  // "flips of h4": no "after ..."
  EXPECT_EQ(m->what.rfind("flips of ", 0), 0u) << m->what;
  const Square s = *parse_square(m->what.substr(9, 2));
  EXPECT_EQ(file_of(s), 7);
  const Position p = parse_board(m->board);
  const Bitboard right = ReferenceBoard(p).flips(s);
  EXPECT_GE(popcount(right), 2) << m->board;
  EXPECT_EQ(m->expected, mask_text(right));
  EXPECT_EQ(m->actual, mask_text(right & (right - 1)));
  EXPECT_EQ(counts.moves, 0u);  // found before any move was played
}

TEST(Verify, FindsABadUndo) {
  const auto m = first_mismatch<BadUndo>(2000);
  ASSERT_TRUE(m.has_value());
  EXPECT_NE(m->what.find("undo"), std::string::npos) << m->what;
}

TEST(Verify, FindsAnAcceptedIllegalMove) {
  const auto m = first_mismatch<AcceptsCorners>(2000);
  ASSERT_TRUE(m.has_value());
  EXPECT_NE(m->what.find("play of a1"), std::string::npos) << m->what;
  EXPECT_EQ(m->expected, "refused");
  EXPECT_EQ(m->actual, "played");
}

}  // namespace

// The flip-case model (check/flip_cases.hpp), checked by walks written here
// on a cell array: the number of cases the board's geometry allows, and the
// targeted positions exercising every one of them for each side to move.
namespace {

struct NaiveCase {
  int square, df, dr, length, end;  // end: 0 own, 1 edge, 2 empty
  auto operator<=>(const NaiveCase&) const = default;
};

constexpr int kSteps[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

std::set<NaiveCase> all_naive_cases() {
  std::set<NaiveCase> out;
  for (int s = 0; s < 64; ++s) {
    for (const auto& st : kSteps) {
      int room = 0;
      for (int f = s % 8 + st[0], r = s / 8 + st[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
           f += st[0], r += st[1])
        ++room;
      for (int k = 1; k <= 6; ++k) {
        if (k + 1 <= room) {
          out.insert({s, st[0], st[1], k, 0});
          out.insert({s, st[0], st[1], k, 2});
        }
        if (k == room) out.insert({s, st[0], st[1], k, 1});
      }
    }
  }
  return out;
}

// The cases `p` shows for its side to move, walking its cells.
void naive_cases_of(const Position& p, std::set<NaiveCase>& out) {
  const auto cell = [&](int f, int r) {
    const Bitboard b = bit(static_cast<Square>(r * 8 + f));
    return (p.player & b) ? 1 : (p.opponent & b) ? 2 : 0;
  };
  for (int s = 0; s < 64; ++s) {
    if (cell(s % 8, s / 8) != 0) continue;
    for (const auto& st : kSteps) {
      int f = s % 8 + st[0], r = s / 8 + st[1], k = 0;
      while (f >= 0 && f < 8 && r >= 0 && r < 8 && cell(f, r) == 2) {
        ++k;
        f += st[0];
        r += st[1];
      }
      if (k == 0 || k > 6) continue;
      const bool inside = f >= 0 && f < 8 && r >= 0 && r < 8;
      const int end = !inside ? 1 : cell(f, r) == 1 ? 0 : 2;
      out.insert({s, st[0], st[1], k, end});
    }
  }
}

}  // namespace

TEST(FlipCases, TheModelCountsEveryCaseTheGeometryAllows) {
  EXPECT_EQ(flip_cases().size(), all_naive_cases().size());
}

TEST(FlipCases, TheTargetedPositionsExerciseEveryCaseForEachSide) {
  const std::set<NaiveCase> all = all_naive_cases();
  for (Color side : {Color::black, Color::white}) {
    std::set<NaiveCase> seen;
    for (const Position& p : targeted_positions()) {
      ASSERT_TRUE(p.valid());
      if (p.side == side) naive_cases_of(p, seen);
    }
    EXPECT_EQ(seen, all) << color_name(side);
  }
  FlipCoverage coverage;
  for (const Position& p : targeted_positions()) coverage.add(p);
  EXPECT_EQ(coverage.cases_seen(), coverage.cases());
  EXPECT_TRUE(coverage.missing(5).empty());
}

TEST(FlipCases, TheTargetedPositionsReachEachMoveSituationForEachSide) {
  for (Color side : {Color::black, Color::white}) {
    bool pass = false, both = false, full = false, leaves = false, ends = false;
    for (const Position& p : targeted_positions()) {
      if (p.side != side) continue;
      ReferenceBoard board(p);
      const bool mine = board.legal_moves() != 0;
      const bool theirs = ReferenceBoard(p.passed()).legal_moves() != 0;
      full = full || p.empties() == 0;
      pass = pass || (p.empties() > 0 && !mine && theirs);
      both = both || (p.empties() > 0 && !mine && !theirs);
      for (Bitboard m = board.legal_moves(); m; m &= m - 1) {
        ReferenceBoard after(p);
        after.play(first_square(m));
        if (after.legal_moves() != 0) continue;
        const bool again = ReferenceBoard(after.position().passed()).legal_moves() != 0;
        leaves = leaves || again;
        ends = ends || !again;
      }
    }
    EXPECT_TRUE(pass && both && full && leaves && ends) << color_name(side);
  }
}

TEST(FlipCases, ACaseIsNamedAndFoundWhereItIs) {
  // a1 empty, b2..g7 white, h8 black, black to move: a1 north-east 6 own.
  Bitboard white = 0;
  for (int k = 1; k <= 6; ++k) white |= bit(static_cast<Square>(k * 9));
  const Position p = Position::from_colors(bit(63), white, Color::black);
  const int i = flip_case_at(p, 0, 4);
  ASSERT_GE(i, 0);
  EXPECT_EQ(flip_case_name(flip_cases()[static_cast<std::size_t>(i)]), "a1 north-east 6 own");
  EXPECT_EQ(flip_case_at(p, 0, 0), -1);           // east of a1: no opponent's disc next to it
  EXPECT_EQ(flip_case_at(p.passed(), 0, 4), -1);  // white to move: its own discs next to a1
}

}  // namespace rb
