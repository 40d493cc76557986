// The openings a match starts its games from: read from a user's file
// (move lines such as the XOT lists, or GGF games), or made by the harness
// as a balanced set: seeded random play of N plies, each reached position
// scored by the playing search at a stated depth and kept when the score
// lies within +-k discs, one position per class of the board's eight
// symmetries. The set made from the same request is the same on every
// machine (the search is deterministic on one thread).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "search/session.hpp"

namespace rb {

struct Opening {
  std::string label;          // "openings-8.txt:3"
  std::vector<Square> moves;  // from the standard start; kPass for a pass
  Position position;          // after the moves
};

// "f5 d6 c3 d3 c4" (passes as "pa").
std::string moves_text(const std::vector<Square>& moves);

// Reads openings from a file's text: one a line, a move line from the
// standard start ("f5d6c3d3c4" or "F5 D6 C3", as engine-test's game lines,
// protocol/suite.hpp) or a GGF game ("(;GM[Othello]...B[f5]W[d6]...;)", from
// the standard board). Blank lines and '%' comments are skipped. With
// `plies` > 0 each opening is cut to its first `plies` moves (a GGF file
// usually holds whole games); an opening shorter than that, or one whose
// game is over, is an error. InputError naming the source, line and column.
std::vector<Opening> parse_openings(std::string_view text, std::string_view source, int plies);
std::vector<Opening> read_openings(const std::string& path, int plies);

// The class of a position under the board's symmetries: the least of its
// eight images (the side to move kept), as one key.
struct SymmetryKey {
  Bitboard player = 0, opponent = 0;
  auto operator<=>(const SymmetryKey&) const = default;
};
SymmetryKey symmetry_key(const Position& position);

struct OpeningRequest {
  int plies = 8;
  int count = 100;
  int depth = 10;          // the playing search's midgame depth
  double max_score = 2.0;  // |score| in discs, for the side to move
  std::uint64_t seed = 1;
  int max_tries = 0;  // random games tried before giving up; 0: 200 per opening
};

struct ScoredOpening {
  Opening opening;
  double score = 0;  // the search's, for the side to move after the moves
};

// Makes the balanced set; `progress(found, tried)` after each try. Throws
// UsageError when max_tries games give fewer than `count` openings.
std::vector<ScoredOpening> make_openings(const OpeningRequest& request, SearchSession& session,
                                         const std::function<void(int, int)>& progress = {});

}  // namespace rb
