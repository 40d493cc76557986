// Position I/O: board strings and OBF lines and files, the round trip of the
// FForum suites, and one test per kind of malformed input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/obf.hpp"
#include "perft/perft_table.hpp"

namespace rb {
namespace {

const std::string kPositions = RB_POSITIONS_DIR;
const std::string kStartBoard =
    "---------------------------OX------XO--------------------------- X";
// Black (X) to move has no move; white could play c1: X must pass.
const std::string kPassBoard = "OX" + std::string(62, '-') + " X";

std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Expects parse_obf_line(text) to fail at `column` with a reason containing `reason`.
void expect_error(const std::string& text, int column, const std::string& reason) {
  try {
    parse_obf_line(text, {"input.obf", 7});
    ADD_FAILURE() << "no error for: " << text;
  } catch (const InputError& e) {
    EXPECT_EQ(e.source(), "input.obf");
    EXPECT_EQ(e.line(), 7);
    EXPECT_EQ(e.column(), column) << e.what();
    EXPECT_NE(e.reason().find(reason), std::string::npos) << e.what();
    const std::string prefix = "input.obf:7:" + std::to_string(column) + ": ";
    EXPECT_EQ(std::string(e.what()).rfind(prefix, 0), 0u) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << "one line";
  }
}

class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("rb-io-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string write(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    std::ofstream(file, std::ios::binary) << content;
    return file.string();
  }
  std::string path(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

TEST(BoardString, ParsesStartAndAllAlphabets) {
  EXPECT_EQ(parse_board(kStartBoard), Position::start());
  std::string alt = kStartBoard;
  alt[27] = 'W';
  alt[28] = '*';
  alt[35] = 'B';
  alt[36] = 'o';
  for (char& c : alt) {
    if (c == '-') c = '.';
  }
  EXPECT_EQ(parse_board(alt), Position::start());
  // The side may follow the 64th square directly.
  EXPECT_EQ(parse_board(kStartBoard.substr(0, 64) + "X"), Position::start());
  const Position white = parse_board(kStartBoard.substr(0, 64) + " O");
  EXPECT_EQ(white.side, Color::white);
  EXPECT_EQ(white.player, Position::start().white());
}

TEST(BoardString, RoundTrip) { EXPECT_EQ(board_string(parse_board(kStartBoard)), kStartBoard); }

TEST(ObfLine, MovesAndScores) {
  const auto entry = parse_obf_line(kStartBoard + "; D3:+0; C4:+0; F5:-2; e6:+4;");
  ASSERT_EQ(entry.moves.size(), 4u);
  EXPECT_EQ(entry.moves[0], (MoveScore{19, 0}));
  EXPECT_EQ(entry.moves[2], (MoveScore{37, -2}));
  EXPECT_EQ(entry.moves[3], (MoveScore{44, 4}));
  EXPECT_EQ(entry.best_score(), 4);
  EXPECT_EQ(entry.score_of(37), -2);
  EXPECT_FALSE(entry.score_of(0).has_value());
}

TEST(ObfLine, BareScoreCommentsAndPass) {
  const auto bare = parse_obf_line(kStartBoard + "; -2 % a comment");
  EXPECT_TRUE(bare.moves.empty());
  EXPECT_EQ(bare.best_score(), -2);
  EXPECT_EQ(format_obf_line(bare), kStartBoard + "; -2;");
  const auto pass = parse_obf_line(kPassBoard + "; PS:-62;");
  ASSERT_EQ(pass.moves.size(), 1u);
  EXPECT_EQ(pass.moves[0].move, kPass);
  const auto pa = parse_obf_line(kPassBoard + "; pa:-62");
  EXPECT_EQ(pa.moves[0].move, kPass);
  EXPECT_EQ(format_obf_line(pa), kPassBoard + "; PS:-62;");
  EXPECT_FALSE(parse_obf_line(kStartBoard).best_score().has_value());
}

TEST(ObfFile, FForumRoundTrip) {
  int positions = 0;
  for (const char* name :
       {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"}) {
    const std::string path = kPositions + "/" + name;
    const auto entries = read_obf_file(path);
    const auto lines = file_lines(path);
    for (const auto& entry : entries) {
      ASSERT_GE(entry.line, 1);
      const std::string& original = lines[static_cast<std::size_t>(entry.line) - 1];
      // Written back, the line is the file's line, byte for byte...
      EXPECT_EQ(format_obf_line(entry), original) << path << ":" << entry.line;
      // ...and reads back to the same entry.
      const auto again = parse_obf_line(format_obf_line(entry));
      EXPECT_EQ(again.position, entry.position);
      EXPECT_EQ(again.moves, entry.moves);
      EXPECT_FALSE(entry.moves.empty());
      ++positions;
    }
  }
  EXPECT_EQ(positions, 79);
}

TEST(ObfFile, NumbersLinesAndSkipsCommentsAndBlanks) {
  const auto entries = parse_obf_text(
      "% header\n\n" + kStartBoard + "; D3:+0;\r\n   \n" + kPassBoard + "\n", "t.obf");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].line, 3);
  EXPECT_EQ(entries[1].line, 5);
}

// One test per kind of malformed input.
TEST(InputErrors, WrongLengthShort) { expect_error("XXO-- X", 6, "wrong length: 5 squares"); }

TEST(InputErrors, WrongLengthLong) {
  expect_error(std::string(65, '-') + " X", 65, "more than 64 squares");
  expect_error(std::string(64, '-') + "XX", 66, "more than 64 squares");
}

TEST(InputErrors, UnknownCharacter) {
  expect_error("XXO-garbage", 5, "unknown character 'g'");
  std::string bad = kStartBoard;
  bad[40] = '?';
  expect_error(bad, 41, "unknown character '?' for square a6");
}

TEST(InputErrors, MissingSideToMove) {
  expect_error(kStartBoard.substr(0, 64), 65, "missing side to move");
  expect_error(kStartBoard.substr(0, 64) + " ; D3:+0", 66, "missing side to move");
}

TEST(InputErrors, BadSideToMove) {
  expect_error(kStartBoard.substr(0, 64) + " Z", 66, "bad side to move 'Z'");
}

TEST(InputErrors, BadMoveName) {
  expect_error(kStartBoard + "; D3:+0; Z9:+2;", 76, "bad move name 'Z9'");
  expect_error(kStartBoard + "; :+2;", 69, "bad move name ''");
}

TEST(InputErrors, BadScore) {
  expect_error(kStartBoard + "; D3:x2;", 72, "bad score 'x2'");
  expect_error(kStartBoard + "; D3:+;", 72, "no digits");
  expect_error(kStartBoard + "; D3:+4z;", 74, "unexpected 'z'");
}

TEST(InputErrors, ScoreOutOfRange) {
  expect_error(kStartBoard + "; D3:+66;", 72, "out of range");
  expect_error(kStartBoard + "; -99999999999999999999;", 69, "out of range");
}

TEST(InputErrors, MoveListedTwice) {
  expect_error(kStartBoard + "; D3:+0; C4:+0; d3:+2;", 83,
               "move d3 listed twice (first at column 69)");
}

TEST(InputErrors, IllegalMoveListed) {
  expect_error(kStartBoard + "; A1:+0;", 69, "not legal");
  expect_error(kStartBoard + "; PS:+0;", 69, "pass listed but the side to move has legal moves");
}

TEST(InputErrors, BareScoreMixedWithMoves) {
  expect_error(kStartBoard + "; D3:+0; +2;", 76, "mixed");
  expect_error(kStartBoard + "; +2; -2", 73, "second bare score");
}

TEST(InputErrors, EmptyLine) { expect_error("   ", 1, "empty position"); }

TEST(InputErrors, GarbageAfterSide) { expect_error(kStartBoard + " hello", 68, "expected ';'"); }

// Found by tests/test_parsers_fuzz.cpp: bytes that are not text.
TEST(InputErrors, NulByte) {
  expect_error(kStartBoard.substr(0, 20) + std::string(1, '\0') + kStartBoard.substr(21), 21,
               "a NUL byte: not a text file");
  expect_error(kStartBoard + "; D3:+0; % " + std::string(1, '\0') + " in a comment", 78,
               "a NUL byte");
}

TEST(InputErrors, CarriageReturnInsideALine) {
  expect_error(kStartBoard + ";\rD3:+0;", 68, "a carriage return inside the line");
  // CR LF line endings are fine; a file with CR-only endings is one line
  // whose first CR is the error, even after a comment.
  EXPECT_EQ(parse_obf_line(kStartBoard + "; D3:+0;\r").moves.size(), 1u);
  try {
    parse_obf_text("% header\r" + kStartBoard + "\r" + kStartBoard + "\r", "cr.obf");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cr.obf:1:9: a carriage return inside the line (CR-only line endings? lines end "
              "with LF or CR LF)");
  }
}

TEST(InputErrors, MessagesAreOneLineOfPrintableText) {
  expect_error(kStartBoard + "; G\x18:+0;", 69, "bad move name 'G\\x18'");
  expect_error(kStartBoard +
                   "; \xff"
                   "D3:+0;",
               69, "bad move name '\\xffD3'");
  expect_error(kStartBoard + "; D3:+0\x01;", 74, "bad score '+0\\x01': unexpected byte 0x01");
  // A long item is cut in the message.
  expect_error(kStartBoard + "; D3:" + std::string(1000, '7') + ";", 72,
               "score " + std::string(40, '7') + "... out of range");
}

TEST(InputErrors, UnreadableFile) {
  TempDir dir;
  const std::string missing = dir.path("missing.obf");
  try {
    read_obf_file(missing);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.source(), missing);
    EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_obf_file(dir.path("")), InputError);  // a directory
}

TEST(InputErrors, EmptyFile) {
  TempDir dir;
  for (const std::string content : {"", "\n\n  \n", "% only a comment\n"}) {
    const std::string path = dir.write("empty.obf", content);
    try {
      read_obf_file(path);
      ADD_FAILURE() << "no error for content '" << content << "'";
    } catch (const InputError& e) {
      EXPECT_EQ(e.source(), path);
      EXPECT_NE(std::string(e.what()).find("no position"), std::string::npos) << e.what();
    }
  }
}

TEST(InputErrors, FileErrorNamesFileLineAndColumn) {
  TempDir dir;
  const std::string path =
      dir.write("bad.obf", kStartBoard + "; D3:+0;\n\n" + kStartBoard + "; D3:+0; D3:+0;\n");
  try {
    read_obf_file(path);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":3:76: move d3 listed twice (first at column 69)");
  }
}

// The perft table: the published format only, and counts that grow.
void expect_table_error(const std::string& text, const std::string& message) {
  try {
    PerftTable::parse(text, "t.csv");
    ADD_FAILURE() << "no error for: " << text;
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

const std::string kHeader = "depth,a124004,bik,no_pass\n";

TEST(PerftTableErrors, ReadsTheFormat) {
  const PerftTable t = PerftTable::parse(kHeader + "1,4,4,4\r\n\n2,12,,12\n", "t.csv");
  EXPECT_EQ(t.max_depth(), 2);
  EXPECT_EQ(t.expected(PerftConvention::no_pass, 2), 12u);
  EXPECT_FALSE(t.expected(PerftConvention::bik, 2).has_value());
}

TEST(PerftTableErrors, HeaderAndRows) {
  expect_table_error("", "t.csv: empty perft table");
  expect_table_error(kHeader, "t.csv: no counts after the header");
  expect_table_error("depth,bik,a124004,no_pass\n1,4,4,4\n",
                     "t.csv:1:1: expected the header depth,a124004,bik,no_pass");
  expect_table_error(kHeader + "1,4,4,4,\n", "t.csv:2:1: expected 4 cells, found 5");
  expect_table_error(kHeader + "2,4,4,4\n", "t.csv:2:1: expected depth 1");
}

TEST(PerftTableErrors, Counts) {
  // Found by tests/test_parsers_fuzz.cpp: a count damaged into a smaller one
  // (a lost digit, a truncated last line) was read as published.
  expect_table_error(kHeader + "1,4,4,4\n2,12,1,12\n",
                     "t.csv:3:6: count 1 is not larger than the one at the depth above");
  expect_table_error(kHeader + "1,4,4,4\n2,12,12,4\n",
                     "t.csv:3:9: count 4 is not larger than the one at the depth above");
  expect_table_error(kHeader + "1,4,+4,4\n", "t.csv:2:5: bad count '+4'");
  expect_table_error(kHeader + "1,4,\x14,4\n", "t.csv:2:5: bad count '\\x14'");
  expect_table_error(kHeader + "1,4,4,99999999999999999999\n",
                     "t.csv:2:7: count 99999999999999999999 does not fit in 64 bits");
  expect_table_error(kHeader + "1,4,4,4\r2,12,12,12\n",
                     "t.csv:2:8: a carriage return inside the line (CR-only line endings? lines "
                     "end with LF or CR LF)");
  expect_table_error(kHeader + "1,4" + std::string(1, '\0') + ",4,4\n",
                     "t.csv:2:4: a NUL byte: not a text file");
}

}  // namespace
}  // namespace rb
