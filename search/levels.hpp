// The levels of the playing search (search/think.hpp), in the manner of
// Edax's levels: level L searches the midgame L plies deep with the pattern
// evaluation at its leaves, solves for win, loss or draw from wld_empties
// empties, and exactly from exact_empties empties (each row's endgame
// reach chosen so that its exact solve takes about as long as its midgame
// search or less on this project's solver: 22 empties, level 10, is under
// a second). From level 40 on every position is solved exactly: `set depth
// 60` over NBoard is the exact solver of old. Levels 1-60, one row each.
#pragma once

#include <algorithm>
#include <array>

namespace rb {

struct Level {
  int level = 0;
  int depth = 0;          // midgame plies
  int wld_empties = 0;    // solved for win/loss/draw at this many empties or fewer
  int exact_empties = 0;  // solved exactly at this many empties or fewer
};

inline constexpr int kMaxLevel = 60;

// {level, depth, wld_empties, exact_empties}
inline constexpr std::array<Level, kMaxLevel> kLevels{{
    {1, 1, 6, 4},     {2, 2, 8, 6},     {3, 3, 10, 8},    {4, 4, 12, 10},   {5, 5, 14, 12},
    {6, 6, 16, 14},   {7, 7, 18, 16},   {8, 8, 20, 18},   {9, 9, 22, 20},   {10, 10, 24, 22},
    {11, 11, 25, 23}, {12, 12, 26, 24}, {13, 13, 27, 25}, {14, 14, 28, 26}, {15, 15, 29, 27},
    {16, 16, 30, 28}, {17, 17, 31, 29}, {18, 18, 32, 30}, {19, 19, 33, 31}, {20, 20, 34, 32},
    {21, 21, 35, 33}, {22, 22, 36, 34}, {23, 23, 37, 35}, {24, 24, 38, 36}, {25, 25, 39, 37},
    {26, 26, 40, 38}, {27, 27, 41, 39}, {28, 28, 42, 40}, {29, 29, 43, 41}, {30, 30, 44, 42},
    {31, 31, 45, 43}, {32, 32, 46, 44}, {33, 33, 47, 45}, {34, 34, 48, 46}, {35, 35, 49, 47},
    {36, 36, 50, 48}, {37, 37, 51, 49}, {38, 38, 52, 50}, {39, 39, 53, 51}, {40, 40, 60, 60},
    {41, 41, 60, 60}, {42, 42, 60, 60}, {43, 43, 60, 60}, {44, 44, 60, 60}, {45, 45, 60, 60},
    {46, 46, 60, 60}, {47, 47, 60, 60}, {48, 48, 60, 60}, {49, 49, 60, 60}, {50, 50, 60, 60},
    {51, 51, 60, 60}, {52, 52, 60, 60}, {53, 53, 60, 60}, {54, 54, 60, 60}, {55, 55, 60, 60},
    {56, 56, 60, 60}, {57, 57, 60, 60}, {58, 58, 60, 60}, {59, 59, 60, 60}, {60, 60, 60, 60},
}};

// Level n, clamped to 1..60 (a GUI's "depth 99" is the exact solver).
constexpr Level level_of(int n) {
  return kLevels[static_cast<std::size_t>(std::clamp(n, 1, kMaxLevel) - 1)];
}

}  // namespace rb
