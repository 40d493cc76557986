// The three modes of the solver's search, as types. The one recursive search
// (search/exact_search.hpp) is compiled once per mode, so that what a mode
// leaves out costs no test at its nodes:
//
// - ExactMode: the exact search. Its table bounds are true bounds, and it
//   has every cutoff test, the few-empties path and the cut profile.
// - SelectiveMode: the selective pass (search/selective.hpp): the exact
//   search pruned by ProbCut at the margin of its level.
// - PresearchMode: the pre-search (search/presearch.hpp): an iteration whose
//   leaves (the positions at its horizon) return the evaluation, in
//   kEvalScale units; it orders by the mobility order, stores moves only and
//   has no cutoff test and no few-empties path.
// - MidgameMode: the playing search's midgame (search/midgame.hpp): as the
//   pre-search evaluates at its horizon, with a table of depth-limited
//   bounds, moves ordered by the evaluation and ProbCut.
//
// A split point records the mode of its search (ModeId), so that a thread
// that joins it searches in that mode (search/parallel.hpp).
#pragma once

#include <cstdint>

namespace rb::solver_detail {

enum class ModeId : std::uint8_t { exact, selective, presearch, midgame };

template <ModeId Id>
struct SearchMode {
  static constexpr ModeId kId = Id;
  static constexpr bool kExact = Id == ModeId::exact;
  static constexpr bool kSelective = Id == ModeId::selective;
  static constexpr bool kPresearch = Id == ModeId::presearch;
  static constexpr bool kMidgame = Id == ModeId::midgame;
  // Scores in kEvalScale units, the evaluation at a horizon.
  static constexpr bool kEvaluated = kPresearch || kMidgame;
};

using ExactMode = SearchMode<ModeId::exact>;
using SelectiveMode = SearchMode<ModeId::selective>;
using PresearchMode = SearchMode<ModeId::presearch>;
using MidgameMode = SearchMode<ModeId::midgame>;

// Calls f.template operator()<Mode>() with the mode type of `id`.
template <class F>
decltype(auto) with_mode(ModeId id, F&& f) {
  switch (id) {
    case ModeId::selective:
      return f.template operator()<SelectiveMode>();
    case ModeId::presearch:
      return f.template operator()<PresearchMode>();
    case ModeId::midgame:
      return f.template operator()<MidgameMode>();
    case ModeId::exact:
      break;
  }
  return f.template operator()<ExactMode>();
}

}  // namespace rb::solver_detail
