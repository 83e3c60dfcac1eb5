#!/usr/bin/env bash
# The main job `make run` runs: for now, the IEEE 802.3 channels' differential insertion loss.
set -euo pipefail
linkphy=$1
out=$2
mkdir -p "$out"
"$linkphy" --version
echo "linkphy: outputs in $out/"
