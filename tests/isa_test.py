#!/usr/bin/python3
"""The code compiled per instruction set stays where it belongs (docs/isa.md).

Usage: isa_test.py BUILD_DIR [BINARY...]

Checks, on the object files and on each linked binary:
1. the searches of the portable variants (the rb_search_entries objects compiled
   for x86-64-v2) hold no instruction beyond x86-64-v2: no VEX or EVEX
   instruction, no BMI, no LZCNT/TZCNT;
2. the isolated objects (build/isa/*.o) export nothing but their entry
   points, and call none of their variant's kernels out of line (they are
   inlined there);
3. in each binary, every function that the linker could share between
   objects (a global or weak symbol) and that uses AVX2 or AVX-512 registers
   is one of the variants' own code: an entry point or kernel of an avx2,
   bmi2 or avx512 variant, which runs only after the CPU check, or a
   function of one translation unit with its own target attribute, called
   after the CPU check too (TARGET_ATTRIBUTED below). A copy of a
   shared function compiled for AVX-512 and kept by the linker for every
   caller would fail here;
4. where qemu-x86_64 is installed, the binary runs under an emulated CPU
   without AVX-512 (Haswell) and one without AVX (Nehalem): `-v auto`
   picks the variant that CPU runs, solves exactly, and a variant it lacks
   is refused with exit 2.
Prints one line per failure and 'N passed, N failed'; exits 1 on a failure.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

# (No tzcnt: GCC writes a count of trailing zeros it knows to be of a
# nonzero word as `rep bsf`, which objdump shows as tzcnt and which every
# x86-64 CPU runs as bsf.)
BEYOND_V2 = re.compile(r"%[yz]mm|%k[0-7]\b|^\s*v[a-z0-9]+\s|^\s*(pext|pdep|shlx|shrx|sarx|rorx|bzhi|mulx|"
                       r"andn|blsr|blsi|blsmsk|lzcnt)\b")
WIDE = re.compile(r"%[yz]mm|%k[1-7]\b")
# The variants compiled for an instruction set beyond the baseline, as they
# appear in symbol names.
ISA_VARIANTS = re.compile(r"Avx2Kernel|Bmi2Kernel|Avx512Kernel|avx2_lanes|avx2_detail|"
                          r"avx512_detail|bmi2_detail")
# Functions with a target attribute that portable code calls only after the
# CPU check (the pattern evaluation's BMI2 paths, eval/pattern.hpp, and its
# network's AVX2 layer, eval/network.hpp).
TARGET_ATTRIBUTED = re.compile(r"PatternEval::(eval|indices)_bmi2|NetworkLayers::forward_avx2")


def functions(path):
    """{address: (demangled name, [instruction lines])} of an object or binary."""
    out = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", path],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    funcs, address = {}, None
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            address = int(m.group(1), 16)
            funcs[address] = (m.group(2), [])
        elif address is not None and "\t" in line:
            funcs[address][1].append(line.split("\t", 1)[1])
    return funcs


def symbols(path):
    """{(address, demangled name): nm type letter} of the defined symbols."""
    out = subprocess.run(["nm", "-C", "--defined-only", path], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[0]:
            syms[(int(parts[0], 16), parts[2])] = parts[1]
    return syms


def main():
    build = sys.argv[1]
    binaries = sys.argv[2:]
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL " + what)

    # 1. The portable variants' searches.
    portable = []
    for source in glob.glob(os.path.join(build, "generated", "search", "search_*.cpp")):
        with open(source) as f:
            if "compiled for portable" in f.read():
                portable.append(os.path.join(build, "CMakeFiles", "rb_search_entries.dir", "generated",
                                             "search", os.path.basename(source) + ".o"))
    check(len(portable) >= 9, f"the portable search objects were not found under {build}")
    for obj in sorted(portable):
        bad = [(f, i) for f, body in functions(obj).values() for i in body
               if BEYOND_V2.search(i) and not ISA_VARIANTS.search(f)
               and not TARGET_ATTRIBUTED.search(f)]
        check(not bad, f"{os.path.basename(obj)}: an instruction beyond x86-64-v2 in "
                       f"{bad[0][0] if bad else ''}: {bad[0][1] if bad else ''}")

    # 2. The isolated objects.
    isolated = sorted(glob.glob(os.path.join(build, "isa", "*.o")))
    check(isolated, f"no isolated object under {build}/isa")
    for obj in isolated:
        exported = [n for (_, n), t in symbols(obj).items() if t in "TWVDBRu"]
        check(all(re.search(r"Entry<|MicroBenchmarks<", n) for n in exported),
              f"{os.path.basename(obj)} exports more than its entry points: "
              f"{[n for n in exported if not re.search(r'Entry<|MicroBenchmarks<', n)][:3]}")
        calls = [i for _, body in functions(obj).values() for i in body
                 if re.search(r"\bcall\b.*<rb::(Avx2|Bmi2|Avx512)Kernel::", i)]
        check(not calls, f"{os.path.basename(obj)} calls a kernel out of line: "
                         f"{calls[0] if calls else ''}")

    # 3. The binaries: no shared function compiled for AVX2/AVX-512 but the
    # variants' own.
    for binary in binaries:
        kinds = {address: kind for (address, _), kind in symbols(binary).items()}
        for address, (name, body) in functions(binary).items():
            if not any(WIDE.search(i) for i in body):
                continue
            kind = kinds.get(address, "?")
            shared = kind in "TWVi"
            check(not shared or ISA_VARIANTS.search(name) or TARGET_ATTRIBUTED.search(name),
                  f"{os.path.basename(binary)}: {name} (symbol type {kind}) uses AVX2/AVX-512 "
                  "registers and the linker may share it with portable code")

    # 4. Emulated CPUs.
    qemu = shutil.which("qemu-x86_64")
    if not qemu:
        print("SKIP the emulated CPUs: qemu-x86_64 is not installed (Debian: qemu-user)")
    else:
        rb = next((b for b in binaries if os.path.basename(b) == "reversi-bench"), None)
        positions = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "positions")
        for cpu, auto in (("Haswell", "avx2+list"), ("Nehalem", "fast+list")):
            run = subprocess.run([qemu, "-cpu", cpu, rb, "solve", os.path.join(positions, "e12.obf:1"),
                                  os.path.join(positions, "e12.obf:2"), "--tt", "8"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            check(run.returncode == 0 and f"variant {auto} (auto)" in run.stdout
                  and "wrong scores 0" in run.stdout,
                  f"qemu -cpu {cpu}: solve -v auto exited {run.returncode}, expected {auto} "
                  f"and exact scores: {run.stdout[-300:]}")
            run = subprocess.run([qemu, "-cpu", cpu, rb, "verify", "-n", "300"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            check(run.returncode == 0, f"qemu -cpu {cpu}: verify exited {run.returncode}")
            run = subprocess.run([qemu, "-cpu", cpu, rb, "perft", "-v", "all", "-d", "6"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            check(run.returncode == 0 and "MISMATCH" not in run.stdout,
                  f"qemu -cpu {cpu}: perft -v all exited {run.returncode}")
            run = subprocess.run([qemu, "-cpu", cpu, rb, "solve", os.path.join(positions, "e10.obf:1"),
                                  "-v", "avx512+list"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            check(run.returncode == 2 and "avx512" in run.stderr,
                  f"qemu -cpu {cpu}: -v avx512+list exited {run.returncode}, expected 2")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
