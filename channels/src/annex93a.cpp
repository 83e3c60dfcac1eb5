// IEEE Std 802.3 Annex 93A.1.2.3 parametric line.
#include <linkphy/channels/annex93a.hpp>

#include <cmath>
#include <numbers>

namespace linkphy::channels {

Complex Annex93aLine::gamma_per_m(double freq_hz) const {
  const double f_ghz = freq_hz * 1e-9;
  Complex g(gamma0_per_mm, 0.0);
  if (f_ghz > 0.0) {
    const double sq = std::sqrt(f_ghz);
    g += a1_per_mm_sqrt_ghz * Complex(sq, sq);
    g += a2_per_mm_ghz * f_ghz * Complex(1.0, -2.0 / std::numbers::pi * std::log(f_ghz));
    g += Complex(0.0, 2.0 * std::numbers::pi * tau_ns_per_mm * f_ghz);
  }
  return g * 1e3; // 1/mm → 1/m
}

LineConstants Annex93aLine::constants(std::span<const double> freq_hz) const {
  LineConstants out;
  out.z_per_m.resize(freq_hz.size());
  out.y_per_m.resize(freq_hz.size());
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    const Complex g = gamma_per_m(freq_hz[k]);
    out.z_per_m[k] = g * zc_ohm;
    out.y_per_m[k] = g / zc_ohm;
  }
  return out;
}

Annex93aLine annex93a_board_802_3ck(double zc_ohm) {
  Annex93aLine l;
  l.gamma0_per_mm = 0.0;
  l.a1_per_mm_sqrt_ghz = 3.8206e-4;
  l.a2_per_mm_ghz = 9.5909e-5;
  l.tau_ns_per_mm = 5.79e-3;
  l.zc_ohm = zc_ohm;
  return l;
}

} // namespace linkphy::channels
