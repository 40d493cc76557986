// The engine layer's protocols (protocol/): the NBoard and GTP readers and
// writers, GGF games, game lines, the verdicts, and the two servers on
// string streams with a solver of the test's own (the first legal move, a
// fixed score), so that no search runs here.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <sstream>
#include <thread>
#include <vector>

#include "core/reference.hpp"
#include "protocol/gtp.hpp"
#include "protocol/nboard.hpp"
#include "protocol/server.hpp"
#include "protocol/suite.hpp"
#include "protocol/verdict.hpp"

namespace rb::protocol {
namespace {

TEST(NBoard, ParsesBothMoveLineForms) {
  const EngineAnswer edax = parse_nboard_move("=== d6 -1.00 0.0");
  EXPECT_EQ(edax.move, 43);
  EXPECT_DOUBLE_EQ(*edax.score, -1.0);
  EXPECT_DOUBLE_EQ(*edax.seconds, 0.0);
  const EngineAnswer spec = parse_nboard_move("=== F5/12.5/3.25");
  EXPECT_EQ(spec.move, 37);
  EXPECT_DOUBLE_EQ(*spec.score, 12.5);
  EXPECT_DOUBLE_EQ(*spec.seconds, 3.25);
  EXPECT_EQ(parse_nboard_move("=== PA").move, kPass);
  EXPECT_FALSE(parse_nboard_move("=== a1").score);
  EXPECT_FALSE(parse_nboard_move("=== a1//2").score);
  EXPECT_DOUBLE_EQ(*parse_nboard_move("=== a1/+3,-1").score, 3.0);
  for (const char* bad : {"===", "=== z9", "=== a1 x", "=== a1 1 2 3", "=== a1/1/-2", "== a1",
                          "=== a1/1 2", "=== a1 nan"}) {
    EXPECT_THROW(parse_nboard_move(bad), ProtocolError) << bad;
  }
}

TEST(NBoard, TheMoveReaderTakesNodesAndSkipsChatter) {
  NBoardMoveReader r;
  EXPECT_FALSE(r.take("status thinking"));
  EXPECT_FALSE(r.take("set myname X"));
  EXPECT_FALSE(r.take("some chatter of the engine's own"));
  EXPECT_FALSE(r.take("nodestats 12345 0.50"));
  EXPECT_TRUE(r.take("=== h8 +2.00 0.5"));
  EXPECT_EQ(r.answer().nodes, 12345u);
  EXPECT_EQ(r.answer().move, 63);
  NBoardMoveReader bad;
  EXPECT_THROW(bad.take("nodestats many"), ProtocolError);
  EXPECT_THROW(bad.take(std::string("\x01garbage", 8)), ProtocolError);
}

TEST(NBoard, ThePongReaderWaitsForItsNumber) {
  NBoardPongReader r(2);
  EXPECT_FALSE(r.take("pong 1"));
  EXPECT_FALSE(r.take("set myname Edax60"));
  EXPECT_TRUE(r.take("pong 2"));
  EXPECT_THROW(NBoardPongReader(1).take("pong one"), ProtocolError);
}

// Random positions of real games, from a seed.
std::vector<Position> game_positions() {
  std::vector<Position> out;
  unsigned state = 12345;
  for (int game = 0; game < 20; ++game) {
    ReferenceBoard b(Position::start());
    while (!b.game_over()) {
      const Bitboard moves = b.legal_moves();
      if (!moves) {
        b.pass();
        continue;
      }
      state = state * 1103515245u + 12345u;
      Bitboard m = moves;
      for (unsigned k = (state >> 16) % static_cast<unsigned>(popcount(moves)); k; --k) m &= m - 1;
      b.play(first_square(m));
      out.push_back(b.position());
    }
  }
  return out;
}

TEST(NBoard, GgfGamesReadBackTheirPositions) {
  for (const Position& p : game_positions()) ASSERT_EQ(parse_ggf(ggf_game(p)), p);
}

TEST(NBoard, GgfMovesArePlayed) {
  // The NBoard protocol document's example game: F5 F6 D3 C5 E6 F7 E7 F4.
  const Position p = parse_ggf(
      "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
      "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]"
      "W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)");
  ReferenceBoard b(Position::start());
  for (const char* m : {"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"}) {
    ASSERT_TRUE(b.play(*parse_square(m)));
  }
  EXPECT_EQ(p, b.position());
  EXPECT_EQ(parse_ggf("(;GM[othello]BO[8 " + std::string(27, '-') + "OX------XO" +
                      std::string(27, '-') + " X]B[f5/0.50/1.2];)"),
            [] {
              ReferenceBoard s(Position::start());
              s.play(37);
              return s.position();
            }());
  for (const char* bad : {"", "(;GM[Go]BO[8 x];)", "(;BO[10 ...];)", "(;B[z9];)", "(;B[f5]",
                          "(;W[f5];)", "(;B[d6];)", "(;BO[8 ---];)", "(;B[PA];)"}) {
    EXPECT_THROW(parse_ggf(bad), ProtocolError) << bad;
  }
}

TEST(Gtp, ReadsResponses) {
  GtpResponseReader r;
  EXPECT_FALSE(r.take(""));
  EXPECT_FALSE(r.take("= C5"));
  EXPECT_TRUE(r.take(""));
  EXPECT_TRUE(r.response().success);
  EXPECT_EQ(r.response().text, "C5");
  GtpResponseReader multi;
  EXPECT_FALSE(multi.take("=7 one"));
  EXPECT_FALSE(multi.take("two"));
  EXPECT_TRUE(multi.take(""));
  EXPECT_EQ(multi.response().id, 7u);
  EXPECT_EQ(multi.response().text, "one\ntwo");
  GtpResponseReader failure;
  failure.take("? syntax error");
  EXPECT_TRUE(failure.take(""));
  EXPECT_FALSE(failure.response().success);
  EXPECT_THROW(GtpResponseReader().take("C5"), ProtocolError);
  EXPECT_THROW(GtpResponseReader().take("=x"), ProtocolError);
}

TEST(Gtp, ParsesVertices) {
  EXPECT_EQ(parse_gtp_vertex("C5"), 34);
  EXPECT_EQ(parse_gtp_vertex("pass"), kPass);
  EXPECT_EQ(parse_gtp_vertex("PASS"), kPass);
  EXPECT_THROW(parse_gtp_vertex("resign"), ProtocolError);
  EXPECT_THROW(parse_gtp_vertex("PA"), ProtocolError);
  EXPECT_THROW(parse_gtp_vertex("i9"), ProtocolError);
}

TEST(Gtp, ExpandsSetupTemplates) {
  const Position start = Position::start();
  EXPECT_EQ(
      expand_gtp_setup("grhino-setup_board {board} {side}", start),
      "grhino-setup_board " + std::string(27, '-') + "OX------XO" + std::string(27, '-') + " X");
  EXPECT_EQ(expand_gtp_setup("x {color} {{y}}", start.passed()), "x white {y}");
  EXPECT_THROW(expand_gtp_setup("x {board", start), std::invalid_argument);
  EXPECT_THROW(expand_gtp_setup("x }", start), std::invalid_argument);
  EXPECT_THROW(expand_gtp_setup("x {nope}", start), std::invalid_argument);
}

TEST(Gtp, ParsesCommands) {
  const auto c = parse_gtp_command("12 genmove\tblack # a comment");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, 12u);
  EXPECT_EQ(c->name, "genmove");
  EXPECT_EQ(c->args, std::vector<std::string>{"black"});
  EXPECT_FALSE(parse_gtp_command("  # only a comment"));
  EXPECT_EQ(parse_gtp_command(std::string("na\x01me", 5))->name, "name");
  EXPECT_EQ(gtp_reply(*c, true, "d3"), "=12 d3\n\n");
  EXPECT_EQ(gtp_reply(GtpCommand{}, false, "no"), "? no\n\n");
}

TEST(Suite, ReadsGameLines) {
  const SuitePosition p = parse_game_line("F5 d6 c3; D3:+4; % a comment", {"t", 1});
  ReferenceBoard b(Position::start());
  for (Square s : {37, 43, 18}) ASSERT_TRUE(b.play(s));
  EXPECT_EQ(p.entry.position, b.position());
  EXPECT_EQ(*p.game, (std::vector<Square>{37, 43, 18}));
  EXPECT_EQ(p.entry.score_of(19), 4);
  EXPECT_TRUE(is_game_line("  f5d6"));
  EXPECT_FALSE(is_game_line("--XXXXX--OOOXX-O X"));
  EXPECT_FALSE(is_game_line("% f5"));
}

TEST(Suite, GameLineErrorsNameTheColumn) {
  auto column_of = [](const std::string& line) {
    try {
      parse_game_line(line, {"t", 3});
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), 3);
      return e.column();
    }
    return -1;
  };
  EXPECT_EQ(column_of("f5d6a1"), 5);      // illegal
  EXPECT_EQ(column_of("f5 z9"), 4);       // not a move
  EXPECT_EQ(column_of("f5pa"), 3);        // a pass with moves
  EXPECT_EQ(column_of("f5d"), 3);         // cut short
  EXPECT_EQ(column_of("f5; D6:x;"), 8);   // the scores, as OBF reads them
  EXPECT_EQ(column_of("f5; A1:+2;"), 5);  // not white's move
}

TEST(Suite, FilesMixGameAndObfLines) {
  const auto positions = parse_suite_text(
      "% games and boards\nf5d6\n\n" + board_string(Position::start()) + "; +0;\n", "s.txt");
  ASSERT_EQ(positions.size(), 2u);
  EXPECT_EQ(positions[0].label, "s.txt:1");
  EXPECT_TRUE(positions[0].game);
  EXPECT_FALSE(positions[1].game);
  EXPECT_EQ(positions[1].entry.line, 4);
  EXPECT_THROW(parse_suite_text("% nothing\n", "e.txt"), InputError);
}

TEST(Verdict, ListedScoresFirstThenTheSolver) {
  ObfEntry e;
  e.position = Position::start();
  e.moves = {{37, 4}, {19, 4}, {26, 2}};
  int solves = 0;
  const ExactScore exact = [&](const Position&) {
    ++solves;
    return -2;  // the opponent's score after the move: +2 for the mover
  };
  EngineAnswer a;
  a.move = 19;
  a.score = 4.0;
  Verdict v = judge(e, a, exact);
  EXPECT_TRUE(v.move_ok);
  EXPECT_TRUE(*v.score_ok);
  EXPECT_EQ(v.move_score_from, Evidence::listed);
  a.move = 26;
  a.score = 3.0;
  v = judge(e, a, exact);
  EXPECT_FALSE(v.move_ok);
  EXPECT_FALSE(*v.score_ok);
  EXPECT_EQ(solves, 0);
  a.move = 44;  // e6: not listed
  a.score.reset();
  v = judge(e, a, exact);
  EXPECT_EQ(v.move_score_from, Evidence::solver);
  EXPECT_EQ(v.move_score, 2);
  EXPECT_FALSE(v.move_ok);
  EXPECT_FALSE(v.score_ok);
  EXPECT_EQ(solves, 1);
}

// The test's own search: the first legal move (a pass when none), score 7,
// reported as one exact iteration.
ThinkResult first_move(const ThinkRequest& r) {
  const Bitboard moves = ReferenceBoard(r.position).legal_moves();
  ThinkResult out;
  out.best.kind = ThinkIteration::Kind::exact;
  out.best.move = moves ? first_square(moves) : kPass;
  out.best.pv = {out.best.move};
  out.best.score = 7;
  out.nodes = out.best.nodes = 99;
  out.seconds = out.best.seconds = 0.25;
  out.iterations = {out.best};
  out.complete = true;
  if (r.on_iteration) r.on_iteration(out.best);
  return out;
}

TEST(Servers, NBoardAnswersGoPingAndHint) {
  std::istringstream in("nboard 2\nset depth 60\nset game " + ggf_game(Position::start()) +
                        "\nping 1\ngo\nmove F5/0.00/1\nhint 1\nwhatever\nquit\ngo\n");
  std::ostringstream out, errors;
  serve_nboard(in, out, errors, first_move, {"tester", "1", 10, 0});
  const std::string text = out.str();
  EXPECT_NE(text.find("set myname tester\n"), std::string::npos) << text;
  EXPECT_NE(text.find("pong 1\n"), std::string::npos);
  EXPECT_NE(text.find("nodestats 99 0.250\n=== D3/7.00/0.250\n"), std::string::npos) << text;
  // After f5, white's first legal move by square: d6 is 43, f4 29, f6 45: f4.
  EXPECT_NE(text.find("search F4 7.00 0 100%"), std::string::npos) << text;
  EXPECT_EQ(text.find("=== ", text.find("search")), std::string::npos);  // nothing after quit
  EXPECT_NE(errors.str().find("whatever"), std::string::npos);
  // The client's readers read the server's answers.
  NBoardMoveReader reader;
  std::istringstream lines(text);
  bool done = false;
  for (std::string line; !done && std::getline(lines, line);) done = reader.take(line);
  EXPECT_TRUE(done);
  EXPECT_EQ(reader.answer().move, 19);
}

// NBoard's ping stops a running search: the search here runs until it is
// told to stop (20 s at most, then it says it was never told), and the
// server answers with its move before the pong.
TEST(Servers, NBoardPingStopsTheSearch) {
  std::atomic<bool> stopped{false};
  const ThinkService until_stopped = [&](const ThinkRequest& r) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!(r.stop && r.stop->load()) && std::chrono::steady_clock::now() < end) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    stopped = r.stop && r.stop->load();
    ThinkResult out = first_move(r);
    out.complete = false;
    return out;
  };
  std::istringstream in("nboard 2\nset depth 20\nset game " + ggf_game(Position::start()) +
                        "\ngo\nping 7\nquit\n");
  std::ostringstream out, errors;
  const auto start = std::chrono::steady_clock::now();
  serve_nboard(in, out, errors, until_stopped, {"tester", "1", 10, 0});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(stopped) << "ping did not stop the search";
  EXPECT_LT(seconds, 15) << "the search ran to its own end";
  const std::string text = out.str();
  const std::size_t move = text.find("=== D3/"), pong = text.find("pong 7\n");
  ASSERT_NE(move, std::string::npos) << text;
  ASSERT_NE(pong, std::string::npos) << text;
  EXPECT_LT(move, pong) << text;  // the move of the stopped search, then the pong
}

// GTP's clock reaches the search: time_left sets the time of the next
// genmove (the time left over half the empties, less a margin of 10% and
// 50 ms: gtp_move_seconds), and a later time_left replaces it; a huge
// value stays a finite number of seconds.
TEST(Servers, GtpTimeLeftSetsTheSearchTime) {
  std::vector<double> seconds;
  const ThinkService record = [&](const ThinkRequest& r) {
    seconds.push_back(r.seconds);
    return first_move(r);
  };
  std::istringstream in(
      "time_settings 300 0 0\ntime_left black 10 0\ngenmove black\nundo\n"
      "time_left black 300 0\ngenmove black\nundo\ntime_left black 1e12 0\ngenmove black\n"
      "quit\n");
  std::ostringstream out;
  serve_gtp(in, out, record, {"tester", "1", 10, 0});
  ASSERT_EQ(seconds.size(), 3u) << out.str();
  // The start: 60 empties, so 30 moves of black's to come.
  EXPECT_NEAR(seconds[0], 10.0 / 30 * 0.9 - 0.05, 1e-9);
  EXPECT_NEAR(seconds[1], 300.0 / 30 * 0.9 - 0.05, 1e-9);
  EXPECT_TRUE(std::isfinite(seconds[2]));
  EXPECT_GT(seconds[2], seconds[1]);
}

TEST(Servers, GtpSetsUpPlaysAndGenerates) {
  // The start with white to move: white (d4, e5) may play e3, f4, c5 and d6.
  const Position p = Position::start().passed();
  std::istringstream in("protocol_version\nboardsize 8\nboardsize 9\n3 " +
                        std::string(kGtpSetupCommand) + " " + board_string(p).substr(0, 64) +
                        " white\ngenmove white\nundo\nplay white c5\nplay black a1\n"
                        "reg_genmove black\nknown_command genmove\nfoo\nquit\nname\n");
  std::ostringstream out;
  serve_gtp(in, out, first_move, {"tester", "1", 10, 0});
  EXPECT_EQ(out.str(),
            "= 2\n\n"
            "=\n\n"
            "? unacceptable size\n\n"
            "=3\n\n"
            "= e3\n\n"  // the first of white's moves by square
            "=\n\n"     // undo: white to move again
            "=\n\n"     // c5 flips d5
            "? illegal move\n\n"
            // Black (e4 alone) then has c4, c6 and e6: c4 first.
            "= c4\n\n"
            "= true\n\n"
            "? unknown command\n\n"
            "=\n\n");  // quit: nothing after it
}

// final_score after a win/loss/draw solve: the winner from the solve, the
// margin from the last midgame iteration that agrees with it (at least 2),
// else 2; marked as an estimate.
TEST(Servers, GtpFinalScoreAfterAWinLossDrawSolve) {
  for (const double midgame : {-5.4, 3.0}) {
    const ThinkService wld_loss = [midgame](const ThinkRequest&) {
      ThinkResult out;
      ThinkIteration it;
      it.kind = ThinkIteration::Kind::midgame;
      it.score = midgame;
      it.move = 19;
      out.iterations.push_back(it);
      it.kind = ThinkIteration::Kind::wld;
      it.score = -1;  // the side to move (black) loses
      out.iterations.push_back(it);
      out.best = it;
      out.complete = true;
      return out;
    };
    std::istringstream in("final_score\nquit\n");
    std::ostringstream out;
    serve_gtp(in, out, wld_loss, {"tester", "1", 10, 0});
    EXPECT_EQ(out.str(), midgame < 0 ? "= W+5 (estimate)\n\n=\n\n" : "= W+2 (estimate)\n\n=\n\n");
  }
}

}  // namespace
}  // namespace rb::protocol
