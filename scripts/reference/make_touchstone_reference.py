#!/usr/bin/python3
"""Reference values for the Touchstone reader, computed by scikit-rf (Debian python3-scikit-rf
0.15.4; run with /usr/bin/python3, which has it).

For each Touchstone file listed below, writes tests/data/reference/touchstone/<file name>.csv:
  line 1: '# skrf <version> <file>; z0_ohm=<z0 per port, ';'-separated>' (or 'z0_ohm=varies'
          when skrf's z0 is complex or changes with frequency, as for HFSS files whose comments
          carry port impedances)
  line 2: header index,freq_hz,s11_re,s11_im,s12_re,s12_im,...  (row-major, 1-based)
  then one row per kept frequency point, every number in repr() form (round-trips exactly).
Large files are decimated to at most MAX_POINTS rows (index = position in the file).
For files with noise data it also writes <file name>.noise.csv:
  freq_hz,nfmin_db,gamma_opt_re,gamma_opt_im,rn_ohm   (skrf's reading of the noise block).
And CA_19p75dB_thru.s4p.mixed_mode.csv: skrf's mixed-mode conversion (se2gmm, differential
reference 2·z0, common z0/2) with pairs 1(+)/3(-) and 2(+)/4(-), at the grid points around the
26.5625 GHz Nyquist frequency of 106.25 Gb/s PAM4 and at 26.5625 GHz itself (skrf
Network.interpolate(kind='linear'): real and imaginary parts), columns
  freq_hz,interpolated,sdd11_re,sdd11_im,...,scc22_im  (mixed-mode order d1 d2 c1 c2, row-major)
And pcb_stripline_119mm_x2.cascade.csv: skrf's cascade (Network ** Network) of
channels/pcb_stripline_119mm.s2p with itself, in the same layout as the per-file references.

Usage: /usr/bin/python3 scripts/reference/make_touchstone_reference.py   (from the repo root)
       /usr/bin/python3 scripts/reference/make_touchstone_reference.py --time FILE
         times skrf.Network(FILE) (the figure bench/bench_touchstone.cpp is compared with)
"""
import math
import os
import sys

import numpy as np
import skrf
from skrf.io.touchstone import Touchstone

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")
OUT = os.path.join(DATA, "reference", "touchstone")
MAX_POINTS = 100

FILES = [
    "touchstone/skrf/short.s1p",
    "touchstone/skrf/hfss_oneport.s1p",
    "touchstone/skrf/ntwk1.s2p",
    "touchstone/skrf/ntwk4.s2p",
    "touchstone/skrf/hfss_twoport.s2p",
    "touchstone/skrf/coaxial.s2p",
    "touchstone/skrf/designer_wilkinson_splitter.s3p",
    "touchstone/skrf/tee.s3p",
    "touchstone/skrf/hfss_18.2.s3p",
    "touchstone/skrf/Agilent_E5071B.s4p",
    "touchstone/skrf/designer_variable_coupler_ideal_20deg.s4p",
    "touchstone/skrf/cst_example_4ports.s4p",
    "touchstone/skrf/cst_example_6ports_V2.s6p",
    "touchstone/skrf/hfss_19.2.s8p",
    "touchstone/spec/ex13_v1_2port_ri.s2p",
    "touchstone/spec/ex14_v1_4port_ma.s4p",
    "touchstone/spec/ex18_v1_noise.s2p",
    "channels/CA_19p75dB_thru.s4p",
    "channels/pcb_stripline_119mm.s2p",
]


def z0_text(z0):
    z0 = np.asarray(z0)
    if np.any(z0.imag != 0) or np.any(z0 != z0[0:1, :]):
        return "varies"
    return ";".join(repr(float(v)) for v in z0[0].real)


def write_network_csv(ntwk, rel, out_name):
    nf, n, _ = ntwk.s.shape
    step = max(1, math.ceil(nf / MAX_POINTS))
    with open(os.path.join(OUT, out_name), "w") as out:
        out.write("# skrf %s %s; z0_ohm=%s\n" % (skrf.__version__, rel, z0_text(ntwk.z0)))
        cols = ["index", "freq_hz"]
        for i in range(n):
            for j in range(n):
                sep = "_" if n >= 10 else ""
                cols += ["s%d%s%d_re" % (i + 1, sep, j + 1), "s%d%s%d_im" % (i + 1, sep, j + 1)]
        out.write(",".join(cols) + "\n")
        for k in range(0, nf, step):
            row = [str(k), repr(float(ntwk.f[k]))]
            for i in range(n):
                for j in range(n):
                    v = ntwk.s[k, i, j]
                    row += [repr(float(v.real)), repr(float(v.imag))]
            out.write(",".join(row) + "\n")
    return nf, n, step


def write_reference(rel):
    path = os.path.join(DATA, rel)
    ntwk = skrf.Network(path)
    name = os.path.basename(rel)
    nf, n, step = write_network_csv(ntwk, rel, name + ".csv")
    ts = Touchstone(path)
    if ts.noise is not None:
        # As skrf.Network.read_touchstone: version 1 Rn is normalised to z0.
        rn_scale = float(np.real(ntwk.z0[0, 0])) if ts.version == "1.0" else 1.0
        with open(os.path.join(OUT, name + ".noise.csv"), "w") as out:
            out.write("# skrf %s %s noise block\n" % (skrf.__version__, rel))
            out.write("freq_hz,nfmin_db,gamma_opt_re,gamma_opt_im,rn_ohm\n")
            for row in ts.noise:
                g = row[2] * np.exp(1j * np.deg2rad(row[3]))
                out.write(",".join(repr(float(x)) for x in (
                    row[0] * ts.frequency_mult, row[1], g.real, g.imag, row[4] * rn_scale)) + "\n")
    print("%-50s %d points, %d ports, kept every %d" % (rel, nf, n, step))


def write_mixed_mode_reference():
    if not hasattr(np, "bool"):  # skrf 0.15.4's se2gmm uses np.bool, gone from newer numpy
        np.bool = np.bool_
    rel = "channels/CA_19p75dB_thru.s4p"
    ntwk = skrf.Network(os.path.join(DATA, rel))
    # skrf 0.15.4 se2gmm(p=2) pairs ports (0,1) and (2,3): put the file's 1,3 then 2,4 there.
    ntwk.renumber([0, 1, 2, 3], [0, 2, 1, 3])
    ntwk.se2gmm(p=2)
    k = int(np.argmin(abs(ntwk.f - 26.56e9)))
    interp = ntwk.interpolate(skrf.Frequency(26.5625, 26.5625, 1, "ghz"), kind="linear")
    names = []
    for i in range(4):
        for j in range(4):
            blk = ("sd" if i < 2 else "sc") + ("d" if j < 2 else "c")
            names += ["%s%d%d_re" % (blk, i % 2 + 1, j % 2 + 1), "%s%d%d_im" % (blk, i % 2 + 1, j % 2 + 1)]
    with open(os.path.join(OUT, "CA_19p75dB_thru.s4p.mixed_mode.csv"), "w") as out:
        out.write("# skrf %s %s se2gmm, pairs 1-3:2-4, z0 %s\n" % (
            skrf.__version__, rel, ";".join(repr(float(z.real)) for z in ntwk.z0[0])))
        out.write(",".join(["freq_hz", "interpolated"] + names) + "\n")
        rows = [(ntwk.f[q], 0, ntwk.s[q]) for q in range(k - 2, k + 3)]
        rows.append((interp.f[0], 1, interp.s[0]))
        for f, flag, s in rows:
            vals = [repr(float(f)), str(flag)]
            for i in range(4):
                for j in range(4):
                    vals += [repr(float(s[i, j].real)), repr(float(s[i, j].imag))]
            out.write(",".join(vals) + "\n")
            print("  mixed mode %s GHz%s: Sdd21 = %.6f dB" % (
                f / 1e9, " (interpolated)" if flag else "", 20 * np.log10(abs(s[1, 0]))))


def time_skrf(path, repeat=15):
    import time
    skrf.Network(path)  # warm the page cache and imports
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        skrf.Network(path)
        times.append(time.perf_counter() - t)
    times.sort()
    print("skrf.Network(%s): min %.1f ms, median %.1f ms over %d reads" % (
        os.path.basename(path), times[0] * 1e3, times[len(times) // 2] * 1e3, repeat))
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--time":
        return time_skrf(sys.argv[2])
    os.makedirs(OUT, exist_ok=True)
    for rel in FILES:
        write_reference(rel)
    write_mixed_mode_reference()
    rel = "channels/pcb_stripline_119mm.s2p"
    line = skrf.Network(os.path.join(DATA, rel))
    write_network_csv(line ** line, rel + " ** itself (cascade)", "pcb_stripline_119mm_x2.cascade.csv")
    return 0


if __name__ == "__main__":
    sys.exit(main())
