#!/usr/bin/env python3
"""perft --hash MB takes the memory asked for: one cache for the whole run
(every depth, repetition and variant), cleared between counts, never a
second one beside it. The peak resident memory of the child (getrusage,
through os.wait4) must lie within 10% + 64 MiB of the cache asked for.

Usage: perft_memory_test.py PATH/TO/reversi-bench
Skipped (77) when RB_TEST_SCALE=0: a sanitizer build adds shadow memory of
its own to the peak.
"""
import os
import subprocess
import sys

HASH_MB = 256
SLACK_MB = HASH_MB * 0.10 + 64


def peak_mb(args):
    """Runs the binary; returns (exit code, peak resident MiB)."""
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


def main():
    binary = sys.argv[1]
    if os.environ.get("RB_TEST_SCALE") == "0":
        print("SKIP: a sanitizer build (its shadow memory adds to the peak)")
        return 77
    runs = [
        ["perft", "-v", "fast", "-d", "9", "--hash", str(HASH_MB), "--repeat", "2"],
        ["perft", "-v", "fast,shift", "-d", "8", "--hash", str(HASH_MB)],
        ["perft", "-d", "9", "--split", "3", "--hash", str(HASH_MB), "-t", "2"],
    ]
    failures = 0
    for args in runs:
        code, peak = peak_mb([binary] + args)
        ok = code == 0 and abs(peak - HASH_MB) <= SLACK_MB
        print(f"{'ok' if ok else 'FAIL'}: reversi-bench {' '.join(args)}: exit {code}, "
              f"peak {peak:.0f} MiB (expected {HASH_MB} MiB within {SLACK_MB:.0f})")
        failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
