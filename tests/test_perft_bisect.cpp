// Perft bisection (perft/bisect.hpp) on boards with planted faults, each
// the reference board (core/reference.hpp) but on one position four plies
// from the start (after f5 d6 c3 d3): a legal move left out, a move too
// many, a move that flips one disc too few, a count one too many at the
// last ply. The
// bisection must walk down to that position, by the path of those four
// moves, and name the fault; a right board gives no finding.
#include <gtest/gtest.h>

#include "core/reference.hpp"
#include "core/square.hpp"
#include "perft/bisect.hpp"

namespace rb {
namespace {

Position after(std::initializer_list<const char*> moves) {
  ReferenceBoard board(Position::start());
  for (const char* m : moves) EXPECT_TRUE(board.play(*parse_square(m)));
  return board.position();
}

bool same(const Position& a, const Position& b) {
  return a.player == b.player && a.opponent == b.opponent && a.side == b.side;
}

enum class Fault { none, moves, child, count, pass, extra };

// An empty square that is not a legal move of `p` (the planted extra move).
Square illegal_empty(const Position& p) {
  return first_square(p.empty() & ~ReferenceBoard(p).legal_moves());
}

// The board with `fault` planted at `target`; its perft walks its own moves
// and children (a124004: a pass is a ply, an early end adds nothing).
struct Planted {
  Fault fault;
  Position target;

  Bitboard legal_moves(const Position& p) const {
    const Bitboard moves = ReferenceBoard(p).legal_moves();
    if (fault == Fault::pass && same(p, target)) return moves | bit(0);  // a1, empty there
    if (fault == Fault::extra && same(p, target)) return moves | bit(illegal_empty(p));
    return fault == Fault::moves && same(p, target) ? moves & (moves - 1) : moves;
  }
  Position play(const Position& p, Square s) const {
    if (fault == Fault::extra && same(p, target) && s == illegal_empty(p)) {
      return Position{p.player | bit(s), p.opponent, p.side}.passed();  // a disc, no flips
    }
    ReferenceBoard board(p);
    const Bitboard flipped = board.flips(s);
    board.play(s);
    Position child = board.position();
    if (fault == Fault::child && same(p, target) && s == first_square(legal_moves(p))) {
      const Bitboard one =
          flipped & -flipped;  // the flipped disc back to the opponent of the mover
      child.player |= one;
      child.opponent &= ~one;
    }
    return child;
  }
  std::uint64_t perft(const Position& p, int depth) const {
    if (depth == 0) return 1;
    const Bitboard moves = legal_moves(p);
    std::uint64_t n = 0;
    if (moves == 0) {
      const Position passed = p.passed();
      if (legal_moves(passed) == 0) return 0;  // the game ended early
      return perft(passed, depth - 1);
    }
    if (depth == 1 && !(fault == Fault::count && same(p, target))) return popcount(moves);
    for (Bitboard m = moves; m; m &= m - 1) n += perft(play(p, first_square(m)), depth - 1);
    return n + (fault == Fault::count && same(p, target) && depth == 1 ? 1 : 0);
  }
  BisectBoard board() const {
    return {[this](const Position& p) { return legal_moves(p); },
            [this](const Position& p, Square s) { return play(p, s); },
            [this](const Position& p, int d) { return perft(p, d); }};
  }
};

const std::vector<Square> kPath = {*parse_square("f5"), *parse_square("d6"), *parse_square("c3"),
                                   *parse_square("d3")};

TEST(PerftBisect, FindsALegalMoveLeftOut) {
  const Planted b{Fault::moves, after({"f5", "d6", "c3", "d3"})};
  const auto f = bisect_perft(Position::start(), 6, PerftConvention::a124004, b.board());
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, BisectFinding::Kind::moves);
  EXPECT_EQ(f->path, kPath);
  EXPECT_TRUE(same(f->position, b.target));
  EXPECT_EQ(f->depth, 2);
  const Bitboard moves = ReferenceBoard(b.target).legal_moves();
  EXPECT_EQ(f->expected_moves, moves);
  EXPECT_EQ(f->found_moves, moves & (moves - 1));
}

TEST(PerftBisect, FindsAMoveThatFlipsTooFew) {
  const Planted b{Fault::child, after({"f5", "d6", "c3", "d3"})};
  const auto f = bisect_perft(Position::start(), 6, PerftConvention::a124004, b.board());
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, BisectFinding::Kind::child);
  EXPECT_EQ(f->path, kPath);
  EXPECT_EQ(f->move, first_square(ReferenceBoard(b.target).legal_moves()));
  EXPECT_FALSE(same(f->expected_child, f->found_child));
  EXPECT_EQ(popcount(f->expected_child.player ^ f->found_child.player), 1);
}

TEST(PerftBisect, FindsACountThatIsNotTheSumOfItsChildren) {
  const Planted b{Fault::count, after({"f5", "d6", "c3", "d3"})};
  // At depth 5 the target is searched with one ply left: its count is wrong.
  const auto f = bisect_perft(Position::start(), 5, PerftConvention::a124004, b.board());
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, BisectFinding::Kind::count);
  EXPECT_EQ(f->path, kPath);
  EXPECT_EQ(f->depth, 1);
  EXPECT_EQ(f->expected_count, static_cast<std::uint64_t>(popcount(f->expected_moves)));
  EXPECT_EQ(f->found_count, f->expected_count + 1);
}

// A move too many at an ordinary position (the extra square empty, next to
// nothing it could flip): found there, the extra move named by the sets.
TEST(PerftBisect, FindsAMoveTooManyAtAnOrdinaryPosition) {
  const Planted b{Fault::extra, after({"f5", "d6", "c3", "d3"})};
  const Bitboard moves = ReferenceBoard(b.target).legal_moves();
  ASSERT_NE(moves, 0u);
  for (const int depth : {5, 6}) {
    const auto f = bisect_perft(Position::start(), depth, PerftConvention::a124004, b.board());
    ASSERT_TRUE(f.has_value()) << depth;
    EXPECT_EQ(f->kind, BisectFinding::Kind::moves);
    EXPECT_EQ(f->path, kPath);
    EXPECT_TRUE(same(f->position, b.target));
    EXPECT_EQ(f->expected_moves, moves);
    EXPECT_EQ(f->found_moves, moves | bit(illegal_empty(b.target)));
  }
}

TEST(PerftBisect, FindsAGameEndTakenForAPass) {
  // White to move with no disc, black's discs alone: the game is over. The
  // planted board gives black a move there (a1), so it counts a pass.
  const Position over{0, 0x00000000FFFF0000ull, Color::white};
  ASSERT_EQ(ReferenceBoard(over).legal_moves(), 0u);
  ASSERT_EQ(ReferenceBoard(over.passed()).legal_moves(), 0u);
  const Planted b{Fault::pass, over.passed()};
  const auto f = bisect_perft(over, 2, PerftConvention::a124004, b.board());
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, BisectFinding::Kind::moves);
  EXPECT_EQ(f->path, std::vector<Square>{kPass});
  EXPECT_TRUE(same(f->position, over.passed()));
  EXPECT_EQ(f->expected_moves, 0u);
  EXPECT_EQ(f->found_moves, bit(0));
}

TEST(PerftBisect, ARightBoardHasNoFinding) {
  const Planted b{Fault::none, Position::start()};
  EXPECT_FALSE(bisect_perft(Position::start(), 6, PerftConvention::a124004, b.board()));
  // A fault the depth does not reach is no finding either (the target is 4
  // plies deep, its moves counted from depth 5).
  const Planted deep{Fault::moves, after({"f5", "d6", "c3", "d3"})};
  EXPECT_FALSE(bisect_perft(Position::start(), 4, PerftConvention::a124004, deep.board()));
}

}  // namespace
}  // namespace rb
