// Coaxial line: L = µ0/2π·ln(D/d), C = 2πε/ln(D/d) (Pozar §2.2 Table 2.1); skin-effect
// R = Rs/2π·(2/d + 2/D) (Wheeler's rule, exact for coax), finite-thickness DC transition.
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::channels {

Coax::Coax(CoaxGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm)
    : LineMedium(length_m, z0_ohm, false), g_(g), d_(std::move(d)), m_(std::move(m)) {
  if (!(g_.d_inner_m > 0.0))
    throw InputError("d_inner", "must be > 0 m");
  if (!(g_.d_outer_m > g_.d_inner_m))
    throw InputError("d_outer", "must be larger than d_inner (the shield surrounds the wire)");
  if (!(g_.shield_thickness_m > 0.0))
    throw InputError("shield_thickness", "must be > 0 m");
  const double a = g_.d_inner_m / 2, b = g_.d_outer_m / 2;
  g_factor_ = (1.0 / a + 1.0 / b) / (2 * std::numbers::pi);
  const double area_inner = std::numbers::pi * a * a;
  const double area_shield =
      std::numbers::pi * ((b + g_.shield_thickness_m) * (b + g_.shield_thickness_m) - b * b);
  rdc_ = 1.0 / area_inner + 1.0 / area_shield; // × 1/σ at use
}

LineConstants Coax::constants(std::span<const double> f, const Conditions &c) const {
  const double sigma = m_.sigma_at(c.temperature_k);
  const ConductorSpec cs{sigma, g_factor_, rdc_ / sigma, m_.roughness};
  const double ln = std::log(g_.d_outer_m / g_.d_inner_m);
  const double l_ext = mu0_h_per_m / (2 * std::numbers::pi) * ln;
  const double c_vac = 2 * std::numbers::pi * eps0_f_per_m / ln;
  const auto eps = d_.epsilon(f, c.temperature_k);
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double w = 2 * std::numbers::pi * f[k];
    out.z_per_m[k] = Complex(0.0, w * l_ext) + internal_impedance(cs, f[k]);
    out.y_per_m[k] = Complex(0.0, w * c_vac) * eps[k];
  }
  return out;
}

double Coax::impedance_ohm() const {
  return eta0_ohm / (2 * std::numbers::pi * std::sqrt(d_.dk)) *
         std::log(g_.d_outer_m / g_.d_inner_m);
}

std::string Coax::describe() const {
  std::ostringstream os;
  os << "coax d=" << g_.d_inner_m * 1e3 << "mm D=" << g_.d_outer_m * 1e3 << "mm l=" << length_m_
     << "m";
  return os.str();
}

} // namespace linkphy::channels
