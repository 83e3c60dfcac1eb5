// Package model of IEEE 802.3 Annex 93A.1.2 (93A-8..93A-15, 93A-18) with the 802.3ck additions
// (series L_s and bump C_b, two-segment package line).
#include "network_small_solve.hpp" // cmul, crecip: complex products and 1/z in real arithmetic

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>

namespace linkphy::com {
namespace {
constexpr double kTwoPi = 2.0 * std::numbers::pi;
using detail::cmul;
using detail::crecip;

TwoPort sized(std::size_t n) {
  TwoPort t;
  t.s11.resize(n);
  t.s12.resize(n);
  t.s21.resize(n);
  t.s22.resize(n);
  return t;
}
} // namespace

TwoPort shunt_capacitance(std::span<const double> f_hz, double c_f, double r0_ohm) {
  TwoPort t = sized(f_hz.size());
  for (std::size_t k = 0; k < f_hz.size(); ++k) {
    const double x = kTwoPi * f_hz[k] * c_f * r0_ohm; // 93A-8: jωCR_0 = jx
    const Complex inv = crecip(Complex(2.0, x));      // 1/(2 + jx)
    t.s11[k] = t.s22[k] = cmul(Complex(0.0, -x), inv);
    t.s21[k] = t.s12[k] = 2.0 * inv;
  }
  return t;
}

TwoPort series_inductance(std::span<const double> f_hz, double l_h, double r0_ohm) {
  TwoPort t = sized(f_hz.size());
  for (std::size_t k = 0; k < f_hz.size(); ++k) {
    const double x = kTwoPi * f_hz[k] * l_h / r0_ohm; // series Z = jωL between R_0 ports: jx
    const Complex inv = crecip(Complex(2.0, x));      // 1/(2 + jx)
    t.s11[k] = t.s22[k] = cmul(Complex(0.0, x), inv);
    t.s21[k] = t.s12[k] = 2.0 * inv;
  }
  return t;
}

TwoPort transmission_line(std::span<const double> f_hz, const LineModel &line, double z_c_ohm,
                          double length_mm, double r0_ohm) {
  TwoPort t = sized(f_hz.size());
  const double rho = (z_c_ohm - 2.0 * r0_ohm) / (z_c_ohm + 2.0 * r0_ohm); // 93A-13
  for (std::size_t k = 0; k < f_hz.size(); ++k) {
    const double f = f_hz[k] / 1e9; // GHz, as 93A-9..12
    Complex gamma(line.gamma0_per_mm, 0.0);
    if (f > 0) {
      gamma += line.a1_per_mm_sqrt_ghz * std::sqrt(f) * Complex(1.0, 1.0) +
               line.a2_per_mm_ghz * f * Complex(1.0, -(2.0 / std::numbers::pi) * std::log(f)) +
               Complex(0.0, kTwoPi * line.tau_ns_per_mm * f);
    }
    const Complex e1 = std::exp(-gamma * length_mm);
    const Complex e2 = cmul(e1, e1);
    const Complex inv = crecip(1.0 - rho * rho * e2);
    t.s11[k] = t.s22[k] = rho * cmul(1.0 - e2, inv); // 93A-14
    t.s21[k] = t.s12[k] = (1.0 - rho * rho) * cmul(e1, inv);
  }
  return t;
}

TwoPort cascade(const TwoPort &a, const TwoPort &b) {
  const std::size_t n = a.s11.size();
  TwoPort t = sized(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Complex inv = crecip(1.0 - cmul(a.s22[k], b.s11[k])); // 1/(1 − A22·B11)
    t.s11[k] = a.s11[k] + cmul(cmul(a.s12[k], a.s21[k]), cmul(b.s11[k], inv));
    t.s12[k] = cmul(cmul(a.s12[k], b.s12[k]), inv);
    t.s21[k] = cmul(cmul(a.s21[k], b.s21[k]), inv);
    t.s22[k] = b.s22[k] + cmul(cmul(b.s21[k], b.s12[k]), cmul(a.s22[k], inv));
  }
  return t;
}

TwoPort flipped(const TwoPort &a) {
  TwoPort t;
  t.s11 = a.s22;
  t.s22 = a.s11;
  t.s12 = a.s21;
  t.s21 = a.s12;
  return t;
}

TwoPort package(std::span<const double> f_hz, const PackageSide &side, const LineModel &line,
                double r0_ohm) {
  if (side.z_c_ohm.size() != side.length_mm.size())
    throw InputError("package", "z_c and z_p must have the same number of line segments");
  TwoPort t = shunt_capacitance(f_hz, side.c_d_f, r0_ohm);
  if (side.l_s_h > 0) {
    t = cascade(t, series_inductance(f_hz, side.l_s_h, r0_ohm));
    t = cascade(t, shunt_capacitance(f_hz, side.c_b_f, r0_ohm));
  }
  for (std::size_t i = 0; i < side.z_c_ohm.size(); ++i)
    if (side.length_mm[i] > 0)
      t = cascade(t, transmission_line(f_hz, line, side.z_c_ohm[i], side.length_mm[i], r0_ohm));
  return cascade(t, shunt_capacitance(f_hz, side.c_p_f, r0_ohm));
}

std::vector<Complex> terminated_transfer(const TwoPort &s, double g1, double g2) {
  std::vector<Complex> h(s.s21.size());
  for (std::size_t k = 0; k < h.size(); ++k) { // 93A-18
    const Complex ds = cmul(s.s11[k], s.s22[k]) - cmul(s.s12[k], s.s21[k]);
    h[k] = cmul(s.s21[k] * ((1.0 - g1) * (1.0 + g2)),
                crecip(1.0 - s.s11[k] * g1 - s.s22[k] * g2 + g1 * g2 * ds));
  }
  return h;
}

} // namespace linkphy::com
