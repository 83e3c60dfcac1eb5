#!/usr/bin/env bash
# Installs linkphy's build and test dependencies from Debian packages, only those missing.
# OpenMPI builds the MPI backend of `linkphy sweep`; pandas/matplotlib/Jupyter run the notebook in
# notebooks_data/ (its test is skipped without them). Idempotent; uses sudo when not root.
# Set LINKPHY_SKIP_DEPS=1 to skip (e.g. offline builds).
set -euo pipefail
[ "${LINKPHY_SKIP_DEPS:-0}" = 1 ] && exit 0

packages=(
  build-essential cmake ninja-build pkg-config clang-format
  libeigen3-dev libfftw3-dev libboost-dev catch2 libcli11-dev libtomlplusplus-dev
  libbenchmark-dev python3 python3-scikit-rf python3-numpy gnuplot-nox
  libopenmpi-dev openmpi-bin
  python3-pandas python3-matplotlib jupyter-nbconvert python3-nbformat python3-ipykernel
  jupyter-client
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
