// Photodiodes, TIAs and the O/E receiver (sources in photodiode.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/photodiode.hpp>

#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>

namespace linkphy::transceivers {
namespace {
constexpr double kHcOverQ = 1.23984198e-6; // h·c/q, V·m (λ[µm]/1.2398 A/W at η = 1)
} // namespace

double responsivity(double eta, double wavelength_m) {
  if (!(eta > 0 && eta <= 1))
    throw InputError("photodiode quantum efficiency", "must be in (0, 1]");
  return eta * wavelength_m / kHcOverQ; // Agrawal eq. 4.1.3: R = ηq/(hν)
}

double apd_excess_noise(double gain, double k) {
  if (!(gain >= 1) || !(k >= 0 && k <= 1))
    throw InputError("APD", "gain must be >= 1 and ionisation ratio k in [0, 1]");
  return k * gain + (1 - k) * (2 - 1 / gain); // McIntyre 1966
}

Photodiode photodiode_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  Photodiode d;
  d.name = name;
  d.source = p.text("source");
  const std::string kind = p.text("kind");
  if (kind != "pin" && kind != "apd")
    throw InputError(p.where_key("kind"), "'" + kind + "' is not a photodiode kind (pin, apd)");
  d.avalanche = kind == "apd";
  d.quantum_efficiency = p.number("quantum_efficiency", 0.01, 1);
  d.dark_current_a = p.quantity("dark_current", D::current);
  d.capacitance_f = p.quantity("capacitance", D::capacitance);
  d.gain = d.avalanche ? p.number("gain", 1, 1000) : 1;
  d.k_ratio = d.avalanche ? p.number("k_ratio", 0, 1) : 0;
  d.bandwidth_hz = p.quantity("bandwidth", D::frequency);
  d.bias_v = p.quantity("bias", D::voltage);
  d.window_min_m = p.quantity("window_min", D::length);
  d.window_max_m = p.quantity("window_max", D::length);
  p.reject_unused({"source", "kind", "quantum_efficiency", "dark_current", "capacitance", "gain",
                   "k_ratio", "bandwidth", "bias", "window_min", "window_max"});
  return d;
}

Photodiode find_photodiode(const std::string &name) {
  return photodiode_from_params(name,
                                builtin_catalog("photodiodes.toml").entry(name, "photodiode"));
}

Tia tia_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  Tia t;
  t.name = name;
  t.source = p.text("source");
  t.noise_density_a_per_rthz = p.quantity("noise_density", D::current_density);
  t.bandwidth_hz = p.quantity("bandwidth", D::frequency);
  t.noise_bandwidth_factor = p.number_or("noise_bandwidth_factor", 1.11, 1, 2);
  t.transimpedance_ohm = p.quantity("transimpedance", D::resistance);
  t.power_w = p.quantity("power", D::power);
  p.reject_unused({"source", "noise_density", "bandwidth", "noise_bandwidth_factor",
                   "transimpedance", "power"});
  return t;
}

Tia find_tia(const std::string &name) {
  return tia_from_params(name, builtin_catalog("tias.toml").entry(name, "TIA"));
}

OpticalReceiver::OpticalReceiver(Photodiode pd, Tia tia, double wavelength_m)
    : pd_(std::move(pd)), tia_(std::move(tia)), wavelength_m_(wavelength_m) {
  if (!(wavelength_m >= pd_.window_min_m && wavelength_m <= pd_.window_max_m)) {
    std::ostringstream os;
    os << "wavelength " << wavelength_m * 1e9 << " nm is outside the window of photodiode "
       << pd_.name << " (" << pd_.window_min_m * 1e9 << " to " << pd_.window_max_m * 1e9 << " nm)";
    throw InputError("receiver", os.str());
  }
}

std::string OpticalReceiver::describe() const {
  return (pd_.avalanche ? "APD " : "PIN ") + pd_.name + " + TIA " + tia_.name;
}

void OpticalReceiver::response(std::span<const double> freq_hz,
                               std::span<std::complex<double>> h) const {
  const std::complex<double> j(0, 1);
  for (std::size_t i = 0; i < freq_hz.size(); ++i) {
    const std::complex<double> s = j * (freq_hz[i] / tia_.bandwidth_hz);
    const std::complex<double> pd = 1.0 / (1.0 + j * (freq_hz[i] / pd_.bandwidth_hz));
    h[i] = pd / (1.0 + std::numbers::sqrt2 * s + s * s); // Butterworth 2nd order
  }
}

double OpticalReceiver::responsivity_a_per_w() const {
  return responsivity(pd_.quantum_efficiency, wavelength_m_) * pd_.gain;
}

double OpticalReceiver::noise_current_psd(double p_avg_w) const {
  const double r = responsivity(pd_.quantum_efficiency, wavelength_m_);
  const double f = pd_.avalanche ? apd_excess_noise(pd_.gain, pd_.k_ratio) : 1.0;
  // Thermal (TIA input-referred) + shot 2q·M²·F·(R·P + I_d) (Agrawal eqs. 4.4.3, 4.4.15).
  return tia_.noise_density_a_per_rthz * tia_.noise_density_a_per_rthz +
         2 * kElementaryCharge * pd_.gain * pd_.gain * f * (r * p_avg_w + pd_.dark_current_a);
}

double OpticalReceiver::noise_bandwidth_hz() const {
  return tia_.bandwidth_hz * tia_.noise_bandwidth_factor;
}

double OpticalReceiver::power_w() const { return tia_.power_w; }

double OpticalReceiver::thermal_noise_a() const {
  return tia_.noise_density_a_per_rthz * std::sqrt(noise_bandwidth_hz());
}

double OpticalReceiver::sensitivity_oma_w(double q, int levels, double er) const {
  if (!(q > 0) || levels < 2 || !(er > 1))
    throw InputError("receiver sensitivity", "needs Q > 0, levels >= 2, extinction ratio > 1");
  const double rm = responsivity_a_per_w();
  const double bw = noise_bandwidth_hz();
  // Levels P_k = P0 + k·OMA/(M−1), P0 = P̄ − OMA/2 with P̄ = OMA/2·(ER+1)/(ER−1). The worst eye is
  // the top one (largest shot noise): Q = (I_top − I_below)/(σ_top + σ_below) (Agrawal eq. 4.5.9,
  // applied per PAM eye); solved for the OMA by fixed point.
  const double avg_per_oma = std::isinf(er) ? 0.5 : 0.5 * (er + 1) / (er - 1);
  const double m1 = levels - 1;
  double oma = m1 * 2 * q * thermal_noise_a() / rm;
  for (int i = 0; i < 200; ++i) {
    const double p0 = oma * (avg_per_oma - 0.5);
    const double p_top = p0 + oma, p_below = p0 + oma * (m1 - 1) / m1;
    const double s_top = std::sqrt(noise_current_psd(p_top) * bw);
    const double s_below = std::sqrt(noise_current_psd(p_below) * bw);
    const double next = m1 * q * (s_top + s_below) / rm;
    if (std::abs(next - oma) < 1e-13 * oma)
      return next;
    oma = next;
  }
  return oma;
}

double thermal_limited_sensitivity_w(double q, double sigma_t, double r) {
  return q * sigma_t / r; // Agrawal eq. 4.4.11
}

double apd_sensitivity_w(double m, double k, double sigma_t, double q, double df, double r) {
  // Agrawal eq. 4.4.16: P̄rec = (Q/R)(q·F_A·Q·Δf + σ_T/M)
  return (q / r) * (kElementaryCharge * apd_excess_noise(m, k) * q * df + sigma_t / m);
}

double apd_optimum_gain(double sigma_t, double q, double df, double k) {
  const double x = sigma_t / (kElementaryCharge * q * df); // σ_T/(q·Q·Δf)
  if (k <= 0)
    return x > 1 ? std::numeric_limits<double>::infinity() : 1.0;
  const double m2 = (x - (1 - k)) / k; // k·M² + (1 − k) = x
  return m2 > 1 ? std::sqrt(m2) : 1.0;
}

} // namespace linkphy::transceivers
