// Q-function, its inverse and PAM error ratios (Proakis & Salehi, Digital Communications 5th ed.,
// §4.3; inverse Q by P. J. Acklam's rational approximation of the normal quantile, refined by
// Halley's method).
#include "signalling_internal.hpp"

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

namespace linkphy {
namespace {

// Standard normal density.
double phi(double x) { return std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi); }

// P(a < N(0,1) < b) for a ≤ b (either may be ±inf), evaluated without cancellation in the tails.
double normal_interval(double a, double b) {
  if (a >= 0.0)
    return q_function(a) - q_function(b);
  if (b <= 0.0)
    return q_function(-b) - q_function(-a);
  return 1.0 - q_function(-a) - q_function(b);
}

// Acklam's approximation of the standard normal quantile Φ⁻¹(p) for p ≤ 0.5 (relative error
// < 1.15e-9 over the whole range).
double acklam_lower(double p) {
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double p_low = 0.02425;
  if (p < p_low) {
    const double q = std::sqrt(-2.0 * std::log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
           ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  }
  const double q = p - 0.5;
  const double r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
         (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
}

} // namespace

double q_function(double x) { return 0.5 * std::erfc(x / std::numbers::sqrt2); }

double q_inverse(double p) {
  if (!(p > 0.0 && p < 1.0))
    throw InputError("q_inverse",
                     "probability " + std::to_string(p) + " out of range (accepted: 0 < p < 1)");
  // Work on the smaller tail so that tiny probabilities keep their relative precision.
  const bool upper = p <= 0.5; // Q(x) = p with x ≥ 0
  const double tail = upper ? p : 1.0 - p;
  double x = -acklam_lower(tail); // x ≥ 0 with Q(x) ≈ tail
  for (int it = 0; it < 3; ++it) {
    const double f = phi(x);
    if (!(f > 0.0))
      break;
    const double u = (q_function(x) - tail) / f; // Halley step for f(x) = Q(x) - tail
    const double dx = u / (1.0 - 0.5 * u * x);
    x += dx;
    if (std::abs(dx) <= 1e-16 * std::abs(x))
      break;
  }
  return upper ? x : -x;
}

double d_over_sigma_from_snr(Modulation mod, double snr) {
  check_modulation(mod);
  const double m = mod.levels;
  return std::sqrt(3.0 * snr / (m * m - 1.0));
}

double snr_from_d_over_sigma(Modulation mod, double d_over_sigma) {
  check_modulation(mod);
  const double m = mod.levels;
  return d_over_sigma * d_over_sigma * (m * m - 1.0) / 3.0;
}

double pam_ser(Modulation mod, double d_over_sigma) {
  check_modulation(mod);
  return 2.0 * (1.0 - 1.0 / mod.levels) * q_function(d_over_sigma);
}

double pam_ber(Modulation mod, double d_over_sigma) {
  check_modulation(mod);
  return pam_ser(mod, d_over_sigma) / mod.bits_per_symbol();
}

double pam_ber_gray_exact(Modulation mod, double d_over_sigma) {
  signalling_detail::require_gray(mod, "pam_ber_gray_exact");
  const int m = mod.levels;
  const double inf = std::numeric_limits<double>::infinity();
  double errors = 0.0; // Σ_i Σ_j HammingDistance(g_i, g_j) · P(decide j | sent i)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      if (j == i)
        continue;
      // Decision region of j relative to level i, in units of σ: [(2(j-i)-1)d, (2(j-i)+1)d].
      const double a = j == 0 ? -inf : (2.0 * (j - i) - 1.0) * d_over_sigma;
      const double b = j == m - 1 ? inf : (2.0 * (j - i) + 1.0) * d_over_sigma;
      const int hamming = std::popcount(gray_encode(static_cast<unsigned>(i)) ^
                                        gray_encode(static_cast<unsigned>(j)));
      errors += hamming * normal_interval(a, b);
    }
  return errors / (m * mod.bits_per_symbol());
}

double pam_ser_from_snr_db(Modulation mod, double snr_db) {
  check_modulation(mod);
  return pam_ser(mod, d_over_sigma_from_snr(mod, std::pow(10.0, snr_db / 10.0)));
}

double pam_ber_from_snr_db(Modulation mod, double snr_db) {
  check_modulation(mod);
  return pam_ber(mod, d_over_sigma_from_snr(mod, std::pow(10.0, snr_db / 10.0)));
}

double d_over_sigma_for_ber(Modulation mod, double ber) {
  check_modulation(mod);
  const double scale = 2.0 * (1.0 - 1.0 / mod.levels) / mod.bits_per_symbol();
  const double ber_max = 0.5 * scale; // BER at d/σ = 0
  if (!(ber > 0.0 && ber < ber_max))
    throw InputError("target BER", number_text(ber) + " out of range for " + mod.name() +
                                       " (accepted: 0 < BER < " + number_text(ber_max) + ")");
  return q_inverse(ber / scale);
}

double snr_db_for_ber(Modulation mod, double ber) {
  check_modulation(mod);
  return 10.0 * std::log10(snr_from_d_over_sigma(mod, d_over_sigma_for_ber(mod, ber)));
}

} // namespace linkphy
