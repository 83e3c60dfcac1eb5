#!/usr/bin/python3
"""Reference data for linkphy's network operations (phy/network_ops.hpp), made with scikit-rf.

Run with Debian's python3-scikit-rf 0.15.4:  /usr/bin/python3 scripts/reference/make_network_reference.py
Writes tests/data/reference/network/*.csv. Inputs are real files: scikit-rf's bundled Touchstone
files (skrf/data: measured WR-10 line and ring slot, 3-port tee) and the IEEE 802.3 channel files in
tests/data/channels (decimated to 1 GHz steps so the committed data stay small).

CSV layout (read by tests/phy/reference_csv.hpp):
  # ports=N z0_ohm=z1;z2;...;zN <free text>
  freq_hz,p11_re,p11_im,p12_re,p12_im,...,pNN_re,pNN_im
  one row per frequency, numbers written with repr() (shortest round-trip form of the double).
S-parameters use scikit-rf's default power-wave definition (s_def='power'); with the real reference
impedances used here it coincides with the pseudo-wave and travelling-wave definitions.
"""
import os
import sys

import numpy as np

# scikit-rf 0.15.4 still uses the NumPy aliases removed in NumPy 1.24 (np.complex, np.bool, ...);
# restore them as the builtins they always were so that its code runs unchanged.
for _alias, _builtin in (('complex', complex), ('bool', bool), ('float', float), ('int', int)):
    if _alias not in np.__dict__:
        setattr(np, _alias, _builtin)

import skrf as rf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
OUT = os.path.join(ROOT, 'tests', 'data', 'reference', 'network')
SKRF_DATA = os.path.join(os.path.dirname(rf.__file__), 'data')
CHANNELS = os.path.join(ROOT, 'tests', 'data', 'channels')


def write(name, f, p, z0, note):
    """f: (nf,), p: (nf, n, n) complex, z0: (n,) real."""
    p = np.asarray(p)
    nf, n, _ = p.shape
    path = os.path.join(OUT, name + '.csv')
    with open(path, 'w') as fh:
        fh.write('# ports=%d z0_ohm=%s %s\n' % (n, ';'.join(repr(float(z)) for z in z0), note))
        cols = ['freq_hz']
        for i in range(n):
            for j in range(n):
                cols += ['p%d%d_re' % (i + 1, j + 1), 'p%d%d_im' % (i + 1, j + 1)]
        fh.write(','.join(cols) + '\n')
        for k in range(nf):
            row = [repr(float(f[k]))]
            for i in range(n):
                for j in range(n):
                    row += [repr(float(p[k, i, j].real)), repr(float(p[k, i, j].imag))]
            fh.write(','.join(row) + '\n')


def write_net(name, ntwk, note):
    write(name, ntwk.f, ntwk.s, ntwk.z0[0].real, note)


def z0_of(ntwk):
    return ntwk.z0[0].real


def decimated(path, start, step, count=None):
    n = rf.Network(path)
    idx = np.arange(start, len(n.f), step)
    if count is not None:
        idx = idx[:count]
    return n[idx]


def main():
    os.makedirs(OUT, exist_ok=True)
    assert rf.__version__ == '0.15.4', rf.__version__

    # --- 2-ports from scikit-rf's bundled data (WR-10, 75-110 GHz, every 4th point) ---
    line = rf.Network(os.path.join(SKRF_DATA, 'line.s2p'))[::4]
    ring = rf.Network(os.path.join(SKRF_DATA, 'ring slot.s2p'))[::4]
    write_net('line_s', line, 'skrf data/line.s2p every 4th point')
    write_net('ring_slot_s', ring, 'skrf data/ring slot.s2p every 4th point')
    for name, ntwk in (('line', line), ('ring_slot', ring)):
        z0 = z0_of(ntwk)
        write(name + '_z', ntwk.f, rf.s2z(ntwk.s, ntwk.z0), z0, 'skrf s2z')
        write(name + '_y', ntwk.f, rf.s2y(ntwk.s, ntwk.z0), z0, 'skrf s2y')
        write(name + '_h', ntwk.f, rf.s2h(ntwk.s, ntwk.z0), z0, 'skrf s2h')
        write(name + '_abcd', ntwk.f, rf.s2a(ntwk.s, ntwk.z0), z0, 'skrf s2a')
        write(name + '_t', ntwk.f, rf.s2t(ntwk.s), z0, 'skrf s2t')
    r = line.copy()
    r.renormalize(np.array([30.0, 75.0]))
    write_net('line_renorm_30_75', r, 'skrf Network.renormalize([30, 75])')
    chain2 = rf.cascade_list([line, ring, line])
    write_net('cascade_line_ring_line', chain2, 'skrf cascade_list([line, ring, line])')
    ring35 = ring.copy()
    ring35.renormalize(35.0)
    write_net('ring_slot_s_z35', ring35, 'ring slot renormalised to 35 ohm')
    mism = rf.cascade(line, ring35)
    write_net('cascade_line_ring35', mism,
              'skrf cascade(line, ring@35ohm): connect() inserts the 50/35 ohm mismatch')

    # --- IEEE 802.3 4-port channels, decimated to 0..60 GHz in 1 GHz steps ---
    ca = decimated(os.path.join(CHANNELS, 'CA_19p75dB_thru.s4p'), 0, 100)
    tp = decimated(os.path.join(CHANNELS, 'Tp0_Tp5_28p5db_FQSFP_thru.s4p'), 0, 100)
    dpo = decimated(os.path.join(CHANNELS, 'DPO_4in_Meg7_THRU.s4p'), 0, 100)
    write_net('ca_s', ca, 'CA_19p75dB_thru.s4p every 100th point (1 GHz steps)')
    write_net('tp_s', tp, 'Tp0_Tp5_28p5db_FQSFP_thru.s4p every 100th point')
    write_net('dpo_s', dpo, 'DPO_4in_Meg7_THRU.s4p every 100th point')
    # Z/Y singular at DC for these DC-coupled channels' ideal thru? Use f > 0 for Z, Y, T.
    ca_ac = ca[1:]
    # A real 3-port: ports 1-3 of the CA channel with port 4 terminated in its 50 ohm reference.
    sub3 = rf.Network(frequency=ca_ac.frequency, s=ca_ac.s[:, :3, :3], z0=50.0)
    write_net('ca3_s', sub3, 'ports 1..3 of ca_s (port 4 matched), f > 0')
    write('ca3_z', sub3.f, rf.s2z(sub3.s, sub3.z0), z0_of(sub3), 'skrf s2z')
    write('ca3_y', sub3.f, rf.s2y(sub3.s, sub3.z0), z0_of(sub3), 'skrf s2y')
    r = sub3.copy()
    r.renormalize(np.array([25.0, 50.0, 75.0]))
    write_net('ca3_renorm_25_50_75', r, 'skrf Network.renormalize([25, 50, 75])')
    write('ca_z', ca_ac.f, rf.s2z(ca_ac.s, ca_ac.z0), z0_of(ca), 'skrf s2z, f > 0')
    write('ca_y', ca_ac.f, rf.s2y(ca_ac.s, ca_ac.z0), z0_of(ca), 'skrf s2y, f > 0')
    # skrf cascades ports 0..N-1 -> N..2N-1: put the IEEE order 1,3 | 2,4 into that form first.
    ca_io = ca.copy()
    ca_io.renumber([0, 1, 2, 3], [0, 2, 1, 3])
    write('ca_io_t', ca_ac.f, rf.s2t(ca_io.s[1:]), z0_of(ca), 'skrf s2t of ca ports [1,3,2,4], f > 0')
    r = ca.copy()
    r.renormalize(np.array([40.0, 45.0, 55.0, 60.0]))
    write_net('ca_renorm_40_45_55_60', r, 'skrf Network.renormalize([40, 45, 55, 60])')
    # Mixed mode: pairs 1-3 (in) and 2-4 (out), skrf se2gmm pairs (0,1),(2,3) after renumbering.
    mm = ca.copy()
    mm.renumber([0, 1, 2, 3], [0, 2, 1, 3])
    mm.se2gmm(p=2)
    write_net('ca_mixed_13_24', mm, 'skrf se2gmm(p=2) after renumber to 1,3,2,4: [d1 d2 c1 c2]')
    mm = dpo.copy()
    mm.renumber([0, 1, 2, 3], [0, 2, 1, 3])
    mm.se2gmm(p=2)
    write_net('dpo_mixed_13_24', mm, 'skrf se2gmm(p=2) after renumber to 1,3,2,4')
    # Cascade of three 4-ports in IEEE order: reorder to [1,3,2,4] (in: 1,3; out: 2,4) first.
    ios = []
    for n in (ca, tp, dpo):
        m = n.copy()
        m.renumber([0, 1, 2, 3], [0, 2, 1, 3])
        ios.append(m)
    chain4 = rf.cascade_list(ios)
    write_net('cascade_ca_tp_dpo_io', chain4,
              'skrf cascade_list of ca, tp, dpo each renumbered to ports 1,3,2,4')
    # Interpolation onto an off-grid set of frequencies inside the band (skrf default: linear, cart).
    fnew = np.concatenate(([0.0], 0.37e9 + 0.913e9 * np.arange(65), [60e9]))
    fnew = fnew[fnew <= 60e9]
    it = ca.interpolate(fnew, f_kwargs={'unit': 'hz'})
    write_net('ca_interp', it, 'skrf Network.interpolate(f) (linear on re/im)')

    # --- DC extrapolation: stripline 119 mm, 4 GHz .. in 1 GHz steps (4 points to add) ---
    sl = decimated(os.path.join(CHANNELS, 'pcb_stripline_119mm.s2p'), 399, 100, 40)
    write_net('stripline_s', sl, 'pcb_stripline_119mm.s2p points 400,500,... (4..43 GHz)')
    dc = sl.extrapolate_to_dc(kind='linear')
    write_net('stripline_dc_linear', dc, "skrf extrapolate_to_dc(kind='linear')")

    # --- Passivity / reciprocity figures from numpy (max singular value, max |S - S^T|) ---
    for name, ntwk in (('ca', ca), ('ring_slot', ring)):
        sv = np.linalg.svd(ntwk.s, compute_uv=False).max(axis=1)
        asym = np.abs(ntwk.s - np.transpose(ntwk.s, (0, 2, 1))).max(axis=(1, 2))
        with open(os.path.join(OUT, name + '_checks.csv'), 'w') as fh:
            fh.write('# numpy.linalg.svd max singular value and max |S - S^T| per frequency\n')
            fh.write('freq_hz,max_singular_value,max_asymmetry\n')
            for k in range(len(ntwk.f)):
                fh.write('%r,%r,%r\n' % (float(ntwk.f[k]), float(sv[k]), float(asym[k])))
    return 0


if __name__ == '__main__':
    sys.exit(main())
