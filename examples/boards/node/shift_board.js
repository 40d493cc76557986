// shift_board.js: an example reversi-bench board program for Node.js.
//
// It speaks the board protocol, version 1 (docs/board-protocol.md): one
// request per line on standard input, one answer line per request on
// standard output. The board is a pair of 64-bit BigInt bitboards (bit i is
// square i, a1 = 0, h8 = 63). The legal moves come from the shift algorithm:
// for each of the eight directions, shift the player's discs one step
// (masking the file that a shift would wrap onto), keep the opponent's discs,
// repeat five more times (a run of opponent discs is at most 6 long), and one
// last shift onto the empty squares gives that direction's moves. The flips of a move are found the same way, shifting
// from the move square. No npm packages.
//
// Run:
//   reversi-bench verify --board-cmd 'node examples/boards/node/shift_board.js'
//
// Option:
//   --bug NAME        plant one bug (the name gets the suffix -bug), each a
//                     rare case a verifier must find:
//     edge-mask       leave out the edge mask of the east shift (towards the
//                     h file), so that runs wrap from the h file onto the a
//                     file of the next rank;
//     diag-six        a diagonal run of exactly six opponent discs is never
//                     captured (the shift repeated one time too few on the
//                     diagonals);
//     row-five-extra  a capture of a run of five on a row flips one disc too
//                     many: the opponent's disc past the capturing one;
//     corner          a move on a8 is never generated;
//     pass-side       after a move that leaves the opponent no move, the
//                     player stays to move;
//     perft-pass      its own perft counts a forced pass as no ply.
'use strict';

const FULL = 0xFFFFFFFFFFFFFFFFn;
const NOT_A = 0xFEFEFEFEFEFEFEFEn; // every square but the a file
const NOT_H = 0x7F7F7F7F7F7F7F7Fn; // every square but the h file

// The eight directions as [shift, mask]: a positive shift moves a disc
// towards h8 (a left shift), a negative one towards a1. The mask clears the
// squares a disc may not reach without wrapping around the board's edge.
const BUGS = ['edge-mask', 'diag-six', 'row-five-extra', 'corner', 'pass-side', 'perft-pass'];
const A8 = 1n << 56n;

function makeDirections(bug) {
  return [
    [1n, bug === 'edge-mask' ? FULL : NOT_A], // east
    [-1n, NOT_H], // west
    [8n, FULL], // north
    [-8n, FULL], // south
    [9n, NOT_A], // north-east
    [7n, NOT_H], // north-west
    [-7n, NOT_A], // south-east
    [-9n, NOT_H], // south-west
  ];
}

// Shift the bitboard b one step in the direction [n, mask].
function shift(b, n, mask) {
  return n > 0n ? (b << n) & mask & FULL : (b >> -n) & mask;
}

// How many more shifts a run gets after its first disc: 5 (runs up to 6
// long), one fewer on the diagonals under the diag-six bug.
function repeats(n, bug) {
  const diagonal = n === 9n || n === 7n || n === -7n || n === -9n;
  return bug === 'diag-six' && diagonal ? 4 : 5;
}

// The bitboard of the legal moves of the player p against the opponent o.
function legalMoves(p, o, directions, bug) {
  const empty = ~(p | o) & FULL;
  let moves = 0n;
  for (const [n, mask] of directions) {
    let x = shift(p, n, mask) & o;
    for (let i = 0; i < repeats(n, bug); i++) x |= shift(x, n, mask) & o;
    moves |= shift(x, n, mask) & empty;
  }
  return bug === 'corner' ? moves & ~A8 & FULL : moves;
}

// The opponent discs flipped when the player p plays the square bit m.
function flips(p, o, m, directions, bug) {
  let result = 0n;
  for (const [n, mask] of directions) {
    let x = shift(m, n, mask) & o;
    for (let i = 0; i < repeats(n, bug); i++) x |= shift(x, n, mask) & o;
    const end = shift(x, n, mask) & p;
    if (end) {
      result |= x;
      if (bug === 'row-five-extra' && (n === 1n || n === -1n) && popcount(x) === 5) {
        result |= shift(end, n, mask) & o;
      }
    }
  }
  return result;
}

function popcount(b) {
  let count = 0;
  for (; b; b &= b - 1n) count++;
  return count;
}

// The leaves of the game tree depth plies deep; p is the side to move.
function perft(p, o, depth, directions, bug) {
  if (depth === 0) return 1;
  let moves = legalMoves(p, o, directions, bug);
  if (!moves) {
    if (!legalMoves(o, p, directions, bug)) return 0; // the game is over
    // A forced pass: a ply (perft-pass: none).
    return perft(o, p, bug === 'perft-pass' ? depth : depth - 1, directions, bug);
  }
  if (depth === 1) return popcount(moves);
  let total = 0;
  while (moves) {
    const m = moves & -moves;
    moves ^= m;
    const f = flips(p, o, m, directions, bug);
    total += perft(o ^ f, p | m | f, depth - 1, directions, bug);
  }
  return total;
}

// A malformed request; its message goes into the error answer.
class RequestError extends Error {}

const FILES = 'abcdefgh';

function squareName(i) {
  return FILES[i & 7] + String((i >> 3) + 1);
}

function parseSquare(text) {
  const t = text.toLowerCase();
  if (!/^[a-h][1-8]$/.test(t)) throw new RequestError(`bad square '${text}'`);
  return FILES.indexOf(t[0]) + 8 * (Number(t[1]) - 1);
}

// The bitboards [player to move, opponent] and the side to move.
function parseBoard(squares, side) {
  if (squares.length !== 64) {
    throw new RequestError(`board has ${squares.length} squares, not 64`);
  }
  if (side !== 'X' && side !== 'O') {
    throw new RequestError(`bad side to move '${side}'`);
  }
  let x = 0n;
  let o = 0n;
  for (let i = 0; i < 64; i++) {
    const c = squares[i];
    if (c === 'X') x |= 1n << BigInt(i);
    else if (c === 'O') o |= 1n << BigInt(i);
    else if (c !== '-') throw new RequestError(`bad square character '${c}'`);
  }
  return side === 'X' ? [x, o, side] : [o, x, side];
}

// The board text with p the discs of side and the other side to move
// (side itself with stay).
function formatBoard(p, o, side, stay) {
  const [x, w] = side === 'X' ? [p, o] : [o, p];
  let cells = '';
  for (let i = 0n; i < 64n; i++) {
    cells += (x >> i) & 1n ? 'X' : (w >> i) & 1n ? 'O' : '-';
  }
  if (stay) return cells + ' ' + side;
  return cells + ' ' + (side === 'X' ? 'O' : 'X');
}

// The answer line to one request (split into words), quit aside. Throws
// RequestError for a malformed request.
function answer(words, directions, name, bug) {
  const cmd = words[0];
  switch (cmd) {
    case 'moves': {
      if (words.length !== 3) throw new RequestError('moves needs BOARD');
      const [p, o] = parseBoard(words[1], words[2]);
      const m = legalMoves(p, o, directions, bug);
      const names = [];
      for (let i = 0; i < 64; i++) {
        if ((m >> BigInt(i)) & 1n) names.push(squareName(i));
      }
      return names.length ? names.join(' ') : '-';
    }
    case 'play': {
      if (words.length !== 4) throw new RequestError('play needs BOARD SQUARE');
      const [p, o, side] = parseBoard(words[1], words[2]);
      const m = 1n << BigInt(parseSquare(words[3]));
      if (!(legalMoves(p, o, directions, bug) & m)) {
        throw new RequestError(`illegal move '${words[3]}'`);
      }
      const f = flips(p, o, m, directions, bug);
      const [q, r] = [p | m | f, o ^ f];
      const stay =
        bug === 'pass-side' && !legalMoves(r, q, directions, bug) && !!legalMoves(q, r, directions, bug);
      return formatBoard(q, r, side, stay);
    }
    case 'perft': {
      if (words.length !== 4) throw new RequestError('perft needs BOARD DEPTH');
      const [p, o] = parseBoard(words[1], words[2]);
      if (!/^[0-9]+$/.test(words[3])) {
        throw new RequestError(`bad depth '${words[3]}'`);
      }
      return String(perft(p, o, Number(words[3]), directions, bug));
    }
    case 'rbboard':
      if (words.length !== 2 || words[1] !== '1') {
        throw new RequestError('unsupported protocol version');
      }
      return `rbboard 1 ${name} perft`;
    case 'sync':
      if (words.length !== 1) throw new RequestError('sync takes no arguments');
      return 'sync';
    case 'quit':
      throw new RequestError('quit takes no arguments');
    default:
      throw new RequestError(`unknown request '${cmd}'`);
  }
}

function main(argv) {
  let bug = null;
  if (argv.length === 2 && argv[0] === '--bug' && BUGS.includes(argv[1])) {
    bug = argv[1];
  } else if (argv.length) {
    process.stderr.write(`usage: shift_board.js [--bug ${BUGS.join('|')}]\n`);
    process.exit(2);
  }
  const directions = makeDirections(bug);
  const name = bug ? 'node-shift-bug' : 'node-shift';

  let out = ''; // answers not yet written
  let partial = ''; // the start of a line not yet ended
  let done = false; // quit seen

  const flush = () => {
    if (out) process.stdout.write(out);
    out = '';
  };

  // Answer one line; returns false at quit.
  const handle = (line) => {
    const words = line.split(/\s+/).filter((w) => w);
    if (!words.length) {
      out += 'error empty request\n';
      return true;
    }
    if (words[0] === 'quit' && words.length === 1) return false;
    try {
      out += answer(words, directions, name, bug) + '\n';
    } catch (e) {
      if (!(e instanceof RequestError)) throw e;
      out += `error ${e.message}\n`;
    }
    if (words[0] === 'sync' || words[0] === 'rbboard' || words[0] === 'perft') {
      flush();
    }
    return true;
  };

  const finish = () => {
    done = true;
    flush();
    process.stdin.destroy();
  };

  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    if (done) return;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (!handle(line)) {
        finish();
        return;
      }
    }
  });
  process.stdin.on('end', () => {
    if (done) return;
    if (partial) handle(partial); // a last line without "\n"
    finish();
  });
}

main(process.argv.slice(2));
