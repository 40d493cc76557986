/* reversi_bench_plugin.h: the C ABI of a reversi-bench plug-in ("bring your
 * own board"), version 1.
 *
 * A plug-in is a shared object (.so) loaded with dlopen by
 * `reversi-bench ... --plugin PATH.so`. It appears beside the built-in
 * variants as `plugin:<name>` and runs everything they run: verify, perft,
 * solve and the micro benchmarks, its two kernels wrapped in the harness's
 * bitboard shell (play/undo by XOR, the undo stack kept by the harness).
 *
 * Conventions (the project's, fixed): square s is 0..63, file s % 8 is a..h,
 * rank s / 8 is 1..8 (a1 = 0, h1 = 7, a8 = 56, h8 = 63); bit s of a uint64_t
 * is square s. `player` holds the discs of the side to move, `opponent` the
 * other side's; the two never overlap. The entry points must be pure
 * functions of their arguments and safe to call from several threads at
 * once (perft -t, solve -t).
 *
 * Required symbols (a missing one: the plug-in is refused, exit 2):
 *
 *   uint32_t rbp_abi_version(void);   RBP_ABI_VERSION of the header the
 *                                     plug-in was built with (RBP_DEFINE_ABI_VERSION
 *                                     below writes it); another value: refused
 *   const rbp_info* rbp_get_info(void);   name, version, description
 *   uint64_t rbp_legal_moves(uint64_t player, uint64_t opponent);
 *                                     the squares where `player` flips at
 *                                     least one disc
 *   uint64_t rbp_flips(int square, uint64_t player, uint64_t opponent);
 *                                     the discs `player` flips by playing
 *                                     `square`; 0 when it is occupied or
 *                                     flips nothing
 *
 * Optional symbols, timed by the micro benchmarks as the plug-in really runs
 * them and checked by `verify` first:
 *
 *   Its own board state (all five, or none):
 *   void* rbp_state_new(uint64_t player, uint64_t opponent);  NULL: out of memory
 *   void rbp_state_free(void* state);
 *   int rbp_play(void* state, int square);  1: played (flips made, the side
 *                                     to move changed); 0: illegal, state unchanged
 *   void rbp_undo(void* state);       takes back the last successful play
 *   void rbp_state_get(const void* state, uint64_t* player, uint64_t* opponent);
 *                                     the state as (side to move, other side)
 *
 *   Bulk move counting:
 *   uint64_t rbp_count_moves(const uint64_t* player, const uint64_t* opponent, size_t n);
 *                                     the sum over i < n of the number of
 *                                     legal moves of (player[i], opponent[i])
 *
 * Versioning: RBP_ABI_VERSION changes whenever a signature or the meaning of
 * an entry point changes; rbp_abi_version() is the one symbol whose
 * signature never changes, and the harness reads it before anything else.
 */
#ifndef REVERSI_BENCH_PLUGIN_H
#define REVERSI_BENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define RBP_ABI_VERSION 1u

#ifdef __cplusplus
#define RBP_EXTERN_C extern "C"
#else
#define RBP_EXTERN_C
#endif
#define RBP_EXPORT RBP_EXTERN_C __attribute__((visibility("default")))

typedef struct rbp_info {
  const char* name;        /* 1-32 characters of [a-z0-9_-]; shown as plugin:<name> */
  const char* version;     /* the plug-in's own version, free text */
  const char* description; /* one line */
} rbp_info;

/* The entry points, by name and type. */
typedef uint32_t (*rbp_abi_version_fn)(void);
typedef const rbp_info* (*rbp_get_info_fn)(void);
typedef uint64_t (*rbp_legal_moves_fn)(uint64_t player, uint64_t opponent);
typedef uint64_t (*rbp_flips_fn)(int square, uint64_t player, uint64_t opponent);
typedef void* (*rbp_state_new_fn)(uint64_t player, uint64_t opponent);
typedef void (*rbp_state_free_fn)(void* state);
typedef int (*rbp_play_fn)(void* state, int square);
typedef void (*rbp_undo_fn)(void* state);
typedef void (*rbp_state_get_fn)(const void* state, uint64_t* player, uint64_t* opponent);
typedef uint64_t (*rbp_count_moves_fn)(const uint64_t* player, const uint64_t* opponent, size_t n);

/* Declarations for a plug-in's own source (and a check of its signatures). */
RBP_EXPORT uint32_t rbp_abi_version(void);
RBP_EXPORT const rbp_info* rbp_get_info(void);
RBP_EXPORT uint64_t rbp_legal_moves(uint64_t player, uint64_t opponent);
RBP_EXPORT uint64_t rbp_flips(int square, uint64_t player, uint64_t opponent);
RBP_EXPORT void* rbp_state_new(uint64_t player, uint64_t opponent);
RBP_EXPORT void rbp_state_free(void* state);
RBP_EXPORT int rbp_play(void* state, int square);
RBP_EXPORT void rbp_undo(void* state);
RBP_EXPORT void rbp_state_get(const void* state, uint64_t* player, uint64_t* opponent);
RBP_EXPORT uint64_t rbp_count_moves(const uint64_t* player, const uint64_t* opponent, size_t n);

/* Defines rbp_abi_version() as the version of this header. */
#define RBP_DEFINE_ABI_VERSION() \
  RBP_EXPORT uint32_t rbp_abi_version(void) { return RBP_ABI_VERSION; }

#endif /* REVERSI_BENCH_PLUGIN_H */
