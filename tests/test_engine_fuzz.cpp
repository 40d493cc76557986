// Fuzzing what reads an engine's output, with RapidCheck: random lines, made
// of protocol words ("===", "nodestats", "pong", "=", "?", squares,
// numbers) and random bytes, fed to every reader and parser of protocol/; and
// whole sessions against "engines" that print random text (a shell's cat of
// a file) run by the runner. The property: nothing crashes or hangs; each
// line gives a value or a clean error (ProtocolError or InputError with one
// line of printable text), each session an answer that was legal or a fault
// with a reason. The line buffer is also checked against a plain split.
//
// Cases: 1000 per property (the sessions: 60), a few seconds in optimized builds, fewer in
// the sanitizer build; RC_PARAMS="max_success=N" for more.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "protocol/gtp.hpp"
#include "protocol/line_buffer.hpp"
#include "protocol/nboard.hpp"
#include "protocol/runner.hpp"
#include "protocol/suite.hpp"
#include "rapidcheck_main.hpp"

namespace rb::protocol {
namespace {

constexpr int kDefaultMaxSuccess = RB_TEST_SCALE ? 1000 : 200;
constexpr int kSessionCases = RB_TEST_SCALE ? 60 : 30;

// A piece of a line: a protocol word, a number, a square, blanks, or bytes.
rc::Gen<std::string> piece() {
  static const std::vector<std::string> words = {
      "===",    "=== ", "nodestats", "pong", "ping", "status",      "set myname", "search", "=",
      "?",      "=1",   "?7",        "(;",   ";)",   "GM[Othello]", "BO[8 ",      "B[",     "W[",
      "]",      "/",    ",",         ";",    ":",    "%",           "pass",       "PA",     "ps",
      "resign", "\t",   " ",         "\r",   "+",    "-",           "."};
  return rc::gen::oneOf(
      rc::gen::elementOf(words),
      rc::gen::map(rc::gen::inRange(-70, 70), [](int n) { return std::to_string(n); }),
      rc::gen::map(rc::gen::inRange(0, 64),
                   [](int s) { return s == 64 ? std::string("pa") : square_name(s); }),
      rc::gen::map(rc::gen::inRange(0, 2), [](int) { return std::string(64, '-'); }),
      rc::gen::container<std::string>(rc::gen::arbitrary<char>()));
}

rc::Gen<std::string> line() {
  return rc::gen::map(rc::gen::container<std::vector<std::string>>(piece()),
                      [](const std::vector<std::string>& pieces) {
                        std::string out;
                        for (const auto& p : pieces) out += p;
                        return out;
                      });
}

// A clean error: one line of printable text.
void expect_clean(const std::exception& e) {
  const std::string what = e.what();
  RC_ASSERT(!what.empty());
  RC_ASSERT(is_printable_line(what));
}

template <class F>
void parses_or_fails_cleanly(F&& f) {
  try {
    f();
  } catch (const ProtocolError& e) {
    expect_clean(e);
  } catch (const InputError& e) {
    expect_clean(e);
  }
}

TEST(EngineFuzz, LineBufferSplitsLikeAPlainSplit) {
  EXPECT_TRUE(rc::check("chunks of random bytes", [] {
    const auto chunks = *rc::gen::container<std::vector<std::string>>(
        rc::gen::oneOf(rc::gen::container<std::string>(rc::gen::arbitrary<char>()),
                       rc::gen::elementOf(std::vector<std::string>{"\n", "\r\n", "\r", "a\n"})));
    LineBuffer buffer;
    std::string all;
    for (const auto& c : chunks) {
      buffer.append(c);
      all += c;
    }
    std::vector<std::string> expected;
    std::size_t start = 0;
    for (std::size_t nl; (nl = all.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string l = all.substr(start, nl - start);
      if (!l.empty() && l.back() == '\r') l.pop_back();
      expected.push_back(l);
    }
    std::vector<std::string> got;
    while (auto l = buffer.next_line()) got.push_back(*l);
    RC_ASSERT(got == expected);
    RC_ASSERT(buffer.partial() == all.substr(start));
  }));
}

TEST(EngineFuzz, ReadersGiveAValueOrACleanError) {
  EXPECT_TRUE(rc::check("random lines", [] {
    // Up to 40 lines of up to 40 pieces: long enough for every reader's states.
    const auto lines = *rc::gen::resize(40, rc::gen::container<std::vector<std::string>>(line()));
    NBoardMoveReader move;
    NBoardPongReader pong(1);
    GtpResponseReader gtp;
    bool move_done = false, pong_done = false, gtp_done = false;
    for (const std::string& l : lines) {
      parses_or_fails_cleanly([&] {
        if (!move_done) move_done = move.take(l);
      });
      parses_or_fails_cleanly([&] {
        if (!pong_done) pong_done = pong.take(l);
      });
      parses_or_fails_cleanly([&] {
        if (!gtp_done) gtp_done = gtp.take(l);
      });
      parses_or_fails_cleanly([&] {
        const EngineAnswer a = parse_nboard_move(l);
        RC_ASSERT((a.move >= 0 && a.move < 64) || a.move == kPass);
      });
      parses_or_fails_cleanly([&] { parse_gtp_vertex(l); });
      parses_or_fails_cleanly([&] { parse_ggf(l); });
      parses_or_fails_cleanly([&] { parse_game_line(l, {"fuzz", 1}); });
      parses_or_fails_cleanly([&] { parse_suite_text(l, "fuzz"); });
      const auto command = parse_gtp_command(l);
      if (command) RC_ASSERT(command->name.find(' ') == std::string::npos);
    }
  }));
}

// A whole session against an engine that prints a random text: the
// handshake's answers first (or not), then random lines, then it exits
// (with its last line unfinished, or not). The texts come from the same
// generators, sampled with fixed seeds (a failure names its case).
TEST(EngineFuzz, SessionsEndInAnAnswerOrAFault) {
  const std::string path = ::testing::TempDir() + "engine_fuzz_output.txt";
  SuitePosition position;
  position.entry.position = Position::start();
  position.label = "start";
  const auto lines_gen = rc::gen::container<std::vector<std::string>>(line());
  for (int n = 0; n < kSessionCases; ++n) {
    const rc::Random random(static_cast<std::uint64_t>(n) * 7919 + 1);
    const auto lines = lines_gen(random, n % 40 + 1).value();
    const bool gtp = n % 2 == 1, handshake = n % 4 < 2, unfinished = n % 3 == 0;
    std::string text = handshake ? (gtp ? "= 2\n\n=\n\n" : "pong 1\npong 2\n") : "";
    for (const auto& l : lines) text += l + "\n";
    if (unfinished && !text.empty()) text.pop_back();
    std::ofstream(path, std::ios::binary) << text;
    EngineSpec spec;
    spec.name = "fuzz";
    // Most engines exit after their text; every twentieth reads on (the
    // reads then end at the deadline).
    spec.argv = {"/bin/sh", "-c", n % 20 ? "cat \"$0\"" : "cat \"$0\"; exec cat >/dev/null", path};
    spec.protocol = gtp ? Protocol::gtp : Protocol::nboard;
    spec.gtp_setup = "setup {board} {side}";
    EngineRunner runner(spec, RunLimits{0.3, 0.3});
    const PositionRun run = runner.run(position);
    if (run.fault) {
      EXPECT_FALSE(run.fault_reason.empty()) << "case " << n;
      EXPECT_TRUE(is_printable_line(run.fault_reason)) << "case " << n << ": " << run.fault_reason;
    } else {
      ASSERT_TRUE(run.answer.has_value()) << "case " << n;
      EXPECT_FALSE(check_move(position.entry.position, run.answer->move)) << "case " << n;
    }
  }
  std::remove(path.c_str());
}

TEST(EngineFuzz, RunsTheDefaultNumberOfCases) {
  testing::expect_default_number_of_cases(kDefaultMaxSuccess);
}

}  // namespace
}  // namespace rb::protocol

int main(int argc, char** argv) {
  return rb::testing::run_rapidcheck_tests(argc, argv, rb::protocol::kDefaultMaxSuccess);
}
