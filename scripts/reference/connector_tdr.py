#!/usr/bin/env python3
"""Differential TDR of a measured 4-port channel: where its connector sits and at what impedance.

Reads the backplane/connector value behind sweeps/catalog/technologies.toml `connector` (issue 6):

    /usr/bin/python3 scripts/reference/connector_tdr.py \
        ../shared/channels/TEC_Whisper42p8in_Meg6_THRU_C8C9.s4p --rise 20 --from 1400 --to 2200

Method (Bogatin, "Signal and Power Integrity - Simplified", 3rd ed., ch. 8: the TDR step response
and Z = Z0 (1 + rho) / (1 - rho)): Sdd11 = 1/2 (S11 - S13 - S31 + S33) with the IEEE COM port
order (1/3 input pair, 2/4 output pair), the measured grid from 0 Hz resampled to its own step,
a Gaussian step of `--rise` ps (10-90 %) applied as exp(-(2 pi f sigma)^2 / 2) with
sigma = rise / 2.563, inverse real FFT to the impulse, cumulative sum to the step reflection rho,
Z in a 100-ohm differential reference. Times are round trip. Needs numpy and scikit-rf (Debian
python3-scikit-rf; only its Touchstone reader is used).
"""
import argparse

import numpy as np
import skrf as rf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--rise", type=float, default=20.0, help="10-90 %% rise time, ps")
    ap.add_argument("--from", dest="t0", type=float, default=0.0, help="first time shown, ps")
    ap.add_argument("--to", dest="t1", type=float, default=3000.0, help="last time shown, ps")
    a = ap.parse_args()

    n = rf.Network(a.file)
    s = n.s
    f = n.f
    sdd11 = 0.5 * (s[:, 0, 0] - s[:, 0, 2] - s[:, 2, 0] + s[:, 2, 2])
    sdd21 = 0.5 * (s[:, 1, 0] - s[:, 1, 2] - s[:, 3, 0] + s[:, 3, 2])
    step_hz = np.min(np.diff(f))
    fu = np.arange(0.0, f[-1], step_hz)
    sigma_s = a.rise * 1e-12 / 2.563
    window = np.exp(-0.5 * (2 * np.pi * fu * sigma_s) ** 2)

    def impulse(x):
        h = (np.interp(fu, f, x.real) + 1j * np.interp(fu, f, x.imag)) * window
        n_t = 2 * (len(fu) - 1)
        return np.fft.irfft(h, n=n_t), 1.0 / (n_t * step_hz)

    imp, dt = impulse(sdd11)
    rho = np.cumsum(imp)
    z = 100.0 * (1 + rho) / (1 - rho)
    thru, _ = impulse(sdd21)
    print(f"# {a.file}: {f[0] / 1e9:g}-{f[-1] / 1e9:g} GHz, {len(f)} points, rise {a.rise:g} ps, "
          f"step {dt * 1e12:.2f} ps")
    print(f"# Sdd21 impulse peak (one-way delay): {np.argmax(thru) * dt * 1e12:.1f} ps")
    print("round_trip_ps,zdiff_ohm")
    for i in range(len(z)):
        t_ps = i * dt * 1e12
        if a.t0 <= t_ps <= a.t1:
            print(f"{t_ps:.1f},{z[i]:.2f}")


if __name__ == "__main__":
    main()
