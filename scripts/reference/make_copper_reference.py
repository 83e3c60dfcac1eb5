#!/usr/bin/python3
"""Reference attenuation of coax and microstrip lines from scikit-rf (Debian python3-scikit-rf
0.15.4), for tests/channels/test_skrf_reference.cpp.

Run with the system interpreter (the pyenv python3 has no scikit-rf):
    /usr/bin/python3 scripts/reference/make_copper_reference.py

Writes tests/data/reference/copper/{coax,mline}.csv: one row per (case, frequency) with the
matched-line attenuation alpha_db_per_m = 20*log10(e)*Re(gamma) (= IL per metre of a matched
line, which is what skrf's Media.line() returns), beta_rad_per_m, and the line impedance.

Notes on scikit-rf 0.15.4 that shape the cases:
* Coaxial.G = f*eps''/ln(b/a) lacks the factor (2*pi)^2, so coax cases use tan_delta = 0
  (conductor loss only); dielectric loss of coax is tested against the closed form instead.
* MLine.delta_w1 evaluates the Hammerstad-Jensen thickness correction with t in metres, which
  makes it vanish; linkphy applies it with t normalised to h (the published form).
"""
import csv
import os

import numpy as np
import skrf
from skrf.media import Coaxial, MLine

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data",
                   "reference", "copper")
FREQ = skrf.Frequency(1, 50, 50, "ghz")  # 1..50 GHz, 1 GHz step
RHO_CU = 1 / 5.8e7
NP_TO_DB = 20 / np.log(10)

COAX = [  # name, d_inner m, d_outer m, eps_r
    ("coax_0p5_1p6_ptfe", 0.5e-3, 1.6e-3, 2.1),
    ("coax_0p91_2p98_ptfe", 0.91e-3, 2.98e-3, 2.1),   # RG-402-like (0.141") geometry
    ("coax_0p29_0p94_air", 0.29e-3, 0.94e-3, 1.0),
]
MLINES = [  # name, w m, h m, t m, eps_r, tand (both at 1 GHz)
    ("mline_fr4_300u_160u", 300e-6, 160e-6, 35e-6, 4.2, 0.02),
    ("mline_m6_200u_100u", 200e-6, 100e-6, 18e-6, 3.4, 0.004),
    ("mline_ro4350_1100u_508u", 1100e-6, 508e-6, 35e-6, 3.66, 0.0037),
]


def write(name, rows):
    path = os.path.join(OUT, name)
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["case", "freq_hz", "alpha_db_per_m", "beta_rad_per_m", "z0_ohm", "params"])
        w.writerows(rows)
    print("wrote", path, len(rows), "rows")


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    for name, d, dd, er in COAX:
        m = Coaxial(frequency=FREQ, Dint=d, Dout=dd, epsilon_r=er, tan_delta=0.0, sigma=1 / RHO_CU)
        g = m.gamma
        z0 = np.real(m.Z0)
        for k, f in enumerate(FREQ.f):
            rows.append([name, f, NP_TO_DB * g[k].real, g[k].imag, z0[k],
                         f"d_inner={d} d_outer={dd} er={er} tand=0 sigma=5.8e7"])
    write("coax.csv", rows)
    rows = []
    for name, w, h, t, er, tand in MLINES:
        m = MLine(frequency=FREQ, w=w, h=h, t=t, ep_r=er, mu_r=1, diel="djordjevicsvensson",
                  rho=RHO_CU, tand=tand, rough=0.0, disp="kirschningjansen", f_low=1e3,
                  f_high=1e12, f_epr_tand=1e9)
        g = m.gamma
        z0 = np.real(m.Z0_f)
        for k, f in enumerate(FREQ.f):
            rows.append([name, f, NP_TO_DB * g[k].real, g[k].imag, z0[k],
                         f"w={w} h={h} t={t} er={er} tand={tand} f_ref=1e9 rho=1/5.8e7"])
    write("mline.csv", rows)
    # Self-check: skrf's matched line IL equals alpha*length.
    line = m.line(0.1, "m")
    assert abs(-20 * np.log10(abs(line.s[10, 1, 0])) - 0.1 * NP_TO_DB * g[10].real) < 1e-9


if __name__ == "__main__":
    main()
