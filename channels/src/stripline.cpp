// Stripline medium: Wheeler 1978 / Cohn 1955–60 impedances, Wheeler's incremental-inductance rule
// for the skin-effect resistance (Pozar §3.7), finite-thickness DC transition, causal dielectric.
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::channels {

namespace {
void check_geometry(const StriplineGeometry &g) {
  if (!(g.width_m >= 1e-6 && g.width_m <= 10e-3))
    throw InputError("width", "must be within 1 um to 10 mm");
  if (!(g.thickness_m > 0.0 && g.thickness_m <= 1e-3))
    throw InputError("thickness", "must be within 0 (exclusive) and 1 mm");
  if (!(g.height_m > 0.0 && g.height_m <= 10e-3))
    throw InputError("height", "must be within 0 (exclusive) and 10 mm");
  if (!(g.spacing_m >= 0.0 && g.spacing_m <= 10e-3))
    throw InputError("spacing", "must be within 0 (single-ended) and 10 mm");
}
} // namespace

Stripline::Stripline(StriplineGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm)
    : LineMedium(length_m, z0_ohm, g.spacing_m > 0.0), g_(g), d_(std::move(d)), m_(std::move(m)) {
  check_geometry(g_);
  const double w = g_.width_m, t = g_.thickness_m, s = g_.spacing_m;
  const double b = 2 * g_.height_m + t;
  const double scale = std::min({w, t, g_.height_m, s > 0 ? s : w});
  // Walls recede by n: strip narrower and thinner by 2n, planes apart by 2n more, gap wider by 2n.
  if (differential_) {
    const auto modes = coupled_stripline_air(w, s, b, t);
    z_odd_air_ = modes.odd_ohm;
    z_even_air_ = modes.even_ohm;
    g_odd_ = wheeler_geometry_factor(
        [&](double n) {
          return coupled_stripline_air(w - 2 * n, s + 2 * n, b + 2 * n, t - 2 * n).odd_ohm /
                 c0_m_per_s;
        },
        scale);
    g_even_ = wheeler_geometry_factor(
        [&](double n) {
          return coupled_stripline_air(w - 2 * n, s + 2 * n, b + 2 * n, t - 2 * n).even_ohm /
                 c0_m_per_s;
        },
        scale);
  } else {
    z_odd_air_ = z_even_air_ = stripline_z0_air(w, b, t);
    g_odd_ = g_even_ = wheeler_geometry_factor(
        [&](double n) { return stripline_z0_air(w - 2 * n, b + 2 * n, t - 2 * n) / c0_m_per_s; },
        scale);
  }
  rdc_ = 1.0 / (m_.sigma_20c_s_per_m * w * t); // per conductor at 20 °C; scaled with σ(T) below
}

LineConstants Stripline::mode(std::span<const double> f, const Conditions &c, bool odd) const {
  const double sigma = m_.sigma_at(c.temperature_k);
  ConductorSpec cs{sigma, odd ? g_odd_ : g_even_, 1.0 / (sigma * g_.width_m * g_.thickness_m),
                   m_.roughness};
  const double z_air = odd ? z_odd_air_ : z_even_air_;
  const double l_ext = z_air / c0_m_per_s;         // H/m per conductor (air and dielectric alike)
  const double c_air = 1.0 / (z_air * c0_m_per_s); // F/m per conductor in air
  const auto eps = d_.epsilon(f, c.temperature_k);
  // Differential: series ×2, shunt ÷2 (Zdiff = 2·Z_odd); common: series ÷2, shunt ×2.
  const double zs = differential_ ? (odd ? 2.0 : 0.5) : 1.0;
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double w = 2 * std::numbers::pi * f[k];
    out.z_per_m[k] = zs * (Complex(0.0, w * l_ext) + internal_impedance(cs, f[k]));
    out.y_per_m[k] = (1.0 / zs) * Complex(0.0, w * c_air) * eps[k];
  }
  return out;
}

LineConstants Stripline::constants(std::span<const double> f, const Conditions &c) const {
  return mode(f, c, true);
}
LineConstants Stripline::common_constants(std::span<const double> f, const Conditions &c) const {
  return mode(f, c, false);
}

double Stripline::impedance_ohm() const {
  const double z = z_odd_air_ / std::sqrt(d_.dk);
  return differential_ ? 2 * z : z;
}

std::string Stripline::describe() const {
  std::ostringstream os;
  os << (differential_ ? "differential stripline " : "stripline ") << d_.name
     << " w=" << g_.width_m * 1e6 << "um";
  if (differential_)
    os << " s=" << g_.spacing_m * 1e6 << "um";
  os << " h=" << g_.height_m * 1e6 << "um l=" << length_m_ << "m";
  return os.str();
}

} // namespace linkphy::channels
