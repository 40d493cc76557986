#!/usr/bin/python3
"""The --json output of list, perft, verify, solve, search, bench, engine-test, match and eval-error, validated against the schemas
in schemas/ (JSON Schema draft 7, with Debian's python3-jsonschema).

Usage: json_schema_test.py PATH/TO/reversi-bench SCHEMAS_DIR POSITIONS_DIR [PLUGIN.so]
Prints 'N passed, N failed' and exits non-zero on any failure."""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema


def main():
    binary, schemas, positions = sys.argv[1:4]
    with open(os.path.join(schemas, "common.schema.json")) as f:
        common = json.load(f)
    resolver_store = {"common.schema.json": common}
    passed = failed = 0

    def check(name, args, kind, stdout_json=False, exit_code=0):
        nonlocal passed, failed
        with open(os.path.join(schemas, kind + ".schema.json")) as f:
            schema = json.load(f)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "out.json")
            cmd = [binary] + args + ([] if stdout_json else ["--json", out])
            run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                if run.returncode != exit_code:
                    raise ValueError(f"exit {run.returncode}: {run.stderr.strip()}")
                doc = json.loads(run.stdout) if stdout_json else json.load(open(out))
                resolver = jsonschema.RefResolver("", schema, store=resolver_store)
                jsonschema.Draft7Validator(schema, resolver=resolver).validate(doc)
                passed += 1
            except (ValueError, jsonschema.ValidationError, OSError) as e:
                failed += 1
                print(f"FAIL {name}: {' '.join(cmd)}\n  {str(e).splitlines()[0]}")
                return None
        return doc

    check("list", ["list", "--json"], "list", stdout_json=True)
    presets = check("list --presets", ["list", "--presets", "--json"], "presets", stdout_json=True)
    if presets and presets["presets"][-1]["name"] != presets["default"]:
        failed += 1
        print("FAIL list --presets: the default preset is not the last")
    if os.environ.get("RB_TEST_SCALE", "1") != "0":  # 1.5 s optimized, a minute at -O0
        bench = check("bench", ["bench"], "bench")
        if bench and bench["summary"]["nodes"] != sum(r["nodes"] + r["other_nodes"]
                                                      for r in bench["rows"]):
            failed += 1
            print("FAIL bench: the summary's nodes are not the rows' sum")
    if len(sys.argv) > 4:
        plugin = ["--plugin", sys.argv[4]]
        check("list with a plug-in", ["list", "--json"] + plugin, "list", stdout_json=True)
        check("perft of a plug-in", ["perft", "-v", "plugin:walk", "-d", "4"] + plugin, "perft")
        check("solve with a plug-in", ["solve", os.path.join(positions, "e10.obf") + ":1", "-v",
                                       "plugin:walk"] + plugin, "solve")
    perft = check("perft", ["perft", "-v", "shift,mailbox", "-d", "5", "--repeat", "2"], "perft")
    board = os.path.join(positions, "..", "examples", "boards", "python", "shift_board.py")
    check("perft of a board program", ["perft", "-d", "4", "--board-cmd",
                                       "/usr/bin/python3 " + board], "perft")
    check("sprt", ["sprt", "--penta", "10,20,30,25,15"], "sprt")
    verify = check("verify", ["verify", "-v", "shift,mailbox", "-n", "500"], "verify")
    if verify and verify["coverage"]["flip_cases_seen"] != verify["coverage"]["flip_cases"]:
        failed += 1
        print("FAIL verify: the targeted positions do not cover every flip case")
    check("verify of a board program", ["verify", "-n", "100", "--board-cmd",
                                        "/usr/bin/python3 " + board + " --bug corner"], "verify",
          exit_code=1)
    check("sprt without a finite Elo", ["sprt", "--penta", "3,0,0,0,0"], "sprt")
    if perft and [r["leaves"] for r in perft["rows"]][4] != "1396":
        failed += 1
        print("FAIL perft: the depth-5 count read back is not \"1396\"")
    split = check("perft split", ["perft", "-d", "7", "--split", "3", "-c", "no_pass", "-t", "2",
                                  "--hash", "4"], "perft")
    if split and not (split["config"]["split"] == 3 and split["rows"][0]["leaves"] == "55092"
                      and split["split"]["units"] > 0 and len(split["rows"]) == 1):
        failed += 1
        print("FAIL perft split: not one row of 55092 leaves at split 3")
    check("perft hash", ["perft", "-v", "fast", "-d", "6", "-c", "bik", "--hash", "4", "-t", "2"],
          "perft")
    e10 = os.path.join(positions, "e10.obf")
    solve = check("solve", ["solve", e10 + ":1", e10 + ":2", "-v", "kindergarten+list", "--tt",
                            "4", "--last-empty", "--few-empties", "4", "--etc", "--stability",
                            "--order", "mobility", "--repeat", "2"], "solve")
    if solve and not (solve["config"]["order"] == "mobility" and solve["config"]["etc"] is True
                      and solve["config"]["few_empties"] == 4 and solve["config"]["tt_mb"] == 4):
        failed += 1
        print("FAIL solve: the configuration read back differs from the options given")
    search = check("search", ["search", e10 + ":1", "start", "--level", "5", "--tt", "4"],
                   "search")
    if search and not (search["rows"][0]["best"]["kind"] == "exact"
                       and search["rows"][1]["best"]["kind"] == "midgame"
                       and search["rows"][1]["best"]["depth"] == 5
                       and len(search["rows"][1]["iterations"]) == 5):
        failed += 1
        print("FAIL search: e10 #1 not solved exactly at level 5, or the start not searched to "
              "depth 5 in 5 iterations")
    jobs = check("solve jobs", ["solve", e10, "-v", "shift", "--tt", "4", "-j", "2"], "solve")
    if jobs and not (jobs["config"]["jobs"] == 2 and len(jobs["rows"]) == 30
                     and [r["index"] for r in jobs["rows"]] == list(range(1, 31))):
        failed += 1
        print("FAIL solve jobs: not 30 rows in order, or jobs is not 2")
    mtd = check("solve mtd", ["solve", e10 + ":4", e10 + ":5", "-v", "shift", "--tt", "4",
                              "--presearch", "--mtd"], "solve")
    if mtd and not (mtd["config"]["mtd"] is True
                    and all(r["root_searches"] >= 1 and "root_guess" in r for r in mtd["rows"])):
        failed += 1
        print("FAIL solve mtd: mtd, a row's root searches or its estimate not read back")
    selective = check("solve selective", ["solve", e10 + ":4", e10 + ":5", "-v", "shift", "--tt",
                                          "4", "--selective", "--selective-min-empties", "6",
                                          "--mtd"], "solve")
    if selective and not (selective["config"]["selective"] is True
                          and selective["summary"]["selective_nodes"] > 0
                          and all(r["selective_nodes"] > 0
                                  and sum(r["thread_selective_nodes"]) == r["selective_nodes"]
                                  for r in selective["rows"])):
        failed += 1
        print("FAIL solve selective: the pass's positions not read back")
    profile = check("solve cut profile", ["solve", e10 + ":4", e10 + ":5", "-v", "shift", "--tt",
                                          "4", "--order", "mobility", "--cut-profile"], "solve")
    if profile and not (profile["config"]["cut_profile"] is True
                        and all(r["cut_profile"] and r["cut_profile"][0]["empties"] == r["empties"]
                                for r in profile["rows"])):
        failed += 1
        print("FAIL solve cut profile: not read back, or a row's first level is not the root's")
    check("solve wld", ["solve", e10 + ":3", "-v", "mailbox", "--wld", "--algo", "alphabeta",
                        "--moves", "mask"], "solve")
    # RB_TEST_SCALE=0 (the sanitizer build, -O0): 12 empties instead of 14.
    small = os.environ.get("RB_TEST_SCALE", "1") == "0"
    e14 = os.path.join(positions, "e12.obf" if small else "e14.obf")
    threads = check("solve threads", ["solve", e14 + ":1", e14 + ":2", e14 + ":3", "-v",
                                      "kindergarten+list", "--tt", "4", "-t", "3", "-j", "2",
                                      "--split-min-empties", "8"], "solve")
    if threads and not (threads["config"]["threads"] == 3 and threads["config"]["jobs"] == 2 and
                        all(len(r["thread_nodes"]) == 3 and len(r["idle_seconds"]) == 3 and
                            sum(r["thread_nodes"]) == r["nodes"] for r in threads["rows"])):
        failed += 1
        print("FAIL solve threads: threads, jobs or the per-thread nodes read back are wrong")
    check("solve unsolved", ["solve", os.path.join(positions, "fforum-40-59.obf") + ":1", "-v",
                             "shift", "--algo", "minimax", "--order", "none",
                             "--time-limit", "0.05"], "solve")
    # engine-test: the project's engine over both protocols and the built-in
    # solver; and an engine that crashes (exit 1: a fault, with its report).
    own = [binary, "nboard", "--preset", "cutoffs", "--tt", "4"]
    engines = check("engine-test", [
        "engine-test", e10 + ":1", e10 + ":2", "--engine", " ".join(own), "--protocol", "nboard",
        "--engine", " ".join(own).replace(" nboard", " gtp"), "--protocol", "gtp", "--name",
        "rb-gtp", "--gtp-setup", "reversi_bench-setup_board {board} {side}", "--tt", "4"],
        "engine-test")
    if engines and not ([e["protocol"] for e in engines["engines"]] == ["nboard", "gtp", "builtin"]
                        and engines["summary"]["passed"]):
        failed += 1
        print("FAIL engine-test: not three engines, or not every answer right")
    faulty = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engines", "fault_engine.py")
    crash = check("engine-test fault", [
        "engine-test", e10 + ":1", "--engine", f"/usr/bin/python3 {faulty} --protocol nboard "
        "--mode crash", "--protocol", "nboard", "--no-builtin"], "engine-test", exit_code=1)
    if crash and crash["engines"][0]["rows"][0]["fault"]["kind"] != "exited":
        failed += 1
        print("FAIL engine-test fault: the crash is not reported as such")
    # A match: the harness's own engine over both protocols, with a fault
    # (a crash of the test engine once), adjudication and the SPRT.
    openings = os.path.join(positions, "openings-8.txt")
    once = os.path.join(tempfile.mkdtemp(), "once")
    # (The harness's engine at level 2: a game at the default level takes
    # minutes in the sanitizer build.)
    player = own + ["--level", "2"]
    match = check("match", [
        "match", "--engine", " ".join(player), "--protocol", "nboard", "--name", "rb",
        "--engine", f"/usr/bin/python3 {faulty} --protocol gtp --mode crash --once {once}",
        "--protocol", "gtp", "--name", "faulty", "--openings", openings, "--pairs", "2",
        "--adjudicate-empties", "12", "--tt", "4", "--sprt"], "match")
    if match and not (len(match["games"]) == 4 and match["result"]["faults"] == [0, 1]
                      and match["games"][0]["end"] == "fault"):
        failed += 1
        print("FAIL match: not 4 games with the second engine's crash in the first")
    robin = check("match round robin", [
        "match", "--engine", " ".join(player), "--protocol", "nboard", "--name", "a",
        "--engine", " ".join(player).replace(" nboard", " gtp"), "--protocol", "gtp", "--name",
        "b", "--engine", " ".join(player), "--protocol", "nboard", "--name", "c", "--depth", "1",
        "--openings", openings, "--pairs", "1"], "match")
    if robin and not (len(robin["games"]) == 6 and len(robin["result"]["cross"]) == 3
                      and sum(e["points"] for e in robin["result"]["round_robin"]) == 6):
        failed += 1
        print("FAIL match round robin: not 6 games and 6 points among 3 engines")
    # eval-error on the corpus slice: its rows and summary are the samples'.
    corpus = os.path.join(positions, "..", "data", "corpus-slice.txt")
    errors = check("eval-error", ["eval-error", "--corpus", corpus, "--every-game"], "eval-error")
    if errors:
        samples = errors["samples"]
        rms = (sum((s["evaluation"] - s["label"]) ** 2 for s in samples) / len(samples)) ** 0.5
        counts = {}
        for s in samples:
            counts[s["empties"]] = counts.get(s["empties"], 0) + 1
        if not (abs(rms - errors["summary"]["rms"]) < 1e-9 * max(1.0, rms)
                and errors["summary"]["samples"] == len(samples)
                and counts == {r["empties"]: r["samples"] for r in errors["rows"]}
                and max(counts) <= errors["config"]["exact_empties"]
                and len({s["game"] for s in samples}) == errors["config"]["games"]):
            failed += 1
            print("FAIL eval-error: the rows or the summary are not those of the samples")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
