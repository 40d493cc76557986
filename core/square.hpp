// Square and bit conventions shared by every part of the project.
//
// Square s is in 0..63: file s % 8 is A..H, rank s / 8 is 1..8, so A1 = 0,
// H1 = 7, A8 = 56 and H8 = 63. Bit s of a Bitboard is square s. Character i
// of an OBF board string is square i. The pass is a pseudo-square, kPass.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rb {

using Bitboard = std::uint64_t;
using Square = int;

inline constexpr Square kPass = 64;
inline constexpr Square kNoSquare = -1;

enum class Color : std::uint8_t { black, white };

constexpr Color opposite(Color c) { return c == Color::black ? Color::white : Color::black; }
constexpr char color_char(Color c) { return c == Color::black ? 'X' : 'O'; }
constexpr std::string_view color_name(Color c) { return c == Color::black ? "black" : "white"; }

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square first_square(Bitboard b) { return std::countr_zero(b); }

inline constexpr Bitboard kFileA = 0x0101010101010101ull;
inline constexpr Bitboard kFileH = 0x8080808080808080ull;
inline constexpr Bitboard kRank1 = 0x00000000000000FFull;
inline constexpr Bitboard kRank8 = 0xFF00000000000000ull;
inline constexpr Bitboard kEdges = kFileA | kFileH | kRank1 | kRank8;
inline constexpr Bitboard kCorners = 0x8100000000000081ull;  // a1 h1 a8 h8
// The cells a run of flipped discs can use without wrapping around an edge:
// files B..G for sideways and diagonal steps, ranks 2..7 for vertical ones.
inline constexpr Bitboard kInnerFiles = 0x7E7E7E7E7E7E7E7Eull;
inline constexpr Bitboard kInnerRanks = 0x00FFFFFFFFFFFF00ull;
inline constexpr Bitboard kInnerSquares = kInnerFiles & kInnerRanks;  // b2..g7

// The squares next to a square of b in any of the eight directions.
constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard sideways = ((b << 1) & ~kFileA) | ((b >> 1) & ~kFileH);
  const Bitboard row = b | sideways;
  return sideways | (row << 8) | (row >> 8);
}

// Calls f(square) for every set bit of b, lowest square first.
template <class F>
constexpr void for_each_square(Bitboard b, F&& f) {
  for (; b; b &= b - 1) f(first_square(b));
}

// "a1".."h8" for squares, "PS" for the pass.
std::string square_name(Square s);

// A move as the reports print it: "a1".."h8", "pass" for the pass, "-" for
// kNoSquare (no move).
std::string move_name(Square s);

// Accepts "a1".."h8" in either case, and the pass tokens "PS" and "PA"
// (either case). Anything else yields nullopt.
std::optional<Square> parse_square(std::string_view text);

// Square names of the set bits of b, lowest first, separated by spaces.
std::string squares_string(Bitboard b);

}  // namespace rb
