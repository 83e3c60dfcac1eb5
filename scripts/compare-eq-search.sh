#!/bin/bash
# Local vs exhaustive equaliser search at link level (docs/link.md "Equaliser search"): the COM of
# every hop of dac/acc/aec/backplane/pcb/lpo at 25-200G and 0.5-6 m with each search, then the
# count of equal COMs and the largest shortfall of the local one.
# Usage: scripts/compare-eq-search.sh [path/to/linkphy]   (default build/bin/linkphy)
set -euo pipefail
bin=${1:-build/bin/linkphy}
com_of() { "$bin" link "$@" 2>/dev/null | grep -o '"hops":.*' | grep -o '"com_db":[-0-9.e+]*' |
  cut -d: -f2 | tr '\n' ' ' || true; }
for t in dac acc aec backplane pcb lpo; do
  for r in 25G 50G 100G 200G; do
    for l in 0.5 1 2 3 4 6; do
      ex=$(com_of --tech "$t" --length "${l}m" --rate "$r" --set serdes.eq_search=exhaustive)
      [ -z "$ex" ] && continue
      lo=$(com_of --tech "$t" --length "${l}m" --rate "$r" --set serdes.eq_search=local)
      echo "$t $r $l | $ex| $lo"
    done
  done
done | python3 -c '
import sys
rows = []
for line in sys.stdin:
    name, ex, lo = line.split("|")
    for e, l in zip(ex.split(), lo.split()):
        rows.append((name.strip(), float(e), float(l)))
same = sum(1 for _, e, l in rows if abs(e - l) < 1e-9)
worst = max(rows, key=lambda r: r[1] - r[2])
print(f"{len(rows)} hop COMs: {same} equal; largest local shortfall {worst[1] - worst[2]:.3f} dB "
      f"({worst[0]}: exhaustive {worst[1]:.3f} dB, local {worst[2]:.3f} dB)")
closing = [r for r in rows if r[1] >= 3]
if closing:
    w = max(closing, key=lambda r: r[1] - r[2])
    print(f"on hops with exhaustive COM >= 3 dB ({len(closing)}): largest shortfall "
          f"{w[1] - w[2]:.3f} dB ({w[0]})")
'
