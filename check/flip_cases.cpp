#include "check/flip_cases.hpp"

#include <random>

#include "check/random_positions.hpp"
#include "core/reference.hpp"

namespace rb {
namespace {

constexpr int kFileStep[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kRankStep[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr std::string_view kDirectionNames[8] = {
    "east", "west", "north", "south", "north-east", "north-west", "south-east", "south-west"};
constexpr int kMaxRun = 6;

// The squares from `s` in direction `d` to the edge, `s` left out.
int squares_ahead(Square s, int d) {
  int n = 0;
  for (int f = s % 8 + kFileStep[d], r = s / 8 + kRankStep[d]; f >= 0 && f < 8 && r >= 0 && r < 8;
       f += kFileStep[d], r += kRankStep[d]) {
    ++n;
  }
  return n;
}

Square step(Square s, int d, int k) {
  return static_cast<Square>((s / 8 + k * kRankStep[d]) * 8 + s % 8 + k * kFileStep[d]);
}

struct CaseTable {
  std::vector<FlipCase> cases;
  // [square][direction][length][end]: the case's number, or -1.
  int index[64][8][8][3];

  CaseTable() {
    for (auto& a : index)
      for (auto& b : a)
        for (auto& c : b)
          for (int& e : c) e = -1;
    for (Square s = 0; s < 64; ++s) {
      for (int d = 0; d < 8; ++d) {
        const int n = squares_ahead(s, d);
        for (int k = 1; k <= kMaxRun; ++k) {
          for (RunEnd end : {RunEnd::own, RunEnd::edge, RunEnd::empty}) {
            if (end == RunEnd::edge ? k != n : k + 1 > n) continue;
            index[s][d][k][static_cast<int>(end)] = static_cast<int>(cases.size());
            cases.push_back({s, d, k, end});
          }
        }
      }
    }
  }
};

const CaseTable& table() {
  static const CaseTable t;
  return t;
}

// The situations `position` reaches, one bit each.
unsigned situations_of(const Position& position) {
  if (position.empties() == 0) return 1u << static_cast<int>(MoveSituation::full_board);
  const ReferenceBoard board(position);
  const Bitboard legal = board.legal_moves();
  if (legal == 0) {
    const bool other = ReferenceBoard(position.passed()).legal_moves() != 0;
    return 1u << static_cast<int>(other ? MoveSituation::pass : MoveSituation::both_pass);
  }
  unsigned found = 0;
  for (Bitboard m = legal; m; m &= m - 1) {
    ReferenceBoard after(position);
    after.play(first_square(m));
    if (after.legal_moves() != 0) continue;
    after.pass();
    found |= 1u << static_cast<int>(after.legal_moves() ? MoveSituation::leaves_no_move
                                                        : MoveSituation::ends_game);
  }
  return found;
}

// What a packed position asks of a square: free, or a fixed content.
enum Cell : std::int8_t { kFree = -1, kEmpty = 0, kMine = 1, kTheirs = 2 };

bool fits(const std::array<Cell, 64>& cells, Square s, Cell want) {
  return cells[s] == kFree || cells[s] == want;
}

// The case's squares set in `cells` when they agree with what is there.
bool place(std::array<Cell, 64>& cells, const FlipCase& c) {
  if (!fits(cells, c.square, kEmpty)) return false;
  for (int k = 1; k <= c.length; ++k) {
    if (!fits(cells, step(c.square, c.direction, k), kTheirs)) return false;
  }
  const Square end = c.end == RunEnd::edge ? kNoSquare : step(c.square, c.direction, c.length + 1);
  const Cell end_cell = c.end == RunEnd::own ? kMine : kEmpty;
  if (end != kNoSquare && !fits(cells, end, end_cell)) return false;
  cells[c.square] = kEmpty;
  for (int k = 1; k <= c.length; ++k) cells[step(c.square, c.direction, k)] = kTheirs;
  if (end != kNoSquare) cells[end] = end_cell;
  return true;
}

// Positions for one side to move that together exercise every case: each
// takes the first case not yet exercised, then every later one that fits
// the squares already fixed; the free squares are filled from a fixed
// generator (a quarter empty), which exercises more cases by the way.
void add_packed(std::vector<Position>& out, Color side, std::mt19937_64& rng) {
  const auto& cases = table().cases;
  std::vector<bool> done(cases.size(), false);
  std::size_t left = cases.size();
  while (left > 0) {
    std::array<Cell, 64> cells;
    cells.fill(kFree);
    for (std::size_t i = 0; i < cases.size(); ++i) {
      if (!done[i]) place(cells, cases[i]);
    }
    Position p{0, 0, side};
    for (Square s = 0; s < 64; ++s) {
      Cell c = cells[s];
      if (c == kFree) {
        const auto r = rng() % 8;
        c = r < 2 ? kEmpty : r < 5 ? kMine : kTheirs;
      }
      if (c == kMine) p.player |= bit(s);
      if (c == kTheirs) p.opponent |= bit(s);
    }
    for (Square s = 0; s < 64; ++s) {
      for (int d = 0; d < 8; ++d) {
        const int i = flip_case_at(p, s, d);
        if (i >= 0 && !done[static_cast<std::size_t>(i)]) {
          done[static_cast<std::size_t>(i)] = true;
          --left;
        }
      }
    }
    out.push_back(p);
  }
}

// Positions that reach each situation `times` times for `side` (found among
// random positions of a fixed generator: arbitrary ones, games played a
// random number of plies, games played to their end, full boards).
void add_situations(std::vector<Position>& out, Color side, std::mt19937_64& rng, int times) {
  std::array<int, kMoveSituations> reached{};
  const auto needed = [&] {
    for (int n : reached)
      if (n < times) return true;
    return false;
  };
  for (std::uint64_t tries = 0; needed() && tries < 200000; ++tries) {
    Position p;
    switch (tries % 4) {
      case 0:
        p = random_arbitrary(rng);
        break;
      case 1:
        p = random_reachable(rng, static_cast<int>(30 + rng() % 31));
        break;
      case 2:
        p = random_reachable(rng, 200);  // to the end of the game
        break;
      default:
        p = random_arbitrary(rng);
        for (Bitboard e = p.empty(); e; e &= e - 1) {
          (rng() % 2 ? p.player : p.opponent) |= e & -e;
        }
    }
    p.side = side;  // the same discs as sides; only the colours change
    const unsigned found = situations_of(p);
    bool useful = false;
    for (int k = 0; k < kMoveSituations; ++k) {
      if ((found >> k & 1) && reached[static_cast<std::size_t>(k)] < times) useful = true;
    }
    if (!useful) continue;
    for (int k = 0; k < kMoveSituations; ++k) {
      if (found >> k & 1) ++reached[static_cast<std::size_t>(k)];
    }
    out.push_back(p);
  }
}

}  // namespace

std::string_view situation_name(MoveSituation s) {
  switch (s) {
    case MoveSituation::pass:
      return "pass";
    case MoveSituation::both_pass:
      return "both_pass";
    case MoveSituation::full_board:
      return "full_board";
    case MoveSituation::leaves_no_move:
      return "leaves_no_move";
    case MoveSituation::ends_game:
      return "ends_game";
  }
  return "?";
}

const std::vector<FlipCase>& flip_cases() { return table().cases; }

std::string_view direction_name(int direction) {
  return kDirectionNames[static_cast<std::size_t>(direction)];
}

std::string flip_case_name(const FlipCase& c) {
  static constexpr std::string_view kEnds[3] = {"own", "edge", "empty"};
  return square_name(c.square) + " " + std::string(direction_name(c.direction)) + " " +
         std::to_string(c.length) + " " + std::string(kEnds[static_cast<int>(c.end)]);
}

int flip_case_at(const Position& position, Square square, int direction) {
  if (!(position.empty() & bit(square))) return -1;
  const int n = squares_ahead(square, direction);
  int k = 0;
  while (k < n && (position.opponent & bit(step(square, direction, k + 1)))) ++k;
  if (k == 0 || k > kMaxRun) return -1;
  RunEnd end = RunEnd::edge;
  if (k < n)
    end = (position.player & bit(step(square, direction, k + 1))) ? RunEnd::own : RunEnd::empty;
  return table().index[square][direction][k][static_cast<int>(end)];
}

FlipCoverage::FlipCoverage() : seen_(flip_cases().size(), 0) {}

void FlipCoverage::add(const Position& position) {
  for (Bitboard e = position.empty(); e; e &= e - 1) {
    const Square s = first_square(e);
    for (int d = 0; d < 8; ++d) {
      const int i = flip_case_at(position, s, d);
      if (i >= 0 && !seen_[static_cast<std::size_t>(i)]) {
        seen_[static_cast<std::size_t>(i)] = 1;
        ++seen_count_;
      }
    }
  }
  const unsigned found = situations_of(position);
  for (int k = 0; k < kMoveSituations; ++k) {
    if (found >> k & 1) ++situations_[static_cast<std::size_t>(k)];
  }
}

std::size_t FlipCoverage::situations_seen() const {
  std::size_t n = 0;
  for (std::uint64_t c : situations_) n += c > 0;
  return n;
}

std::vector<std::string> FlipCoverage::missing(std::size_t max) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < seen_.size() && out.size() < max; ++i) {
    if (!seen_[i]) out.push_back(flip_case_name(flip_cases()[i]));
  }
  return out;
}

const std::vector<Position>& targeted_positions() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> out;
    // A fixed generator: the set is part of the program, not of a run.
    std::mt19937_64 rng(0x7a26e7ed5e7ULL);
    for (Color side : {Color::black, Color::white}) add_packed(out, side, rng);
    for (Color side : {Color::black, Color::white}) add_situations(out, side, rng, 3);
    return out;
  }();
  return positions;
}

}  // namespace rb
