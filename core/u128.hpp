// Unsigned 128-bit counts: deep perft totals pass 2^64 (the start
// position's perft(22) does), so sums of subtree counts are kept in
// unsigned __int128, written and read in full decimal.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rb {

using Count128 = unsigned __int128;

inline constexpr Count128 kCount64Max = ~std::uint64_t{0};

// a + b; throws std::overflow_error when the sum does not fit in 128 bits.
inline Count128 add_checked(Count128 a, Count128 b) {
  Count128 sum;
  if (__builtin_add_overflow(a, b, &sum)) {
    throw std::overflow_error("a perft count passed 2^128 (an unsigned 128-bit integer)");
  }
  return sum;
}

// a * b; throws std::overflow_error when the product does not fit in 128 bits.
inline Count128 mul_checked(Count128 a, Count128 b) {
  Count128 product;
  if (__builtin_mul_overflow(a, b, &product)) {
    throw std::overflow_error("a perft count passed 2^128 (an unsigned 128-bit integer)");
  }
  return product;
}

// The number in decimal, every digit.
inline std::string to_decimal(Count128 value) {
  char digits[40];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + static_cast<int>(value % 10));
    value /= 10;
  } while (value != 0);
  std::string text;
  while (n > 0) text.push_back(digits[--n]);
  return text;
}

// Decimal digits only (no sign, no blank), at most 2^128 - 1; nothing
// otherwise.
inline std::optional<Count128> parse_decimal(std::string_view text) {
  if (text.empty()) return std::nullopt;
  Count128 value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    if (__builtin_mul_overflow(value, Count128{10}, &value) ||
        __builtin_add_overflow(value, Count128(c - '0'), &value)) {
      return std::nullopt;
    }
  }
  return value;
}

}  // namespace rb
