#!/usr/bin/python3
"""A suite from a corpus of make-corpus: the first position of each game
with exactly EMPTIES empty squares (and a legal move: a corpus holds no
other), as OBF lines for `solve`, with the corpus's exact label as the
line's bare score when EMPTIES is within its --exact-empties (solve then
checks it). The first lines are comments naming the corpus and this
command, so that the suite says how it was made.

A corpus played by the search (make-corpus --play-depth) gives the
positions the solver meets in play. Weights that change the solver's move
order are compared on such a suite position by position (the counts are
exact; `scripts/ab.py suite` gives the geometric mean of the positions'
ratios with its interval): a suite of 20 positions is too few to tell
weights apart, a few hard positions weighing on its sum alone
(results/2026-11-27-label-search).

Usage: scripts/corpus_positions.py CORPUS EMPTIES [--count N] > SUITE.obf
Exit status 2, with the file, line and column, on a corpus it cannot
read."""
import argparse
import re
import sys

HEADER = "reversi-bench corpus 2"
COMMAND = re.compile(r"make-corpus .*$")
BOARD = re.compile(r"[XO-]{64}$")


def fail(path, line, column, message):
    print(f"corpus_positions.py: {path}:{line}:{column}: {message}", file=sys.stderr)
    sys.exit(2)


def fnv1a32(text):
    value = 2166136261
    for byte in text.encode("ascii"):
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    return value


def records(path, lines):
    """The records (line number, text) after the header, each line's check
    (its last field: FNV-1a of the text, 8 hex digits) verified; a last line
    cut short (no newline) dropped, as the project's reader does."""
    # Split at each newline: the last piece is empty, or a line cut short.
    out = []
    for number, line in enumerate(lines[1:-1], start=2):
        text, _, check = line.rpartition(" ")
        if not re.fullmatch(r"[0-9a-f]{8}", check) or int(check, 16) != fnv1a32(text):
            fail(path, number, 1, "its line check does not match its text (damaged, or edited)")
        out.append((number, text))
    return out


def exact_empties(command):
    match = re.search(r"--exact-empties (\d+)", command)
    return int(match.group(1)) if match else 0


def suite(path, empties, count):
    try:
        with open(path, encoding="ascii") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        print(f"corpus_positions.py: {path}: {e}", file=sys.stderr)
        sys.exit(2)
    if not lines or lines[0] != HEADER:
        fail(path, 1, 1, f"not a corpus of make-corpus (its first line is '{HEADER}')")
    rows = records(path, lines)
    if not rows or not COMMAND.match(rows[0][1]):
        fail(path, 2, 1, "not a corpus of make-corpus (its first record names the command)")
    command = rows[0][1]
    exact = empties <= exact_empties(command)
    out = [f"% the first position with {empties} empties of each game of the corpus",
           f"% {command}",
           f"% by scripts/corpus_positions.py CORPUS {empties}"
           + (f" --count {count}" if count else "")
           + ("; the scores are the corpus's exact labels" if exact else "; no scores")]
    made = 0
    for number, text in rows[1:]:
        if count and made >= count:
            break
        fields = text.split()
        if not fields:
            continue
        if len(fields) < 2 or not fields[1].isdigit() or len(fields) != 2 + 3 * int(fields[1]):
            fail(path, number, 1, "a game line is GAME COUNT and COUNT samples (board, side, label)")
        for k in range(int(fields[1])):
            board, side, label = fields[2 + 3 * k: 5 + 3 * k]
            column = len(" ".join(fields[:2 + 3 * k])) + 2
            if not BOARD.match(board) or side not in ("X", "O"):
                fail(path, number, column, "a sample is 64 squares of X, O, - and a side X or O")
            if board.count("-") != empties:
                continue
            try:
                score = int(label)
            except ValueError:
                fail(path, number, column, f"the label '{label}' is not an integer")
            out.append(f"{board} {side};" + (f" {score:+d};" if exact else ""))
            made += 1
            break
    if made == 0:
        fail(path, len(lines), 1, f"no game has a position with {empties} empties")
    print("\n".join(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("empties", type=int)
    parser.add_argument("--count", type=int, default=0,
                        help="at most this many positions (default: one per game)")
    args = parser.parse_args()  # a usage error exits 2
    if not 1 <= args.empties <= 60 or args.count < 0:
        parser.error("EMPTIES within 1..60, --count at least 0")
    suite(args.corpus, args.empties, args.count)


if __name__ == "__main__":
    main()
