// What verify and perft do with a board program (protocol/board_program.hpp):
// the board checked against the reference board on verify's positions, and
// perft counted by the program (its own perft, or the harness walking its
// moves and plays), with the bisection of a wrong count (perft/bisect.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "check/verify.hpp"
#include "perft/bisect.hpp"
#include "perft/perft.hpp"
#include "protocol/board_program.hpp"

namespace rb {

using BoardVerifyResult = VerifyOutcome;

// Verify's positions (the set's targeted ones, then its seeded ones) in
// batches: on each, the program's legal moves, and the position after each
// legal move, against the reference board, until the first mismatch, which
// is then made minimal (discs taken off one at a time while a mismatch
// stays).
BoardVerifyResult verify_board_program(protocol::BoardProgram& program, const VerifySet& set);

// perft of `position` at `depth` by the program: its own count when `own`
// (it announced perft; a124004 only), else the harness's walk of its moves
// and plays, level by level in batches, each distinct position asked once.
std::uint64_t board_program_perft(protocol::BoardProgram& program, const Position& position,
                                  int depth, PerftConvention convention, bool own);

// The program as the bisection sees it.
BisectBoard bisect_board(protocol::BoardProgram& program, PerftConvention convention, bool own);

}  // namespace rb
