#!/usr/bin/python3
"""Makes positions/perft-suite.txt: a perft suite of chosen positions whose
shallow counts catch the rare bugs of a move generator (issue #74): runs of
six on each kind of line ending on a corner, runs of five on a row with a
disc past the capturing one, moves on each corner, a side that must pass at
the root and deeper in the tree, games over with squares empty, full
boards, endings counted to their end, and the start position.

The counts are made here, by a board written for this script alone (a
mailbox walking rays square by square), not by the project's C++ boards:
the suite is an independent check of them (tests/CMakeLists.txt, CTest
perft_suite, has the reference board agree with every count).

Convention a124004: a forced pass is a ply, a game that ends before the
last ply adds nothing, depth 0 is 1. Each position is counted at depths 1
up to the deepest whose count is at most LIMIT leaves (and at most 8).

Usage: /usr/bin/python3 scripts/make_perft_suite.py [--limit N] > positions/perft-suite.txt
Deterministic: the positions come from a fixed seed of Python's random
(its random() floats, the same on every platform and version).
"""
import argparse
import random
import sys

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]


def flips(cells, me, sq):
    """The squares flipped when `me` (1 or 2) plays the empty square sq."""
    them = 3 - me
    f, r = sq % 8, sq // 8
    out = []
    for df, dr in DIRS:
        x, y, run = f + df, r + dr, []
        while 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == them:
            run.append(y * 8 + x)
            x, y = x + df, y + dr
        if run and 0 <= x < 8 and 0 <= y < 8 and cells[y * 8 + x] == me:
            out += run
    return out


def moves(cells, me):
    return [s for s in range(64) if cells[s] == 0 and flips(cells, me, s)]


def perft(cells, me, depth):
    if depth == 0:
        return 1
    ms = moves(cells, me)
    if not ms:
        if not moves(cells, 3 - me):
            return 0
        return perft(cells, 3 - me, depth - 1)
    if depth == 1:
        return len(ms)
    total = 0
    for s in ms:
        fl = flips(cells, me, s)
        for q in fl + [s]:
            cells[q] = me
        total += perft(cells, 3 - me, depth - 1)
        for q in fl:
            cells[q] = 3 - me
        cells[s] = 0
    return total


def board_text(cells, me):
    return "".join("-XO"[c] for c in cells) + " " + "-XO"[me]


class Maker:
    def __init__(self, limit):
        self.rng = random.Random(20261207)
        self.limit = limit
        self.out = []
        self.seen = set()

    def pick(self, n):
        return int(self.rng.random() * n)

    def fill(self, cells, empty_share):
        """The squares not yet set (None): empty, X or O at random."""
        for s in range(64):
            if cells[s] is None:
                u = self.rng.random()
                cells[s] = 0 if u < empty_share else 1 if u < (1 + empty_share) / 2 else 2
        return cells

    def add(self, label, cells, me, min_depth=1):
        key = board_text(cells, me)
        if key in self.seen:
            return False
        counts = []
        for depth in range(1, 9):
            n = perft(list(cells), me, depth)
            if n > self.limit:
                break
            counts.append(n)
        if len(counts) < min_depth:
            return False
        self.seen.add(key)
        self.out.append((label, key, counts))
        return True

    def line_case(self, label, sq, d, run, end, me, extra_past=False, tries=50):
        """A position where `me` to move has, from the empty square sq in
        direction d, `run` opponent discs ending on `end` ('own' or 'empty');
        with extra_past the square past the end holds an opponent disc."""
        df, dr = DIRS[d]
        for _ in range(tries):
            cells = [None] * 64
            cells[sq] = 0
            f, r = sq % 8, sq // 8
            for k in range(1, run + 1):
                cells[(r + k * dr) * 8 + f + k * df] = 3 - me
            e = (r + (run + 1) * dr) * 8 + f + (run + 1) * df
            cells[e] = me if end == "own" else 0
            if extra_past:
                cells[(r + (run + 2) * dr) * 8 + f + (run + 2) * df] = 3 - me
            self.fill(cells, 0.45)
            if self.add(label, cells, me, min_depth=3):
                return

    def search(self, label, want, count, empty_share, me_choice=(1, 2), tries=20000):
        """`count` random positions meeting want(cells, me)."""
        found = 0
        for _ in range(tries):
            if found == count:
                return
            cells = self.fill([None] * 64, empty_share)
            me = me_choice[self.pick(len(me_choice))]
            if want(cells, me) and self.add("%s-%d" % (label, found + 1), cells, me, min_depth=2):
                found += 1
        raise SystemExit("make_perft_suite: too few positions for " + label)

    def game_over(self, label, count):
        """Games of random moves that end with squares empty."""
        found = 0
        for _ in range(5000):
            cells, side = self.random_game(0)
            if 0 in cells and found < count and self.add("%s-%d" % (label, found + 1), cells, side):
                found += 1
        if found < count:
            raise SystemExit("make_perft_suite: too few positions for " + label)

    def random_game(self, empties):
        """A game of random moves from the start until `empties` squares are
        empty or it ends: its board and the side to move."""
        cells = [0] * 64
        cells[27] = cells[36] = 2
        cells[28] = cells[35] = 1
        side = 1
        while sum(1 for c in cells if c == 0) > empties:
            ms = moves(cells, side)
            if not ms:
                if not moves(cells, 3 - side):
                    break
                side = 3 - side
                continue
            s = ms[self.pick(len(ms))]
            for q in flips(cells, side, s) + [s]:
                cells[q] = side
            side = 3 - side
        return cells, side

    def ending(self, label, empties, me):
        """A position `empties` from the end, reached by random play."""
        for _ in range(200):
            cells, side = self.random_game(empties)
            if sum(1 for c in cells if c == 0) == empties and side == me and moves(cells, me):
                if self.add(label, cells, me, min_depth=1):
                    return
        raise SystemExit("make_perft_suite: no ending for " + label)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=20000)
    args = parser.parse_args()
    m = Maker(args.limit)
    start = [0] * 64
    start[27] = start[36] = 2
    start[28] = start[35] = 1
    m.add("start", start, 1)
    for me, who in ((1, "x"), (2, "o")):
        # Runs of six ending on a corner, on each kind of line: a row, a
        # column, a diagonal, an anti-diagonal (their own disc on the far end).
        m.line_case("six-row-" + who, 0 * 8 + 0, 0, 6, "own", me)             # a1 east to h1
        m.line_case("six-column-" + who, 0 * 8 + 7, 2, 6, "own", me)          # h1 north to h8
        m.line_case("six-diagonal-" + who, 0, 4, 6, "own", me)                # a1 north-east to h8
        m.line_case("six-anti-diagonal-" + who, 7 * 8 + 0, 6, 6, "own", me)   # a8 south-east to h1
        m.line_case("six-diagonal-empty-" + who, 63, 7, 6, "empty", me)       # no capture
        # Runs of five on a row with the opponent's disc past the capture.
        m.line_case("five-row-past-" + who, 3 * 8 + 0, 0, 5, "own", me, extra_past=True)
        m.line_case("five-row-past-west-" + who, 4 * 8 + 7, 1, 5, "own", me, extra_past=True)
        # Moves on each corner.
        for corner, d, name in ((0, 0, "a1"), (7, 2, "h1"), (56, 6, "a8"), (63, 7, "h8")):
            m.line_case("corner-" + name + "-" + who, corner, d, 2, "own", me)
    # The side to move must pass at the root; a pass within the first plies.
    m.search("pass-root", lambda c, me: not moves(c, me) and moves(c, 3 - me), 4, 0.6)
    m.search("pass-deep", lambda c, me: moves(c, me) and any(
        not moves(after, 3 - me) and moves(after, me)
        for s in moves(c, me)
        for after in [play(c, me, s)]), 4, 0.8)
    m.search("sparse", lambda c, me: sum(1 for x in c if x == 3 - me) <= 3 and moves(c, me),
             3, 0.85)
    # Games over with squares empty, and full boards: every count 0.
    m.game_over("both-pass", 2)
    wiped = [1 if s % 3 else 0 for s in range(64)]  # one colour left, squares empty
    m.add("wiped-out", wiped, 2)
    m.search("full-board", lambda c, me: 0 not in c, 2, 0.0)
    for empties, me in ((4, 1), (6, 2), (8, 1), (10, 2)):
        m.ending("ending-%d" % empties, empties, me)
    print("% reversi-bench perft suite (issue #74): LABEL BOARD SIDE, then the leaves at depths 1, 2, ...")
    print("% convention a124004 (a forced pass is a ply; a game over before the last ply adds nothing)")
    print("%% made by: /usr/bin/python3 scripts/make_perft_suite.py --limit %d" % args.limit)
    print("% counted by that script's own mailbox board, not by the project's boards")
    for label, key, counts in m.out:
        print(label, key, " ".join(str(n) for n in counts))


def play(cells, me, s):
    after = list(cells)
    for q in flips(cells, me, s) + [s]:
        after[q] = me
    return after


if __name__ == "__main__":
    main()
