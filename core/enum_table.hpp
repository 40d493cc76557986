// One table per enum: each value with its name (as on the command line, in
// JSON and in the scripts) and a line of help. Parsing, printing, the CLI's
// choices and the JSON output all read the table, so a value is named in
// exactly one place.
//
//   template <> inline constexpr EnumTable<Algo> kEnumTable<Algo> = {{
//       {Algo::minimax, "minimax", "negamax over the whole tree"}, ...}};
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rb {

template <class E>
struct EnumEntry {
  E value;
  std::string_view name;
  std::string_view help;
};

// Specialized next to each enum with its entries.
template <class E>
inline constexpr bool kHasEnumTable = false;
template <class E>
struct EnumTableOf;

template <class E>
concept NamedEnum = kHasEnumTable<E>;

template <NamedEnum E>
constexpr const auto& enum_entries() {
  return EnumTableOf<E>::entries;
}

template <NamedEnum E>
constexpr std::string_view enum_name(E value) {
  for (const auto& e : enum_entries<E>()) {
    if (e.value == value) return e.name;
  }
  return "?";
}

template <NamedEnum E>
constexpr std::optional<E> parse_enum(std::string_view name) {
  for (const auto& e : enum_entries<E>()) {
    if (e.name == name) return e.value;
  }
  return std::nullopt;
}

// "a, b or c"
template <NamedEnum E>
std::string enum_choices() {
  std::string out;
  const auto& entries = enum_entries<E>();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i > 0) out += i + 1 == entries.size() ? " or " : ", ";
    out += entries[i].name;
  }
  return out;
}

// One line per value: "  name  help".
template <NamedEnum E>
std::string enum_help() {
  std::size_t width = 0;
  for (const auto& e : enum_entries<E>()) width = std::max(width, e.name.size());
  std::string out;
  for (const auto& e : enum_entries<E>()) {
    out += "\n  ";
    out += e.name;
    out.append(width + 2 - e.name.size(), ' ');
    out += e.help;
  }
  return out;
}

// Declares the table of enum E: RB_ENUM_TABLE(E, {E::a, "a", "..."}, ...).
#define RB_ENUM_TABLE(E, ...)                                                 \
  template <>                                                                 \
  inline constexpr bool kHasEnumTable<E> = true;                              \
  template <>                                                                 \
  struct EnumTableOf<E> {                                                     \
    static constexpr EnumEntry<E> list[] = {__VA_ARGS__};                     \
    static constexpr std::array<EnumEntry<E>, std::size(list)> entries = [] { \
      std::array<EnumEntry<E>, std::size(list)> a{};                          \
      for (std::size_t i = 0; i < a.size(); ++i) a[i] = list[i];              \
      return a;                                                               \
    }();                                                                      \
  }

}  // namespace rb
