#!/usr/bin/python3
"""An engine that misbehaves on purpose, for tests/engine_test_cli.sh and
tests/match_cli_test.sh.

Usage: fault_engine.py --protocol nboard|gtp --mode MODE [--once FILE] [--pids FILE]

It speaks NBoard or GTP (its GTP set-up command: fault-setup BOARD SIDE)
and answers the handshake; it follows a game as a match gives it (the
moves of NBoard's set game; GTP's clear_board, play and its own genmove); then, asked for a move, it does what MODE says:
  ok            answers the first legal move (a pass when it has none)
  crash         kills itself with SIGSEGV
  hang          starts a child (sleep) in its process group and waits forever
  garbage       prints a line of bytes that do not print
  illegal       answers a square that is taken
  wrong-side    answers a move legal for the side not to move only
  partial       prints an unfinished line and exits
  no-handshake  never answers anything (not even the handshake)
  chatty        prints a status line once the position is set, before it is
                asked (NBoard; GTP: nothing more), then answers as ok
  early         answers the first legal move while it takes the position,
                before it is asked (NBoard: before the pong that follows set
                game; GTP: a second response with the answer to each set-up
                command), and nothing when asked
With --once FILE it misbehaves only while FILE does not exist (it creates
it), so the engine restarted for the next position answers (mode ok).
With --pids FILE it appends its process id and its group's to FILE, and the
hang mode its children's too (one of them in a session of its own), for the
test to check that none is left.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def legal_moves(board, side):
    """board: 64 chars in X O -; side: 'X' or 'O'. The squares side may play."""
    other = "O" if side == "X" else "X"
    moves = []
    for s in range(64):
        if board[s] != "-":
            continue
        f, r = s % 8, s // 8
        for df, dr in DIRS:
            x, y, seen = f + df, r + dr, 0
            while 0 <= x < 8 and 0 <= y < 8 and board[y * 8 + x] == other:
                x, y, seen = x + df, y + dr, seen + 1
            if seen and 0 <= x < 8 and 0 <= y < 8 and board[y * 8 + x] == side:
                moves.append(s)
                break
    return moves


def play(board, side, square):
    """The board after side plays square (a legal move)."""
    other = "O" if side == "X" else "X"
    cells = list(board)
    f, r = square % 8, square // 8
    for df, dr in DIRS:
        x, y, run = f + df, r + dr, []
        while 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == other:
            run.append(y * 8 + x)
            x, y = x + df, y + dr
        if run and 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == side:
            for s in run:
                cells[s] = side
    cells[square] = side
    return "".join(cells)


def square_of(text):
    """a1..h8 (either case) as 0..63; None for a pass."""
    text = text.lower()
    if text in ("pa", "pass"):
        return None
    return (int(text[1]) - 1) * 8 + "abcdefgh".index(text[0])


def after_moves(board, side, moves):
    """The board and side to move after the moves of a GGF game (B[..]/W[..])."""
    for color, move in moves:
        side = "X" if color == "B" else "O"
        square = square_of(move.split("/")[0])
        if square is not None:
            board = play(board, side, square)
        side = "O" if side == "X" else "X"
    return board, side


def name(square):
    return "abcdefgh"[square % 8] + str(square // 8 + 1)


def out(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def early(mode, board, side):
    """In mode early, over GTP: a second response, the move, written with
    the set-up's answer (one write: already there when the move is asked)."""
    if mode != "early":
        return ""
    moves = legal_moves(board, side)
    return "\n= " + (name(moves[0]) if moves else "pass") + "\n"


def record(pids, *ids):
    if pids:
        with open(pids, "a") as f:
            f.write(" ".join(str(i) for i in ids) + "\n")


def misbehave(mode, board, side, pids, protocol):
    """Does what the mode says; returns the move to answer, or None to answer nothing."""
    other = "O" if side == "X" else "X"
    if mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "hang":
        child = subprocess.Popen(["sleep", "1000"])
        record(pids, child.pid, os.getpgid(child.pid))
        # And one that leaves the engine's process group and session
        # (setsid), which a kill of the group alone would not reach.
        escaped = subprocess.Popen(["sleep", "1001"], start_new_session=True)
        record(pids, escaped.pid, os.getpgid(escaped.pid))
        time.sleep(1000)
    if mode == "garbage":
        sys.stdout.buffer.write(b"\x01\x02garbage\xff\xfe\n")
        sys.stdout.flush()
        return None
    if mode == "partial":
        sys.stdout.write("=== d" if protocol == "nboard" else "= d")
        sys.stdout.flush()
        os._exit(0)
    if mode == "illegal":
        return name(next(s for s in range(64) if board[s] != "-"))
    if mode == "wrong-side":
        mine = set(legal_moves(board, side))
        theirs = [s for s in legal_moves(board, other) if s not in mine]
        return name(theirs[0]) if theirs else "a1"
    moves = legal_moves(board, side)
    return name(moves[0]) if moves else "pass"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--protocol", choices=["nboard", "gtp"], required=True)
    parser.add_argument("--mode", required=True)
    parser.add_argument("--once")
    parser.add_argument("--pids")
    args = parser.parse_args()
    record(args.pids, os.getpid(), os.getpgid(0))
    mode = args.mode
    if args.once:
        if os.path.exists(args.once):
            mode = "ok"
        else:
            open(args.once, "w").close()
    board, side = "-" * 27 + "OX------XO" + "-" * 27, "X"
    positioned = False
    for line in sys.stdin:
        words = line.split()
        if not words or mode == "no-handshake":
            continue
        if args.protocol == "nboard":
            if words[0] == "ping":
                if mode == "early" and positioned:
                    moves = legal_moves(board, side)
                    out("=== " + (name(moves[0]) if moves else "pass"))
                out("pong " + words[1])
                if mode == "chatty" and positioned:
                    out("status thinking about nothing yet")
            elif words[:2] == ["set", "game"]:
                bo = line[line.index("BO[8 ") + 5:]
                squares = bo[:64].replace("*", "X")
                board, side = squares, ("X" if bo[65] == "*" else "O")
                board, side = after_moves(board, side, re.findall(r"\b([BW])\[([^\]]*)\]", bo))
                positioned = True
            elif words[0] == "go":
                if mode == "early":
                    continue
                move = misbehave(mode, board, side, args.pids, "nboard")
                if move:
                    out("=== " + move)
            elif words[0] == "quit":
                return
        else:
            if words[0] == "quit":
                out("=\n")
                return
            if words[0] == "fault-setup":
                board, side = words[1], words[2]
                out("=\n" + early(mode, board, side))
            elif words[0] == "clear_board":
                board, side = "-" * 27 + "OX------XO" + "-" * 27, "X"
                out("=\n")
            elif words[0] == "play" and len(words) == 3:
                color = "X" if words[1].lower().startswith("b") else "O"
                square = square_of(words[2])
                if square is not None:
                    board = play(board, color, square)
                side = "O" if color == "X" else "X"
                out("=\n" + early(mode, board, side))
            elif words[0] == "genmove":
                if mode == "early":
                    continue
                side = "X" if words[1].lower().startswith("b") else "O"
                move = misbehave(mode, board, side, args.pids, "gtp")
                if move:
                    square = square_of(move)
                    if square is not None and square in legal_moves(board, side):
                        board = play(board, side, square)
                    side = "O" if side == "X" else "X"
                    out("= " + move + "\n")
            else:
                out("=\n")


if __name__ == "__main__":
    main()
