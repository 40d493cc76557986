// The patterns of the learned evaluation (eval/pattern.hpp, whose opening
// comment explains the symmetry and the reading): the base shapes, their 8
// images under the symmetries of the board, the index of an image's
// configuration, the boards transformed by each symmetry, the per-image
// indices carried from a node to its children, and the weights as trained
// and stored, stage by stage.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "core/square.hpp"
#include "eval/evaluator.hpp"
#include "eval/probcut.hpp"
#include "variants/common/shift_fill.hpp"

namespace rb {

namespace pattern {

inline constexpr int kMaxSize = 10;

// A base shape: its squares in index order (a1 = 0, b1 = 1, ..., h8 = 63).
struct Shape {
  std::string_view name;
  int size;
  std::array<Square, kMaxSize> squares;
};

// The shapes. Each captures what decides Reversi endgames beyond mobility:
// - edge2x: an edge with the two X-squares next to its corners (b2, g2 for
//   the first rank): edge stability and the danger of an X-square before
//   its corner is taken;
// - corner3x3 and corner2x5: the corner regions, whose ownership decides
//   which discs become stable;
// - row2, row3, row4 (and their images: the columns): the inner lines,
//   whose ownership sets the frontier and the moves left;
// - diag8 .. diag4: the diagonals, where corners are gained or given away.
// (The set is the classic one of pattern-based Othello evaluations; the
// weights are the project's own, see train/trainer.hpp.)
inline constexpr std::array<Shape, 11> kShapes{{
    {"edge2x", 10, {0, 1, 2, 3, 4, 5, 6, 7, 9, 14}},
    {"corner3x3", 9, {0, 1, 2, 8, 9, 10, 16, 17, 18}},
    {"corner2x5", 10, {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},
    {"row2", 8, {8, 9, 10, 11, 12, 13, 14, 15}},
    {"row3", 8, {16, 17, 18, 19, 20, 21, 22, 23}},
    {"row4", 8, {24, 25, 26, 27, 28, 29, 30, 31}},
    {"diag8", 8, {0, 9, 18, 27, 36, 45, 54, 63}},
    {"diag7", 7, {1, 10, 19, 28, 37, 46, 55}},
    {"diag6", 6, {2, 11, 20, 29, 38, 47}},
    {"diag5", 5, {3, 12, 21, 30, 39}},
    {"diag4", 4, {4, 13, 22, 31}},
}};
inline constexpr int kShapeCount = static_cast<int>(kShapes.size());

constexpr int power3(int n) {
  int p = 1;
  while (n-- > 0) p *= 3;
  return p;
}

// Where each shape's weights begin in a stage's table, and the table's size.
inline constexpr auto kOffsets = [] {
  std::array<int, kShapeCount + 1> o{};
  for (int i = 0; i < kShapeCount; ++i) o[i + 1] = o[i] + power3(kShapes[i].size);
  return o;
}();
inline constexpr int kWeightsPerStage = kOffsets[kShapeCount];

// Image k (0..7) of a square: mirror the file (bit 0), mirror the rank
// (bit 1), then swap file and rank (bit 2).
constexpr Square symmetric(int k, Square s) {
  int f = file_of(s), r = rank_of(s);
  if (k & 1) f = 7 - f;
  if (k & 2) r = 7 - r;
  if (k & 4) std::swap(f, r);
  return make_square(f, r);
}

constexpr Bitboard symmetric(int k, Bitboard b) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= bit(symmetric(k, first_square(b)));
  return out;
}

// One image of a shape on the board.
struct Image {
  int shape;
  int size;
  std::array<Square, kMaxSize> squares;
};

// The digit of a square in a pattern index: 0 empty, 1 the side to move's,
// 2 the opponent's.
constexpr int digit(Bitboard player, Bitboard opponent, Square s) {
  return static_cast<int>((player >> s) & 1) + 2 * static_cast<int>((opponent >> s) & 1);
}

// The index of an image's configuration: sum of digit(square j) * 3^j.
constexpr int index_of(const Image& image, Bitboard player, Bitboard opponent) {
  int index = 0;
  for (int j = image.size - 1; j >= 0; --j) {
    index = 3 * index + digit(player, opponent, image.squares[j]);
  }
  return index;
}

// The 8 images of every shape (the orbit; images may repeat), shape by shape.
inline constexpr auto kImages = [] {
  std::array<Image, 8 * kShapeCount> images{};
  for (int i = 0; i < kShapeCount; ++i) {
    for (int k = 0; k < 8; ++k) {
      Image& image = images[8 * i + k];
      image.shape = i;
      image.size = kShapes[i].size;
      for (int j = 0; j < image.size; ++j) image.squares[j] = symmetric(k, kShapes[i].squares[j]);
    }
  }
  return images;
}();

// The feature ids of a position: for each image, its shape's offset plus its
// index (what the raw weights are read at, and what training fits).
inline std::array<int, kImages.size()> features(Bitboard player, Bitboard opponent) {
  std::array<int, kImages.size()> out;
  for (std::size_t i = 0; i < kImages.size(); ++i) {
    out[i] = kOffsets[kImages[i].shape] + index_of(kImages[i], player, opponent);
  }
  return out;
}

}  // namespace pattern

// The weights as trained and stored (eval/weights.hpp): per stage (a
// range of empties), a bias and one weight per configuration of each shape
// (pattern::kOffsets), all in kEvalScale units; and ProbCut's calibration
// for these weights (eval/probcut.hpp), when it was fitted.
struct PatternWeights {
  struct Stage {
    int min_empties = 0;
    int max_empties = 0;
    int bias = 0;
    std::vector<std::int16_t> weights;      // pattern::kWeightsPerStage
    std::optional<PatternNetwork> network;  // added to the linear sum
  };
  std::vector<Stage> stages;        // by min_empties, not overlapping
  std::vector<ProbCutRow> probcut;  // by depth, then min_empties; may be empty
};

namespace pattern {

// The board transformed by symmetry k (symmetric() above): square s of the
// result holds what square symmetric(k, s) of b holds.
constexpr Bitboard flip_files(Bitboard b) {  // a1 <-> h1
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  return ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
}
constexpr Bitboard flip_ranks(Bitboard b) { return __builtin_bswap64(b); }  // a1 <-> a8
constexpr Bitboard transpose(Bitboard b) {                                  // b1 <-> a2
  Bitboard t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAULL;
  b ^= t ^ (t << 7);
  t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCULL;
  b ^= t ^ (t << 14);
  t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ULL;
  return b ^ t ^ (t << 28);
}

// The 8 transformed boards, by k.
constexpr std::array<Bitboard, 8> transformed(Bitboard b) {
  const Bitboard t = transpose(b);
  const Bitboard f = flip_files(b), tf = flip_files(t);
  return {b, f, flip_ranks(b), flip_ranks(f), t, tf, flip_ranks(t), flip_ranks(tf)};
}

// The squares of each shape, as a mask (the shapes list them in ascending
// order, so a pext of the mask reads them in index order).
inline constexpr auto kShapeMasks = [] {
  std::array<Bitboard, kShapeCount> masks{};
  for (int i = 0; i < kShapeCount; ++i) {
    for (int j = 0; j < kShapes[i].size; ++j) {
      if (j > 0 && kShapes[i].squares[j] <= kShapes[i].squares[j - 1]) return decltype(masks){};
      masks[i] |= bit(kShapes[i].squares[j]);
    }
  }
  return masks;
}();
static_assert(kShapeMasks[0] == 0x42FFULL && kShapeMasks[kShapeCount - 1] == 0x80402010ULL,
              "every shape lists its squares in ascending order");

// The indices of a position, for the evaluation carried from a node to its
// children (PatternEval::child_indices): one per image, in the order of
// kImages (shape by shape, image k of a shape the shape read on the board
// transformed by k), as seen by each side. `own[i]` reads the side to move's
// discs as digit 1 and the other side's as 2; `other[i]` the reverse, the
// position as the other side sees it (what a child's `own` is made from).
// Padded to whole vectors of 16-bit lanes; the lanes past the images stay 0.
inline constexpr int kImageCount = static_cast<int>(kImages.size());
inline constexpr int kIndexLanes = 96;
static_assert(kImageCount <= kIndexLanes && kIndexLanes % 32 == 0);
static_assert(power3(kMaxSize) <= 65536, "an index fits 16 bits");
struct Indices {
  alignas(64) std::array<std::uint16_t, kIndexLanes> own;
  alignas(64) std::array<std::uint16_t, kIndexLanes> other;
};

// What square s adds to each image's index per unit of its digit: 3^j where
// s is the image's j-th square, else 0.
inline constexpr auto kSquareCoefficients = [] {
  std::array<std::array<std::uint16_t, kIndexLanes>, 64> c{};
  for (std::size_t i = 0; i < kImages.size(); ++i) {
    int power = 1;
    for (int j = 0; j < kImages[i].size; ++j, power *= 3) {
      c[static_cast<std::size_t>(kImages[i].squares[static_cast<std::size_t>(j)])][i] =
          static_cast<std::uint16_t>(power);
    }
  }
  return c;
}();

}  // namespace pattern

}  // namespace rb
