"""shift_board.py: an example reversi-bench board program in Python 3.

It speaks the board protocol, version 1 (docs/board-protocol.md): one request
per line on standard input, one answer line per request on standard output.
The board is a pair of 64-bit bitboards (bit i is square i, a1 = 0, h8 = 63).
The legal moves come from the shift algorithm: for each of the eight
directions, shift the player's discs one step (masking the file that a shift
would wrap onto), keep the opponent's discs, repeat five more times (a run
of opponent discs is at most 6 long), and one last shift onto the empty
squares gives that direction's moves. The flips of a move are found the same
way, shifting from the move square. Standard library only.

Run:
    reversi-bench verify --board-cmd '/usr/bin/python3 examples/boards/python/shift_board.py'

Option:
    --bug NAME        plant one bug (the name gets the suffix -bug), each a
                      rare case a verifier must find:
      edge-mask       leave out the edge mask of the east shift (towards the
                      h file), so that runs wrap from the h file onto the a
                      file of the next rank;
      diag-six        a diagonal run of exactly six opponent discs is never
                      captured (the shift repeated one time too few on the
                      diagonals);
      row-five-extra  a capture of a run of five on a row flips one disc too
                      many: the opponent's disc past the capturing one;
      corner          a move on a8 is never generated;
      pass-side       after a move that leaves the opponent no move, the
                      player stays to move (the pass made by the board, which
                      the protocol leaves to the harness);
      perft-pass      its own perft counts a forced pass as no ply.
"""

import sys

FULL = 0xFFFFFFFFFFFFFFFF
NOT_A = 0xFEFEFEFEFEFEFEFE  # every square but the a file
NOT_H = 0x7F7F7F7F7F7F7F7F  # every square but the h file


BUGS = ("edge-mask", "diag-six", "row-five-extra", "corner", "pass-side", "perft-pass")
DIAGONALS = (9, 7, -7, -9)
A8 = 1 << 56


def make_directions(bug):
    """The eight directions as (shift, mask): a positive shift moves a disc
    towards h8 (a left shift), a negative one towards a1. The mask clears the
    squares a disc may not reach without wrapping around the board's edge."""
    east_mask = FULL if bug == "edge-mask" else NOT_A
    return [
        (1, east_mask),  # east
        (-1, NOT_H),  # west
        (8, FULL),  # north
        (-8, FULL),  # south
        (9, NOT_A),  # north-east
        (7, NOT_H),  # north-west
        (-7, NOT_A),  # south-east
        (-9, NOT_H),  # south-west
    ]


def shift(b, n, mask):
    """Shift the bitboard b one step in the direction (n, mask)."""
    if n > 0:
        return ((b << n) & FULL) & mask
    return (b >> -n) & mask


def repeats(n, bug):
    """How many more shifts a run gets after its first disc: 5 (runs up to
    6 long), one fewer on the diagonals under the diag-six bug."""
    return 4 if bug == "diag-six" and n in DIAGONALS else 5


def legal_moves(p, o, directions, bug=None):
    """The bitboard of the legal moves of the player p against the opponent o."""
    empty = ~(p | o) & FULL
    moves = 0
    for n, mask in directions:
        x = shift(p, n, mask) & o
        for _ in range(repeats(n, bug)):
            x |= shift(x, n, mask) & o
        moves |= shift(x, n, mask) & empty
    if bug == "corner":
        moves &= ~A8
    return moves


def flips(p, o, m, directions, bug=None):
    """The opponent discs flipped when the player p plays the square bit m."""
    result = 0
    for n, mask in directions:
        x = shift(m, n, mask) & o
        for _ in range(repeats(n, bug)):
            x |= shift(x, n, mask) & o
        end = shift(x, n, mask) & p
        if end:
            result |= x
            if bug == "row-five-extra" and n in (1, -1) and x.bit_count() == 5:
                result |= shift(end, n, mask) & o
    return result


def perft(p, o, depth, directions, bug=None):
    """The leaves of the game tree depth plies deep; p is the side to move."""
    if depth == 0:
        return 1
    moves = legal_moves(p, o, directions, bug)
    if not moves:
        if not legal_moves(o, p, directions, bug):
            return 0  # the game is over before the last ply
        # A forced pass: a ply (perft-pass: none).
        return perft(o, p, depth if bug == "perft-pass" else depth - 1, directions, bug)
    if depth == 1:
        return moves.bit_count()
    total = 0
    while moves:
        m = moves & -moves
        moves ^= m
        f = flips(p, o, m, directions, bug)
        total += perft(o ^ f, p | m | f, depth - 1, directions, bug)
    return total


class RequestError(Exception):
    """A malformed request; its message goes into the error answer."""


def square_name(i):
    return "abcdefgh"[i & 7] + str(i // 8 + 1)


def parse_square(text):
    t = text.lower()
    if len(t) != 2 or t[0] not in "abcdefgh" or t[1] not in "12345678":
        raise RequestError("bad square '%s'" % text)
    return "abcdefgh".index(t[0]) + 8 * (int(t[1]) - 1)


def parse_board(squares, side):
    """The bitboards (player to move, opponent) and the side to move."""
    if len(squares) != 64:
        raise RequestError("board has %d squares, not 64" % len(squares))
    if side not in ("X", "O"):
        raise RequestError("bad side to move '%s'" % side)
    x = o = 0
    for i, c in enumerate(squares):
        if c == "X":
            x |= 1 << i
        elif c == "O":
            o |= 1 << i
        elif c != "-":
            raise RequestError("bad square character '%s'" % c)
    return (x, o, side) if side == "X" else (o, x, side)


def format_board(p, o, side, stay=False):
    """The board text with p the discs of side and the other side to move
    (side itself with stay)."""
    x, w = (p, o) if side == "X" else (o, p)
    cells = []
    for i in range(64):
        bit = 1 << i
        cells.append("X" if x & bit else "O" if w & bit else "-")
    if stay:
        return "".join(cells) + " " + side
    return "".join(cells) + " " + ("O" if side == "X" else "X")


def answer(words, directions, name, bug):
    """The answer line to one request (split into words), quit aside.
    Raises RequestError for a malformed request."""
    cmd = words[0]
    if cmd == "moves":
        if len(words) != 3:
            raise RequestError("moves needs BOARD")
        p, o, _ = parse_board(words[1], words[2])
        m = legal_moves(p, o, directions, bug)
        names = [square_name(i) for i in range(64) if m >> i & 1]
        return " ".join(names) if names else "-"
    if cmd == "play":
        if len(words) != 4:
            raise RequestError("play needs BOARD SQUARE")
        p, o, side = parse_board(words[1], words[2])
        m = 1 << parse_square(words[3])
        if not legal_moves(p, o, directions, bug) & m:
            raise RequestError("illegal move '%s'" % words[3])
        f = flips(p, o, m, directions, bug)
        p, o = p | m | f, o ^ f
        stay = (bug == "pass-side" and not legal_moves(o, p, directions, bug)
                and legal_moves(p, o, directions, bug))
        return format_board(p, o, side, stay)
    if cmd == "perft":
        if len(words) != 4:
            raise RequestError("perft needs BOARD DEPTH")
        p, o, _ = parse_board(words[1], words[2])
        if not words[3].isdigit():
            raise RequestError("bad depth '%s'" % words[3])
        return str(perft(p, o, int(words[3]), directions, bug))
    if cmd == "rbboard":
        if words[1:] != ["1"]:
            raise RequestError("unsupported protocol version")
        return "rbboard 1 %s perft" % name
    if cmd == "sync":
        if len(words) != 1:
            raise RequestError("sync takes no arguments")
        return "sync"
    if cmd == "quit":
        raise RequestError("quit takes no arguments")
    raise RequestError("unknown request '%s'" % cmd)


def main(argv):
    bug = None
    if len(argv) == 2 and argv[0] == "--bug" and argv[1] in BUGS:
        bug = argv[1]
    elif argv:
        sys.stderr.write("usage: shift_board.py [--bug %s]\n" % "|".join(BUGS))
        return 2
    directions = make_directions(bug)
    name = "python-shift-bug" if bug else "python-shift"

    out = []  # answers not yet written

    def flush():
        sys.stdout.write("".join(out))
        sys.stdout.flush()
        out.clear()

    for line in sys.stdin:
        words = line.split()
        if not words:
            out.append("error empty request\n")
            continue
        if words[0] == "quit" and len(words) == 1:
            break
        try:
            out.append(answer(words, directions, name, bug) + "\n")
        except RequestError as e:
            out.append("error %s\n" % e)
        if words[0] in ("sync", "rbboard", "perft"):
            flush()
    flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
