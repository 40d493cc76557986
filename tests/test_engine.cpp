// The engine layer's process side (protocol/): command lines, the line
// buffer, the child process (deadlines, exit statuses, floods, killing the
// whole group) and the runner's own checks (an engine that never stops
// talking, the legality of answers).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <thread>

#include "protocol/command.hpp"
#include "protocol/line_buffer.hpp"
#include "protocol/process.hpp"
#include "protocol/runner.hpp"

namespace rb::protocol {
namespace {

// Whether a process is alive (a zombie is dead: it only waits to be reaped).
bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return false;
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] != 'Z';
}

TEST(Command, SplitsLikeAShell) {
  EXPECT_EQ(split_command("edax -q  -l 60"), (std::vector<std::string>{"edax", "-q", "-l", "60"}));
  EXPECT_EQ(split_command("a 'b c' \"d \\\" e\" f\\ g"),
            (std::vector<std::string>{"a", "b c", "d \" e", "f g"}));
  EXPECT_EQ(split_command("x ''"), (std::vector<std::string>{"x", ""}));
  EXPECT_THROW(split_command("a 'b"), CommandError);
  EXPECT_THROW(split_command("a \"b"), CommandError);
  EXPECT_THROW(split_command("a \\"), CommandError);
  EXPECT_THROW(split_command("   "), CommandError);
}

TEST(Command, JoinsBackToTheSameWords) {
  const std::vector<std::string> words = {"prog", "plain", "with space", "it's", "", "a\"b"};
  EXPECT_EQ(split_command(join_command(words)), words);
}

TEST(Command, FindsProgramsOrSaysWhyNot) {
  EXPECT_EQ(find_program("/bin/sh"), "/bin/sh");
  EXPECT_NE(find_program("sh").find("/sh"), std::string::npos);
  try {
    find_program("no-such-engine-here");
    FAIL();
  } catch (const CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("not found in PATH"), std::string::npos);
  }
  const std::string plain = ::testing::TempDir() + "engine_test_not_executable";
  std::ofstream(plain) << "#!/bin/sh\n";
  chmod(plain.c_str(), 0644);
  try {
    find_program(plain);
    FAIL();
  } catch (const CommandError& e) {
    EXPECT_NE(std::string(e.what()).find("is not executable"), std::string::npos);
  }
  EXPECT_THROW(find_program("/no/such/file"), CommandError);
  EXPECT_THROW(find_program("/tmp"), CommandError);
}

TEST(LineBuffer, SplitsPiecesIntoLines) {
  LineBuffer b;
  b.append("ab");
  EXPECT_FALSE(b.next_line());
  b.append("c\r\nde\n\nf");
  EXPECT_EQ(b.next_line(), "abc");
  EXPECT_EQ(b.next_line(), "de");
  EXPECT_EQ(b.next_line(), "");
  EXPECT_FALSE(b.next_line());
  EXPECT_EQ(b.partial(), "f");
}

TEST(LineBuffer, RefusesALineOverItsLimit) {
  LineBuffer b(8);
  b.append("12345678\n");
  EXPECT_EQ(b.next_line(), "12345678");
  b.append("1234");
  b.append("56789");
  EXPECT_TRUE(b.overflowed());
}

TEST(Process, ReadsLinesAndTheExitStatus) {
  ChildProcess p({"/bin/sh", "-c", "echo one; echo two >&2; echo three; exit 3"});
  Read r = p.read_line(deadline_in(5));
  ASSERT_EQ(r.kind, Read::Kind::line);
  EXPECT_EQ(r.line, "one");
  EXPECT_EQ(p.read_line(deadline_in(5)).line, "three");
  EXPECT_EQ(p.read_line(deadline_in(5)).kind, Read::Kind::closed);
  EXPECT_EQ(p.wait_exit(deadline_in(5)), "exited with status 3");
  p.drain_errors(deadline_in(1));
  const auto tail = p.last_lines();
  EXPECT_NE(std::find(tail.begin(), tail.end(), "[stderr] two"), tail.end());
}

TEST(Process, KeepsAnUnfinishedLine) {
  ChildProcess p({"/bin/sh", "-c", "printf '=== d'"});
  EXPECT_EQ(p.read_line(deadline_in(5)).kind, Read::Kind::closed);
  EXPECT_EQ(p.partial(), "=== d");
}

TEST(Process, EchoesWhatItIsSent) {
  ChildProcess p({"cat"});
  ASSERT_TRUE(p.send_line("hello", deadline_in(5)));
  EXPECT_EQ(p.read_line(deadline_in(5)).line, "hello");
}

TEST(Process, TimesOutAndKillsTheWholeGroup) {
  // The shell starts a child of its own and prints its id, then waits.
  ChildProcess p({"/bin/sh", "-c", "sleep 100 & echo $!; wait"});
  const Read r = p.read_line(deadline_in(5));
  ASSERT_EQ(r.kind, Read::Kind::line);
  const pid_t child = static_cast<pid_t>(std::stol(r.line));
  const auto t0 = Clock::now();
  EXPECT_EQ(p.read_line(deadline_in(0.2)).kind, Read::Kind::timeout);
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 2.0);
  EXPECT_TRUE(alive(child));
  EXPECT_EQ(getpgid(child), p.pid());
  p.kill_group();
  for (int i = 0; i < 200 && alive(child); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_FALSE(alive(child));
  EXPECT_FALSE(alive(p.pid()));
}

TEST(Process, AFloodOfErrorsDoesNotHoldTheDeadline) {
  ChildProcess p({"/bin/sh", "-c", "yes error >&2"});
  const auto t0 = Clock::now();
  EXPECT_EQ(p.read_line(deadline_in(0.3)).kind, Read::Kind::timeout);
  p.drain_errors(deadline_in(0.3));
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 3.0);
  const auto tail = p.last_lines();
  EXPECT_EQ(tail.size(), ChildProcess::kTailLines);
  EXPECT_NE(std::find(tail.begin(), tail.end(), "[stderr] error"), tail.end());
}

TEST(Process, ReportsASignal) {
  ChildProcess p({"/bin/sh", "-c", "kill -SEGV $$"});
  EXPECT_EQ(p.read_line(deadline_in(5)).kind, Read::Kind::closed);
  const auto how = p.wait_exit(deadline_in(5));
  ASSERT_TRUE(how);
  EXPECT_NE(how->find("killed by signal 11"), std::string::npos) << *how;
}

TEST(Process, RefusesAProgramThatCannotRun) {
  EXPECT_THROW(ChildProcess({"/no/such/engine"}), CommandError);
}

TEST(Process, SendingToAnExitedEngineFails) {
  ChildProcess p({"/bin/true"});
  p.wait_exit(deadline_in(5));
  bool sent = true;
  for (int i = 0; i < 100 && sent; ++i) sent = p.send_line("go", deadline_in(1));
  EXPECT_FALSE(sent);
}

TEST(Runner, AnEngineThatNeverStopsTalkingTimesOut) {
  EngineSpec spec;
  spec.name = "chatter";
  spec.argv = {"/bin/sh", "-c", "yes chatter"};  // never answers the handshake's ping
  SuitePosition p;
  p.entry.position = Position::start();
  EngineRunner runner(spec, RunLimits{0.3, 0.3});
  const auto t0 = Clock::now();
  const PositionRun run = runner.run(p);
  EXPECT_LT(std::chrono::duration<double>(Clock::now() - t0).count(), 3.0);
  ASSERT_TRUE(run.fault);
  EXPECT_EQ(*run.fault, FaultKind::no_handshake) << run.fault_reason;
  EXPECT_EQ(run.last_lines.back(), "chatter");
}

TEST(Runner, ChecksLegality) {
  const Position start = Position::start();
  EXPECT_FALSE(check_move(start, 37));  // f5
  const auto taken = check_move(start, 27);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->kind(), FaultKind::illegal_move);
  // c4 (26) is white's after black's f5? From the start, white's moves are
  // the mirror of black's: e3 (20) is white's own.
  const auto theirs = check_move(start, 20);
  ASSERT_TRUE(theirs);
  EXPECT_EQ(theirs->kind(), FaultKind::wrong_side) << theirs->what();
  const auto pass = check_move(start, kPass);
  ASSERT_TRUE(pass);
  EXPECT_EQ(pass->kind(), FaultKind::illegal_move);
}

}  // namespace
}  // namespace rb::protocol
