// Rendering a position for people: an 8x8 grid with coordinates, the side to
// move, disc counts, empties, the legal moves and, when the game is over, the
// final score. Legal moves are computed by the reference board.
#pragma once

#include <string>

#include "core/position.hpp"

namespace rb {

std::string render(const Position& position);

}  // namespace rb
