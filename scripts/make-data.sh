#!/usr/bin/env bash
# Regenerates notebooks_data/ (DESIGN.md §5): every canonical sweep as a tidy CSV with its JSON
# sidecar (version, spec, columns with units, timing). Run by `make data`.
#   scripts/make-data.sh [LINKPHY] [OUT_DIR]    (defaults: build/bin/linkphy, notebooks_data)
# The canonical sweeps are the example specs (sweeps/examples/*.toml) and the notebook's own
# (notebooks_data/specs/*.toml); each SPEC.toml gives OUT_DIR/SPEC.csv and OUT_DIR/SPEC.csv.json;
# then the default crossover study (`linkphy crossover`).
set -euo pipefail
linkphy=${1:-build/bin/linkphy}
out=${2:-notebooks_data}
threads=${THREADS:-$(nproc)}
[ -x "$linkphy" ] || { echo "make-data: $linkphy not found; build first (make build)" >&2; exit 1; }
mkdir -p "$out"
for spec in sweeps/examples/*.toml notebooks_data/specs/*.toml; do
  name=$(basename "$spec" .toml)
  echo "make-data: $spec -> $out/$name.csv" >&2
  "$linkphy" sweep "$spec" -q --threads "$threads" -o "$out/$name.csv"
done
# The default copper -> optics crossover study (sweeps/examples/crossover/default.toml,
# docs/crossover.md): crossover table, technology map, every technology at every map cell, the
# sensitivity to the study's knobs (each CSV with its .json sidecar), and the two headline plots.
echo "make-data: linkphy crossover (default study) -> $out/crossover*.csv, *.svg" >&2
"$linkphy" crossover --threads "$threads" -o "$out/crossover.csv" --map "$out/crossover_map.csv" \
  --points "$out/crossover_points.csv" --sensitivity "$out/crossover_sensitivity.csv" \
  --plot "$out/crossover.svg" --plot "map=$out/crossover_map.svg" >/dev/null
echo "make-data: wrote $(ls "$out"/*.csv | wc -l) CSV files (+ .json sidecars) in $out/" >&2
