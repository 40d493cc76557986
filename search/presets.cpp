#include "search/presets.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace rb {
namespace {

// The ladder. Each rung starts from the one before and adds one technique;
// a few change two things at once where the technique needs both (the
// pre-search goes back to the mobility order to be measured alone).
std::vector<Preset> make_presets() {
  std::vector<Preset> ladder;
  SolveOptions o;
  auto rung = [&](std::string_view name, std::string_view label, std::string_view adds,
                  bool list = true) {
    ladder.push_back({name, label, std::string(adds), list, o});
  };

  o.algo = Algo::minimax;
  o.order = Order::none;
  rung("minimax", "minimax",
       "Negamax over the whole tree, moves in board order: the baseline every technique is "
       "measured against.",
       false);
  o.algo = Algo::alphabeta;
  rung("alphabeta", "alpha-beta",
       "Alpha-beta pruning: the same score from far fewer nodes, moves still in board order.",
       false);
  rung("list", "+ move list",
       "The moves from a linked list of the empty squares in a static priority order "
       "(corners first) instead of a scan of the board.");
  o.order = Order::fastest;
  rung("fastest", "+ fastest-first",
       "Fastest-first order: the moves that leave the opponent fewest replies first.");
  o.tt_mb = 64;
  rung("table", "+ table",
       "A 64 MiB transposition table: bounds and best moves of positions reached again.");
  o.algo = Algo::pvs;
  rung("pvs", "PVS",
       "NegaScout (PVS): the moves after the first tested with a null window, re-searched "
       "only when they fail high.");
  o.last_empty = true;
  rung("last-empty", "+ last-empty shortcut",
       "A node with one empty square scored from the flips of that square, without playing it.");
  o.few_empties = 6;
  rung("few-empties", "+ few-empties path",
       "At 6 empties or fewer, a dedicated search on the two bitboards in quadrant-parity "
       "order, without the table.");
  o.etc = true;
  o.stability = true;
  rung("cutoffs", "+ ETC, stability",
       "Two cutoffs before searching: children looked up in the table (ETC), and the score "
       "capped by the opponent's stable discs.");
  o.order = Order::mobility;
  rung("mobility", "+ mobility order",
       "The mobility order: fastest-first refined by potential mobility and the mover's safe "
       "corner and edge discs.");
  o.order = Order::shallow;
  o.eval = EvalKind::classic;
  rung("shallow-classic", "+ shallow order (classic eval)",
       "Near the root (14+ empties), the moves ranked by a 2-ply search with a classic "
       "evaluation (mobility, corners, discs); pays on deep positions only.");
  o.eval = EvalKind::pattern;
  rung("shallow-pattern", "+ shallow order (pattern eval)",
       "The same shallow order with the learned pattern evaluation.");
  o.order = Order::mobility;
  o.presearch = true;
  rung("presearch", "+ pre-search (pattern eval)",
       "The mobility order again, with a pre-search: an iterative search of the root with the "
       "pattern evaluation leaves its best moves in the table (14+ empties).");
  o.order = Order::shallow;
  o.shallow_min_empties = 16;
  rung("presearch-shallow", "+ shallow order at >= 16 empties",
       "The pre-search, and the shallow order (pattern eval) at nodes with 16+ empties below "
       "the moves it leaves.");
  o.mtd = true;
  rung("mtd", "+ root by null-window tests",
       "The root searched by null-window tests from the pre-search's estimate (MTD(f)) instead "
       "of once with the full window.");
  o.presearch_nodes = 100'000;
  o.selective = true;
  rung("selective", "+ selective pass",
       "Before the exact search, ProbCut-pruned searches of the root leave their best moves "
       "and the first estimate; pays on deep positions (20+ empties).");
  o.tt_min_empties = 10;
  rung("table-10", "+ table at >= 10 empties",
       "The table used at nodes with 10+ empties instead of 8: more nodes, each cheaper.");
  o.shallow_all_margin = 8;
  rung("all-node", "+ mobility order at expected all-nodes",
       "No shallow ranking at nodes evaluated 8+ discs below alpha (expected to fail low: all "
       "their moves are searched anyway).");
  o.shallow_min_empties = 12;
  o.shallow_deep_empties = 16;
  rung("eval-order-12", "+ evaluation order at 12-15 empties",
       "At nodes with 12-15 empties, each move ranked by the evaluation of the position after "
       "it (with the mobility order's cost) instead of the mobility order alone; the 2-ply "
       "searches stay at 16+.");

  // The measured fastest configuration: one line to change, with its figure
  // in the commit message.
  constexpr std::string_view kBestRung = "eval-order-12";
  Preset best = *std::find_if(ladder.begin(), ladder.end(),
                              [&](const Preset& p) { return p.name == kBestRung; });
  best.name = kBestPreset;
  best.label = "best";
  best.adds = "The measured fastest configuration, the default of solve: the rung " +
              std::string(kBestRung) + ".";
  ladder.push_back(best);
  return ladder;
}

}  // namespace

const std::vector<Preset>& solve_presets() {
  static const std::vector<Preset> presets = make_presets();
  return presets;
}

const Preset* find_preset(std::string_view name) {
  for (const Preset& p : solve_presets()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const Preset& preset(std::string_view name) {
  const Preset* p = find_preset(name);
  if (!p) throw std::invalid_argument("no preset named '" + std::string(name) + "'");
  return *p;
}

std::string preset_choices() {
  std::string out;
  const auto& all = solve_presets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 == all.size() ? " or " : ", ";
    out += all[i].name;
  }
  return out;
}

std::optional<BrokenRule> broken_option_rule(const SolveOptions& o) {
  std::optional<BrokenRule> out;
  for_each_row(kSolveOptionRows, [&](const auto& row) {
    if (out || !row.rule) return;
    const std::string_view why = row.rule(o);
    if (!why.empty()) out = BrokenRule{std::string(row.cli), std::string(why)};
  });
  return out;
}

std::string option_differences(const SolveOptions& base, const SolveOptions& o) {
  std::string out;
  for_each_row(kSolveOptionRows, [&](const auto& row) {
    using T = typename std::decay_t<decltype(row)>::Type;
    const T& value = o.*(row.member);
    if (value == base.*(row.member)) return;
    if (!out.empty()) out += ' ';
    if constexpr (std::is_same_v<T, bool>) {
      out += (value ? "--" : "--no-") + std::string(row.cli);
    } else if constexpr (NamedEnum<T>) {
      out += "--" + std::string(row.cli) + " " + std::string(enum_name(value));
    } else {
      out += "--" + std::string(row.cli) + " " + std::to_string(value);
    }
  });
  return out;
}

}  // namespace rb
