// Shielded twinax (differential mode). Inductance of a shielded balanced pair,
// L_diff = (µ0/π)·[acosh(s/d) + ln((1 − σ²)/(1 + σ²))], σ = s/D — the shielded-pair formula of
// Wadell, "Transmission Line Design Handbook" §4.5 (ITT Reference Data for Radio Engineers,
// ch. 22) with its ln(2s/d) replaced by the exact acosh(s/d) of the bare pair (proximity effect).
// Skin-effect resistance by Wheeler's incremental-inductance rule on that L (Proc. IRE 1942),
// separately for the wires and the shield; causal foamed dielectric.
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <numbers>
#include <sstream>

namespace linkphy::channels {

namespace {
constexpr double pi = std::numbers::pi;
double l_diff(double d, double s, double dsh) {
  const double sg = s / dsh;
  return mu0_h_per_m / pi * (std::acosh(s / d) + std::log((1 - sg * sg) / (1 + sg * sg)));
}
// Shield diameter of an oval jacket around two touching insulated wires, approximated by the
// circumscribing circle: D = 2·s (insulation outer diameter = pitch s).
double auto_shield(double s) { return 2.0 * s; }
} // namespace

Twinax::Twinax(TwinaxGeometry g, Dielectric d, Metal wire, Metal shield, double length_m,
               double z0_ohm)
    : LineMedium(length_m, z0_ohm, true), g_(g), d_(std::move(d)), wire_(std::move(wire)),
      shield_(std::move(shield)) {
  if (!(g_.wire_d_m > 0.0 && g_.wire_d_m < 5e-3))
    throw InputError("wire_d", "must be within 0 and 5 mm");
  // A 7-strand conductor of the same copper area: bundle diameter 3·d/√7 (strands d/√7).
  double d_geom = g_.wire_d_m;
  if (g_.stranded) {
    d_geom = 3.0 * g_.wire_d_m / std::sqrt(7.0);
    // Current crowds onto the outer strands' exposed arcs: the HF resistance of a 7-strand
    // bundle exceeds a solid rod of the bundle's diameter; factor 1.25 assumed (no published
    // figure was at hand; see channels/catalog/cables.toml).
    stranding_ = 1.25;
  }
  const double sqrt_er = std::sqrt(d_.dk);
  if (g_.pitch_m <= 0.0) {
    // Solve for the pitch that gives the target differential impedance Z = c·L/√εr.
    const double target = g_.zdiff_target_ohm;
    double lo = d_geom * 1.0001, hi = d_geom * 50;
    for (int i = 0; i < 200; ++i) {
      const double mid = 0.5 * (lo + hi);
      const double dsh = g_.shield_d_m > 0 ? g_.shield_d_m : auto_shield(mid);
      const double z = c0_m_per_s * l_diff(d_geom, mid, dsh) / sqrt_er;
      (z < target ? lo : hi) = mid;
    }
    g_.pitch_m = 0.5 * (lo + hi);
  }
  if (!(g_.pitch_m > d_geom))
    throw InputError("pitch", "must exceed the wire diameter (wires would overlap)");
  if (g_.shield_d_m <= 0.0)
    g_.shield_d_m = auto_shield(g_.pitch_m);
  if (!(g_.shield_d_m > g_.pitch_m + d_geom))
    throw InputError("shield_d", "must exceed pitch + wire diameter (the shield encloses both)");
  const double s = g_.pitch_m, dsh = g_.shield_d_m;
  l_odd_ = l_diff(d_geom, s, dsh);
  // Wheeler's rule: wires shrink (d − 2n), the shield recedes outward (D + 2n).
  g_wire_ = stranding_ * wheeler_geometry_factor(
                             [&](double n) { return l_diff(d_geom - 2 * n, s, dsh); }, d_geom);
  g_shield_ =
      wheeler_geometry_factor([&](double n) { return l_diff(d_geom, s, dsh + 2 * n); }, d_geom);
  // DC: out on one wire, back on the other.
  rdc_ = 2.0 / (pi * g_.wire_d_m * g_.wire_d_m / 4.0);
}

LineConstants Twinax::constants(std::span<const double> f, const Conditions &c) const {
  const double sw = wire_.sigma_at(c.temperature_k);
  const double ss = shield_.sigma_at(c.temperature_k);
  const ConductorSpec wire{sw, g_wire_, rdc_ / sw, wire_.roughness};
  // The shield carries only induced (image) current in the differential mode: skin-effect
  // resistance without a DC term (8 µm foil: its own finite thickness sets the transition).
  const ConductorSpec shield{ss, g_shield_, g_shield_ / (ss * 8e-6), shield_.roughness};
  const double c_vac = 1.0 / (c0_m_per_s * c0_m_per_s * l_odd_); // L·C = 1/c² in vacuum
  const auto eps = d_.epsilon(f, c.temperature_k);
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double w = 2 * pi * f[k];
    Complex zi = internal_impedance(wire, f[k]);
    if (f[k] > 0.0)
      zi += internal_impedance(shield, f[k]);
    out.z_per_m[k] = Complex(0.0, w * l_odd_) + zi;
    out.y_per_m[k] = Complex(0.0, w * c_vac) * eps[k];
  }
  return out;
}

LineConstants Twinax::common_constants(std::span<const double> f, const Conditions &c) const {
  // Common mode: both wires in parallel against the shield. Approximation: a coax whose inner
  // conductor is the pair's geometric-mean radius √(d·s)/2 (Wadell §4.5 even mode of a shielded
  // pair, s ≪ D), L_c = µ0/(2π)·ln(D/√(d·s)); loss from the two wires in parallel only.
  const double sw = wire_.sigma_at(c.temperature_k);
  const double d = g_.wire_d_m, s = g_.pitch_m, dsh = g_.shield_d_m;
  const double l_c = mu0_h_per_m / (2 * pi) * std::log(dsh / std::sqrt(d * s));
  const ConductorSpec wire{sw, g_wire_ / 4.0, rdc_ / (4.0 * sw), wire_.roughness};
  const double c_vac = 1.0 / (c0_m_per_s * c0_m_per_s * l_c);
  const auto eps = d_.epsilon(f, c.temperature_k);
  LineConstants out;
  out.z_per_m.resize(f.size());
  out.y_per_m.resize(f.size());
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double w = 2 * pi * f[k];
    out.z_per_m[k] = Complex(0.0, w * l_c) + internal_impedance(wire, f[k]);
    out.y_per_m[k] = Complex(0.0, w * c_vac) * eps[k];
  }
  return out;
}

double Twinax::impedance_ohm() const { return c0_m_per_s * l_odd_ / std::sqrt(d_.dk); }

std::string Twinax::describe() const {
  std::ostringstream os;
  os << "twinax d=" << g_.wire_d_m * 1e3 << "mm s=" << g_.pitch_m * 1e3 << "mm l=" << length_m_
     << "m";
  return os.str();
}

} // namespace linkphy::channels
