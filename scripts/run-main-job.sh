#!/usr/bin/env bash
# The main job `make run` runs: the default copper→optics crossover study
# (sweeps/examples/crossover/default.toml, docs/crossover.md) — the crossover table on stdout, its
# CSV + JSON sidecar, the technology map, the per-technology points, the sensitivity ranking and
# the four SVG plots in OUT (default out/). Then, as supporting checks (each a few seconds):
#   1. the IEEE 802.3 channels' differential insertion loss at their Nyquist frequencies
#   2. IEEE 802.3 Annex 93A COM of the 802.3ck KR reference channel (both package cases)
#   3. passive twinax 26/28/30 AWG, 2 m: loss vs frequency from the copper models
#   4. the IEEE 802.3 optical link model (10GBASE-SR on OM3-class fibre at 82 m)
#   5. a sweep: post-FEC BER of none/KR4/KP4 against pre-FEC BER (the FEC waterfall)
#   6. one link: passive 26 AWG DAC, 2 m, 100G (statistical tier), and its reach by bisection
set -euo pipefail
linkphy=$1
out=$2
mkdir -p "$out"
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/tests/data/channels

echo "== linkphy $("$linkphy" --version | awk '{print $2}'): main job, outputs in $out/"

echo "-- crossover: default study (sweeps/examples/crossover/default.toml)"
"$linkphy" crossover -o "$out/crossover.csv" --map "$out/crossover_map.csv" \
  --points "$out/crossover_points.csv" --sensitivity "$out/crossover_sensitivity.csv" \
  --plot "$out/crossover.svg" --plot "map=$out/crossover_map.svg" \
  --plot "energy=$out/crossover_energy.svg" --plot "ber=$out/crossover_ber.svg"
echo "   crossover table: $out/crossover.csv (+ .json sidecar); map: $out/crossover_map.csv;"
echo "   plots: $out/crossover.svg $out/crossover_map.svg $out/crossover_energy.svg $out/crossover_ber.svg"

echo "-- 1. IEEE 802.3 channels: Sdd21 at Nyquist (mixed mode, ports 1-3:2-4)"
printf '%-36s %12s %10s\n' channel nyquist_ghz il_db
for f in CA_19p75dB_thru Tp0_Tp5_28p5db_FQSFP_thru DPO_4in_Meg7_THRU; do
  "$linkphy" touchstone mixed-mode "$data/$f.s4p" --ports 1-3:2-4 --format csv \
    -o "$out/${f}_mixed_mode.csv"
  # 26.56 GHz is the Nyquist frequency of 53.125 GBd (100G-class PAM4) on the files' 10 MHz grid.
  awk -F, -v name="$f" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sdd21_db") c = i }
    NR > 1 && $1 >= 26.56e9 - 1 && !done { printf "%-36s %12.3f %10.2f\n", name, $1 / 1e9, -$c; done = 1 }' \
    "$out/${f}_mixed_mode.csv"
done

echo "-- 2. COM, 802.3ck KR table, Tp0_Tp5_28p5db_FQSFP_thru"
"$linkphy" com --config 802.3ck-kr "$data/Tp0_Tp5_28p5db_FQSFP_thru.s4p" -o "$out/com_kr.txt"
cat "$out/com_kr.txt"

echo "-- 3. twinax 2 m, 26/28/30 AWG: IL (dB) at 13.28 / 26.56 / 53.125 GHz"
for awg in 26 28 30; do
  "$linkphy" channel "twinax:awg=$awg,length=2m" --freq 13.28125GHz:53.125GHz:3 \
    -o "$out/twinax_${awg}awg_2m.csv"
  awk -F, -v awg="$awg" 'NR > 1 { s = s sprintf(" %8.2f", $2) } END { printf "  %s AWG:%s\n", awg, s }' \
    "$out/twinax_${awg}awg_2m.csv"
done

echo "-- 4. IEEE 802.3 optical link model, 850S50_500 (10GBASE-SR, 500 MHz km MMF, 82 m)"
"$linkphy" optical-budget --config "$here/sweeps/examples/optical-budget/850S50_500.toml" \
  -o "$out/optical_budget_850S50_500.txt"
cat "$out/optical_budget_850S50_500.txt"

echo "-- 5. sweep: FEC waterfall"
"$linkphy" sweep "$here/sweeps/examples/kp4_waterfall.toml" -q -o "$out/fec_waterfall.csv"

echo "-- 6. link: dac, 2 m, 100G (106.25 Gb/s PAM4, KP4); reach of dac at 100G"
"$linkphy" link --tech dac --length 2m --rate 100G --format json -o "$out/link_dac_2m_100G.json"
"$linkphy" link --tech dac --length 2m --rate 100G --format text
"$linkphy" reach --tech dac --rate 100G -o "$out/reach_dac_100G.json"
awk -F'"reach_m":' '{ split($2, a, ","); printf "  reach of dac at 100G: %.2f m (BER criterion, no crosstalk)\n", a[1] }' \
  "$out/reach_dac_100G.json"

echo "== done: $(ls "$out" | wc -l) files in $out/"
