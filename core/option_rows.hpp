// Option rows: each field of an options struct described once, as a row
// (command-line name, JSON key, help group, help, the member, its range, and
// the rule it sets for the other options), so that the command line, the
// JSON output and the scripts all read the same table. A new switch is one
// row.
#pragma once

#include <limits>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace rb {

// Where an option shows in --help: the options everybody uses, the search
// techniques (switches and choices), and the thresholds that tune them.
enum class OptionGroup { everyday, technique, tuning };

constexpr std::string_view option_group_title(OptionGroup g) {
  return g == OptionGroup::everyday    ? "Options"
         : g == OptionGroup::technique ? "Search techniques (the preset sets them)"
                                       : "Tuning thresholds (the preset sets them)";
}

// A rule between options: what is wrong with the struct's values for the
// row's option ("needs a table (--tt MB)"), or empty when nothing is.
template <class Struct>
using OptionRule = std::string_view (*)(const Struct&);

template <class Struct, class T>
struct OptionRow {
  using Type = T;
  std::string_view cli;   // the long option, without "--"
  std::string_view json;  // the key in a result file's "config"
  OptionGroup group;
  std::string_view help;
  T Struct::*member;
  // The accepted range, for numbers (ignored for flags and enums).
  T min = std::numeric_limits<T>::lowest();
  T max = std::numeric_limits<T>::max();
  OptionRule<Struct> rule = nullptr;
};

// A switch (bool), a choice (an enum) and a number, with their rule if any.
template <class Struct>
constexpr OptionRow<Struct, bool> switch_row(
    std::string_view cli, std::string_view json, OptionGroup group, std::string_view help,
    bool Struct::*member, std::type_identity_t<OptionRule<Struct>> rule = nullptr) {
  return {cli, json, group, help, member, false, true, rule};
}
template <class Struct, class E>
constexpr OptionRow<Struct, E> choice_row(std::string_view cli, std::string_view json,
                                          OptionGroup group, std::string_view help,
                                          E Struct::*member) {
  return {cli, json, group, help, member};
}
template <class Struct, class T>
constexpr OptionRow<Struct, T> number_row(std::string_view cli, std::string_view json,
                                          OptionGroup group, std::string_view help,
                                          T Struct::*member, std::type_identity_t<T> min,
                                          std::type_identity_t<T> max) {
  return {cli, json, group, help, member, min, max};
}

// Calls f(row) for each row of a tuple of rows.
template <class Rows, class F>
constexpr void for_each_row(const Rows& rows, F&& f) {
  std::apply([&](const auto&... row) { (f(row), ...); }, rows);
}

}  // namespace rb
