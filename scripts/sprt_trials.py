#!/usr/bin/python3
"""SPRT trials on engines of known relative strength (issue #47): does
`reversi-bench match --sprt` decide the right way?

For each trial seed S (1..N), a set of openings is made with
`reversi-bench openings --seed S`, then two matches are played on it:
  deeper  the harness's own engine at level DEEP against itself at level
          SHALLOW (NBoard, fixed depth): the deeper must accept H1;
  self    the harness's own engine against itself over GTP at a fixed time
          a move (so that the games differ from run to run): it must not
          accept H1 in most trials.
Each match runs the SPRT with --elo0 0 --elo1 ELO1 up to --pairs pairs.

Usage: sprt_trials.py BUILD_DIR OUT_DIR [--trials N] [--pairs P] [--elo1 E]
                      [--deep D] [--shallow S] [--move-time T] [-j J]
Writes OUT_DIR/trials.json (every match's --json, the commands) and prints
a table of verdicts."""
import argparse
import json
import os
import subprocess
import sys


def run(cmd):
    print("+ " + " ".join(cmd), flush=True)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        sys.exit("failed (exit %d):\n%s" % (done.returncode, done.stdout[-2000:]))
    return done.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build")
    parser.add_argument("out")
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--elo1", type=float, default=50)
    parser.add_argument("--deep", type=int, default=3)
    parser.add_argument("--shallow", type=int, default=2)
    parser.add_argument("--move-time", type=float, default=0.005)
    parser.add_argument("-j", type=int, default=1)
    args = parser.parse_args()
    binary = os.path.abspath(os.path.join(args.build, "reversi-bench"))
    os.makedirs(args.out, exist_ok=True)
    sprt = ["--sprt", "--elo0", "0", "--elo1", str(args.elo1), "--pairs", str(args.pairs),
            "-j", str(args.j)]
    trials = []
    for seed in range(1, args.trials + 1):
        openings = os.path.join(args.out, "openings-%d.txt" % seed)
        run([binary, "openings", "--plies", "8", "--count", str(args.pairs), "--depth", "6",
             "--seed", str(seed), "-o", openings])
        trial = {"seed": seed}
        for kind in ("deeper", "self"):
            out = os.path.join(args.out, "%s-%d.json" % (kind, seed))
            if kind == "deeper":
                engines = ["--engine", "self nboard --tt 4 --level %d" % args.deep, "--protocol",
                           "nboard", "--name", "level%d" % args.deep,
                           "--engine", "self nboard --tt 4 --level %d" % args.shallow,
                           "--protocol", "nboard", "--name", "level%d" % args.shallow]
            else:
                engines = ["--engine", "self gtp --tt 4 --move-time %g" % args.move_time,
                           "--protocol", "gtp", "--name", "a",
                           "--engine", "self gtp --tt 4 --move-time %g" % args.move_time,
                           "--protocol", "gtp", "--name", "b"]
            cmd = [binary, "match"] + engines + ["--openings", openings, "--json", out] + sprt
            run(cmd)
            with open(out) as f:
                result = json.load(f)["result"]
            trial[kind] = {"command": cmd, "verdict": result.get("verdict"),
                           "pairs": result["pairs"], "llr": result.get("llr"),
                           "elo": result["elo"], "penta": result["penta"]}
        trials.append(trial)
        print("trial %2d  deeper: %-9s (%3d pairs, LLR %+.2f)  self: %-9s (%3d pairs, LLR %+.2f)"
              % (seed, trial["deeper"]["verdict"], trial["deeper"]["pairs"],
                 trial["deeper"]["llr"], trial["self"]["verdict"], trial["self"]["pairs"],
                 trial["self"]["llr"]), flush=True)
    with open(os.path.join(args.out, "trials.json"), "w") as f:
        json.dump({"settings": vars(args), "trials": trials}, f, indent=1)
    deeper_h1 = sum(t["deeper"]["verdict"] == "H1" for t in trials)
    self_h1 = sum(t["self"]["verdict"] == "H1" for t in trials)
    print("deeper accepted H1 in %d of %d trials; self accepted H1 in %d of %d"
          % (deeper_h1, len(trials), self_h1, len(trials)))


if __name__ == "__main__":
    main()
