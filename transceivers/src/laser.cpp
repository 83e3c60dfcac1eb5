// Optical transmitters (sources in laser.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/laser.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::transceivers {
namespace {
bool direct(LaserKind k) { return k == LaserKind::vcsel || k == LaserKind::dml; }
const char *kind_name(LaserKind k) {
  switch (k) {
  case LaserKind::vcsel:
    return "vcsel";
  case LaserKind::dml:
    return "dml";
  case LaserKind::eml:
    return "eml";
  case LaserKind::cw_mzm:
    return "cw_mzm";
  case LaserKind::cw_ring:
    return "cw_ring";
  }
  return "?";
}
} // namespace

LaserSpec laser_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  LaserSpec s;
  s.name = name;
  s.source = p.text("source");
  const std::string kind = p.text("kind");
  if (kind == "vcsel")
    s.kind = LaserKind::vcsel;
  else if (kind == "dml")
    s.kind = LaserKind::dml;
  else if (kind == "eml")
    s.kind = LaserKind::eml;
  else if (kind == "cw_mzm")
    s.kind = LaserKind::cw_mzm;
  else if (kind == "cw_ring")
    s.kind = LaserKind::cw_ring;
  else
    throw InputError(p.where_key("kind"),
                     "'" + kind + "' is not a laser kind (vcsel, dml, eml, cw_mzm, cw_ring)");
  s.wavelength_m = p.quantity("wavelength", D::length);
  s.wavelength_drift_m_per_k = p.number("wavelength_drift_nm_per_k", 0, 1) * 1e-9;
  s.spectral_width_rms_m = p.quantity("spectral_width", D::length);
  s.chirp_alpha = p.number_or("chirp_alpha", 0, -10, 10);
  s.rin_db_hz = p.quantity("rin", D::rin);
  s.bandwidth_hz = p.quantity("bandwidth", D::frequency);
  s.extinction_ratio_db = p.quantity("extinction_ratio", D::gain);
  if (!(s.extinction_ratio_db > 0))
    throw InputError(p.where_key("extinction_ratio"), "extinction ratio must be > 0 dB");
  s.avg_power_dbm = p.quantity("avg_power", D::power_level);
  s.driver_power_w = p.quantity("driver_power", D::power);
  s.tec_w_per_k = p.number_or("tec_w_per_k", 0, 0, 1);
  s.heater_w_per_k = p.number_or("heater_w_per_k", 0, 0, 1);
  if (direct(s.kind)) {
    s.slope_efficiency_w_per_a = p.number("slope_efficiency_w_per_a", 1e-3, 2);
    s.threshold_a = p.quantity("threshold", D::current);
    s.t0_k = p.number("t0_k", 10, 1000);
    s.forward_voltage_v = p.quantity("forward_voltage", D::voltage);
  } else {
    s.wall_plug_efficiency = p.number("wall_plug_efficiency", 1e-3, 1);
    s.modulator_loss_db = p.quantity("modulator_loss", D::gain);
    if (s.kind == LaserKind::cw_mzm) {
      s.v_pi_v = p.quantity("v_pi", D::voltage);
      s.drive_swing_v = p.quantity("drive_swing", D::voltage);
    }
  }
  p.reject_unused({"source",
                   "kind",
                   "wavelength",
                   "wavelength_drift_nm_per_k",
                   "spectral_width",
                   "chirp_alpha",
                   "rin",
                   "bandwidth",
                   "extinction_ratio",
                   "avg_power",
                   "driver_power",
                   "tec_w_per_k",
                   "heater_w_per_k",
                   "slope_efficiency_w_per_a",
                   "threshold",
                   "t0_k",
                   "forward_voltage",
                   "wall_plug_efficiency",
                   "modulator_loss",
                   "v_pi",
                   "drive_swing"});
  return s;
}

LaserSpec find_laser(const std::string &name) {
  return laser_from_params(name, builtin_catalog("lasers.toml").entry(name, "laser"));
}

double threshold_current(const LaserSpec &s, double t_k) {
  return s.threshold_a * std::exp((t_k - s.reference_temperature_k) / s.t0_k); // T0 law
}

double mzm_extinction_ratio(double v_pp, double v_pi) {
  if (!(v_pp > 0 && v_pi > 0))
    throw InputError("MZM", "drive swing and V_pi must be > 0 V");
  // Quadrature-biased MZM, P ∝ cos²(π/4 − π·v/(4·Vπ))·2 → levels ½(1 ± sin(π·v_pp/(2Vπ))).
  const double s = std::sin(std::numbers::pi * std::min(v_pp / v_pi, 1.0) / 2);
  return s >= 1 ? INFINITY : (1 + s) / (1 - s);
}

double oma_from_average(double p_avg_w, double er) {
  if (!(er > 1))
    throw InputError("extinction ratio", "must be > 0 dB (> 1 linear)");
  return std::isinf(er) ? 2 * p_avg_w : 2 * p_avg_w * (er - 1) / (er + 1);
}

Transmitter::Transmitter(LaserSpec spec, double temperature_k)
    : spec_(std::move(spec)), temperature_k_(temperature_k) {
  if (!(temperature_k >= 200 && temperature_k <= 450))
    throw InputError("transmitter " + spec_.name, "temperature must be 200 to 450 K");
  p_avg_w_ = 1e-3 * std::pow(10.0, spec_.avg_power_dbm / 10);
  er_ = spec_.kind == LaserKind::cw_mzm && spec_.v_pi_v > 0
            ? mzm_extinction_ratio(spec_.drive_swing_v, spec_.v_pi_v)
            : std::pow(10.0, spec_.extinction_ratio_db / 10);
  if (!(er_ > 1))
    throw InputError("transmitter " + spec_.name, "extinction ratio must be > 0 dB");
  if (direct(spec_.kind)) {
    // Automatic power control holds P̄: bias = I_th(T) + P̄/η (Agrawal §3.5.3 L–I above threshold).
    bias_a_ = threshold_current(spec_, temperature_k) + p_avg_w_ / spec_.slope_efficiency_w_per_a;
    const double p0 = p_avg_w_ - oma_from_average(p_avg_w_, er_) / 2;
    if (p0 < 0)
      throw InputError("transmitter " + spec_.name, "'0' level below threshold");
  }
}

std::string Transmitter::describe() const {
  std::ostringstream os;
  os << kind_name(spec_.kind) << " " << spec_.name << " at " << temperature_k_ - 273.15 << " degC";
  return os.str();
}

OpticalCarrier Transmitter::carrier() const {
  OpticalCarrier c;
  // A TEC holds the wavelength; otherwise it drifts with temperature (DFB ~0.09 nm/K).
  const double dt = spec_.tec_w_per_k > 0 ? 0.0 : temperature_k_ - spec_.reference_temperature_k;
  c.wavelength_m = spec_.wavelength_m + spec_.wavelength_drift_m_per_k * dt;
  c.spectral_width_rms_m = spec_.spectral_width_rms_m;
  c.chirp_alpha = spec_.chirp_alpha;
  return c;
}

void Transmitter::response(std::span<const double> freq_hz,
                           std::span<std::complex<double>> h) const {
  for (std::size_t i = 0; i < freq_hz.size(); ++i) {
    const std::complex<double> s(0, freq_hz[i] / spec_.bandwidth_hz);
    h[i] = 1.0 / (1.0 + std::numbers::sqrt2 * s + s * s);
  }
}

double Transmitter::oma_w() const { return oma_from_average(p_avg_w_, er_); }
double Transmitter::average_power_w() const { return p_avg_w_; }
double Transmitter::rin_per_hz() const { return std::pow(10.0, spec_.rin_db_hz / 10); }

double Transmitter::tec_power_w() const {
  return spec_.tec_w_per_k * std::abs(temperature_k_ - spec_.reference_temperature_k);
}

double Transmitter::heater_power_w() const {
  return spec_.heater_w_per_k * std::abs(temperature_k_ - spec_.reference_temperature_k);
}

double Transmitter::power_w() const {
  double laser = 0;
  if (direct(spec_.kind)) {
    laser = bias_a_ * spec_.forward_voltage_v; // mean drive: bias current × forward voltage
  } else {
    // CW laser power before the modulator's insertion (and modulation) loss, over wall-plug.
    const double p_cw = p_avg_w_ * std::pow(10.0, spec_.modulator_loss_db / 10);
    laser = p_cw / spec_.wall_plug_efficiency;
  }
  return laser + spec_.driver_power_w + tec_power_w() + heater_power_w();
}

} // namespace linkphy::transceivers
