// Conductor internal impedance with skin effect, DC limit, roughness and temperature.
#include <linkphy/channels/conductor.hpp>
#include <linkphy/phy/error.hpp>

#include "complex_fast.hpp"

#include <cmath>
#include <numbers>

namespace linkphy::channels {

double skin_depth_m(double freq_hz, double sigma_s_per_m) {
  // Pozar §1.7 eq. (1.89): δ = √(2/(ωµσ)).
  return 1.0 / std::sqrt(std::numbers::pi * freq_hz * mu0_h_per_m * sigma_s_per_m);
}

double conductivity_at(double sigma_20c_s_per_m, double alpha_per_k, double temperature_k) {
  // Linear resistivity law ρ(T) = ρ20·(1 + α(T − 20 °C)) (CRC Handbook).
  const double factor = 1.0 + alpha_per_k * (temperature_k - 293.15);
  if (!(factor > 0.05))
    throw InputError("temperature", "outside the range of the linear resistivity law");
  return sigma_20c_s_per_m / factor;
}

Roughness::Model roughness_model_from_name(const std::string &name) {
  if (name == "smooth" || name == "none")
    return Roughness::Model::smooth;
  if (name == "hammerstad")
    return Roughness::Model::hammerstad;
  if (name == "huray")
    return Roughness::Model::huray;
  throw InputError("roughness model",
                   "unknown '" + name + "'; accepted: smooth, hammerstad, huray");
}

double roughness_factor(const Roughness &r, double delta_m) {
  switch (r.model) {
  case Roughness::Model::smooth:
    return 1.0;
  case Roughness::Model::hammerstad: {
    // Hammerstad & Jensen 1980: K = 1 + (2/π)·atan(1.4·(Δ/δ)²).
    const double x = r.rms_m / delta_m;
    return 1.0 + 2.0 / std::numbers::pi * std::atan(1.4 * x * x);
  }
  case Roughness::Model::huray: {
    // Huray snowball model (DesignCon 2010): K = Am/Af + 1.5·SR/(1 + δ/a + δ²/(2a²)).
    const double a = r.ball_radius_m;
    if (!(a > 0.0))
      return r.matte_ratio;
    const double q = delta_m / a;
    return r.matte_ratio + 1.5 * r.surface_ratio / (1.0 + q + 0.5 * q * q);
  }
  }
  return 1.0;
}

Complex internal_impedance(const ConductorSpec &c, double freq_hz) {
  if (freq_hz <= 0.0)
    return {c.rdc_ohm_per_m, 0.0};
  const double delta = skin_depth_m(freq_hz, c.sigma_s_per_m);
  const double t_eff = c.g_per_m / (c.sigma_s_per_m * c.rdc_ohm_per_m);
  const Complex k(1.0 / delta, 1.0 / delta);
  const Complex kt = k * t_eff;
  Complex coth;
  if (kt.real() > 20.0) {
    coth = 1.0;                              // e^{-2kt} < 4e-18
  } else if (kt.real() < 1e-4) {             // |kt| = √2·Re kt
    coth = detail::cdiv(1.0, kt) + kt / 3.0; // Laurent series near DC
  } else {
    // e^{-2kt} with kt = x(1 + j): magnitude e^{-2x}, phase −2x.
    const double x = kt.real();
    const double m = std::exp(-2.0 * x);
    const Complex e(m * std::cos(-2.0 * x), m * std::sin(-2.0 * x));
    coth = detail::cdiv(1.0 + e, 1.0 - e);
  }
  const double k_rough = roughness_factor(c.roughness, delta);
  return detail::cmul((k_rough * c.g_per_m / c.sigma_s_per_m) * k, coth);
}

} // namespace linkphy::channels
