#!/usr/bin/python3
"""engine-test against a real third-party engine: Debian's gtp-rhino (package
grhino, installed by scripts/setup.sh), over GTP with its own set-up command
(grhino-setup_board BOARD SIDE), on positions/e10.obf and positions/e12.obf.

Its answers are whatever they are (it is not assumed to be perfect): the
test checks that the runner's verdict on each position agrees with the
suite's listed scores, read here from the .obf files (every legal move is
listed there with its exact score, from make-suite), that the summary and
the exit code follow from the rows, and that nothing faulted. It runs the
engine twice: at its default level and with its endgame search set to 20
empties (-e 20), where it should find the best moves.

Usage: engine_rhino_test.py PATH/TO/reversi-bench POSITIONS_DIR
Exit 77 (skipped) with the reason when gtp-rhino is not installed."""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def listed_scores(path):
    """Per position of the file: {square name: score}."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("%")[0].strip()
            if not line:
                continue
            items = [i.strip() for i in line.split(";")[1:] if i.strip()]
            out.append({m.lower(): int(s) for m, s in (i.split(":") for i in items)})
    return out


def main():
    binary, positions = sys.argv[1:3]
    rhino = shutil.which("gtp-rhino") or ("/usr/games/gtp-rhino"
                                          if os.access("/usr/games/gtp-rhino", os.X_OK) else None)
    if not rhino:
        print("SKIP: gtp-rhino is not installed (Debian package grhino: scripts/setup.sh)")
        return 77
    suites = [os.path.join(positions, f) for f in ("e10.obf", "e12.obf")]
    expected = [scores for s in suites for scores in listed_scores(s)]
    passed = failed = 0

    def check(ok, message):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL: " + message)

    for name, command in [("rhino", rhino), ("rhino-e20", rhino + " -e 20")]:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.json")
            run = subprocess.run([binary, "engine-test"] + suites + [
                "--engine", command, "--protocol", "gtp", "--name", name,
                "--gtp-setup", "grhino-setup_board {board} {side}", "--no-builtin",
                "--time-limit", "60", "--json", out],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if run.returncode not in (0, 1) or not os.path.exists(out):
                check(False, f"{name}: exit {run.returncode}\n{run.stdout[-2000:]}")
                continue
            with open(out) as f:
                doc = json.load(f)
        rows = doc["engines"][0]["rows"]
        check(len(rows) == len(expected), f"{name}: {len(rows)} rows, not {len(expected)}")
        right = 0
        for row, scores in zip(rows, expected):
            label = f"{name} {row['position']}"
            if row["fault"]:
                check(False, f"{label}: a fault: {row['fault']['reason']}")
                continue
            best = max(scores.values())
            move = row["move"]
            check(move in scores, f"{label}: {move} is not a legal move, yet not a fault")
            if move not in scores:
                continue
            ours = scores[move] == best
            check(row["move_ok"] == ours and row["right"] == ours,
                  f"{label}: the runner says {row['move_ok']} for {move} "
                  f"(listed {scores[move]:+d}, best {best:+d})")
            check(row["move_score"] == scores[move] and row["expected"] == best
                  and row["move_score_from"] == "listed",
                  f"{label}: scores {row['move_score']}/{row['expected']} read wrong")
            right += ours
        summary = doc["engines"][0]["summary"]
        check(summary["right"] == right and summary["wrong_moves"] == len(rows) - right,
              f"{name}: the summary says {summary['right']} right, the rows {right}")
        check(run.returncode == (0 if right == len(rows) else 1),
              f"{name}: exit {run.returncode} with {right} of {len(rows)} right")
        print(f"{name}: {right} of {len(rows)} best moves (e10, e12)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
