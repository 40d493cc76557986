#include "core/square.hpp"

namespace rb {

std::string square_name(Square s) {
  if (s == kPass) return "PS";
  if (s < 0 || s > 63) return "??";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::string move_name(Square s) {
  return s == kPass ? "pass" : s == kNoSquare ? "-" : square_name(s);
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const char f = static_cast<char>(text[0] | 0x20);  // ASCII lower case
  const char r = text[1];
  if (f == 'p' && ((r | 0x20) == 's' || (r | 0x20) == 'a')) return kPass;
  if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
  return make_square(f - 'a', r - '1');
}

std::string squares_string(Bitboard b) {
  std::string out;
  for_each_square(b, [&](Square s) {
    if (!out.empty()) out += ' ';
    out += square_name(s);
  });
  return out;
}

}  // namespace rb
