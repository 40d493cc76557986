// Fuzzing the readers: the OBF line and file parser and the perft-table
// reader on corrupted copies of the real data (every line of positions/*.obf,
// positions/perft-start.csv), with RapidCheck. A corruption is 1-4 edits:
// byte flips, insertions of NUL, CR, 0xFF, LF, digits, '-', ';', ':', '%',
// blanks; deletions, truncations, duplicated spans and very long repeats.
//
// Each text is also judged by an oracle written here, independently of
// io/: a plain reading of the grammar in README.md and positions/README.md
// (with the reference board for the legality of listed moves). The property:
// the reader never crashes or hangs; it accepts the text exactly when the
// oracle does, with the same content (and an OBF entry written back reads
// back the same); otherwise it throws InputError naming the source, the
// first bad line and a column inside it, in one line of printable text.
//
// Cases: 3000 per property in optimized builds, 500 in the sanitizer build,
// a few seconds in all; for a longer run set the count:
//   RC_PARAMS="max_success=200000" build/release/tests/test_parsers_fuzz
// A failure prints the corrupted text (bytes as \xNN) and the
// RC_PARAMS="reproduce=..." value that replays it.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/reference.hpp"
#include "io/obf.hpp"
#include "perft/perft_table.hpp"
#include "rapidcheck_main.hpp"

namespace rb {
namespace {

constexpr int kDefaultMaxSuccess = RB_TEST_SCALE ? 3000 : 500;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The position lines of the suites (comments and blank lines left out).
const std::vector<std::string>& obf_lines() {
  static const std::vector<std::string> lines = [] {
    std::vector<std::string> out;
    for (const char* name : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf",
                             "fforum-60-79.obf", "e10.obf", "e20.obf"}) {
      std::istringstream in(read_text(std::string(RB_POSITIONS_DIR "/") + name));
      for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line[0] != '%') out.push_back(line);
      }
    }
    return out;
  }();
  return lines;
}

// ---------------------------------------------------------------------------
// Corruptions

struct Edit {
  int kind;        // see apply()
  std::size_t at;  // where, modulo the text's size
  std::size_t length;
  char byte;
  int repeat;
};

const std::vector<char>& special_bytes(bool newlines) {
  static const std::vector<char> line{'\0', '\r', '\xff', '0', '1', '6', '9', '-', ';', ':',
                                      '%',  ' ',  '\t',   '+', 'X', 'O', 'P', ',', '.', '\x01'};
  static const std::vector<char> text = [] {
    auto v = line;
    v.push_back('\n');
    v.push_back('\n');
    return v;
  }();
  return newlines ? text : line;
}

rc::Gen<Edit> edit(bool newlines) {
  return rc::gen::apply(
      [](int kind, std::size_t at, std::size_t length, char byte, int repeat) {
        return Edit{kind, at, length, byte, repeat};
      },
      rc::gen::inRange(0, 7), rc::gen::inRange<std::size_t>(0, 1 << 20),
      rc::gen::inRange<std::size_t>(1, 100), rc::gen::elementOf(special_bytes(newlines)),
      rc::gen::inRange(2, 1000));
}

void apply(const Edit& e, std::string& text) {
  const std::size_t n = text.size();
  const std::size_t at = n == 0 ? 0 : e.at % n;
  switch (e.kind) {
    case 0:  // flip one bit of a byte
      if (n > 0) text[at] = static_cast<char>(text[at] ^ (1 << (e.length % 8)));
      break;
    case 1:  // insert a byte
      text.insert(e.at % (n + 1), 1, e.byte);
      break;
    case 2:  // replace a byte
      if (n > 0) text[at] = e.byte;
      break;
    case 3:  // delete a span
      if (n > 0) text.erase(at, e.length);
      break;
    case 4:  // truncate
      text.resize(e.at % (n + 1));
      break;
    case 5:  // duplicate a span
      if (n > 0) text.insert(at, text.substr(at, e.length));
      break;
    default: {  // a very long line: a span repeated up to 100,000 bytes
      if (n == 0) break;
      const std::string span = text.substr(at, std::min<std::size_t>(e.length, 100));
      std::string longer;
      for (int r = 0; r < e.repeat && longer.size() < 100000; ++r) longer += span;
      text.insert(at, longer);
    }
  }
}

std::string corrupt(std::string text, bool newlines) {
  const auto edits = *rc::gen::container<std::vector<Edit>>(
      static_cast<std::size_t>(*rc::gen::inRange(1, 5)), edit(newlines));
  for (const Edit& e : edits) apply(e, text);
  return text;
}

// The text in a failure message, bytes written as \xNN, cut at 400 bytes.
std::string shown(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 400)) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '\\') {
      out += c;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    }
  }
  return text.size() > 400 ? out + "... (" + std::to_string(text.size()) + " bytes)" : out;
}

// The error is one line of printable text starting "SOURCE:LINE:COLUMN: ",
// with the column inside the line (or just past its end).
void check_error(const InputError& e, const std::string& source, int line, std::size_t line_length,
                 const std::string& input) {
  const std::string what = e.what();
  const bool printable = std::all_of(what.begin(), what.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  });
  if (!printable) RC_FAIL("unprintable message '" + shown(what) + "' for " + shown(input));
  if (e.source() != source || e.line() != line || e.column() < 1 ||
      static_cast<std::size_t>(e.column()) > line_length + 1) {
    RC_FAIL("the error '" + shown(what) + "' is not at " + source + ":" + std::to_string(line) +
            " (a line of " + std::to_string(line_length) + " bytes) for " + shown(input));
  }
  const std::string prefix =
      source + ":" + std::to_string(line) + ":" + std::to_string(e.column()) + ": ";
  if (what.rfind(prefix, 0) != 0) RC_FAIL("'" + shown(what) + "' does not start " + prefix);
}

// ---------------------------------------------------------------------------
// The OBF oracle: README.md's grammar, read plainly.

struct OracleLine {
  enum Kind { blank, invalid, entry } kind = invalid;
  Position position;
  std::vector<MoveScore> moves;
  std::optional<int> score;
};

bool one_of(char c, std::string_view set) { return set.find(c) != std::string_view::npos; }
constexpr std::string_view kBlack = "XxBb*", kWhite = "OoWw", kEmpty = "-.", kBlanks = " \t";

// [+-]?[0-9]+ within -64..+64.
std::optional<int> oracle_score(std::string_view s) {
  std::size_t i = !s.empty() && (s[0] == '+' || s[0] == '-');
  if (i == s.size()) return std::nullopt;
  int value = 0;
  for (std::size_t j = i; j < s.size(); ++j) {
    if (s[j] < '0' || s[j] > '9') return std::nullopt;
    value = std::min(1000, value * 10 + (s[j] - '0'));
  }
  if (value > 64) return std::nullopt;
  return s[0] == '-' ? -value : value;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && one_of(s.front(), kBlanks)) s.remove_prefix(1);
  while (!s.empty() && one_of(s.back(), kBlanks)) s.remove_suffix(1);
  return s;
}

OracleLine oracle_line(std::string_view line) {
  OracleLine out;
  // Text only: no NUL; a CR only as the last byte (CR LF endings).
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\0' || (line[i] == '\r' && i + 1 < line.size())) return out;
  }
  line = line.substr(0, line.find('%'));
  while (!line.empty() && one_of(line.back(), " \t\r\n")) line.remove_suffix(1);
  std::size_t i = 0;
  while (i < line.size() && one_of(line[i], kBlanks)) ++i;
  if (i == line.size()) {
    out.kind = OracleLine::blank;
    return out;
  }
  // 64 squares, then blanks and the side to move.
  Bitboard black = 0, white = 0;
  for (Square s = 0; s < 64; ++s, ++i) {
    if (i >= line.size()) return out;
    if (one_of(line[i], kBlack)) {
      black |= bit(s);
    } else if (one_of(line[i], kWhite)) {
      white |= bit(s);
    } else if (!one_of(line[i], kEmpty)) {
      return out;
    }
  }
  while (i < line.size() && one_of(line[i], kBlanks)) ++i;
  if (i == line.size() || !(one_of(line[i], kBlack) || one_of(line[i], kWhite))) return out;
  out.position =
      Position::from_colors(black, white, one_of(line[i], kBlack) ? Color::black : Color::white);
  ++i;
  if (i < line.size() && !one_of(line[i], " \t;")) return out;
  while (i < line.size() && one_of(line[i], kBlanks)) ++i;
  if (i < line.size()) {
    if (line[i] != ';') return out;
    // Items between ';': MOVE:score or one bare score; empty items skipped.
    ReferenceBoard board(out.position);
    const Bitboard legal = board.legal_moves();
    std::string_view rest = line.substr(i + 1);
    while (true) {
      const std::size_t end = rest.find(';');
      const std::string_view item = trim(rest.substr(0, end));
      if (!item.empty()) {
        const std::size_t colon = item.find(':');
        if (colon == std::string_view::npos) {
          if (out.score || !out.moves.empty()) return out;
          out.score = oracle_score(item);
          if (!out.score) return out;
        } else {
          if (out.score) return out;
          const auto move = parse_square(item.substr(0, colon));
          const auto score = oracle_score(trim(item.substr(colon + 1)));
          if (!move || !score) return out;
          for (const MoveScore& m : out.moves) {
            if (m.move == *move) return out;
          }
          if (*move == kPass) {
            ReferenceBoard passed = board;
            passed.pass();
            if (legal != 0 || passed.legal_moves() == 0) return out;
          } else if (!(legal & bit(*move))) {
            return out;
          }
          out.moves.push_back({*move, *score});
        }
      }
      if (end == std::string_view::npos) break;
      rest = rest.substr(end + 1);
    }
  }
  out.kind = OracleLine::entry;
  return out;
}

bool same_entry(const ObfEntry& entry, const OracleLine& oracle) {
  return entry.position == oracle.position && entry.moves == oracle.moves &&
         entry.score == oracle.score;
}

// ---------------------------------------------------------------------------
// The perft-table oracle: positions/README.md's CSV, read plainly.

struct OracleTable {
  bool valid = false;
  int bad_line = 0;  // the first bad line (0: none, or the table as a whole)
  std::vector<std::array<std::optional<std::uint64_t>, 3>> rows;  // from depth 1
};

// [0-9]* as a count: nullopt for empty; false in `ok` when not a count.
std::optional<std::uint64_t> oracle_count(std::string_view cell, bool& ok) {
  if (cell.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : cell) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (c < '0' || c > '9' || value > (UINT64_MAX - digit) / 10) {
      ok = false;
      return std::nullopt;
    }
    value = value * 10 + digit;
  }
  return value;
}

OracleTable oracle_table(std::string_view text) {
  OracleTable out;
  std::vector<std::string_view> lines;
  while (!text.empty()) {  // LF-separated; a final LF ends the last line
    const std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  std::array<std::optional<std::uint64_t>, 3> last;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::string_view line = lines[n];
    out.bad_line = static_cast<int>(n) + 1;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\0' || (line[i] == '\r' && i + 1 < line.size())) return out;
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (n == 0) {
      if (line != "depth,a124004,bik,no_pass") return out;
      continue;
    }
    if (line.empty()) continue;
    std::vector<std::string_view> cells;
    for (std::size_t start = 0;;) {
      const std::size_t comma = line.find(',', start);
      cells.push_back(line.substr(start, comma - start));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (cells.size() != 4) return out;
    bool ok = true;
    const auto depth = oracle_count(cells[0], ok);
    if (!ok || depth != out.rows.size() + 1) return out;
    std::array<std::optional<std::uint64_t>, 3> row;
    for (std::size_t c = 0; c < 3; ++c) {
      row[c] = oracle_count(cells[c + 1], ok);
      if (!ok || (row[c] && last[c] && *row[c] <= *last[c])) return out;
      if (row[c]) last[c] = row[c];
    }
    out.rows.push_back(row);
  }
  out.bad_line = 0;
  out.valid = !lines.empty() && !out.rows.empty();
  return out;
}

// ---------------------------------------------------------------------------
// The properties

void corrupted_obf_line() {
  const auto& lines = obf_lines();
  const std::string input = corrupt(lines[*rc::gen::inRange<std::size_t>(0, lines.size())], false);
  const OracleLine oracle = oracle_line(input);
  RC_TAG(oracle.kind == OracleLine::entry ? "accepted" : "refused");
  try {
    const ObfEntry entry = parse_obf_line(input, {"fuzz.obf", 3});
    if (oracle.kind != OracleLine::entry) RC_FAIL("accepted: " + shown(input));
    if (!same_entry(entry, oracle)) RC_FAIL("read otherwise than the oracle: " + shown(input));
    const ObfEntry again = parse_obf_line(format_obf_line(entry));
    RC_ASSERT(again.position == entry.position && again.moves == entry.moves &&
              again.score == entry.score);
  } catch (const InputError& e) {
    if (oracle.kind == OracleLine::entry) {
      RC_FAIL("refused (" + shown(e.what()) + "): " + shown(input));
    }
    check_error(e, "fuzz.obf", 3, input.size(), input);
  }
}

void corrupted_obf_file() {
  const auto& lines = obf_lines();
  std::string text = "% a suite\n";
  for (int k = 0; k < 3; ++k) {
    text += lines[*rc::gen::inRange<std::size_t>(0, lines.size())] + (k == 1 ? "\r\n\n" : "\n");
  }
  const std::string input = corrupt(text, true);
  // The oracle, line by line: the first bad line, or the entries.
  std::vector<std::string_view> input_lines;
  for (std::string_view rest = input; !rest.empty();) {
    const std::size_t end = rest.find('\n');
    input_lines.push_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  }
  std::vector<OracleLine> entries;
  int bad_line = 0;
  for (std::size_t n = 0; n < input_lines.size() && bad_line == 0; ++n) {
    OracleLine line = oracle_line(input_lines[n]);
    if (line.kind == OracleLine::invalid) bad_line = static_cast<int>(n) + 1;
    if (line.kind == OracleLine::entry) entries.push_back(std::move(line));
  }
  RC_TAG(bad_line == 0 && !entries.empty() ? "accepted" : "refused");
  try {
    const auto parsed = parse_obf_text(input, "fuzz.obf");
    if (bad_line != 0) RC_FAIL("line " + std::to_string(bad_line) + " accepted: " + shown(input));
    RC_ASSERT(parsed.size() == entries.size());
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      if (!same_entry(parsed[i], entries[i])) RC_FAIL("read otherwise: " + shown(input));
    }
  } catch (const InputError& e) {
    if (bad_line == 0 && !entries.empty()) {
      RC_FAIL("refused (" + shown(e.what()) + "): " + shown(input));
    }
    if (bad_line == 0) {
      RC_ASSERT(e.line() == 0);  // no position in the file
    } else {
      check_error(e, "fuzz.obf", bad_line,
                  input_lines[static_cast<std::size_t>(bad_line) - 1].size(), input);
    }
  }
}

const std::string& perft_csv() {
  static const std::string text = read_text(RB_POSITIONS_DIR "/perft-start.csv");
  return text;
}

void corrupted_perft_table() {
  const std::string input = corrupt(perft_csv(), true);
  const OracleTable oracle = oracle_table(input);
  RC_TAG(oracle.valid ? "accepted" : "refused");
  try {
    const PerftTable table = PerftTable::parse(input, "fuzz.csv");
    if (!oracle.valid) RC_FAIL("accepted: " + shown(input));
    RC_ASSERT(table.max_depth() == static_cast<int>(oracle.rows.size()));
    for (int depth = 1; depth <= table.max_depth(); ++depth) {
      for (int c = 0; c < 3; ++c) {
        RC_ASSERT(table.expected(static_cast<PerftConvention>(c), depth) ==
                  oracle.rows[static_cast<std::size_t>(depth) - 1][static_cast<std::size_t>(c)]);
      }
    }
  } catch (const InputError& e) {
    if (oracle.valid) RC_FAIL("refused (" + shown(e.what()) + "): " + shown(input));
    if (oracle.bad_line == 0) {
      RC_ASSERT(e.line() == 0);  // empty, or no counts
    } else {
      std::string_view line = input;
      for (int n = 1; n < oracle.bad_line; ++n) line = line.substr(line.find('\n') + 1);
      check_error(e, "fuzz.csv", oracle.bad_line, line.substr(0, line.find('\n')).size(), input);
    }
  }
}

TEST(ParserFuzz, ObfLine) { EXPECT_TRUE(rc::check("a corrupted OBF line", corrupted_obf_line)); }

TEST(ParserFuzz, ObfFile) { EXPECT_TRUE(rc::check("a corrupted OBF file", corrupted_obf_file)); }

TEST(ParserFuzz, PerftTable) {
  ASSERT_TRUE(oracle_table(perft_csv()).valid);  // the oracle reads the real table
  EXPECT_TRUE(rc::check("a corrupted perft table", corrupted_perft_table));
}

TEST(ParserFuzz, RunsTheDefaultNumberOfCases) {
  testing::expect_default_number_of_cases(kDefaultMaxSuccess);
}

}  // namespace
}  // namespace rb

int main(int argc, char** argv) {
  return rb::testing::run_rapidcheck_tests(argc, argv, rb::kDefaultMaxSuccess);
}
