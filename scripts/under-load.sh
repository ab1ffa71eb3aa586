#!/usr/bin/env bash
# The suite on a loaded machine: runs `.ci/run` RUNS times (default 3), each on a new clean clone of
# this repository's HEAD, while busy loops keep every core busy, and prints how long each run took.
# Usage: bash scripts/under-load.sh [RUNS]   (logs in $TMPDIR/sillon-under-load/run<N>.log)
set -euo pipefail
runs="${1:-3}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
logs="${TMPDIR:-/tmp}/sillon-under-load"
rm -rf "$logs" && mkdir -p "$logs"
cores="$(nproc)"
pids=()
if command -v stress-ng >/dev/null; then
  stress-ng --cpu "$cores" --quiet &
  pids+=($!)
else
  for _ in $(seq "$cores"); do
    (while :; do :; done) &
    pids+=($!)
  done
fi
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
echo "load: ${cores} busy core(s); ${runs} run(s) of .ci/run on clean clones of $(git -C "$repo" rev-parse --short HEAD)"
for run in $(seq "$runs"); do
  clone="$logs/clone"
  rm -rf "$clone" && git clone -q "$repo" "$clone"
  start=$(date +%s)
  if (cd "$clone" && bash .ci/run) >"$logs/run$run.log" 2>&1; then
    echo "run $run passed in $(($(date +%s) - start)) s"
  else
    echo "run $run FAILED after $(($(date +%s) - start)) s; see $logs/run$run.log"
    tail -40 "$logs/run$run.log"
    exit 1
  fi
done
rm -rf "$logs/clone"
