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

Usage: /usr/bin/python3 scripts/reference/make_touchstone_reference.py   (from the repo root)
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


def write_reference(rel):
    path = os.path.join(DATA, rel)
    ntwk = skrf.Network(path)
    nf, n, _ = ntwk.s.shape
    step = max(1, math.ceil(nf / MAX_POINTS))
    name = os.path.basename(rel)
    with open(os.path.join(OUT, name + ".csv"), "w") as out:
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


def main():
    os.makedirs(OUT, exist_ok=True)
    for rel in FILES:
        write_reference(rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
