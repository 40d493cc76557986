// The interface every board implementation satisfies.
//
// Perft, the endgame solver, the verifier and the micro benchmarks are
// templates over this concept; a variant is chosen by name once, at the edge
// (CLI, tests, benchmarks), and everything below that is direct calls.
//
// Semantics shared by all implementations:
// - A board is built from a Position and converts back with position().
// - legal_moves(): the squares where the side to move flips at least one disc.
// - flips(s): the discs that playing s would flip, without playing it; 0 when s
//   is occupied or flips nothing.
// - play(s): folds the legality test into the move. If s flips nothing (or is
//   occupied) the board is left unchanged and play returns false; otherwise
//   the discs are flipped, s is placed, the side to move changes, and play
//   returns true. Only true plays are undone.
// - undo(): takes back the last successful play, restoring everything exactly
//   (the empty-square list included).
// - pass(): gives the move to the other side. It is its own inverse.
// - No virtual call and no heap allocation in play(), undo() or pass().
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>

#include "core/enum_table.hpp"
#include "core/position.hpp"

namespace rb {

// How a search finds the moves to try at a node.
enum class MoveGen {
  scan,  // try every square a1..h8 in turn; play() refuses the illegal ones
  mask,  // compute the legal-move mask, then play its squares a1..h8
  list,  // walk the empty-square list in its static priority order, try each
};
RB_ENUM_TABLE(MoveGen,  //
              {MoveGen::scan, "scan", "try every square a1..h8; play() refuses the illegal ones"},
              {MoveGen::mask, "mask", "the legal-move mask first, then its squares a1..h8"},
              {MoveGen::list, "list", "the empty-square list in its static priority order"});

struct VariantInfo {
  std::string_view name;
  std::string_view description;
  std::string_view family;  // the board representation, e.g. "mailbox"
  // The board code around the kernels: "bitboard-shell" for every bitboard
  // variant (variants/common/bitboard_shell.hpp), else the board's own.
  std::string_view shell;
  MoveGen movegen;
  std::uint32_t cpu_features;  // CpuFeature bits (core/cpu.hpp) this variant's code needs
  // One of the three textbook boards the speedup claims are about (the
  // mailbox, the shift and the Kindergarten bitboards, each with its +list
  // twin): the solver's ladder and the claims run on them (scripts/ read
  // them from `list --json`).
  bool textbook = false;
};

template <class B>
concept Board = std::constructible_from<B, const Position&> &&
    requires(B board, const B cboard, Square s) {
  { B::info } -> std::convertible_to<VariantInfo>;
  { cboard.position() } -> std::same_as<Position>;
  { cboard.legal_moves() } -> std::same_as<Bitboard>;
  { cboard.flips(s) } -> std::same_as<Bitboard>;
  { board.play(s) } -> std::same_as<bool>;
  { board.undo() } -> std::same_as<void>;
  { board.pass() } -> std::same_as<void>;
  { cboard.empties() } -> std::same_as<int>;
  { cboard.disc_difference() } -> std::same_as<int>;
  { cboard.side_to_move() } -> std::same_as<Color>;
  { cboard.consistent() } -> std::same_as<bool>;
};

// A board that keeps the empty squares in a linked list (see core/empty_list.hpp).
template <class B>
concept ListBoard = Board<B> && requires(const B cboard) {
  { cboard.empty_list().first() } -> std::same_as<Square>;
};

// A board whose move generation is also available as pure functions of the
// two bitboards (the side to move's discs, the other side's), with the same
// meaning as legal_moves() and flips(s) on a board holding that position.
// Searches use them near the leaves to work on the bitboards alone, without
// play() and undo(): perft's last two plies, the solver's few-empties path.
// Every bitboard variant provides them; the mailbox does not.
template <class B>
concept KernelBoard = Board<B> && requires(Square s, Bitboard player, Bitboard opponent) {
  { B::moves_of(player, opponent) } -> std::same_as<Bitboard>;
  { B::flips_of(s, player, opponent) } -> std::same_as<Bitboard>;
};

}  // namespace rb
