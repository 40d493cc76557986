#include "perft/perft_suite.hpp"

#include <charconv>
#include <chrono>

#include "core/seconds.hpp"
#include "io/input.hpp"
#include "io/obf.hpp"
#include "perft/perft_suite_txt.hpp"

namespace rb {

PerftSuite read_perft_suite(const std::string& path) {
  return parse_perft_suite(read_input_file(path, std::size_t{1} << 20), path);
}

PerftSuite parse_perft_suite(std::string_view text, const std::string& path) {
  PerftSuite suite;
  suite.path = path;
  int number = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    const SourceRef where{path, number};
    check_line_bytes(line, where);
    const auto words = split_fields(line);
    if (words.empty() || words[0].text.starts_with("%")) continue;
    const auto fail = [&](int column, const std::string& reason) {
      throw InputError(path, number, column, reason);
    };
    if (words.size() < 4) {
      fail(1, "a suite line is LABEL, the 64 squares, the side to move and at least one count");
    }
    PerftSuiteEntry e;
    e.label = std::string(words[0].text);
    e.line = number;
    try {
      e.position = parse_board(std::string(words[1].text) + " " + std::string(words[2].text));
    } catch (const InputError& why) {
      fail(words[1].column, why.reason());
    }
    for (std::size_t i = 3; i < words.size(); ++i) {
      std::uint64_t n = 0;
      const auto [p, ec] =
          std::from_chars(words[i].text.data(), words[i].text.data() + words[i].text.size(), n);
      if (ec != std::errc() || p != words[i].text.data() + words[i].text.size()) {
        fail(words[i].column, "the count at depth " + std::to_string(i - 2) +
                                  " is not a number: '" + escape_controls(words[i].text) + "'");
      }
      e.counts.push_back(n);
    }
    suite.entries.push_back(std::move(e));
  }
  if (suite.entries.empty()) throw InputError(path, 0, 0, "no position in the suite");
  return suite;
}

const PerftSuite& builtin_perft_suite() {
  static const PerftSuite suite = parse_perft_suite(kPerftSuiteTxt, "perft-suite.txt (built in)");
  return suite;
}

const PerftSuiteRow* PerftSuiteResult::first_wrong() const {
  for (const PerftSuiteRow& r : rows) {
    if (!r.ok) return &r;
  }
  return nullptr;
}

PerftSuiteResult run_perft_suite(const PerftSuite& suite, const BisectBoard& board, int max_depth,
                                 bool bisect,
                                 const std::function<void(const PerftSuiteRow&)>& on_row) {
  PerftSuiteResult result;
  for (const PerftSuiteEntry& e : suite.entries) {
    PerftSuiteRow row;
    row.entry = &e;
    const auto t0 = std::chrono::steady_clock::now();
    const int deepest = std::min<int>(max_depth, static_cast<int>(e.counts.size()));
    for (int d = 1; d <= deepest; ++d) {
      row.depth = d;
      row.expected = e.counts[static_cast<std::size_t>(d - 1)];
      row.found = board.perft(e.position, d);
      if (row.found != row.expected) {
        row.ok = false;
        break;
      }
    }
    row.seconds = seconds_since(t0);
    result.rows.push_back(row);
    if (!row.ok) ++result.wrong;
    if (on_row) on_row(result.rows.back());
  }
  if (const PerftSuiteRow* w = result.first_wrong(); w && bisect) {
    result.finding = bisect_perft(w->entry->position, w->depth, PerftConvention::a124004, board);
  }
  return result;
}

}  // namespace rb
