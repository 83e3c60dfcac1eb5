// Microstrip medium: Hammerstad–Jensen statics and conductor loss (IEEE MTT-S 1980), Kirschning–
// Jansen dispersion (Electron. Lett. 1982), filling-factor dielectric loss, finite-thickness DC
// transition; the same closed forms as scikit-rf's MLine (Qucs technical documentation §11).
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::channels {

Microstrip::Microstrip(MicrostripGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm)
    : LineMedium(length_m, z0_ohm, false), g_(g), d_(std::move(d)), m_(std::move(m)) {
  if (!(g_.width_m >= 0.1e-6 && g_.width_m <= 10e-3))
    throw InputError("width", "must be within 0.1 um to 10 mm");
  if (!(g_.thickness_m > 0.0 && g_.thickness_m <= 1e-3))
    throw InputError("thickness", "must be within 0 (exclusive) and 1 mm");
  if (!(g_.height_m > 0.0 && g_.height_m <= 10e-3))
    throw InputError("height", "must be within 0 (exclusive) and 10 mm");
}

LineConstants Microstrip::constants(std::span<const double> f, const Conditions &c) const {
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
  return microstrip_static(g_.width_m, g_.height_m, g_.thickness_m, d_.dk).z0_ohm;
}

std::string Microstrip::describe() const {
  std::ostringstream os;
  os << "microstrip " << d_.name << " w=" << g_.width_m * 1e6 << "um h=" << g_.height_m * 1e6
     << "um l=" << length_m_ << "m";
  return os.str();
}

} // namespace linkphy::channels
