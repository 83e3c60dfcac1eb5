// Djordjevic–Sarkar wideband Debye model (IEEE Trans. EMC 43(4) 2001, eq. (9)).
#include <linkphy/channels/dielectric.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>

namespace linkphy::channels {

namespace {
// ln((ω2 + jω)/(ω1 + jω)) = ½·ln((ω2² + ω²)/(ω1² + ω²)) + j·(atan(ω/ω2) − atan(ω/ω1)), in real
// arithmetic (this runs per frequency sample).
Complex log_ratio(double w1, double w2, double w) {
  return {0.5 * std::log((w2 * w2 + w * w) / (w1 * w1 + w * w)),
          std::atan(w / w2) - std::atan(w / w1)};
}
} // namespace

DjordjevicSarkar::DjordjevicSarkar(double dk, double df, double f_ref_hz, double m1, double m2) {
  if (!(dk >= 1.0 && dk <= 20.0))
    throw InputError("dielectric", "dk must be within 1 to 20");
  if (!(df >= 0.0 && df <= 1.0))
    throw InputError("dielectric", "df must be within 0 to 1");
  if (!(m1 < m2) || !(f_ref_hz > std::pow(10.0, m1) && f_ref_hz < std::pow(10.0, m2)))
    throw InputError("dielectric", "reference frequency must lie inside the relaxation band");
  const double two_pi = 2.0 * std::numbers::pi;
  w1_ = two_pi * std::pow(10.0, m1);
  w2_ = two_pi * std::pow(10.0, m2);
  const Complex l = log_ratio(w1_, w2_, two_pi * f_ref_hz);
  // Im εr(f_ref) = −Dk·Df fixes the slope k; Re εr(f_ref) = Dk fixes ε∞.
  k_ = -dk * df / l.imag();
  eps_inf_ = dk - k_ * l.real();
}

Complex DjordjevicSarkar::epsilon(double freq_hz) const {
  return eps_inf_ + k_ * log_ratio(w1_, w2_, 2.0 * std::numbers::pi * freq_hz);
}

double DjordjevicSarkar::df(double freq_hz) const {
  const Complex e = epsilon(freq_hz);
  return -e.imag() / e.real();
}

} // namespace linkphy::channels
