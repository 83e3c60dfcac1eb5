// Heat and temperature (sources in thermal.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/thermal.hpp>

#include <cmath>

namespace linkphy::transceivers {

double case_temperature_k(double ambient_k, double heat_w, double theta) {
  if (!(ambient_k >= 200 && ambient_k <= 450))
    throw InputError("case temperature", "ambient must be 200 to 450 K");
  if (!(heat_w >= 0 && std::isfinite(heat_w)))
    throw InputError("case temperature", "heat must be a finite value >= 0 W");
  if (!(theta >= 0 && std::isfinite(theta)))
    throw InputError("case temperature", "thermal resistance must be >= 0 K/W");
  return ambient_k + heat_w * theta;
}

LaserDerating laser_derating(const LaserSpec &s, double t_k, double t1_k) {
  if (!(t_k >= 200 && t_k <= 450))
    throw InputError("laser derating of " + s.name, "temperature must be 200 to 450 K");
  if (!(t1_k > 0))
    throw InputError("laser derating of " + s.name, "T1 must be > 0 K");
  LaserDerating d;
  d.threshold_a = threshold_current(s, t_k); // optics model's T0 law
  d.threshold_ratio = d.threshold_a / s.threshold_a;
  d.slope_ratio = std::exp(-(t_k - s.reference_temperature_k) / t1_k);
  if (s.kind == LaserKind::vcsel || s.kind == LaserKind::dml) {
    const double p_avg = 1e-3 * std::pow(10.0, s.avg_power_dbm / 10);
    d.bias_a = d.threshold_a + p_avg / (s.slope_efficiency_w_per_a * d.slope_ratio);
  }
  return d;
}

double copper_il_at_temperature_db(double il_ref_db, double delta_t_k, double coeff) {
  if (!(il_ref_db >= 0 && std::isfinite(il_ref_db)))
    throw InputError("copper loss vs temperature", "insertion loss must be >= 0 dB");
  if (!(coeff >= 0 && coeff <= 0.02))
    throw InputError("copper loss vs temperature", "coefficient must be 0 to 2 %/degC");
  if (!(delta_t_k >= -150 && delta_t_k <= 150))
    throw InputError("copper loss vs temperature", "temperature offset must be -150 to 150 K");
  return il_ref_db * std::max(0.0, 1.0 + coeff * delta_t_k);
}

double skin_loss_ratio(double alpha, double t_ref_k, double t_k) {
  const double r_ref = 1.0 + alpha * (t_ref_k - 293.15);
  const double r = 1.0 + alpha * (t_k - 293.15);
  if (!(r_ref > 0 && r > 0))
    throw InputError("skin loss ratio", "temperature outside the linear resistivity law");
  return std::sqrt(r / r_ref);
}

double absorbed_signal_power_w(double swing, double r, double loss_db) {
  if (!(swing >= 0 && swing <= 5))
    throw InputError("absorbed signal power", "swing must be 0 to 5 V");
  if (!(r > 0))
    throw InputError("absorbed signal power", "resistance must be > 0 ohm");
  if (!(loss_db >= 0 && loss_db <= 80))
    throw InputError("absorbed signal power", "loss must be 0 to 80 dB");
  const double v2 = (swing / 2) * (swing / 2) * 5.0 / 9.0; // PAM4 mean square, levels ±1, ±1/3
  return v2 / r * (1.0 - std::pow(10.0, -loss_db / 10));
}

} // namespace linkphy::transceivers
