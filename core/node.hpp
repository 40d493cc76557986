// Nodes: what a search walks. Every search technique (perft's walker, the
// solver's searches, its last-empty score, its move ordering) is written
// once as a template over a node type, and two node types implement it:
//
// - BoardNode<B, G>: holds a board of any variant, moved with play() and
//   undo(); its moves come in the order of move source G (scan, mask or list;
//   see core/moves.hpp). The child of a move is the same node with the move
//   played; it is undone when the visit returns. It is passed by reference
//   (NodeArg): the board is reached at a fixed offset from the node's
//   address, as from `this`, never through a pointer kept in memory, which a
//   mailbox's byte stores would force the compiler to reload after each one
//   (measured: 10% on the mailbox's search).
// - BitsNode<B>: the two bitboards (player, opponent) of a KernelBoard
//   variant, moved with its kernels alone: the child of move s is a new value
//   (O ^ f, P ^ f ^ bit(s)), f = flips_of(s, P, O). No board, no undo stack;
//   its moves come from the legal mask, a1..h8.
//
// A node N offers:
//   N::kByValue              children are cheap values (they may be collected)
//   n.player(), n.opponent() the two bitboards (O(64) on the mailbox)
//   n.empty()                the empty squares
//   n.moves()                the legal moves of the side to move
//   n.opponent_moves()       the other side's legal moves
//   n.disc_difference()      the side to move's discs minus the other side's
//   n.flips(s), n.opponent_flips(s)
//   n.play(s, f)             if s is legal, f(child) with s played; returns
//                            whether s was legal
//   n.pass(f)                f(passed): the same discs, the other side to move
//   n.for_each_child(f)      f(s, child) for each move in the node's order
//                            until f returns true; returns the moves visited
//   n.peek_children(f)       the same, where a child is only looked at (its
//                            moves, its discs), never searched: a BoardNode of
//                            a KernelBoard hands out BitsNode children there,
//                            computed from the bitboards without playing.
//
// Searches take a node as NodeArg<N>: BitsNode by value, BoardNode by
// reference. The rule "no move: pass, or the game is over" is applied by each engine in
// one function of its own (perft: count_without_move, the solver:
// score_without_move), over these operations.
#pragma once

#include <cassert>
#include <type_traits>

#include "core/board.hpp"
#include "core/empty_list.hpp"
#include "core/moves.hpp"

namespace rb {

// How a search takes a node: a value that fits two registers, or a
// reference to the node that holds the board.
template <class N>
using NodeArg = std::conditional_t<N::kByValue, N, N&>;

template <KernelBoard B>
class BitsNode {
 public:
  static constexpr bool kByValue = true;

  BitsNode() = default;
  constexpr BitsNode(Bitboard player, Bitboard opponent) : player_(player), opponent_(opponent) {}
  explicit constexpr BitsNode(const Position& p) : BitsNode(p.player, p.opponent) {}

  Bitboard player() const { return player_; }
  Bitboard opponent() const { return opponent_; }
  Position position() const { return {player_, opponent_, Color::black}; }
  Bitboard empty() const { return ~(player_ | opponent_); }
  Bitboard moves() const { return B::moves_of(player_, opponent_); }
  Bitboard opponent_moves() const { return B::moves_of(opponent_, player_); }
  int disc_difference() const { return popcount(player_) - popcount(opponent_); }
  Bitboard flips(Square s) const { return B::flips_of(s, player_, opponent_); }
  Bitboard opponent_flips(Square s) const { return B::flips_of(s, opponent_, player_); }

  // The child after s, whose flips are known to be `flipped` (not 0).
  BitsNode child(Square s, Bitboard flipped) const {
    return {opponent_ ^ flipped, player_ ^ flipped ^ bit(s)};
  }
  BitsNode passed() const { return {opponent_, player_}; }

  template <class F>
  bool play(Square s, F&& f) const {
    const Bitboard flipped = flips(s);
    if (flipped == 0) return false;
    BitsNode c = child(s, flipped);
    f(c);
    return true;
  }
  template <class F>
  void pass(F&& f) const {
    BitsNode c = passed();
    f(c);
  }
  template <class F>
  int for_each_child(F&& f) const {
    int visited = 0;
    for (Bitboard m = moves(); m; m &= m - 1) {
      const Square s = first_square(m);
      BitsNode c = child(s, flips(s));
      ++visited;
      if (f(s, c)) break;
    }
    return visited;
  }
  template <class F>
  int peek_children(F&& f) const {
    return for_each_child(static_cast<F&&>(f));
  }

 private:
  Bitboard player_;
  Bitboard opponent_;
};

template <Board B, MoveGen G = B::info.movegen>
class BoardNode {
 public:
  static constexpr bool kByValue = false;
  // Whether peek_children() gives the children as BitsNode values (whose
  // flips can be read from them, for play_flipped()).
  static constexpr bool kPeeksBits = KernelBoard<B>;

  explicit BoardNode(const Position& position) : board_(position), empty_(position.empty()) {}
  BoardNode(const BoardNode&) = delete;
  BoardNode& operator=(const BoardNode&) = delete;

  B& board() { return board_; }
  Bitboard player() const { return board_.position().player; }
  Bitboard opponent() const { return board_.position().opponent; }
  Position position() const { return board_.position(); }
  Bitboard empty() const { return empty_; }
  Bitboard moves() const { return board_.legal_moves(); }
  Bitboard opponent_moves() {
    board_.pass();
    const Bitboard m = board_.legal_moves();
    board_.pass();
    return m;
  }
  int disc_difference() const { return board_.disc_difference(); }
  Bitboard flips(Square s) const { return board_.flips(s); }
  Bitboard opponent_flips(Square s) {
    board_.pass();
    const Bitboard f = board_.flips(s);
    board_.pass();
    return f;
  }

  template <class F>
  bool play(Square s, F&& f) {
    if (!board_.play(s)) return false;
    empty_ ^= bit(s);
    f(*this);
    empty_ ^= bit(s);
    board_.undo();
    return true;
  }
  // play(s) of a legal move whose flips are known to be `flipped`: on a
  // board that takes them (play_flipped), not computed again.
  template <class F>
  void play_flipped(Square s, Bitboard flipped, F&& f) {
    if constexpr (requires { board_.play_flipped(s, flipped); }) {
      board_.play_flipped(s, flipped);
    } else {
      const bool legal = board_.play(s);
      assert(legal);
      (void)legal;
    }
    empty_ ^= bit(s);
    f(*this);
    empty_ ^= bit(s);
    board_.undo();
  }
  template <class F>
  void pass(F&& f) {
    board_.pass();
    f(*this);
    board_.pass();
  }
  template <class F>
  int for_each_child(F&& f) {
    return for_each_move<G>(board_, [&](Square s) {
      empty_ ^= bit(s);
      const bool stop = f(s, *this);
      empty_ ^= bit(s);
      return stop;
    });
  }
  // On a KernelBoard the children are BitsNode values computed from the
  // bitboards, in the order of G; otherwise they are played and undone.
  // Take the child as auto&&.
  template <class F>
  int peek_children(F&& f) {
    if constexpr (KernelBoard<B>) {
      const BitsNode<B> bits(board_.position());
      int visited = 0;
      auto visit = [&](Square s, Bitboard flipped) {
        ++visited;
        return f(s, bits.child(s, flipped));
      };
      if constexpr (G == MoveGen::list) {
        // The list's order; the flips computed for the legal squares only.
        const Bitboard legal = bits.moves();
        const EmptyList& list = board_.empty_list();
        for (Square s = list.first(); s != EmptyList::kEnd; s = list.next(s)) {
          if (legal & bit(s)) {
            if (visit(s, bits.flips(s))) break;
          }
        }
      } else {  // scan and mask both give the moves in a1..h8 order
        for (Bitboard m = bits.moves(); m; m &= m - 1) {
          const Square s = first_square(m);
          if (visit(s, bits.flips(s))) break;
        }
      }
      return visited;
    } else {
      return for_each_child(static_cast<F&&>(f));
    }
  }

 private:
  B board_;
  Bitboard empty_;
};

// The fastest node for the positions of a board type: its two bitboards
// where it has kernels, else the board node itself.
template <Board B, MoveGen G>
struct FastestNodeOf {
  using type = BoardNode<B, G>;
};
template <KernelBoard B, MoveGen G>
struct FastestNodeOf<B, G> {
  using type = BitsNode<B>;
};

}  // namespace rb
