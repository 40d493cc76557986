// Command-line options from the project's tables: an enum option offers the
// names of its enum table (core/enum_table.hpp), and an options struct gets
// one option per row (core/option_rows.hpp), with the struct's own default.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

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
      "");
}

// --flag NAME, one of the enum's names (names only: a number is refused).
// The help lists the names and the default, when `shown_default` is given;
// what each name means is in docs/ (the help stays short).
template <NamedEnum E>
CLI::Option* add_enum_option(CLI::App* cmd, const std::string& flags, E& target,
                             const std::string& help, std::optional<E> shown_default) {
  std::string text = help + " (one of " + enum_choices<E>();
  if (shown_default) text += "; default " + std::string(enum_name(*shown_default));
  text += ")";
  return cmd->add_option(flags, target, text)
      ->type_name("NAME")
      ->transform(CLI::Validator(
          [](std::string& value) -> std::string {
            const auto parsed = parse_enum<E>(value);
            if (!parsed) return "'" + value + "' is not one of " + enum_choices<E>();
            value = std::to_string(static_cast<std::underlying_type_t<E>>(*parsed));
            return "";
          },
          ""));
}
template <NamedEnum E>
CLI::Option* add_enum_option(CLI::App* cmd, const std::string& flags, E& target,
                             const std::string& help) {
  return add_enum_option(cmd, flags, target, help, std::optional<E>(target));
}

// The command-line options of one row: a switch has --x and --no-x (the
// latter not listed in the help, which names it), any other row one option.
struct RowOptions {
  CLI::Option* option = nullptr;
  CLI::Option* negation = nullptr;
  bool given() const { return option->count() > 0 || (negation && negation->count() > 0); }
};

// One option per row, parsed into `parsed`, in the row's help group: a
// switch --x with its --no-x, the enum's names for an enum, a number within
// the row's range otherwise. The help shows `shown`'s values as the
// defaults. Returns the options in row order, for apply_given_options().
template <class Rows, class Struct>
std::vector<RowOptions> add_option_rows(CLI::App* cmd, const Rows& rows, Struct& parsed,
                                        const Struct& shown) {
  std::vector<RowOptions> options;
  for_each_row(rows, [&](const auto& row) {
    using T = typename std::decay_t<decltype(row)>::Type;
    const std::string flag = "--" + std::string(row.cli);
    const std::string help(row.help);
    T& value = parsed.*(row.member);
    const T& shown_value = shown.*(row.member);
    RowOptions added;
    if constexpr (std::is_same_v<T, bool>) {
      const std::string negation = "--no-" + std::string(row.cli);
      added.option = cmd->add_flag_callback(
          flag, [&value] { value = true; },
          help + (shown_value ? " (default on; " : " (default off; ") + negation +
              " turns it off)");
      added.negation = cmd->add_flag_callback(negation, [&value] { value = false; })->group("");
    } else if constexpr (NamedEnum<T>) {
      added.option = add_enum_option(cmd, flag, value, help, std::optional<T>(shown_value));
    } else {
      added.option =
          cmd->add_option(flag, value, help + " (default " + std::to_string(shown_value) + ")")
              ->check(in_range<T>(row.min, row.max));
    }
    added.option->group(std::string(option_group_title(row.group)));
    options.push_back(added);
  });
  return options;
}

// Copies into `target` the options given on the command line (`options`
// from add_option_rows, whose values were parsed into `parsed`).
template <class Rows, class Struct>
void apply_given_options(const Rows& rows, const std::vector<RowOptions>& options,
                         const Struct& parsed, Struct& target) {
  std::size_t i = 0;
  for_each_row(rows, [&](const auto& row) {
    const RowOptions& o = options[i++];
    if (o.negation && o.option->count() > 0 && o.negation->count() > 0) {
      throw CLI::ValidationError("--" + std::string(row.cli),
                                 "given with --no-" + std::string(row.cli) + "; give one");
    }
    if (o.given()) target.*(row.member) = parsed.*(row.member);
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
