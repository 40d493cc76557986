#!/bin/bash
# A compiler launcher that logs, per object file, the user and system CPU
# seconds, the wall seconds and the object's name to $RB_TIMING_LOG:
#   cmake -S . -B DIR -DCMAKE_BUILD_TYPE=Release \
#         -DCMAKE_CXX_COMPILER_LAUNCHER=$PWD/results/2026-11-23-test-time/compile/time-compile.sh
#   RB_TIMING_LOG=$PWD/LOG cmake --build DIR -j2
out="" prev=""
for a in "$@"; do
  if [ "$prev" = "-o" ]; then out=$a; fi
  prev=$a
done
times=$(mktemp)
s=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$times" "$@"
rc=$?
e=$(date +%s.%N)
echo "$(tr '\n' ' ' < "$times") $(echo "$e - $s" | bc) $out" >> "${RB_TIMING_LOG:-compile-times.log}"
rm -f "$times"
exit $rc
