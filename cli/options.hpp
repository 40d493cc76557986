// Command-line options from the project's tables: an enum option offers the
// names of its enum table (core/enum_table.hpp), and an options struct gets
// one option per row (core/option_rows.hpp), with the struct's own default.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <type_traits>

#include <CLI/CLI.hpp>

#include "core/enum_table.hpp"
#include "core/option_rows.hpp"

namespace rb::cli {

// A number from min to max. Text that is not a number is called so ("--depth:
// 'abc' is not a number ..."), apart from a number out of range; CLI11's own
// Range validator calls both "not in range".
template <class T>
CLI::Validator in_range(T min, T max) {
  std::ostringstream range;
  range << (std::is_integral_v<T> ? "a whole number from " : "a number from ") << min << " to "
        << max;
  return CLI::Validator(
      [min, max, expected = range.str()](std::string& text) -> std::string {
        T value{};
        bool number = false;
        if constexpr (std::is_integral_v<T>) {
          // Optional sign, then digits only: a whole number, perhaps too large.
          const std::size_t digits = !text.empty() && (text[0] == '+' || text[0] == '-');
          number = digits < text.size() &&
                   text.find_first_not_of("0123456789", digits) == std::string::npos;
          const char* begin = text.data() + (text[0] == '+');
          const char* end = text.data() + text.size();
          const auto [ptr, ec] = std::from_chars(begin, end, value);
          if (number && (ec != std::errc{} || ptr != end)) {
            return "'" + text + "' is out of range (expected " + expected + ")";
          }
        } else {
          char* end = nullptr;
          value = static_cast<T>(std::strtod(text.c_str(), &end));
          number = !text.empty() && end == text.c_str() + text.size() && std::isfinite(value);
        }
        if (!number) return "'" + text + "' is not a number (expected " + expected + ")";
        if (value < min || value > max) {
          return "'" + text + "' is out of range (expected " + expected + ")";
        }
        return "";
      },
      std::is_integral_v<T> ? "INT" : "NUMBER");
}

// --flag NAME, one of the enum's names; the help lists them with theirs.
template <NamedEnum E>
CLI::Option* add_enum_option(CLI::App* cmd, const std::string& flags, E& target,
                             const std::string& help) {
  std::map<std::string, E> names;
  for (const auto& e : enum_entries<E>()) names.emplace(std::string(e.name), e.value);
  return cmd
      ->add_option(flags, target,
                   help + " (default " + std::string(enum_name(target)) + "):" + enum_help<E>())
      ->transform(CLI::CheckedTransformer(names));
}

// One option per row: a flag for a bool, the enum's names for an enum, a
// number within the row's range otherwise.
template <class Rows, class Struct>
void add_option_rows(CLI::App* cmd, const Rows& rows, Struct& target) {
  for_each_row(rows, [&](const auto& row) {
    using T = typename std::decay_t<decltype(row)>::Type;
    const std::string flag = "--" + std::string(row.cli);
    const std::string help(row.help);
    T& value = target.*(row.member);
    if constexpr (std::is_same_v<T, bool>) {
      cmd->add_flag(flag, value, help);
    } else if constexpr (NamedEnum<T>) {
      add_enum_option(cmd, flag, value, help);
    } else {
      cmd->add_option(flag, value, help + " (default " + std::to_string(value) + ")")
          ->check(in_range<T>(row.min, row.max));
    }
  });
}

// --seed N: a whole number 0..2^64-1, written as such ("-1" or "2^64" is
// an error, never wrapped or clamped).
inline CLI::Option* add_seed_option(CLI::App* cmd, std::uint64_t& seed, const std::string& help) {
  return cmd->add_option("--seed", seed, help + " (default " + std::to_string(seed) + ")")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || ec != std::errc{} || ptr != end) {
              return "'" + text + "' is not a whole number from 0 to 18446744073709551615";
            }
            return "";
          },
          "UINT64"));
}

}  // namespace rb::cli
