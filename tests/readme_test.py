#!/usr/bin/python3
"""The README's examples run as written: every line of a ```sh block that
starts with `reversi-bench` is run by bash, with `reversi-bench` standing for
the binary under test, in a scratch folder holding a copy of positions/ (so
that relative paths work and nothing in the source tree is written). The
lines that build the example plug-in (starting with `cc `) run there too,
with copies of include/ and examples/, before the lines that load it. The
binary also stands first on PATH as `reversi-bench`, so that an engine-test
line can start it as an engine (`--engine 'reversi-bench nboard'`). Each
must exit 0, and a file of positions/ that an example writes again (the
README's make-suite and sample lines) must come out byte for byte as the
one in the repository.

A line is left out only when the README says so, next to its block, in a
comment of its own line that the rendered page does not show:
    <!-- readme_test: skip "perft -v kindergarten -d 13": why -->
naming the start of the command after `reversi-bench` and the reason, which
is printed. A skip that matches no example is an error (a stale skip).

Usage: readme_test.py PATH/TO/reversi-bench SOURCE_DIR"""
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def examples(readme):
    """The `reversi-bench` lines of the sh blocks, continuation lines joined."""
    lines, in_block, pending = [], False, ""
    for raw in readme.splitlines():
        if raw.strip().startswith("```"):
            in_block = not in_block and raw.strip() == "```sh"
            continue
        if not in_block:
            continue
        line = pending + raw.strip()
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        if line.startswith(("reversi-bench ", "cc ")):
            lines.append(line)
    return lines


def main():
    binary, source = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(os.path.join(source, "README.md")) as f:
        readme = f.read()
    skips = {m.group(1): m.group(2).strip() for m in
             re.finditer(r'^<!-- readme_test: skip "([^"]+)":(.*?)-->', readme, re.M)}
    used = set()
    passed = failed = skipped = 0
    commands = examples(readme)
    if not commands:
        print("FAIL: no reversi-bench example found in README.md")
        sys.exit(1)
    with tempfile.TemporaryDirectory() as tmp:
        for folder in ("positions", "include", "examples"):
            shutil.copytree(os.path.join(source, folder), os.path.join(tmp, folder))
        path_dir = os.path.join(tmp, ".bin")
        os.mkdir(path_dir)
        os.symlink(binary, os.path.join(path_dir, "reversi-bench"))
        env = dict(os.environ, RB_BIN=binary,
                   PATH=path_dir + os.pathsep + os.environ.get("PATH", ""))
        for command in commands:
            rest = command.split(" ", 1)[1]
            skip = (next((s for s in skips if rest.startswith(s)), None)
                    if command.startswith("reversi-bench ") else None)
            if skip is not None:
                used.add(skip)
                skipped += 1
                print(f"skip: {command}\n      ({skips[skip]})")
                continue
            script = "set -o pipefail\nreversi-bench() { \"$RB_BIN\" \"$@\"; }\n" + command
            start = time.monotonic()
            run = subprocess.run(["bash", "-c", script], cwd=tmp, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 errors="replace")
            seconds = time.monotonic() - start
            if run.returncode == 0:
                passed += 1
                print(f"ok ({seconds:.1f} s): {command}")
            else:
                failed += 1
                print(f"FAIL (exit {run.returncode}): {command}")
                print("\n".join(run.stdout.splitlines()[-5:]))
        for name in sorted(os.listdir(os.path.join(tmp, "positions"))):
            original = os.path.join(source, "positions", name)
            copy = os.path.join(tmp, "positions", name)
            if os.path.isfile(original) and not filecmp.cmp(original, copy, shallow=False):
                failed += 1
                print(f"FAIL: an example rewrote positions/{name} with other content")
    for stale in set(skips) - used:
        failed += 1
        print(f'FAIL: the skip "{stale}" matches no example')
    print(f"{passed} passed, {skipped} skipped, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
