#!/usr/bin/env bash
# Runs every Google Benchmark program of a build; results also land in BUILD/bench/*.json.
set -euo pipefail
build=${1:-build}
cmake --build "$build" --target benchmarks
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  case "$b" in *.json) continue ;; esac
  echo "== $(basename "$b")"
  "$b" --benchmark_out="$b.json" --benchmark_out_format=json
done
