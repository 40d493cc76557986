#!/usr/bin/env python3
"""Reads a corpus file of make-corpus on its own (not with the project's
reader) and checks what can be checked without a solver: the header, each
line's check (FNV-1a), the command the first record names, the games in order, each sample's board (64 squares of X, O, -, a side X or
O), its empties within the corpus's range, its label an even-or-odd integer
within -64..64, and that a sample above --exact-empties carries the label of
the first later sample of its game at or below it (negated when the other
side is to move), and that each sample of a game follows from the one before
by a legal move (and a pass where the side to move then has none). Writes the samples at or below --exact-empties as OBF lines
(board, side, score) to OUT, for a solver to check their labels.

Usage: corpus_check.py CORPUS OUT.obf
Prints one line per failure and exits 1 on any."""
import re
import sys

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def play(board, side, square):
    """The board after `side` plays on `square` (row-major a1..h8), or None
    when the move is not legal."""
    if board[square] != "-":
        return None
    other = "O" if side == "X" else "X"
    cells = list(board)
    row, col = divmod(square, 8)
    flipped = False
    for dr, dc in DIRECTIONS:
        r, c, run = row + dr, col + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[8 * r + c] == other:
            run.append(8 * r + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and board[8 * r + c] == side:
            for k in run:
                cells[k] = side
            flipped = True
    if not flipped:
        return None
    cells[square] = side
    return "".join(cells)


def follows(before, after):
    """Whether sample `after` (board, side) is `before` after one legal move
    and, where the side to move then has none, a pass."""
    board, side = before
    other = "O" if side == "X" else "X"
    for square in range(64):
        child = play(board, side, square)
        if child != after[0]:
            continue
        can_move = any(play(child, other, s) for s in range(64))
        return after[1] == (other if can_move else side)
    return False


def fnv1a32(text):
    h = 2166136261
    for byte in text.encode("ascii"):
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


def main():
    path, out_path = sys.argv[1], sys.argv[2]
    failures = []
    with open(path, encoding="ascii") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    # A record file: the header line, then records each ending in its line
    # check (FNV-1a of the text, 32 bits, 8 hex digits).
    if not lines or lines[0] != "reversi-bench corpus 2":
        print(f"{path}:1: not a corpus header: {lines[0] if lines else ''!r}")
        return 1
    records = []
    for number, line in enumerate(lines[1:], start=2):
        text, _, check = line.rpartition(" ")
        if not re.fullmatch(r"[0-9a-f]{8}", check) or int(check, 16) != fnv1a32(text):
            print(f"{path}:{number}: the line check does not match: {line[:60]!r}")
            return 1
        records.append(text)
    head = re.fullmatch(
        r"make-corpus --seed (\d+) --games (\d+) --exact-empties (\d+) "
        r"--min-empties (\d+) --max-empties (\d+)"
        r"( --play-depth [1-9]\d* --play-weights [0-9a-f]{16})?", records[0] if records else "")
    if not head:
        print(f"{path}:2: not a corpus's command: {records[:1]!r}")
        return 1
    _, games, exact, lo, hi = (int(x) for x in head.groups()[:5])
    if len(records) - 1 != games:
        failures.append(f"{len(records) - 1} game lines, {games} announced")
    solved = []
    for number, line in enumerate(records[1:], start=3):
        fields = line.split(" ")
        if int(fields[0]) != number - 3:
            failures.append(f"line {number}: game {fields[0]}, expected {number - 3}")
        count = int(fields[1])
        if len(fields) != 2 + 3 * count:
            failures.append(f"line {number}: {count} samples, {len(fields) - 2} fields")
            continue
        samples = []
        for i in range(count):
            board, side, label = fields[2 + 3 * i:5 + 3 * i]
            if not re.fullmatch(r"[XO-]{64}", board) or side not in ("X", "O"):
                failures.append(f"line {number}: sample {i}: bad board {board} {side}")
                continue
            empties = board.count("-")
            if not lo <= empties <= hi:
                failures.append(f"line {number}: sample {i}: {empties} empties")
            value = int(label)
            if not -64 <= value <= 64:
                failures.append(f"line {number}: sample {i}: label {value}")
            samples.append((board, side, empties, value))
        for i in range(1, len(samples)):
            if not follows(samples[i - 1][:2], samples[i][:2]):
                failures.append(f"line {number}: sample {i} does not follow from sample {i - 1}")
        for i, (board, side, empties, value) in enumerate(samples):
            if empties <= exact:
                solved.append(f"{board} {side}; {value:+d};")
                continue
            anchor = next((s for s in samples[i + 1:] if s[2] <= exact), None)
            if anchor is None:
                continue  # the game's final score: not stored
            want = anchor[3] if anchor[1] == side else -anchor[3]
            if value != want:
                failures.append(f"line {number}: sample {i}: label {value}, its anchor's {want}")
    with open(out_path, "w", encoding="ascii") as out:
        out.write("\n".join(solved) + "\n")
    for f in failures[:10]:
        print(f"{path}: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
