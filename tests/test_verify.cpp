// The verifier finds planted bugs: boards that are wrong in one small way
// each produce a mismatch that names what differs.
#include <gtest/gtest.h>

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
}  // namespace rb
