/* walk.c: an example reversi-bench plug-in in plain C (see
 * include/reversi_bench_plugin.h).
 *
 * The flips of a square come from a straightforward direction walk: from the
 * square, step in each of the eight directions while the next cell holds an
 * opponent disc; the run is kept when the walk ends on a player disc. The
 * legal moves are the empty squares with any flips. It also exports the
 * optional entry points: its own board state with play/undo (two words and
 * an undo stack), and a bulk move count.
 *
 * Build: cc -O2 -fPIC -shared -I include -o walk.so examples/plugins/walk.c
 */
#include <stdlib.h>

#include "reversi_bench_plugin.h"

static const int kFileStep[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int kRankStep[8] = {0, 1, 1, 1, 0, -1, -1, -1};

RBP_DEFINE_ABI_VERSION()

RBP_EXPORT const rbp_info* rbp_get_info(void) {
  static const rbp_info info = {"walk", "1.0",
                                "plain C, eight bounds-checked direction walks per square"};
  return &info;
}

/* The kernel. The exported entry points call this static function rather
 * than each other: a call to an exported function inside a shared object goes
 * through the PLT and cannot be inlined (it could be interposed). */
static uint64_t walk_flips(int square, uint64_t player, uint64_t opponent) {
  if (((player | opponent) >> square) & 1) return 0;
  uint64_t flipped = 0;
  for (int d = 0; d < 8; ++d) {
    uint64_t run = 0;
    int file = square % 8 + kFileStep[d], rank = square / 8 + kRankStep[d];
    while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
      const uint64_t b = (uint64_t)1 << (rank * 8 + file);
      if (opponent & b) {
        run |= b;
      } else {
        if (player & b) flipped |= run;
        break;
      }
      file += kFileStep[d];
      rank += kRankStep[d];
    }
  }
  return flipped;
}

static uint64_t walk_legal_moves(uint64_t player, uint64_t opponent) {
  uint64_t moves = 0;
  for (int s = 0; s < 64; ++s) {
    if (walk_flips(s, player, opponent)) moves |= (uint64_t)1 << s;
  }
  return moves;
}

RBP_EXPORT uint64_t rbp_flips(int square, uint64_t player, uint64_t opponent) {
  return walk_flips(square, player, opponent);
}

RBP_EXPORT uint64_t rbp_legal_moves(uint64_t player, uint64_t opponent) {
  return walk_legal_moves(player, opponent);
}

RBP_EXPORT uint64_t rbp_count_moves(const uint64_t* player, const uint64_t* opponent, size_t n) {
  uint64_t count = 0;
  for (size_t i = 0; i < n; ++i) {
    count += (uint64_t)__builtin_popcountll(walk_legal_moves(player[i], opponent[i]));
  }
  return count;
}

/* Its own board: the two words of the side to move and the other side, and
 * the words before each play. */
typedef struct walk_state {
  uint64_t player, opponent;
  int depth;
  uint64_t saved_player[64], saved_opponent[64];
} walk_state;

RBP_EXPORT void* rbp_state_new(uint64_t player, uint64_t opponent) {
  walk_state* state = calloc(1, sizeof *state);
  if (state) {
    state->player = player;
    state->opponent = opponent;
  }
  return state;
}

RBP_EXPORT void rbp_state_free(void* state) { free(state); }

RBP_EXPORT int rbp_play(void* opaque, int square) {
  walk_state* state = opaque;
  const uint64_t flipped = walk_flips(square, state->player, state->opponent);
  if (flipped == 0 || state->depth == 64) return 0;
  state->saved_player[state->depth] = state->player;
  state->saved_opponent[state->depth] = state->opponent;
  ++state->depth;
  const uint64_t player = state->player;
  state->player = state->opponent ^ flipped;
  state->opponent = player ^ flipped ^ ((uint64_t)1 << square);
  return 1;
}

RBP_EXPORT void rbp_undo(void* opaque) {
  walk_state* state = opaque;
  if (state->depth == 0) return;
  --state->depth;
  state->player = state->saved_player[state->depth];
  state->opponent = state->saved_opponent[state->depth];
}

RBP_EXPORT void rbp_state_get(const void* opaque, uint64_t* player, uint64_t* opponent) {
  const walk_state* state = opaque;
  *player = state->player;
  *opponent = state->opponent;
}
