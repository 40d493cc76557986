// Option rows: each field of an options struct described once, as a row
// (command-line name, JSON key, help, the member, and its range), so that the
// command line, the JSON output and the scripts all read the same table. A
// new switch is one row.
#pragma once

#include <limits>
#include <string_view>
#include <tuple>

namespace rb {

template <class Struct, class T>
struct OptionRow {
  using Type = T;
  std::string_view cli;   // the long option, without "--"
  std::string_view json;  // the key in a result file's "config"
  std::string_view help;
  T Struct::*member;
  // The accepted range, for numbers (ignored for flags and enums).
  T min = std::numeric_limits<T>::lowest();
  T max = std::numeric_limits<T>::max();
};

// Calls f(row) for each row of a tuple of rows.
template <class Rows, class F>
constexpr void for_each_row(const Rows& rows, F&& f) {
  std::apply([&](const auto&... row) { (f(row), ...); }, rows);
}

}  // namespace rb
