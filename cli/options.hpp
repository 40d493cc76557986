// Command-line options from the project's tables: an enum option offers the
// names of its enum table (core/enum_table.hpp), and an options struct gets
// one option per row (core/option_rows.hpp), with the struct's own default.
#pragma once

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/enum_table.hpp"
#include "core/option_rows.hpp"

namespace rb::cli {

// Every number on the command line is read by this one parser, in decimal:
// optional sign, digits, and for a real number a fraction and an exponent.
// A leading zero is a digit like any other ("010" is ten, "09" nine; CLI11
// alone would read the first as octal eight and refuse the second), and
// hexadecimal, octal and binary prefixes, blanks, "inf" and "nan" are not
// numbers. The value, in range, is handed on to CLI11 as canonical decimal
// text. Messages name the option (CLI11 puts it first) and the text.
template <class T>
bool is_decimal_number(std::string_view text) {
  const bool sign = !text.empty() && (text[0] == '+' || text[0] == '-');
  std::string_view digits = text.substr(sign);
  if (digits.empty()) return false;
  if constexpr (std::is_integral_v<T>) {
    if (digits.find_first_not_of("0123456789") != std::string_view::npos) return false;
  } else {
    // digits [. digits] [e [sign] digits], at least one digit before the exponent
    std::size_t i = 0, mantissa = 0;
    while (i < digits.size() && std::isdigit(static_cast<unsigned char>(digits[i])))
      ++i, ++mantissa;
    if (i < digits.size() && digits[i] == '.') {
      ++i;
      while (i < digits.size() && std::isdigit(static_cast<unsigned char>(digits[i])))
        ++i, ++mantissa;
    }
    if (mantissa == 0) return false;
    if (i < digits.size() && (digits[i] == 'e' || digits[i] == 'E')) {
      ++i;
      if (i < digits.size() && (digits[i] == '+' || digits[i] == '-')) ++i;
      const std::size_t exponent = i;
      while (i < digits.size() && std::isdigit(static_cast<unsigned char>(digits[i]))) ++i;
      if (i == exponent) return false;
    }
    if (i != digits.size()) return false;
  }
  return true;
}

// The value of a text that is_decimal_number() calls a number; nullopt
// when it does not fit in T.
template <class T>
std::optional<T> parse_decimal_value(std::string_view text) {
  const char* begin = text.data() + (!text.empty() && text[0] == '+');
  const char* end = text.data() + text.size();
  T value{};
  if constexpr (std::is_integral_v<T>) {
    if (std::is_unsigned_v<T> && begin < end && *begin == '-') {
      // "-0" is zero; any other negative number is out of range
      if (std::string_view(begin + 1, end).find_first_not_of('0') != std::string_view::npos) {
        return std::nullopt;
      }
      return T{0};
    }
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc{} || ptr != end) return std::nullopt;
  } else {
    const auto [ptr, ec] = std::from_chars(begin, end, value, std::chars_format::general);
    if (ec != std::errc{} || ptr != end || !std::isfinite(value)) return std::nullopt;
  }
  return value;
}

// The name of the validator of every number option (check_number_options()).
inline constexpr std::string_view kDecimalValidator = "decimal";

// The validator of a number option from min to max: it reads the text as
// above and hands on the value as canonical text. Apply it with
// add_number_option(), which uses transform() (a check() would leave the
// text to CLI11's own reading).
template <class T>
CLI::Validator decimal_in_range(T min, T max) {
  std::ostringstream range;
  range << (std::is_integral_v<T> ? "a whole number from " : "a number from ") << min << " to "
        << max;
  return CLI::Validator(
             [min, max, expected = range.str()](std::string& text) -> std::string {
               if (!is_decimal_number<T>(text)) {
                 return "'" + text + "' is not a number (expected " + expected + ")";
               }
               const std::optional<T> value = parse_decimal_value<T>(text);
               if (!value || *value < min || *value > max) {
                 return "'" + text + "' is out of range (expected " + expected + ")";
               }
               if constexpr (std::is_integral_v<T>) {
                 text = std::to_string(*value);
               } else {
                 char buffer[64];
                 const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, *value);
                 text.assign(buffer, ec == std::errc{} ? end : buffer);
               }
               return "";
             },
             "")
      .name(std::string(kDecimalValidator));
}

// An option taking a number from min to max into `target`.
template <class T>
CLI::Option* add_number_option(CLI::App* cmd, const std::string& flags, T& target,
                               const std::string& help, T min, T max) {
  return cmd->add_option(flags, target, help)->transform(decimal_in_range<T>(min, max));
}

// Throws std::logic_error when an option of `app` or of its subcommands
// takes a number (CLI11 type INT, UINT or FLOAT) without decimal_in_range():
// both binaries call it once their options are made, so that no number
// option can be added that reads "010" as eight.
inline void check_number_options(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    const std::string type = option->get_type_name();
    if (!type.starts_with("INT") && !type.starts_with("UINT") && !type.starts_with("FLOAT")) {
      continue;
    }
    bool decimal = false;
    try {
      decimal = option->get_validator(std::string(kDecimalValidator))->get_modifying();
    } catch (const CLI::OptionNotFound&) {
    }
    if (!decimal) {
      throw std::logic_error(app.get_name() + " " + option->get_name() +
                             ": a number option without the decimal parser (cli/options.hpp)");
    }
  }
  for (CLI::App* sub : app.get_subcommands({})) check_number_options(*sub);
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
      added.option = add_number_option(cmd, flag, value,
                                       help + " (default " + std::to_string(shown_value) + ")",
                                       static_cast<T>(row.min), static_cast<T>(row.max));
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
  return add_number_option(cmd, "--seed", seed, help + " (default " + std::to_string(seed) + ")",
                           std::uint64_t{0}, ~std::uint64_t{0});
}

}  // namespace rb::cli
