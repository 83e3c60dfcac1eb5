// Causal wideband dielectric: Djordjevic–Sarkar (wideband Debye) permittivity fitted to a Dk/Df
// pair given at a reference frequency. A. R. Djordjevic, R. M. Biljić, V. D. Likar-Smiljanić,
// T. K. Sarkar, "Wideband frequency-domain characterization of FR-4 and time-domain causality",
// IEEE Trans. EMC 43(4), 2001, eq. (9).
#pragma once

#include <linkphy/phy/network.hpp>

namespace linkphy::channels {

/// εr(f) = ε∞ + Δε/(m2−m1) · log10((ω2 + jω)/(ω1 + jω)), with ω_i = 2π·10^{m_i}.
/// Engineering convention e^{+jωt}: εr = ε' − jε'', Df = ε''/ε'.
class DjordjevicSarkar {
public:
  /// `dk` (1–20) and `df` (0–1) at `f_ref_hz` (Hz); the relaxation band is 10^m1 … 10^m2 Hz
  /// (`m1`, `m2` log10 Hz, defaults 1 kHz … 1 THz as in Djordjevic et al.; m1 < m2, f_ref
  /// strictly inside the band). InputError otherwise.
  DjordjevicSarkar(double dk, double df, double f_ref_hz, double m1 = 3.0, double m2 = 12.0);
  /// Complex relative permittivity at `freq_hz` (≥ 0 Hz; not checked).
  Complex epsilon(double freq_hz) const;
  /// ε'(f).
  double dk(double freq_hz) const { return epsilon(freq_hz).real(); }
  /// Loss tangent ε''/ε' at `freq_hz`.
  double df(double freq_hz) const;
  double eps_inf() const { return eps_inf_; }

private:
  double eps_inf_ = 1.0;
  double k_ = 0.0; ///< Δε / ((m2 − m1)·ln 10)
  double w1_ = 0.0, w2_ = 0.0;
};

} // namespace linkphy::channels
