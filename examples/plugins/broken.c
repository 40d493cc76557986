/* broken.c: deliberately faulty reversi-bench plug-ins, for the tests that
 * prove the harness reports them. The same source is built several times,
 * each with one fault chosen by a macro:
 *
 *   RBP_FAULT_WRONG_FLIPS   rbp_flips never flips a run towards the east
 *                           (file + 1) closed on the h file (its legal moves
 *                           are right): `verify` must report a mismatch of flips
 *   RBP_FAULT_CRASH         rbp_flips dereferences a null pointer when asked
 *                           about g7 on a board whose h8 is the player's:
 *                           the check must name the entry point and position
 *   RBP_FAULT_ABI           reports ABI version 999: refused when loaded
 *   RBP_FAULT_NO_FLIPS      exports no rbp_flips: refused, naming the symbol
 *   RBP_FAULT_HALF_STATE    exports rbp_play but not the rest of its state
 *                           entry points: refused, naming a missing one
 *   RBP_FAULT_EXIT          rbp_flips ends the process with _exit(0): a check
 *                           or a run that ends early is a failure, whatever
 *                           the exit status
 *   RBP_FAULT_RARE_CRASH    rbp_legal_moves dereferences a null pointer on one
 *                           position 8 plies deep (after f5 d6 c3 d3 c4 f4 f6
 *                           f3), which the check before timing does not meet:
 *                           perft to depth 9 must report it with the board
 *   RBP_FAULT_RARE_WRONG    rbp_legal_moves leaves out the lowest move of that
 *                           same position: perft to depth 9 is wrong, and its
 *                           bisection must walk down to that position
 *   RBP_FAULT_DATA_SYMBOLS  exports rbp_legal_moves as data, not a function:
 *                           refused when loaded, naming the symbol
 *
 * Otherwise it is a correct direction walk, like walk.c.
 */
#include <stdint.h>
#include <unistd.h>

#include "reversi_bench_plugin.h"

#ifdef RBP_FAULT_ABI
RBP_EXPORT uint32_t rbp_abi_version(void) { return 999; }
#else
RBP_DEFINE_ABI_VERSION()
#endif

#ifndef RBP_FAULT_NAME
#define RBP_FAULT_NAME "broken"
#endif

RBP_EXPORT const rbp_info* rbp_get_info(void) {
  static const rbp_info info = {RBP_FAULT_NAME, "0", "a deliberately faulty plug-in"};
  return &info;
}

static uint64_t walk_flips(int square, uint64_t player, uint64_t opponent, int faulty) {
  (void)faulty;
  static const int kFileStep[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  static const int kRankStep[8] = {0, 1, 1, 1, 0, -1, -1, -1};
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
#ifdef RBP_FAULT_WRONG_FLIPS
        if (faulty && d == 0 && file == 7) break;
#endif
        if (player & b) flipped |= run;
        break;
      }
      file += kFileStep[d];
      rank += kRankStep[d];
    }
  }
  return flipped;
}

#ifndef RBP_FAULT_NO_FLIPS
RBP_EXPORT uint64_t rbp_flips(int square, uint64_t player, uint64_t opponent) {
#ifdef RBP_FAULT_EXIT
  _exit(0);
#endif
#ifdef RBP_FAULT_CRASH
  if (square == 54 && (player >> 63) & 1) {
    volatile int* nowhere = (volatile int*)0;
    return (uint64_t)*nowhere;
  }
#endif
  return walk_flips(square, player, opponent, 1);
}
#endif

#ifdef RBP_FAULT_DATA_SYMBOLS
/* data under the entry point's name (the header declares the function) */
RBP_EXPORT const uint64_t rbp_legal_moves_data[4] __asm__("rbp_legal_moves") = {0, 0, 0, 0};
#else
RBP_EXPORT uint64_t rbp_legal_moves(uint64_t player, uint64_t opponent) {
#ifdef RBP_FAULT_RARE_CRASH
  if (player == 0x20300c040000ull && opponent == 0x80830280000ull) {
    volatile int* nowhere = (volatile int*)0;
    return (uint64_t)*nowhere;
  }
#endif
  uint64_t moves = 0;
  for (int s = 0; s < 64; ++s) {
    if (walk_flips(s, player, opponent, 0)) moves |= (uint64_t)1 << s;
  }
#ifdef RBP_FAULT_RARE_WRONG
  if (player == 0x20300c040000ull && opponent == 0x80830280000ull) moves &= moves - 1;
#endif
  return moves;
}
#endif

#ifdef RBP_FAULT_HALF_STATE
RBP_EXPORT int rbp_play(void* state, int square) {
  (void)state;
  (void)square;
  return 0;
}
#endif
