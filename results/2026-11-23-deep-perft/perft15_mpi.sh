#!/usr/bin/env bash
# perft(15) from the start on 2 MPI ranks (rank 0 hands out, rank 1 counts
# with 2 threads and a 4 GB cache), split at ply 6, with a checkpoint:
# rerun with --resume to continue after an interruption.
# Usage: perft15_mpi.sh [resume]   (writes runs/perft15.{out,err,json,ckpt})
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${RB_MPI_BIN:-$here/../../build/release/reversi-bench-mpi}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$here/runs"
ckpt=$here/runs/perft15.ckpt
if [[ ${1:-} == resume ]]; then how=(--resume "$ckpt"); else how=(--checkpoint "$ckpt"); fi
nice -n 10 mpirun -np 2 --oversubscribe "$bin" perft -d 15 --split 6 -t 2 --hash 4096 \
  "${how[@]}" --json "$here/runs/perft15.json" >"$here/runs/perft15.out" 2>"$here/runs/perft15.err"
cat "$here/runs/perft15.out"
