#!/usr/bin/env bash
# Outputs that never destroy (docs/outputs-and-errors.md): --json, -o and
# the perft checkpoint refuse an input of the run, an empty name and a file
# another option writes; follow a symlink to its target; write a device or
# a FIFO directly; keep the mode of the file they replace (a new file gets
# 0666 less the umask); and leave the old file whole when the write fails.
# Usage: cli_outputs_test.sh PATH/TO/reversi-bench POSITIONS_DIR
set -u
bin=$(realpath "$1")
positions=$(realpath "$2")
source "$(dirname "$0")/cli_lib.sh"
enter_scratch

one=$positions/e10.obf:1
cp "$positions/e10.obf" input.obf
before=$(cksum <input.obf)
solve_json() { "$bin" solve "$one" -v kindergarten --tt 4 "$@"; }

# The input named as the output: refused, the input unchanged.
expect_error "--json: 'input.obf' is the input 'input.obf' of this run" -- \
  solve input.obf:1 -v kindergarten --json input.obf
if [[ $(cksum <input.obf) == "$before" ]]; then pass; else fail "--json replaced its input"; fi
# Through a symlink and a hard link, the same file.
ln -s input.obf link-to-input.obf
expect_error "--json: 'link-to-input.obf' is the input 'input.obf'" -- \
  solve input.obf:1 -v kindergarten --json link-to-input.obf
ln input.obf hard-link.obf
expect_error "--json: 'hard-link.obf' is the input 'input.obf'" -- \
  solve input.obf:1 -v kindergarten --json hard-link.obf
expect_error "--json: 'input.obf' is the input 'input.obf'" -- \
  perft -v fast -d 3 -p input.obf:1 --json input.obf
if [[ $(cksum <input.obf) == "$before" ]]; then pass; else fail "an output replaced its input"; fi

# An empty name, for every output.
expect_error "--json: the file name is empty" -- solve "$one" -v kindergarten --json ''
expect_error "--output: the file name is empty" -- make-suite -e 4 -n 1 -o ''
expect_error "--output: the file name is empty" -- train-eval --seed 1 -o ''
expect_error "--checkpoint: the file name is empty" -- perft -d 5 --split 2 --checkpoint ''
expect_error "--resume: the file name is empty" -- perft -d 5 --split 2 --resume ''
# Two options, one file.
expect_error "--checkpoint: 'both.out' is the file --json writes too" -- \
  perft -d 5 --split 2 --json both.out --checkpoint both.out

# A symlink is followed: the target is written, the link stays a link.
mkdir -p target-dir
ln -s target-dir/result.json link.json
solve_json --json link.json >/dev/null 2>&1
if [[ -L link.json && -f target-dir/result.json ]] && grep -q '"kind": "solve"' target-dir/result.json; then
  pass
else
  fail "--json through a symlink did not write its target (or replaced the link)"
fi

# A device is written, never replaced. First through names private to the
# test (a symlink to the descriptor, a device node of our own where one can
# be made), which a regression would only replace here; then, only if those
# passed, /dev/stdout and /dev/null themselves, which a regression run as
# root would replace for the whole machine.
ln -s /proc/self/fd/1 my-stdout
out=$(solve_json --json my-stdout 2>/dev/null)
private_ok=1
if [[ -L my-stdout ]] && grep -q '"kind": "solve"' <<<"$out" && grep -q 'wrong scores 0' <<<"$out"; then
  pass
else
  fail "--json through a link to /proc/self/fd/1 did not write to standard output" "$out"
  private_ok=0
fi
if mknod my-null c 1 3 2>/dev/null; then
  expect 0 'wrong scores 0' -- solve "$one" -v kindergarten --tt 4 --json my-null
  if [[ -c my-null ]]; then pass; else fail "a character device was replaced"; private_ok=0; fi
fi
if [[ $private_ok == 1 ]]; then
  out=$(solve_json --json /dev/stdout 2>/dev/null)
  if grep -q '"kind": "solve"' <<<"$out" && grep -q 'wrong scores 0' <<<"$out"; then
    pass
  else
    fail "--json /dev/stdout did not write the JSON after the table to standard output" "$out"
  fi
  solve_json --json /dev/stdout >redirected.txt 2>/dev/null
  if grep -q 'wrong scores 0' redirected.txt && grep -q '"kind": "solve"' redirected.txt; then
    pass
  else
    fail "--json /dev/stdout redirected to a file lost the table or the JSON"
  fi
  expect 0 'wrong scores 0' -- solve "$one" -v kindergarten --tt 4 --json /dev/null
  if [[ -c /dev/null && -L /dev/stdout ]]; then pass; else
    fail "/dev/null or /dev/stdout was replaced"; fi
else
  fail "not run: --json /dev/stdout and /dev/null (a regression would replace them)"
fi
# A FIFO with a reader gets the JSON; one without is refused, not waited on.
mkfifo out.fifo
timeout 60 cat out.fifo >from-fifo.json &
reader=$!
solve_json --json out.fifo >/dev/null 2>&1
wait "$reader"
if grep -q '"kind": "solve"' from-fifo.json; then pass; else fail "--json FIFO: nothing read"; fi
expect_error "--json: cannot write 'out.fifo': a FIFO that no process reads" -- \
  solve "$one" -v kindergarten --tt 4 --json out.fifo
if [[ -p out.fifo ]]; then pass; else fail "the FIFO was replaced"; fi
expect_error "--json: cannot write 'target-dir': Is a directory" -- solve "$one" --json target-dir
expect_error "--json: cannot write 'no/such/folder.json': No such file or directory" -- \
  solve "$one" --json no/such/folder.json

# The mode of a replaced file is kept; a new one gets 0666 less the umask.
echo old >kept.json
chmod 640 kept.json
solve_json --json kept.json >/dev/null 2>&1
if [[ $(stat -c %a kept.json) == 640 ]] && grep -q '"kind"' kept.json; then
  pass
else
  fail "--json: mode $(stat -c %a kept.json), expected 640 kept"
fi
(umask 027 && solve_json --json new.json >/dev/null 2>&1)
if [[ $(stat -c %a new.json) == 640 ]]; then pass; else
  fail "--json with umask 027: mode $(stat -c %a new.json), expected 640"; fi
echo old >suite.obf
chmod 604 suite.obf
"$bin" make-suite -e 4 -n 2 -o suite.obf 2>/dev/null
if [[ $(stat -c %a suite.obf) == 604 ]] && "$bin" show suite.obf >/dev/null 2>&1 &&
   [[ ! -e suite.obf.partial ]]; then
  pass
else
  fail "make-suite -o: mode $(stat -c %a suite.obf) (expected 604), or not a suite, or a .partial left"
fi

# A write that fails (the file size limit, as a full disk would) leaves the
# old weights whole, and names the reason.
printf 'old weights\n' >weights.txt
cp weights.txt weights.before
err=$( (ulimit -f 8 && "$bin" train-eval --seed 1 --games 4 -o weights.txt) 2>&1 >/dev/null)
rc=$?
if [[ $rc -eq 2 ]] && cmp -s weights.txt weights.before && grep -q "File too large" <<<"$err" &&
   [[ -z $(find . -name '.weights.txt.*') ]]; then
  pass
else
  fail "train-eval -o on a write error: exit $rc, the old file $(cmp -s weights.txt weights.before && echo kept || echo lost)" "$err"
fi
# And it is written when it can be.
"$bin" train-eval --seed 1 --games 4 -o weights.txt 2>/dev/null
if head -1 weights.txt | grep -q 'pattern weights'; then pass; else fail "train-eval -o wrote nothing"; fi

# The checkpoint through a symlink is created at its target.
ln -s ckpt-target run.ckpt
"$bin" perft -d 6 --split 2 --checkpoint run.ckpt >/dev/null 2>&1
if [[ -L run.ckpt && -f ckpt-target ]] && head -1 ckpt-target | grep -q 'perft checkpoint'; then
  pass
else
  fail "--checkpoint through a symlink did not create its target"
fi
expect_error "--checkpoint 'run.ckpt' exists already" -- perft -d 6 --split 2 --checkpoint run.ckpt
expect_error "--checkpoint: cannot write '/dev/null': not a regular file" -- \
  perft -d 6 --split 2 --checkpoint /dev/null
finish
