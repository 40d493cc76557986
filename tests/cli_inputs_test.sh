#!/usr/bin/env bash
# Inputs under hostile names and contents (docs/outputs-and-errors.md): a
# FIFO nobody writes ends the run within a second or two, never a hang; a
# process substitution is read; the reason a file cannot be read is the
# system's (a symlink loop, a name too long, a directory, an I/O error);
# control characters are escaped in every message; and the remaining
# unclear messages of issue #36, each with its own.
# Usage: cli_inputs_test.sh PATH/TO/reversi-bench POSITIONS_DIR PATH/TO/walk.so
set -u
bin=$(realpath "$1")
positions=$(realpath "$2")
walk=$3
source "$(dirname "$0")/cli_lib.sh"
enter_scratch
e10=$positions/e10.obf:1

# A FIFO that no process writes: refused (exit 2, one line) in well under
# the 5 s given here to a loaded machine (the wait is 0.5 s).
mkfifo in.fifo
fifo_ends() {
  local start err rc
  start=$(date +%s%N)
  err=$(timeout 5 "$bin" "$@" 2>&1 >/dev/null)
  rc=$?
  local ms=$((($(date +%s%N) - start) / 1000000))
  if [[ $rc -eq 2 && $(wc -l <<<"$err") -eq 1 ]] && grep -qE -- "$pattern" <<<"$err"; then
    pass
  else
    fail "reversi-bench $* on a FIFO: exit $rc after $ms ms (124: a hang)" "$err"
  fi
}
pattern='in.fifo: cannot read: a FIFO that no process writes'
fifo_ends show in.fifo
fifo_ends perft -d 3 -p in.fifo:1
fifo_ends solve "$e10" --eval-weights in.fifo
pattern="in.fifo: cannot read the checkpoint: a FIFO, not a regular file"
fifo_ends perft -d 5 --split 2 --resume in.fifo
pattern="--plugin in.fifo: cannot load plug-in: a FIFO, not a regular file"
fifo_ends list --plugin in.fifo
# A FIFO (or pipe) that a process writes is read to its end.
expect 0 'legal moves' -- show <(grep -v '^%' "$positions/e10.obf" | head -2)
(grep -v '^%' "$positions/e10.obf" | head -1 >in.fifo &)
expect 0 'empties: 10' -- show in.fifo

# The system's reason, for every reader.
ln -s loop-a loop-b
ln -s loop-b loop-a
long=$(printf 'n%.0s' {1..300})
mkdir -p folder
expect_error "loop-a: cannot read: Too many levels of symbolic links" -- show loop-a
expect_error "$long: cannot read: File name too long" -- show "$long"
expect_error "folder: cannot read: Is a directory" -- show folder
expect_error "/proc/self/mem: cannot read: Input/output error" -- show /proc/self/mem
expect_error "--plugin loop-a: cannot load plug-in: Too many levels of symbolic links" -- list --plugin loop-a
expect_error "--plugin $long: cannot load plug-in: File name too long" -- list --plugin "$long"
expect_error "--plugin folder: cannot load plug-in: Is a directory" -- list --plugin folder
expect_error "loop-a: cannot read: Too many levels of symbolic links" -- solve "$e10" --eval-weights loop-a
expect_error "folder: cannot read the checkpoint: Is a directory" -- perft -d 5 --split 2 --resume folder
expect_error "/proc/self/mem: cannot read: Input/output error" -- perft -d 5 --split 2 --resume /proc/self/mem

# Control characters in a name or a file are escaped: one line of text.
bad_name=$'bad\r\x1bname.obf'
expect_error 'bad\\x0d\\x1bname.obf' -- show "$bad_name"
printf 'reversi-bench pattern weights 1\nstage 0 60 0\nedge2x 0\0 5\n' >nul.txt
expect_error "nul.txt:3:9: a NUL byte: not a text file" -- solve "$e10" --eval-weights nul.txt
printf 'reversi-bench pattern weights 1\nstage 0 60 0\redge2x 0 5\n' >cr.txt
expect_error "cr.txt:2:13: a carriage return inside the line" -- solve "$e10" --eval-weights cr.txt
printf 'reversi-bench pattern weights 1\nstage 0 60 0\n\x1b[31mred 0 5\n' >esc.txt
expect_error "esc.txt:3:1: unknown shape '\\\\x1b\[31mred'" -- solve "$e10" --eval-weights esc.txt

# A trailing word after an OBF score is called so.
board=$(grep -v '^%' "$positions/e10.obf" | head -1 | cut -d';' -f1)
printf '%s; F1:+0; foo\n' "$board" >word.obf
expect_error "word.obf:1:76: unexpected 'foo' \(expected MOVE:SCORE items" -- show word.obf
printf '%s; +0 foo;\n' "$board" >after.obf
expect_error "after.obf:1:71: bad score '\+0 foo': text after the score" -- show after.obf

# A checkpoint count beyond what its unit can hold: file:line, exit 2.
"$bin" perft -d 6 --split 2 --checkpoint big.ckpt >/dev/null 2>&1
line=$(sed -n 7p big.ckpt)
index=${line%% *}
checksum=$(cut -d' ' -f3 <<<"$line")
fields="$index 340282366920938463463374607431768211455 $checksum"
check=$(python3 -c "
import sys
h = 2166136261
for c in sys.argv[1].encode():
    h = ((h ^ c) * 16777619) & 0xffffffff
print('%08x' % h)" "$fields")
head -6 big.ckpt >huge.ckpt
echo "$fields $check" >>huge.ckpt
expect_error "huge.ckpt:7: damaged checkpoint line .*: the count is above [0-9]+, the most leaves that unit can have" -- \
  perft -d 6 --split 2 --resume huge.ckpt

# train-eval --ridge 0 where the fit is singular: the option and the way out.
# (Its progress line comes first: the error is the last line.)
expect 2 "error: --ridge 0: .*ill-conditioned; give a larger --ridge or more --games$" -- \
  train-eval --seed 1 --games 2 --ridge 0 -o ridge.txt
# --moves list on a plug-in has no twin to offer.
expect_error "variant 'plugin:walk' has no empty-square list \(a plug-in gives its moves by its legal-move mask" -- \
  solve "$e10" --plugin "$walk" -v plugin:walk --moves list
expect_error "variant 'shift' has no empty-square list; use its \+list twin, 'shift\+list'" -- \
  solve "$e10" -v shift --moves list
# --eval-weights where nothing reads them.
expect_error "--eval-weights: not used: the evaluation is classic" -- \
  solve "$e10" --eval classic --eval-weights "$positions/../data/pattern-weights.txt"
expect_error "--eval-weights: not used: this configuration evaluates no position" -- \
  solve "$e10" --preset mobility --eval pattern --eval-weights "$positions/../data/pattern-weights.txt"

# The stack: a soft limit of 64 KiB is raised to what the search needs; a
# hard one is refused with the way out, never a crash.
out=$( (ulimit -S -s 64 && "$bin" solve "$positions/e14.obf:1" -v mailbox) 2>&1)
rc=$?
if [[ $rc -eq 0 ]] && grep -q 'wrong scores 0' <<<"$out"; then pass; else
  fail "solve -v mailbox under ulimit -S -s 64: exit $rc" "$out"; fi
out=$( (ulimit -s 64 && "$bin" solve "$positions/e14.obf:1" -v mailbox) 2>&1 >/dev/null)
rc=$?
if [[ $rc -eq 2 && $(wc -l <<<"$out") -eq 1 ]] &&
   grep -q 'the stack limit (ulimit -s) is 64 KiB, and at most 64 KiB (its hard limit); the search needs' <<<"$out"; then
  pass
else
  fail "solve under ulimit -s 64 (hard): exit $rc" "$out"
fi
finish
