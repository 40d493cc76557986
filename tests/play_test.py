#!/usr/bin/python3
"""The harness as a player, over its own servers (CTest `play`).

Usage: play_test.py REVERSI_BENCH [SCALE]

With SCALE 0 (the sanitizer builds, 10-50 times slower) the times are
reported, not checked, and the clocked game is left out.

- Whole games of the harness against itself over NBoard and over GTP, at
  two levels, every move checked legal by this file's own rules (written
  here, apart from the project's), passes included, to the end of the game;
  a GTP game under a clock (time_settings, time_left) answers each genmove
  within the clock's share plus a margin.
- Games against Debian's gtp-rhino (when it is installed), colours
  alternating, every move checked the same way, the results printed.
- NBoard: `ping` during a level-60 search (the start position: it would run
  for ever) answers the best move so far, then `pong`, within 50 ms (the
  best of three tries; each under a second); `set depth 8` and `go` on the
  start answer in under a second; a line longer than the servers' bound is
  refused on stderr and the server goes on; the end of the input during a
  search ends the process.
- NBoard's `set depth L` searches level L: the nodes and move of `search
  --level L` on the same positions (levels 2 to 7).
"""
import json
import os
import select
import tempfile
import shutil
import subprocess
import sys
import time

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
failures = 0
timed = True  # whether the times are checked (SCALE 1)


def fail(message):
    global failures
    failures += 1
    print("FAIL: " + message)


class Board:
    """An Othello board: 64 chars in X O -, X (black) to move first."""

    def __init__(self):
        self.cells = list("-" * 27 + "OX------XO" + "-" * 27)
        self.side = "X"

    def flips(self, s, side):
        other = "O" if side == "X" else "X"
        out = []
        f, r = s % 8, s // 8
        for df, dr in DIRS:
            x, y, line = f + df, r + dr, []
            while 0 <= x < 8 and 0 <= y < 8 and self.cells[y * 8 + x] == other:
                line.append(y * 8 + x)
                x, y = x + df, y + dr
            if line and 0 <= x < 8 and 0 <= y < 8 and self.cells[y * 8 + x] == side:
                out += line
        return out

    def moves(self, side=None):
        side = side or self.side
        return [s for s in range(64) if self.cells[s] == "-" and self.flips(s, side)]

    def play(self, move):
        """move: a square 0..63 or None (a pass); False if not legal."""
        other = "O" if self.side == "X" else "X"
        if move is None:
            if self.moves():
                return False
        else:
            f = self.flips(move, self.side) if self.cells[move] == "-" else []
            if not f:
                return False
            for s in f + [move]:
                self.cells[s] = self.side
        self.side = other
        return True

    def over(self):
        return not self.moves("X") and not self.moves("O")


def square(text):
    text = text.strip().lower()
    if text in ("pass", "pa"):
        return None
    return (ord(text[0]) - ord("a")) + 8 * (int(text[1:]) - 1)


def name(s):
    return "pass" if s is None else "abcdefgh"[s % 8] + str(s // 8 + 1)


class Engine:
    def __init__(self, binary, protocol, *options, argv=None):
        self.proc = subprocess.Popen(argv or [binary, protocol, "--tt", "8", *options],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.buffer = b""  # read from the pipe's descriptor, not yet a whole line

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def line(self, timeout=30.0):
        end = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            fd = self.proc.stdout.fileno()
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                raise TimeoutError("no line in %.1f s" % timeout)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError("the engine closed its output")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\n", 1)
        return text.decode()

    def until(self, prefix, timeout=30.0):
        end = time.monotonic() + timeout
        while True:
            text = self.line(max(0.0, end - time.monotonic()))
            if text.startswith(prefix):
                return text

    def gtp(self, command, timeout=30.0):
        self.send(command)
        text = self.until(("=", "?"), timeout)
        while self.line(timeout) != "":
            pass
        return text

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            fail("the engine did not exit at the end of its input")


def nboard_game(binary, level):
    engines = [Engine(binary, "nboard"), Engine(binary, "nboard")]
    for e in engines:
        e.send("nboard 2")
        e.send("set depth %d" % level)
        e.until("set myname")
    board, moves = Board(), 0
    while not board.over():
        if not board.moves():
            for e in engines:
                e.send("move PA")
            board.play(None)
            continue
        e = engines[0 if board.side == "X" else 1]
        e.send("go")
        answer = e.until("===")
        move = square(answer[4:].split("/")[0])
        if move is None or not board.play(move):
            fail("nboard level %d: %s is not a legal move after %d moves" % (level, answer, moves))
            break
        moves += 1
        for other in engines:
            other.send("move " + name(move).upper())
    for e in engines:
        e.send("quit")
        e.close()
    if board.over():
        print("nboard level %d: a whole game, %d moves, %d black discs" % (
            level, moves, "".join(board.cells).count("X")))


def gtp_game(players, names, clock=None, record=None):
    """A game between two GTP engines (black first); the result for black
    (discs, empties to the winner), or None after a failure."""
    for e in players:
        if e.gtp("clear_board") != "=":
            fail("gtp: clear_board refused")
        if clock and not e.gtp("time_settings %d 0 0" % clock).startswith("="):
            fail("gtp: time_settings refused")
    board, moves = Board(), 0
    left = {"X": float(clock or 0), "O": float(clock or 0)}
    while not board.over():
        side = board.side
        color = "black" if side == "X" else "white"
        e = players[0 if side == "X" else 1]
        empties = "".join(board.cells).count("-")
        if clock:
            e.gtp("time_left %s %.3f 0" % (color, max(0.0, left[side])))
        t0 = time.monotonic()
        answer = e.gtp("genmove " + color, timeout=120)
        spent = time.monotonic() - t0
        if not answer.startswith("= "):
            fail("gtp %s: genmove failed: %r" % (names[0 if side == "X" else 1], answer))
            return None
        move = square(answer[2:])
        if record is not None:
            record.append(move)
        if not board.play(move):
            fail("gtp %s: %s is not a legal move after %d moves" % (
                names[0 if side == "X" else 1], answer, moves))
            return None
        if clock:
            share = max(0.0, left[side]) / max(1, (empties + 1) // 2)
            if spent > share + 0.5:
                fail("gtp: genmove took %.2f s, its share of the clock %.2f s" % (spent, share))
            left[side] -= spent
        moves += 1
        # A pass is not sent: both engines pass for a side that has no move
        # when the other side is asked to play (gtp-rhino refuses "play
        # COLOR pass" once it has passed for it).
        other = players[1 if side == "X" else 0]
        if move is not None and other.gtp("play %s %s" % (color, name(move))) != "=":
            fail("gtp: play %s %s refused" % (color, name(move)))
    black = "".join(board.cells).count("X") - "".join(board.cells).count("O")
    empties = "".join(board.cells).count("-")
    return black + empties if black > 0 else black - empties if black < 0 else 0


def self_play_gtp(binary, level, clock=None):
    options = ["--level", str(level)]
    players = [Engine(binary, "gtp", *options), Engine(binary, "gtp", *options)]
    black = gtp_game(players, ["black", "white"], clock)
    score = players[0].gtp("final_score")
    for e in players:
        e.gtp("quit")
        e.close()
    if black is not None:
        expected = "0" if black == 0 else ("B+%d" % black if black > 0 else "W+%d" % -black)
        if score != "= " + expected:
            fail("gtp: final_score %r, the board says %s" % (score, expected))
        print("gtp level %d%s: a whole game, %s" % (
            level, " with a %d s clock" % clock if clock else "", score))


def rhino_series(binary, level, games, rhino_options=()):
    """Games against Debian's gtp-rhino, colours alternating; the results,
    and how many of the games differ (both sides may play the same game)."""
    rhino = shutil.which("gtp-rhino") or (
        "/usr/games/gtp-rhino" if os.access("/usr/games/gtp-rhino", os.X_OK) else None)
    if not rhino:
        print("gtp-rhino games: skipped, gtp-rhino is not installed (Debian package grhino: "
              "scripts/setup.sh)")
        return
    wins = losses = draws = 0
    distinct = set()
    for g in range(games):
        ours = Engine(binary, "gtp", "--level", str(level))
        theirs = Engine(None, None, argv=[rhino, *rhino_options])
        players = [ours, theirs] if g % 2 == 0 else [theirs, ours]
        names = ["reversi-bench", "gtp-rhino"] if g % 2 == 0 else ["gtp-rhino", "reversi-bench"]
        record = []
        black = gtp_game(players, names, record=record)
        distinct.add(tuple(record))
        for e in players:
            e.send("quit")
            e.close()
        if black is None:
            continue
        mine = black if g % 2 == 0 else -black
        wins, losses, draws = wins + (mine > 0), losses + (mine < 0), draws + (mine == 0)
    print("against gtp-rhino %s, reversi-bench at level %d: %d games (%d different), "
          "%d wins, %d losses, %d draws" % (" ".join(rhino_options) or "(its defaults)", level,
                                            games, len(distinct), wins, losses, draws))


def ping_latency(binary):
    best = None
    e = Engine(binary, "nboard")
    e.send("nboard 2")
    e.send("set depth 60")
    e.until("set myname")
    for _ in range(3):
        e.send("go")
        e.until("status")
        time.sleep(0.3)
        t0 = time.monotonic()
        e.send("ping 7")
        answer = e.until("===", timeout=2.0)
        e.until("pong 7", timeout=2.0)
        latency = time.monotonic() - t0
        best = latency if best is None else min(best, latency)
        if latency > 1.0 and timed:
            fail("ping during a level-60 search answered after %.3f s" % latency)
        if not answer.startswith("=== ") or square(answer[4:].split("/")[0]) not in Board().moves():
            fail("ping: the stopped search answered %r, not a legal move" % answer)
    print("ping during a level-60 search: best of 3 answered in %.1f ms" % (best * 1000))
    if best > 0.05 and timed:
        fail("ping during a level-60 search: %.1f ms at best, not within 50 ms" % (best * 1000))

    # Depth 8 from the start, in under a second.
    e.send("set depth 8")
    e.until("set myname")
    t0 = time.monotonic()
    e.send("go")
    e.until("===")
    took = time.monotonic() - t0
    print("set depth 8, go on the start position: %.3f s" % took)
    if took > 1.0 and timed:
        fail("set depth 8, go: %.3f s on the start position" % took)

    # hint 3 at level 4 from the start: a line per iteration of the best
    # move, then the 3 best moves' lines (the start's 4 moves are all legal).
    e.send("set depth 4")
    e.until("set myname")
    e.send("hint 3")
    e.until("status")
    lines = []
    while True:
        text = e.line()
        if text.startswith("status"):
            break
        if text.startswith("search "):
            lines.append(text.split())
    last = lines[-3:]
    moves = [square(words[1][:2]) for words in last]
    scores = [float(words[2]) for words in last]
    if (len(lines) < 7 or len(set(moves)) != 3 or any(m not in Board().moves() for m in moves)
            or scores != sorted(scores, reverse=True)):
        fail("hint 3: not 4 iteration lines then the 3 best moves, best first: %r" % lines)

    # A line past the bound is refused, and the server goes on.
    e.send("x" * 100000)
    e.send("ping 8")
    e.until("pong 8")

    # The end of the input during a search ends the process.
    e.send("set depth 60")
    e.until("set myname")
    e.send("go")
    e.until("status")
    t0 = time.monotonic()
    e.proc.stdin.close()
    try:
        e.proc.wait(2)
        print("the end of the input during a search: exited in %.3f s" % (time.monotonic() - t0))
    except subprocess.TimeoutExpired:
        e.proc.kill()
        fail("the end of the input during a search did not end the process in 2 s")
    errors = e.proc.stderr.read()
    if "longer than 65536 bytes" not in errors:
        fail("the long line was not refused on stderr: %r" % errors[-300:])


def level_depths(binary):
    """NBoard's `set depth L` then `go` searches level L: the same nodes and
    move as `search --level L` on the same position, and that search's
    depth is L (docs/engines.md: level L searches L plies in the midgame),
    for levels 2 to 7 on three positions (the start, after f5, after f5 d6).
    A server one level short would give another search."""
    boards = [
        "---------------------------OX------XO--------------------------- X",
        "---------------------------OX------XXX-------------------------- O",
        "---------------------------OX-----OOXX-------------------------- X",
    ]
    # (The sanitizer build, 10-50 times slower: one position, levels 2 to 4.)
    for board in boards if timed else boards[:1]:
        for level in range(2, 8 if timed else 5):
            with tempfile.TemporaryDirectory() as tmp:
                out = os.path.join(tmp, "s.json")
                subprocess.run([binary, "search", board, "--level", str(level), "--tt", "4",
                                "--json", out], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, check=True, timeout=120)
                best = json.load(open(out))["rows"][0]["best"]
            cells = board[:64].replace("X", "*")
            side = "*" if board[65] == "X" else "O"
            script = ("nboard 2\nset depth %d\nset game (;GM[Othello]PC[t]PB[?]PW[?]RE[?]"
                      "TI[0:00]TY[8]BO[8 %s %s];)\ngo\nping 1\nquit\n" % (level, cells, side))
            run = subprocess.run([binary, "nboard", "--tt", "4"], input=script, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120)
            nodes = [l.split()[1] for l in run.stdout.splitlines() if l.startswith("nodestats")]
            moves = [l[4:].split("/")[0].lower() for l in run.stdout.splitlines()
                     if l.startswith("=== ")]
            if best["depth"] != level:
                fail("search --level %d searched depth %s" % (level, best["depth"]))
            elif nodes != [str(best["nodes"])] or moves != [best["move"]]:
                fail("nboard set depth %d: %s nodes, move %s; search --level %d: %s nodes, move %s"
                     % (level, nodes, moves, level, best["nodes"], best["move"]))


def main():
    global timed
    binary = sys.argv[1]
    timed = len(sys.argv) < 3 or sys.argv[2] != "0"
    ping_latency(binary)
    level_depths(binary)
    for level in (1, 4):
        nboard_game(binary, level)
        self_play_gtp(binary, level)
    if timed:
        self_play_gtp(binary, 60, clock=8)
    rhino_series(binary, 4, 4 if timed else 2)
    if failures:
        print("%d failure(s)" % failures)
        sys.exit(1)
    print("play: ok")


if __name__ == "__main__":
    main()
