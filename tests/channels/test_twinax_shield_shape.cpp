// Does the shape of the twinax shield hide the loss the closed-form model lacks? The model puts the
// foil on the circle circumscribing the two insulated wires (D = 2·pitch); a real DAC cable's foil
// is wrapped directly on the two insulations (a "stadium": two half-circles of radius pitch/2
// joined by flat sides; e.g. US patent 10,141,086, "a conductive shield wrapped around the first
// and second inner conductors"). A 2-D boundary-element solution of the TEM cross-section
// (Harrington, "Field Computation by Moment Methods", §1.5 / ch. 3: constant charge panels, point
// matching) gives L and, by the perturbational loss integral R = Σ Rs ∮ (ρs/q)² dl (Collin,
// "Foundations for Microwave Engineering", 2nd ed., §3.8), the wire and shield resistance for
// either shape.
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>

#include <Eigen/Dense>
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

using namespace linkphy;
using namespace linkphy::channels;

namespace {
constexpr double pi = std::numbers::pi;
const double eps0 = 1.0 / (mu0_h_per_m * c0_m_per_s * c0_m_per_s);

struct Panel {
  double x, y, h; // centre (m) and length (m)
};
struct Cross {
  double l_h_per_m;    // differential (loop) inductance
  double g_wire_per_m; // R_wires = Rs_wire · g_wire for a loop current
  double g_shield_per_m;
};

void add_circle(std::vector<Panel> &p, double cx, double cy, double r, int n) {
  for (int k = 0; k < n; ++k) {
    const double a = 2 * pi * (k + 0.5) / n;
    p.push_back({cx + r * std::cos(a), cy + r * std::sin(a), 2 * pi * r / n});
  }
}
// Flat sides y = ±r for |x| ≤ s/2, half-circles of radius r centred on (±s/2, 0).
void add_stadium(std::vector<Panel> &p, double s, double r, int n) {
  const double per = 2 * s + 2 * pi * r, h = per / n;
  for (int k = 0; k < n; ++k) {
    const double t = (k + 0.5) * h;
    if (t < s) {
      p.push_back({-s / 2 + t, -r, h});
    } else if (t < s + pi * r) {
      const double a = -pi / 2 + (t - s) / r;
      p.push_back({s / 2 + r * std::cos(a), r * std::sin(a), h});
    } else if (t < 2 * s + pi * r) {
      p.push_back({s / 2 - (t - s - pi * r), r, h});
    } else {
      const double a = pi / 2 + (t - 2 * s - pi * r) / r;
      p.push_back({-s / 2 + r * std::cos(a), r * std::sin(a), h});
    }
  }
}

// Wires of diameter d at (±s/2, 0) held at ±1 V, the shield panels at 0 V; vacuum. Unknowns: the
// panel charge densities and a free potential offset, with total charge zero (closed shield).
Cross solve(double d, double s, const std::vector<Panel> &shield, int nw = 48) {
  std::vector<Panel> p;
  add_circle(p, -s / 2, 0, d / 2, nw);
  add_circle(p, s / 2, 0, d / 2, nw);
  p.insert(p.end(), shield.begin(), shield.end());
  const int n = static_cast<int>(p.size());
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n + 1, n + 1);
  Eigen::VectorXd b = Eigen::VectorXd::Zero(n + 1);
  const double k = -1.0 / (2 * pi * eps0); // potential of a line charge: k·λ·ln r
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      a(i, j) = i == j ? k * p[j].h * (std::log(p[j].h / 2) - 1)
                       : k * p[j].h * std::log(std::hypot(p[i].x - p[j].x, p[i].y - p[j].y));
    }
    a(i, n) = 1.0;
    a(n, i) = p[i].h;
    b(i) = i < nw ? 1.0 : (i < 2 * nw ? -1.0 : 0.0);
  }
  const Eigen::VectorXd rho = a.partialPivLu().solve(b);
  double q1 = 0;
  for (int i = 0; i < nw; ++i)
    q1 += rho(i) * p[i].h;
  Cross c{};
  c.l_h_per_m = mu0_h_per_m * eps0 / (q1 / 2.0); // L·C = µ0ε0, C = q1/(V1 − V2)
  for (int i = 0; i < n; ++i) {
    const double w = (rho(i) / q1) * (rho(i) / q1) * p[i].h;
    (i < 2 * nw ? c.g_wire_per_m : c.g_shield_per_m) += w;
  }
  return c;
}
} // namespace

TEST_CASE("boundary-element twinax cross-section reproduces the bare-pair closed forms",
          "[twinax][bem]") {
  // A shield 60 pitches away leaves the bare pair: L = (µ0/π)·acosh(s/d) and the proximity factor
  // R = 2·Rs/(π·d) · (s/d)/√((s/d)² − 1) (G. S. Smith, J. Appl. Phys. 43(5), 1972).
  const double d = 0.405e-3;
  for (double ratio : {1.6, 2.5, 5.0}) {
    const double s = ratio * d;
    std::vector<Panel> far;
    add_circle(far, 0, 0, 60 * s, 200);
    const Cross c = solve(d, s, far, 64);
    const double sg = 0.5 / 60;
    const double l_expect =
        mu0_h_per_m / pi * (std::acosh(ratio) + std::log((1 - sg * sg) / (1 + sg * sg)));
    const double g_expect = 2.0 / (pi * d) * ratio / std::sqrt(ratio * ratio - 1.0);
    INFO("s/d = " << ratio << ": L " << c.l_h_per_m << " (closed form " << l_expect << "), g "
                  << c.g_wire_per_m << " (closed form " << g_expect << ")");
    // 0.5 %: panel discretisation (64 panels a wire; the error falls as the panels shrink).
    CHECK(c.l_h_per_m == Approx(l_expect).epsilon(0.005));
    CHECK(c.g_wire_per_m == Approx(g_expect).epsilon(0.005));
  }
}

TEST_CASE("twinax conductor loss: foil on the insulation vs the model's circumscribing circle",
          "[twinax][bem]") {
  const double f = 26.5625e9;
  Conditions c20;
  c20.temperature_k = 293.15; // σ = σ20
  Dielectric foam;
  foam.dk = 1.6;
  foam.df = 0.0; // conductor loss only
  foam.f_ref_hz = 10e9;
  Metal al;
  al.sigma_20c_s_per_m = 3.5e7;
  const double rs_cu = std::sqrt(pi * f * mu0_h_per_m / copper_sigma_s_per_m);
  const double rs_al = std::sqrt(pi * f * mu0_h_per_m / al.sigma_20c_s_per_m);
  const double np_to_db = 20.0 / std::log(10.0);
  for (int awg : {26, 28, 30}) {
    const double d = awg_diameter_m(awg);
    // The model (Wadell §4.5 inductance, Wheeler's rule), pitch solved for 100 ohm.
    const Twinax model(TwinaxGeometry{d, 0.0, 0.0, false, 100.0}, foam, Metal{}, al, 1.0);
    const std::vector<double> g = {f};
    const double ac_model =
        model.constants(g, c20).z_per_m[0].real() / (2 * model.impedance_ohm()) * np_to_db;
    // Boundary elements, stadium foil on insulations of diameter = pitch, pitch solved for 100 ohm
    // (Z = c·L/√εr, as in the model).
    // The same for the model's own circle (D = 2·pitch), to separate the closed form's error.
    auto z_of = [&](double s, bool stadium) {
      std::vector<Panel> sh;
      if (stadium)
        add_stadium(sh, s, s / 2, 240);
      else
        add_circle(sh, 0, 0, s, 240);
      const Cross cr = solve(d, s, sh);
      return std::pair{c0_m_per_s * cr.l_h_per_m / std::sqrt(foam.dk), cr};
    };
    auto at_100_ohm = [&](bool stadium) {
      double lo = 1.05 * d, hi = 5.0 * d;
      for (int i = 0; i < 22; ++i) {
        const double mid = 0.5 * (lo + hi);
        (z_of(mid, stadium).first < 100.0 ? lo : hi) = mid;
      }
      return 0.5 * (lo + hi);
    };
    const double s_circle = at_100_ohm(false);
    const auto [z_c, cr_c] = z_of(s_circle, false);
    const double ac_circle =
        (rs_cu * cr_c.g_wire_per_m + rs_al * cr_c.g_shield_per_m) / (2 * z_c) * np_to_db;
    const double s_stadium = at_100_ohm(true);
    const auto [z, cr] = z_of(s_stadium, true);
    const double ac_wires = rs_cu * cr.g_wire_per_m / (2 * z) * np_to_db;
    const double ac_shield = rs_al * cr.g_shield_per_m / (2 * z) * np_to_db;
    INFO("AWG " << awg << ": model conductor loss " << ac_model << " dB/m (pitch "
                << model.geometry().pitch_m * 1e3 << " mm); boundary elements, circle " << ac_circle
                << " dB/m (pitch " << s_circle * 1e3 << " mm); stadium foil "
                << ac_wires + ac_shield << " dB/m (wires " << ac_wires << " + shield " << ac_shield
                << ", pitch " << s_stadium * 1e3 << " mm)");
    REQUIRE(z == Approx(100.0).epsilon(1e-3));
    REQUIRE(z_c == Approx(100.0).epsilon(1e-3));
    // The closed form (Wadell's shielded-pair L, Wheeler's rule) against the exact circle: it
    // assumes pitch ≪ D (here pitch/D = 1/2) and overestimates the conductor loss by 5.2–5.4 %
    // (26–30 AWG); asserted as an overestimate of under 8 %.
    CHECK(ac_model > ac_circle);
    CHECK(ac_model < 1.08 * ac_circle);
    // The foil drawn tight on the insulations carries more of the loss (the shield is nearer the
    // wires above and below them) while the wider pitch needed for 100 ohm lowers the wires'
    // proximity crowding: the stadium lies 4.6 % above the exact circle and, by the closed form's
    // overestimate above, within 1 % of the model (measured −0.6 % at 26 AWG). So the shield's
    // shape is not where the gap to 5–8 dB/m lies; 3 % bounds it with the 0.5 % discretisation.
    CHECK(ac_wires + ac_shield == Approx(ac_model).epsilon(0.03));
    CHECK(ac_shield > 0.0);
  }
}
