#!/usr/bin/env python3
"""Command-line fuzzing: every subcommand run with generated argument lists.

The options of each subcommand are read from its own --help (so a new
option is fuzzed as soon as it exists), with its enum names and --no-x
twins; the values are drawn from the classes of issue #36: numbers that are
valid, octal-looking, huge, negative, empty, hexadecimal or real; names with
control characters; FIFOs no process writes, directories, symlink loops and
dangling links, names too long, /dev/null, /dev/stdout, /proc/self/mem;
valid small inputs, damaged ones and an unknown option now and then. Half
the runs draw valid values only, to get past the checks into the work.
Every run must:
  - end within its timeout (a hang fails the test, never blocks it);
  - exit 0, 1 or 2, never by a signal;
  - on exit 2, write one error line to stderr: the last line, and besides it
    only the command's own progress lines (make-suite, train-eval and perft
    --split report progress on stderr before a late error);
and no run may touch a file outside the test's folder (the suites, the
weights, the plug-ins named from outside are checked, and /dev/null must
stay a character device with nothing new beside it in /dev).

Work is kept small where it is valid (depths, counts, games: the caps
below; positions of 4 to 8 empties) so that every valid run ends in
seconds; invalid values are drawn freely.

Usage: cli_fuzz_test.py PATH/TO/reversi-bench POSITIONS_DIR [PLUGIN_DIR]
Environment: RB_FUZZ_SECONDS (default 20) how long to fuzz;
RB_FUZZ_SEED to replay a run (each failure prints its seed and arguments);
RB_TEST_SCALE=0 (sanitizer builds): longer timeouts, no bench runs.
"""
import os
import random
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

COMMANDS = ["list", "show", "perft", "verify", "sample", "solve", "make-suite", "train-eval",
            "make-corpus", "eval-error", "bench"]
# The largest valid value drawn for the options that size the work.
CAPS = {
    "perft": {"--depth": 7, "--repeat": 3, "--threads": 4, "--hash": 16, "--split": 4},
    "verify": {"--positions": 300},
    "sample": {"--count": 50},
    "solve": {"--threads": 4, "--jobs": 3, "--tt": 16, "--repeat": 2, "--time-limit": 5,
              "--presearch-nodes": 100000},
    "make-suite": {"--empties": 8, "--count": 3},
    "train-eval": {"--games": 8, "--exact-empties": 10, "--stage-width": 8, "--iterations": 100,
                   "--max-empties": 20},
    "make-corpus": {"--games": 8, "--exact-empties": 12, "--threads": 4, "--play-depth": 3},
    "eval-error": {},
    "bench": {},
}
# bench solves its fixed suite: only the presets and variants that do so in seconds.
BENCH_PRESETS = ["best", "all-node", "table-10", "selective", "mtd"]
BENCH_VARIANTS = ["auto", "fast+list", "kindergarten+list", "shift+list"]
PROGRESS = re.compile(r"^(make-suite|train-eval|make-corpus|perft split|verify [^:]+):")


def read_help(binary, command):
    """The options of a subcommand: (name, kind, choices), kind one of flag,
    number, text, name; and its positional argument, if any."""
    text = subprocess.run([binary, command, "--help"], capture_output=True, text=True,
                          timeout=30).stdout
    options, positional = [], None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^  (?:-\w,)?(--[\w-]+)(?: (INT|UINT|FLOAT|TEXT|NAME))?( \.\.\.)?", line)
        if m and m.group(1) not in ("--help", "--version"):
            name, kind = m.group(1), m.group(2)
            description = line + " " + (lines[i + 1] if i + 1 < len(lines) else "")
            choices = []
            one_of = re.search(r"one of ([^;)]+)", description)
            if one_of:
                choices = [c.strip() for c in re.split(r",| or ", one_of.group(1)) if c.strip()]
            kind = {None: "flag", "INT": "number", "UINT": "number", "FLOAT": "real",
                    "TEXT": "text", "NAME": "name"}[kind]
            options.append((name, kind, choices))
            negation = re.search(r"(--no-[\w-]+) turns it off", description)
            if negation:
                options.append((negation.group(1), "flag", []))
        p = re.match(r"^  (positions?) TEXT", line)
        if p:
            positional = p.group(1)
    return options, positional


class Fuzzer:
    def __init__(self, binary, positions, plugins, folder, seed, scale):
        self.binary, self.positions, self.plugins = binary, positions, plugins
        self.folder, self.rng, self.scale = folder, random.Random(seed), scale
        self.help = {c: read_help(binary, c) for c in COMMANDS}
        self.exits = {}  # runs by exit code
        self.variants = [line.split()[0] for line in subprocess.run(
            [binary, "list"], capture_output=True, text=True, timeout=30).stdout.splitlines()[1:]
            if line and not line.startswith("this CPU")]
        self.make_files()

    def make_files(self):
        f, b = self.folder, self.binary
        small = subprocess.run([b, "sample", "-n", "6", "--seed", "5", "--min-empties", "4",
                                "--max-empties", "8"], capture_output=True, text=True,
                               timeout=60).stdout
        boards = [line for line in small.splitlines() if not line.startswith("%")]
        self.boards = boards
        write = lambda name, text, mode="w": open(os.path.join(f, name), mode).write(text)
        write("small.obf", small)
        write("victim.obf", small)  # an input, and an output some runs replace
        write("wrong.obf", boards[0] + "; +64;\n")  # most likely a wrong score: exit 1
        write("empty.obf", "")
        write("garbage.obf", b"\x00\x01\xff\r\n\x1b[2J" * 40, "wb")
        write("bad-line.obf", boards[1] + "; Z9:+1;\n")
        write("weights.txt", "reversi-bench pattern weights 1\nstage 0 60 3\nedge2x 5 -7\n")
        write("bad-weights.txt", "reversi-bench pattern weights 1\nstage 0 60 3\nedge2x 5\0 -7\n")
        write("existing.json", "{}\n")
        os.mkdir(os.path.join(f, "folder"))
        os.symlink("loop-b", os.path.join(f, "loop-a"))
        os.symlink("loop-a", os.path.join(f, "loop-b"))
        os.symlink("nowhere/file", os.path.join(f, "dangling"))
        os.symlink("small.obf", os.path.join(f, "link.obf"))
        os.mkfifo(os.path.join(f, "nobody.fifo"))
        # Devices of the test's own: a regression that replaces a device
        # replaces these, never the machine's /dev/null or /dev/stdout.
        os.symlink("/proc/self/fd/1", os.path.join(f, "stdout-link"))
        try:
            os.mknod(os.path.join(f, "null-device"), 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        except OSError:
            os.symlink("/dev/null", os.path.join(f, "null-device"))  # then not root: harmless
        write("read-only.json", "{}\n")
        os.chmod(os.path.join(f, "read-only.json"), 0o444)
        self.paths = ["small.obf", "small.obf:2", "small.obf:0", "small.obf:99", "wrong.obf",
                      "empty.obf", "garbage.obf", "bad-line.obf", "link.obf", "link.obf:1",
                      "folder", "loop-a", "dangling", "nobody.fifo", "nobody.fifo:1",
                      "no-such.obf", "x" * 300, "bad\rname\x1b.obf", "", "/dev/null",
                      "/proc/self/mem", "existing.json", "read-only.json", "weights.txt",
                      "bad-weights.txt", "victim.obf", "out.ckpt",
                      self.positions + "/e10.obf:3"]
        self.outputs = ["out.json", "existing.json", "read-only.json", "folder", "dangling",
                        "loop-a", "null-device", "stdout-link", "/dev/fd/1", "/dev/fd/2",
                        "/proc/self/fd/1", "nobody.fifo", "",
                        "no/such/folder/out", "victim.obf", "x" * 300,
                        "ctl\x07\rname.json", "out.ckpt"]
        self.good_paths = ["small.obf", "small.obf:2", "link.obf", "wrong.obf", "victim.obf",
                           self.positions + "/e10.obf:3"]
        self.good_outputs = ["out.json", "existing.json", "null-device", "stdout-link",
                             "new-file.out"]

    def number(self, command, option, real):
        cap = CAPS.get(command, {}).get(option, 12)
        r = self.rng.random()
        if r < 0.55 or self.clean:
            value = self.rng.randint(0, cap)
            if real and self.rng.random() < 0.3:
                return f"{self.rng.uniform(0, cap):.3f}"
            return ("0" + str(value)) if self.rng.random() < 0.2 else str(value)
        return self.rng.choice(["010", "09", "0x10", "0o7", "-1", "-0", "", " 3", "3 ", "1e3",
                                "1.5", "99999999999999999999", "18446744073709551616",
                                "340282366920938463463374607431768211456", "+2", "inf", "nan",
                                "2\r", "\x1b[31m4", "٣", "0b11"])

    def value(self, command, name, kind, choices):
        rng = self.rng
        if kind in ("number", "real"):
            return self.number(command, name, kind == "real")
        if kind == "name":
            if name == "--preset":
                pool = BENCH_PRESETS if command == "bench" else self.presets
                if self.clean:
                    return rng.choice(pool)
                return rng.choice(pool + ["nope", ""]) if rng.random() < 0.9 else "best\r"
            if self.clean and choices:
                return rng.choice(choices)
            return rng.choice(choices + ["bogus", "", "1"]) if choices else "x"
        if name in ("--variant",):
            pool = BENCH_VARIANTS if command == "bench" else self.variants + ["all", "auto"]
            pick = rng.choice(pool + ([] if self.clean else ["nope", "plugin:walk", ""]))
            if command != "bench" and rng.random() < 0.2:
                pick += "," + rng.choice(self.variants)
            return pick
        if name in ("--json", "--output", "--checkpoint"):
            return rng.choice(self.good_outputs if self.clean else self.outputs)
        if name == "--plugin":
            pool = self.paths[:8] + ["folder", "loop-a", "nobody.fifo", "x" * 300]
            if self.plugins:
                pool += [os.path.join(self.plugins, p) for p in os.listdir(self.plugins)
                         if p.endswith(".so")] * 2
            return rng.choice(pool)
        if name in ("--position",):
            return rng.choice(["start"] + self.paths + self.boards[:2])
        return rng.choice(self.inputs())

    def inputs(self):
        """The paths of a run: the good ones only in a clean run."""
        return self.good_paths + self.boards if self.clean else self.paths + self.boards

    def arguments(self, command):
        # Half the runs draw only valid values, to reach past the checks.
        self.clean = self.rng.random() < 0.5
        options, positional = self.help[command]
        args = [command]
        for _ in range(self.rng.randint(0, 6) if options else 0):
            name, kind, choices = self.rng.choice(options)
            args.append(name)
            if kind != "flag":
                args.append(self.value(command, name, kind, choices))
        if command == "perft" and self.rng.random() < 0.8:
            args += ["-d", self.number(command, "--depth", False)]
        if command in ("make-suite",) and self.rng.random() < 0.8:
            args += ["-e", self.number(command, "--empties", False),
                     "-o", self.rng.choice(self.good_outputs if self.clean else self.outputs)]
        if command == "verify" and "--positions" not in args:
            # Its default, 10,000 positions a variant, takes 4.5 minutes in
            # the sanitizer build: more than the timeout of a run.
            args += ["-n", str(self.rng.randint(1, 300))]
        if command == "train-eval":
            args += ["--seed", str(self.rng.randint(0, 9)), "--games",
                     str(self.rng.randint(1, 8)), "-o",
                     self.rng.choice(self.good_outputs if self.clean else self.outputs)]
        if command == "make-corpus":
            # A game played by the search: a few seconds at the depths "09"
            # and "010" that slip past the cap, so fewer games then.
            games = self.rng.randint(1, 2 if "--play-depth" in args else 8)
            args += ["--seed", str(self.rng.randint(0, 9)), "--games",
                     str(games), "--exact-empties", str(self.rng.randint(0, 12)),
                     "-o", self.rng.choice(self.good_outputs if self.clean else self.outputs)]
        if command == "eval-error":
            args += ["--corpus", self.rng.choice(self.inputs())]
        if positional and self.rng.random() < 0.95:
            count = 1 if positional == "position" else self.rng.randint(1, 3)
            for _ in range(count):
                args.append(self.rng.choice(self.inputs() + ["start"] *
                                            (positional == "position")))
        if not self.clean and self.rng.random() < 0.05:
            args.insert(self.rng.randint(1, len(args)), "--bogus")
        if command == "solve" and "start" in args:
            args.remove("start")  # the empty board cannot be solved in seconds
        return args

    def run_one(self, args, timeout):
        """The failure of one run, or None."""
        try:
            done = subprocess.run([self.binary] + args, cwd=self.folder, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=timeout, start_new_session=True)
        except subprocess.TimeoutExpired:
            return f"no end within {timeout} s (a hang?)"
        code = done.returncode
        self.exits[code] = self.exits.get(code, 0) + 1
        if code < 0:
            return f"killed by signal {-code}"
        if code not in (0, 1, 2):
            return f"exit code {code}"
        if code == 2:
            err = done.stderr.decode("utf-8", "replace").replace("\r", "\n").splitlines()
            err = [line for line in err if line.strip()]
            errors = [line for line in err if "error:" in line]
            others = [line for line in err if "error:" not in line and not PROGRESS.match(line)]
            if len(errors) != 1 or err[-1] != errors[0] or others:
                return "exit 2 without exactly one error line, last:\n" + "\n".join(err[:6])
        return None


def null_device():
    """Whether /dev/null is still the character device."""
    try:
        return stat.S_ISCHR(os.lstat("/dev/null").st_mode)
    except OSError:
        return False


def snapshot(paths):
    """(path, kind, size, mtime, inode, mode) of every file under each path."""
    out = set()
    for top in paths:
        if not os.path.exists(top):
            continue
        entries = [top] if not os.path.isdir(top) else [
            os.path.join(d, n) for d, _, names in os.walk(top) for n in names]
        for path in entries:
            try:
                st = os.lstat(path)
            except OSError:
                continue
            out.add((path, stat.S_IFMT(st.st_mode), st.st_size, st.st_mtime_ns, st.st_ino,
                     st.st_mode))
    return out


def main():
    binary, positions = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    plugins = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else None
    scale = os.environ.get("RB_TEST_SCALE", "1")
    seconds = float(os.environ.get("RB_FUZZ_SECONDS", "20"))
    seed = int(os.environ.get("RB_FUZZ_SEED", str(random.randrange(1 << 32))))
    timeout = 30 if scale != "0" else 180
    folder = tempfile.mkdtemp(prefix="rb-fuzz-")
    data = os.path.join(os.path.dirname(positions), "data")
    watched = [positions, data] + ([os.path.join(plugins, p) for p in os.listdir(plugins)
                                    if p.endswith(".so")] if plugins else [])
    if not null_device():
        print("FAIL: /dev/null is not a character device before the test: something replaced it")
        return 1
    before = snapshot(watched)
    dev_before = set(os.listdir("/dev"))
    print(f"fuzzing for {seconds:.0f} s, seed {seed} (RB_FUZZ_SEED={seed} replays it)")
    failures, runs, fuzzer = [], 0, None
    try:
        fuzzer = Fuzzer(binary, positions, plugins, folder, seed, scale)
        fuzzer.presets = [line.split()[0] for line in subprocess.run(
            [binary, "list", "--presets"], capture_output=True, text=True,
            timeout=30).stdout.splitlines() if re.match(r"^\S", line)
            and not line.startswith("The ")]
        commands = [c for c in COMMANDS if scale != "0" or c != "bench"]
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            command = fuzzer.rng.choice(commands)
            args = fuzzer.arguments(command)
            runs += 1
            failure = fuzzer.run_one(args, timeout)
            if not failure and not null_device():
                failure = "/dev/null is no longer a character device after this run"
            if failure:
                failures.append(f"reversi-bench {args!r}: {failure}")
                print("FAIL:", failures[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    after = snapshot(watched)
    for changed in sorted(before ^ after):
        failures.append(f"a file outside the test's folder changed: {changed[0]}")
        print("FAIL:", failures[-1])
    if not null_device():
        failures.append("/dev/null is no longer a character device")
        print("FAIL:", failures[-1])
    new_in_dev = set(os.listdir("/dev")) - dev_before
    if new_in_dev:
        failures.append(f"new files in /dev: {sorted(new_in_dev)}")
        print("FAIL:", failures[-1])
    exits = ", ".join(f"{n} exit {code}" for code, n in sorted(fuzzer.exits.items())) \
        if fuzzer else "none"
    print(f"{runs} runs ({exits}), {len(failures)} failures (seed {seed})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
