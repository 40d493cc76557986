#!/usr/bin/python3
"""Game lines with exact move scores, computed here, independently of the
project's code, for tests/engine_test_cli.sh: random games from the start
(seeded) played until E empties, written as their moves
("f5d6c3..."), then the exact score of every legal move of the position
reached (plain alpha-beta over this file's own rules; E small).

Usage: make_games.py --seed S --count N --empties E
"""
import argparse
import random

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def flips(board, side, s):
    """The discs a move of side at s flips (board: list of 'X', 'O', '-')."""
    if board[s] != "-":
        return []
    other = "O" if side == "X" else "X"
    out = []
    f, r = s % 8, s // 8
    for df, dr in DIRS:
        x, y, run = f + df, r + dr, []
        while 0 <= x < 8 and 0 <= y < 8 and board[y * 8 + x] == other:
            run.append(y * 8 + x)
            x, y = x + df, y + dr
        if run and 0 <= x < 8 and 0 <= y < 8 and board[y * 8 + x] == side:
            out += run
    return out


def moves(board, side):
    return [s for s in range(64) if flips(board, side, s)]


def play(board, side, s):
    b = list(board)
    for t in flips(board, side, s) + [s]:
        b[t] = side
    return b


def other(side):
    return "O" if side == "X" else "X"


def score(board, side, alpha, beta, passed=False):
    """The exact final disc difference for side, empties to the winner."""
    ms = moves(board, side)
    if not ms:
        if passed:
            mine, theirs = board.count(side), board.count(other(side))
            empty = board.count("-")
            diff = mine - theirs
            return diff + empty if diff > 0 else diff - empty if diff < 0 else 0
        return -score(board, other(side), -beta, -alpha, True)
    best = -65
    for s in ms:
        v = -score(play(board, side, s), other(side), -beta, -max(alpha, best))
        if v > best:
            best = v
            if best >= beta:
                break
    return best


def name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=4)
    parser.add_argument("--empties", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    made = 0
    print(f"% make_games.py --seed {args.seed} --count {args.count} --empties {args.empties}")
    while made < args.count:
        board = list("-" * 27 + "OX------XO" + "-" * 27)
        side, game = "X", []
        while board.count("-") > args.empties:
            ms = moves(board, side)
            if not ms:
                if not moves(board, other(side)):
                    break
                side = other(side)
                continue
            s = rng.choice(ms)
            board = play(board, side, s)
            game.append(name(s))
            side = other(side)
        ms = moves(board, side)
        if board.count("-") != args.empties or not ms:
            continue
        scores = sorted(((-score(play(board, side, s), other(side), -65, 65), s) for s in ms),
                        key=lambda x: -x[0])
        print("".join(game) + ";" + "".join(f" {name(s).upper()}:{v:+d};" for v, s in scores))
        made += 1


if __name__ == "__main__":
    main()
