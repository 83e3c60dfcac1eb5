#!/usr/bin/python3
"""Times scikit-rf 0.15.4 on the work that bench/bench_network.cpp times in linkphy.

Run with Debian's python3-scikit-rf:  /usr/bin/python3 scripts/reference/bench_skrf_network.py
Same sizes as the C++ benchmark: 4,096 frequencies; cascade of 16 networks (2- and 4-ports);
mixed-mode conversion of a 4-port (se2gmm, after renumbering to pairs 1-3 / 2-4); S→Z of 2-, 4-
and 8-ports; renormalisation of a 4-port. Prints the best of several repeats, in milliseconds.
"""
import time
import timeit

import numpy as np

# scikit-rf 0.15.4 uses NumPy aliases removed in NumPy 1.24; restore them as the builtins.
for _alias, _builtin in (('complex', complex), ('bool', bool), ('float', float), ('int', int)):
    if _alias not in np.__dict__:
        setattr(np, _alias, _builtin)

import skrf as rf  # noqa: E402

POINTS = 4096


def random_network(ports, seed):
    rng = np.random.default_rng(seed)
    s = rng.normal(size=(POINTS, ports, ports)) + 1j * rng.normal(size=(POINTS, ports, ports))
    s *= 0.9 / np.sqrt((np.abs(s) ** 2).sum(axis=(1, 2)))[:, None, None]
    freq = rf.Frequency.from_f(1e7 * np.arange(1, POINTS + 1), unit='hz')
    return rf.Network(frequency=freq, s=s, z0=50.0)


def best_ms(fn, number, repeat=5):
    """Best CPU time per call (process time, so that other load on the machine does not count;
    the C++ figures to compare with are Google Benchmark's CPU column)."""
    timer = timeit.Timer(fn, timer=time.process_time)
    return min(timer.repeat(number=number, repeat=repeat)) / number * 1e3


def main():
    print('scikit-rf', rf.__version__, 'numpy', np.__version__, 'points', POINTS)
    for ports in (2, 4):
        chain = [random_network(ports, 100 + m) for m in range(16)]
        print('cascade of 16 %d-ports: %.2f ms' % (ports, best_ms(lambda: rf.cascade_list(chain), 1)))
    net4 = random_network(4, 1)

    def mixed():
        n = net4.copy()
        n.renumber([0, 1, 2, 3], [0, 2, 1, 3])
        n.se2gmm(p=2)
        return n

    def renumber_only():
        n = net4.copy()
        n.renumber([0, 1, 2, 3], [0, 2, 1, 3])
        return n

    print('mixed mode 4-port (copy + renumber + se2gmm): %.2f ms' % best_ms(mixed, 5))
    print('  of which copy + renumber: %.2f ms' % best_ms(renumber_only, 5))
    for ports in (2, 4, 8):
        n = random_network(ports, 2)
        print('S->Z %d-port (rf.s2z): %.2f ms' % (ports, best_ms(lambda: rf.s2z(n.s, n.z0), 5)))
    z_new = np.array([40.0, 45.0, 55.0, 60.0])
    print('renormalize 4-port (rf.renormalize_s): %.2f ms' %
          best_ms(lambda: rf.renormalize_s(net4.s, net4.z0, z_new), 5))


if __name__ == '__main__':
    main()
