#!/usr/bin/python3
"""A board program that fails on purpose, for tests/board_protocol_test.sh:
it greets like a board program (docs/board-protocol.md), then, at its first
`moves` request, does what MODE says:

  crash      dies of SIGSEGV
  hang       never answers (and keeps reading nothing)
  garbage    answers 'banana' instead of square names
  exit       exits with status 0
  child      starts a child process that sleeps, then hangs itself: the
             harness must kill both (the child is named by MARKER)
  chatty     writes 256 KiB to standard error before its answers (more
             than a pipe holds), then answers '-' to every `moves`: a
             mismatch, not a program that stopped reading
  greeting   answers the greeting with something else
  version    speaks protocol version 7
  skip       leaves out the answer to its first request: 'sync' comes where
             that batch's last answer was due
  orphan     starts a child that holds its output open (sleep, named by
             MARKER), then exits with status 0: the harness must see it gone
             at once, not wait out --board-timeout
  escape     starts a child in a session of its own (setsid, named by
             MARKER), then hangs: the harness must kill both
  escape-exit  starts a child in a session of its own (named by MARKER,
             its output elsewhere), then exits with status 0: the child,
             an orphan out of the program's group, must be killed too

Usage: board_fault.py MODE MARKER (MARKER: a word the test looks for among
the processes afterwards)."""
import os
import signal
import subprocess
import sys
import time

mode, marker = sys.argv[1], sys.argv[2]
out = sys.stdout
chatted = False
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "rbboard":
        if mode == "greeting":
            out.write("hello there\n")
        elif mode == "version":
            out.write("rbboard 7 faulty\n")
        else:
            out.write("rbboard 1 faulty-%s\n" % mode)
        out.flush()
        continue
    if words[0] == "sync":
        out.write("sync\n")
        out.flush()
        continue
    if words[0] == "moves":
        if mode == "skip":
            if not chatted:
                chatted = True
                continue
            out.write("-\n")
            continue
        print("about to fail: " + mode, file=sys.stderr, flush=True)
        if mode == "crash":
            os.kill(os.getpid(), signal.SIGSEGV)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            out.write("banana\n")
            continue
        if mode == "exit":
            sys.exit(0)
        if mode == "chatty" and not chatted:
            chatted = True
            sys.stderr.write(("x" * 1023 + "\n") * 256)
            sys.stderr.flush()
        if mode == "orphan":
            subprocess.Popen(["sh", "-c", "sleep 3600; : " + marker])
            sys.exit(0)
        if mode == "child":
            subprocess.Popen(["sh", "-c", "sleep 3600; : " + marker])
            time.sleep(3600)
        if mode == "escape":
            subprocess.Popen(["sh", "-c", "sleep 3600; : " + marker], start_new_session=True)
            time.sleep(3600)
        if mode == "escape-exit":
            subprocess.Popen(["sh", "-c", "sleep 3600; : " + marker], start_new_session=True,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
            sys.exit(0)
    out.write("-\n")
