// The node count of each move order, pinned: a regression pin, like the
// bench signature (tests/bench_signature_test.sh). A bug that changes only
// the order of the moves (the quadrant parity not updated in the
// few-empties path, a wrong tie-break of fastest-first) leaves every score
// exact and every variant's count equal to every other's, so that no other
// test sees it; the count of nodes does.
//
// The expected counts are those of the search as it was when this test was
// written (commit 081c8f0, "solve: presets ..."; the bench signature then
// was 43127118), recorded by this test itself with RB_PRINT_ORDER_NODES=1:
// they are not an independent oracle of the counts, which only the search
// defines, but a pin. A change meant to change the search prints the new
// table with RB_PRINT_ORDER_NODES=1 and states it in its commit message.
//
// Each order (Order in search/solve_options.hpp) with PVS and a small table
// on the first positions of positions/e12.obf, one thread, on a board with
// the legal mask (shift) and one with the empty-square list (shift+list);
// and the few-empties path (quadrant parity over the empties) under two
// orders. Every solve is bounded in time (tests/search_support.hpp).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "search/instances.hpp"
#include "search_support.hpp"

namespace rb {
namespace {

constexpr std::size_t kPositions = 6;
// The sanitizer build (-O0) checks the first two positions of each row.
constexpr std::size_t kChecked = RB_TEST_SCALE > 0 ? kPositions : 2;

struct Pin {
  const char* label;
  Order order;
  int few_empties;
  std::array<std::uint64_t, kPositions> mask;  // nodes per position, shift
  std::array<std::uint64_t, kPositions> list;  // nodes per position, shift+list
};

SolveOptions options_of(const Pin& pin) {
  SolveOptions o;
  o.algo = Algo::pvs;
  o.tt_mb = 4;
  o.order = pin.order;
  o.eval = EvalKind::classic;
  o.shallow_min_empties = 8;  // below the 12 empties of the suite, so that it orders
  o.few_empties = pin.few_empties;
  o.last_empty = pin.few_empties > 0;
  return o;
}

// Recorded with RB_PRINT_ORDER_NODES=1 (see the opening comment).
constexpr Pin kPins[] = {
    {"none",
     Order::none,
     0,
     {287280, 179099, 25593, 121805, 85694, 128373},
     {108899, 122040, 39446, 63896, 15380, 114748}},
    {"fastest",
     Order::fastest,
     0,
     {93521, 69977, 36956, 22787, 6577, 37090},
     {72123, 45429, 38905, 23949, 6426, 31996}},
    {"parity",
     Order::parity,
     0,
     {185791, 127493, 60135, 73715, 74327, 61447},
     {64851, 68133, 49334, 34474, 35755, 67127}},
    {"fastest-parity",
     Order::fastest_parity,
     0,
     {73683, 62289, 35749, 19767, 6346, 32805},
     {53266, 44892, 35936, 20247, 5925, 29353}},
    {"mobility",
     Order::mobility,
     0,
     {85104, 58121, 30999, 23920, 8497, 42503},
     {71772, 40160, 32378, 21784, 7777, 39354}},
    {"shallow",
     Order::shallow,
     0,
     {69444, 64155, 29660, 22979, 8630, 40647},
     {63121, 56901, 28491, 24388, 8519, 38878}},
    {"none, few-empties 6",
     Order::none,
     6,
     {178729, 106069, 16721, 64419, 57703, 78834},
     {57549, 75651, 23149, 32649, 11469, 75541}},
    {"fastest, few-empties 6",
     Order::fastest,
     6,
     {53525, 40049, 25350, 13402, 4626, 23002},
     {40588, 32163, 20578, 13266, 4488, 17723}},
};

// The C++ name of an order, for the printed table.
std::string identifier(Order order) {
  std::string name(enum_name(order));
  for (char& c : name) c = c == '-' ? '_' : c;
  return name;
}

template <Board B>
std::array<std::uint64_t, kPositions> count_nodes(const Pin& pin) {
  const auto& entries = testing::suite("e12", kPositions);
  std::array<std::uint64_t, kPositions> nodes{};
  for (std::size_t i = 0; i < kChecked; ++i) {
    const SolveResult r = testing::bounded_solve<B>(entries[i].position, options_of(pin));
    EXPECT_EQ(r.score, entries[i].best_score().value()) << pin.label << " position " << i + 1;
    nodes[i] = r.nodes;
  }
  return nodes;
}

std::string row(const std::array<std::uint64_t, kPositions>& nodes) {
  std::string out = "{";
  for (std::size_t i = 0; i < kPositions; ++i) out += (i ? ", " : "") + std::to_string(nodes[i]);
  return out + "}";
}

TEST(OrderNodes, EachOrderVisitsThePinnedNodes) {
  const bool print = std::getenv("RB_PRINT_ORDER_NODES") != nullptr;
  for (const Pin& pin : kPins) {
    SCOPED_TRACE(pin.label);
    const auto mask = count_nodes<Shift>(pin);
    const auto list = count_nodes<ShiftList>(pin);
    if (print) {
      std::printf("    {\"%s\", Order::%s, %d,\n     %s,\n     %s},\n", pin.label,
                  identifier(pin.order).c_str(), pin.few_empties, row(mask).c_str(),
                  row(list).c_str());
    }
    for (std::size_t i = 0; i < kChecked; ++i) {
      EXPECT_EQ(mask[i], pin.mask[i]) << "shift, position " << i + 1;
      EXPECT_EQ(list[i], pin.list[i]) << "shift+list, position " << i + 1;
    }
  }
}

// Every order is pinned, so that a new one cannot go without.
TEST(OrderNodes, EveryOrderHasAPin) {
  for (const auto& entry : enum_entries<Order>()) {
    bool pinned = false;
    for (const Pin& pin : kPins) pinned = pinned || (pin.order == entry.value && !pin.few_empties);
    EXPECT_TRUE(pinned) << "no pin for --order " << entry.name;
  }
}

}  // namespace
}  // namespace rb
