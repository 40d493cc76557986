// A plug-in board: an engine author's two kernels, loaded from a shared
// object at run time (include/reversi_bench_plugin.h), run in the same
// bitboard shell as every built-in bitboard variant.
//
// The variants are compile-time types, a plug-in is a set of function
// pointers known only at run time. The bridge is a fixed number of slots:
// PluginKernel<Slot> is a kernel type whose legal_moves() and flips() call
// through the function pointers of table entry Slot, so PluginBoard<Slot>
// is a KernelBoard like any other and every search, perft and the solver
// run through the plug-in unchanged (compiled once for all the slots:
// SharedPluginBoard, below). load_plugin() (loader.hpp) fills one
// entry per --plugin before anything runs; after that the table is only
// read, so the searches share no mutable state. The cost over a built-in
// kernel is a load of the pointer and an indirect call into code the
// compiler cannot inline (measured in the README).
//
// The variant's name ("plugin:<name>") is known only at run time, so its
// compile-time info is a placeholder: code at the edge asks runtime_info<V>()
// (variants/runtime.hpp) for the name.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <utility>

#include "core/board.hpp"
#include "core/cpu.hpp"
#include "core/threads.hpp"
#include "include/reversi_bench_plugin.h"
#include "variants/common/bitboard_shell.hpp"

namespace rb {

// How many plug-ins one run can load (CMake's RB_PLUGIN_SLOTS; 8 unless the
// build says otherwise).
#ifndef RB_PLUGIN_SLOTS
#define RB_PLUGIN_SLOTS 8
#endif
inline constexpr int kPluginSlots = RB_PLUGIN_SLOTS;

// The two kernels of the plug-in in a slot.
struct PluginKernels {
  rbp_legal_moves_fn legal_moves = nullptr;
  rbp_flips_fn flips = nullptr;
};

// Filled by load_plugin() before any search starts; read-only afterwards.
inline std::array<PluginKernels, kPluginSlots> plugin_kernels{};

template <int Slot>
struct PluginKernel {
  static_assert(Slot >= 0 && Slot < kPluginSlots);
  static constexpr int kSlot = Slot;
  static constexpr VariantInfo info = {
      "plugin",      "a plug-in's kernels, called through pointers",
      "plugin",      "bitboard-shell",
      MoveGen::mask, kCpuNone};
  static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return plugin_kernels[Slot].legal_moves(player, opponent);
  }
  static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return plugin_kernels[Slot].flips(s, player, opponent);
  }
};

template <int Slot>
using PluginBoard = BitboardShell<PluginKernel<Slot>>;

// The kernels of the plug-in active on this thread (ActivePlugin, below):
// the board of the one search that serves every slot. The entry points of
// PluginBoard<Slot> (search/solver.hpp, perft/) make slot Slot active and
// run the search of SharedPluginBoard, so the searches are compiled once
// for all the slots instead of once per slot; the threads a search starts
// inherit the active plug-in (core/threads.hpp). What calls a slot's board
// directly (verify, the micro benchmarks) still calls PluginKernel<Slot>.
// The cost per call over PluginKernel<Slot> is a thread-local load.
struct ActivePluginKernel {
  static constexpr VariantInfo info = PluginKernel<0>::info;
  static const PluginKernels& active() {
    assert(inherited_state.plugin != nullptr);
    return *static_cast<const PluginKernels*>(inherited_state.plugin);
  }
  static Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    return active().legal_moves(player, opponent);
  }
  static Bitboard flips(Square s, Bitboard player, Bitboard opponent) {
    return active().flips(s, player, opponent);
  }
};
using SharedPluginBoard = BitboardShell<ActivePluginKernel>;

// Makes slot `slot`'s plug-in the active one on this thread for a scope
// (and the one before it again after).
class ActivePlugin {
 public:
  explicit ActivePlugin(int slot) : saved_(inherited_state.plugin) {
    inherited_state.plugin = &plugin_kernels[static_cast<std::size_t>(slot)];
  }
  ~ActivePlugin() { inherited_state.plugin = saved_; }
  ActivePlugin(const ActivePlugin&) = delete;
  ActivePlugin& operator=(const ActivePlugin&) = delete;

 private:
  const void* saved_;
};

// The slot of a plug-in board type; -1 for any other board.
template <class B>
inline constexpr int kPluginSlotOf = -1;
template <int Slot>
inline constexpr int kPluginSlotOf<BitboardShell<PluginKernel<Slot>>> = Slot;

template <class B>
concept PluginVariant = kPluginSlotOf<B>
>= 0;

static_assert(KernelBoard<PluginBoard<0>> && PluginVariant<PluginBoard<0>>);
static_assert(KernelBoard<SharedPluginBoard> && !PluginVariant<SharedPluginBoard>);

}  // namespace rb
