// Complex division and reciprocal in plain real arithmetic for hot loops: std::complex division
// goes through the C99 Annex G library routine (__divdc3), which dominates per-sample cost.
// Valid for finite, non-extreme operands (|b|² must not overflow), which line constants are.
#pragma once

#include <cmath>
#include <complex>

namespace linkphy::channels::detail {

inline std::complex<double> cdiv(std::complex<double> a, std::complex<double> b) {
  const double br = b.real(), bi = b.imag();
  const double inv = 1.0 / (br * br + bi * bi);
  return {(a.real() * br + a.imag() * bi) * inv, (a.imag() * br - a.real() * bi) * inv};
}

inline std::complex<double> cmul(std::complex<double> a, std::complex<double> b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

/// Principal square root (Re ≥ 0) without hypot's overflow guard.
inline std::complex<double> csqrt(std::complex<double> z) {
  const double x = z.real(), y = z.imag();
  const double r = std::sqrt(x * x + y * y);
  if (r == 0.0)
    return {0.0, 0.0};
  if (x >= 0.0) {
    const double t = std::sqrt(0.5 * (r + x));
    return {t, 0.5 * y / t};
  }
  const double t = std::sqrt(0.5 * (r - x));
  return {0.5 * std::abs(y) / t, y < 0.0 ? -t : t};
}

} // namespace linkphy::channels::detail
