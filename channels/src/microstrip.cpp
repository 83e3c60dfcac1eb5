// Microstrip medium: Hammerstad–Jensen statics and conductor loss (IEEE MTT-S 1980), Kirschning–
// Jansen dispersion (Electron. Lett. 1982), filling-factor dielectric loss, finite-thickness DC
// transition; the same closed forms as scikit-rf's MLine (Qucs technical documentation §11).
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::channels {

Microstrip::Microstrip(MicrostripGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm)
    : LineMedium(length_m, z0_ohm, g.spacing_m > 0.0), g_(g), d_(std::move(d)), m_(std::move(m)) {
  if (!(g_.width_m >= 0.1e-6 && g_.width_m <= 10e-3))
    throw InputError("width", "must be within 0.1 um to 10 mm");
  if (!(g_.thickness_m > 0.0 && g_.thickness_m <= 1e-3))
    throw InputError("thickness", "must be within 0 (exclusive) and 1 mm");
  if (!(g_.height_m > 0.0 && g_.height_m <= 10e-3))
    throw InputError("height", "must be within 0 (exclusive) and 10 mm");
  if (!(g_.spacing_m >= 0.0 && g_.spacing_m <= 10e-3))
    throw InputError("spacing", "must be within 0 (single-ended) and 10 mm");
  if (!differential_)
    return;
  // Strip thickness enters through the Hammerstad–Jensen width correction (Garg–Bahl assume t=0).
  const double h = g_.height_m, s = g_.spacing_m, t = g_.thickness_m, w0 = g_.width_m;
  const MicrostripStatic single = microstrip_static(w0, h, t, d_.dk);
  const double w = single.w_eff_m;
  w_eff_ = w;
  const auto cd = coupled_microstrip_capacitance(w, s, h, d_.dk);
  const auto ca = coupled_microstrip_capacitance(w, s, h, 1.0);
  c_air_[0] = ca.odd_f_per_m;
  c_air_[1] = ca.even_f_per_m;
  const double ee[2] = {cd.odd_f_per_m / ca.odd_f_per_m, cd.even_f_per_m / ca.even_f_per_m};
  // Conductor loss: the absolute level of the single line from Hammerstad–Jensen (R' = 2·Ki·Rs/w,
  // as for the single-ended case), scaled per mode by the ratio of Wheeler incremental-inductance
  // factors (Wheeler 1942) of the coupled mode (Garg–Bahl) and of the single line (Hammerstad–
  // Jensen), every wall receding by n (strip narrower and thinner by 2n, gap wider by 2n, ground
  // further by n). The ratio carries the proximity effect of the partner strip.
  const double scale = std::min({w0, s, h, t});
  const double g_single_hj = 2.0 * std::exp(-1.2 * std::pow(single.z0_ohm / eta0_ohm, 0.7)) / w;
  const double g_single_wheeler = wheeler_geometry_factor(
      [&](double n) {
        const MicrostripStatic m = microstrip_static(w0 - 2 * n, h + n, t - 2 * n, 1.0);
        return m.z0_ohm / c0_m_per_s;
      },
      scale);
  for (int i = 0; i < 2; ++i) {
    q_[i] = d_.dk > 1.0 ? (ee[i] - 1.0) / (d_.dk - 1.0) : 1.0;
    const double g_mode = wheeler_geometry_factor(
        [&, i](double n) {
          const double wn = microstrip_static(w0 - 2 * n, h + n, t - 2 * n, 1.0).w_eff_m;
          const auto c = coupled_microstrip_capacitance(wn, s + 2 * n, h + n, 1.0);
          return 1.0 / (c0_m_per_s * c0_m_per_s * (i == 0 ? c.odd_f_per_m : c.even_f_per_m));
        },
        scale);
    g_mode_[i] = g_single_hj * g_mode / g_single_wheeler;
  }
}

LineConstants Microstrip::coupled_mode(std::span<const double> f, const Conditions &c,
                                       bool odd) const {
  const int i = odd ? 0 : 1;
  const double sigma = m_.sigma_at(c.temperature_k);
  const ConductorSpec cs{sigma, g_mode_[i], 1.0 / (sigma * g_.width_m * g_.thickness_m),
                         m_.roughness};
  const double l_ext = 1.0 / (c0_m_per_s * c0_m_per_s * c_air_[i]);
  const auto eps = d_.epsilon(f, c.temperature_k);
  const double zs = odd ? 2.0 : 0.5; // differential: series ×2, shunt ÷2; common: the reverse
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double wr = 2 * std::numbers::pi * f[k];
    const Complex eeff = 1.0 + q_[i] * (eps[k] - 1.0); // complex: carries the dielectric loss
    out.z_per_m[k] = zs * (Complex(0.0, wr * l_ext) + internal_impedance(cs, f[k]));
    out.y_per_m[k] = (1.0 / zs) * Complex(0.0, wr * c_air_[i]) * eeff;
  }
  return out;
}

LineConstants Microstrip::common_constants(std::span<const double> f, const Conditions &c) const {
  return differential_ ? coupled_mode(f, c, false) : constants(f, c);
}

LineConstants Microstrip::constants(std::span<const double> f, const Conditions &c) const {
  if (differential_)
    return coupled_mode(f, c, true);
  const double sigma = m_.sigma_at(c.temperature_k);
  const auto eps = d_.epsilon(f, c.temperature_k);
  const double w = g_.width_m, h = g_.height_m, t = g_.thickness_m;
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double er = eps[k].real();
    const double tand = -eps[k].imag() / er;
    const MicrostripStatic ms = microstrip_static(w, h, t, er);
    const double eeff_f = microstrip_eps_eff_kj(ms, h, er, f[k]);
    const double z_f = microstrip_z0_kj(ms, h, er, eeff_f, f[k]);
    // Hammerstad–Jensen conductor loss α_c = Rs·Kr·Ki/(Z·w) ⇒ R' = 2·Ki·Rs/w (Kr from the
    // roughness model); Ki = exp(−1.2·(Z/η0)^0.7) is the current-distribution factor.
    const double ki = std::exp(-1.2 * std::pow(z_f / eta0_ohm, 0.7));
    const ConductorSpec cs{sigma, 2.0 * ki / ms.w_eff_m, 1.0 / (sigma * w * t), m_.roughness};
    // Dielectric loss through the filling factor q = (εeff − 1)/(εr − 1): tanδ_eff =
    // q·εr·tanδ/εeff (Pozar §3.8; Hammerstad–Jensen).
    const double q = er > 1.0 ? (ms.eps_eff - 1.0) / (er - 1.0) : 1.0;
    const double tand_eff = q * er * tand / ms.eps_eff;
    const double wr = 2 * std::numbers::pi * f[k];
    const double l_ext = z_f * std::sqrt(eeff_f) / c0_m_per_s;
    const double cap = std::sqrt(eeff_f) / (z_f * c0_m_per_s);
    out.z_per_m[k] = Complex(0.0, wr * l_ext) + internal_impedance(cs, f[k]);
    out.y_per_m[k] = Complex(wr * cap * tand_eff, wr * cap);
  }
  return out;
}

double Microstrip::impedance_ohm() const {
  if (differential_) {
    const auto cd = coupled_microstrip_capacitance(w_eff_, g_.spacing_m, g_.height_m, d_.dk);
    return 2.0 / (c0_m_per_s * std::sqrt(cd.odd_f_per_m * c_air_[0]));
  }
  return microstrip_static(g_.width_m, g_.height_m, g_.thickness_m, d_.dk).z0_ohm;
}

std::string Microstrip::describe() const {
  std::ostringstream os;
  os << (differential_ ? "differential microstrip " : "microstrip ") << d_.name
     << " w=" << g_.width_m * 1e6 << "um h=" << g_.height_m * 1e6 << "um l=" << length_m_ << "m";
  return os.str();
}

} // namespace linkphy::channels
