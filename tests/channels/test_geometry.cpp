// Stripline impedance closed forms against each other and their limits.
#include <linkphy/channels/geometry.hpp>
#include <linkphy/channels/media.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("Wheeler's thick stripline tends to Cohn's exact thin-strip impedance", "[geometry]") {
  // Wheeler 1978 states < 0.5 % error against the conformal map for t → 0.
  for (double wb : {0.2, 0.5, 1.0, 2.0}) {
    const double b = 1e-3;
    CHECK(stripline_z0_air(wb * b, b, 1e-9) ==
          Approx(stripline_z0_air_thin(wb * b, b)).epsilon(0.005));
  }
  // Wide strip limit: parallel plates above and below plus the edge fringing of Cohn's map,
  // Z → η0 / (4·(w/b + 2·ln2/π)); within 0.1 % at w = 4b (the neglected terms are e^{−πw/b}).
  CHECK(stripline_z0_air_thin(4e-3, 1e-3) ==
        Approx(eta0_ohm / (4 * (4.0 + 2 * std::log(2.0) / M_PI))).epsilon(0.001));
}

TEST_CASE("coupled stripline far apart is a single line and close pairs split odd below even",
          "[geometry]") {
  const double w = 127e-6, t = 17.5e-6, b = 2 * 127e-6 + t;
  const double z0 = stripline_z0_air(w, b, t);
  const auto far = coupled_stripline_air(w, 20 * b, b, t);
  CHECK(far.odd_ohm == Approx(z0).epsilon(0.005));
  CHECK(far.even_ohm == Approx(z0).epsilon(0.005));
  const auto near = coupled_stripline_air(w, 0.3 * b, b, t);
  CHECK(near.odd_ohm < z0);
  CHECK(near.even_ohm > z0);
}

TEST_CASE("a 50-ohm stripline and a 100-ohm pair come out of typical dimensions",
          "[geometry][stripline]") {
  // 5 mil strip, 5 mil to each plane, Dk 3.35: the classic ~50 ohm stackup (Bogatin §7).
  Dielectric d;
  d.dk = 3.35;
  d.df = 0.002;
  d.f_ref_hz = 12e9;
  const Stripline s(StriplineGeometry{127e-6, 17.5e-6, 127e-6, 0.0}, d, Metal{}, 0.1);
  CHECK(s.impedance_ohm() == Approx(50.0).margin(3.0));
  const Stripline p(StriplineGeometry{127e-6, 17.5e-6, 127e-6, 127e-6}, d, Metal{}, 0.1);
  CHECK(p.impedance_ohm() == Approx(92.0).margin(8.0));
  CHECK(p.impedance_ohm() < 2 * s.impedance_ohm()); // coupling lowers Zdiff below 2·Z0
}

TEST_CASE("the differential pair's mixed-mode 4-port has Sdd and Scc and no conversion",
          "[stripline][mixed-mode]") {
  Dielectric d;
  d.dk = 3.35;
  d.df = 0.002;
  d.f_ref_hz = 12e9;
  const Stripline p(StriplineGeometry{127e-6, 17.5e-6, 127e-6, 127e-6}, d, Metal{}, 0.1);
  const std::vector<double> f = {0.0, 1e9, 26.5625e9};
  const Network mm = p.mixed_mode_network(f, Conditions{});
  const Network dd = p.network(f, Conditions{});
  REQUIRE(mm.ports == 4);
  CHECK(mm.z0_ohm[0] == 100.0);
  CHECK(mm.z0_ohm[2] == 25.0);
  for (std::size_t k = 0; k < f.size(); ++k) {
    CHECK(std::abs(mm.at(k, 1, 0) - dd.at(k, 1, 0)) < 1e-15);
    CHECK(std::abs(mm.at(k, 2, 0)) == 0.0);
    CHECK(std::abs(mm.at(k, 3, 2)) > 0.5); // common mode passes too
  }
  // Even mode is faster in a homogeneous stripline? No: TEM ⇒ same velocity for both modes.
  const auto cd = p.constants(f, Conditions{});
  const auto cc = p.common_constants(f, Conditions{});
  const double bd = propagation_constant(cd.z_per_m[2], cd.y_per_m[2]).imag();
  const double bc = propagation_constant(cc.z_per_m[2], cc.y_per_m[2]).imag();
  CHECK(bd == Approx(bc).epsilon(0.01)); // only internal inductance differs
}

TEST_CASE("hotter copper loses more and R follows the 0.393 %/degC law",
          "[stripline][temperature]") {
  Dielectric d;
  d.dk = 3.35;
  d.df = 0.0;
  d.f_ref_hz = 12e9;
  const Stripline s(StriplineGeometry{127e-6, 17.5e-6, 127e-6, 0.0}, d, Metal{}, 1.0);
  const std::vector<double> f = {0.0, 20e9};
  const auto c25 = s.constants(f, Conditions{298.15});
  const auto c85 = s.constants(f, Conditions{358.15});
  // DC resistance ratio is exactly the linear law; skin regime goes as √ρ.
  CHECK(c85.z_per_m[0].real() / c25.z_per_m[0].real() ==
        Approx((1 + 0.00393 * 65) / (1 + 0.00393 * 5)).epsilon(1e-9));
  CHECK(c85.z_per_m[1].real() / c25.z_per_m[1].real() ==
        Approx(std::sqrt((1 + 0.00393 * 65) / (1 + 0.00393 * 5))).epsilon(0.01));
}

TEST_CASE("Df drift with temperature where the catalog gives it", "[dielectric][temperature]") {
  Dielectric d;
  d.dk = 4.2;
  d.df = 0.02;
  d.df_tc_per_k = 0.002; // +0.2 %/K
  CHECK(d.model(358.15).df(1e9) == Approx(0.02 * 1.12).epsilon(1e-9));
  CHECK(d.model(298.15).df(1e9) == Approx(0.02).epsilon(1e-9));
}

TEST_CASE("edge-coupled microstrip: loose pair → 2·Z0 and the single line's loss",
          "[geometry][microstrip]") {
  // Garg & Bahl's validity range is 0.1 ≤ s/h ≤ 5; at s/h = 5 the coupling is small.
  Dielectric d;
  d.dk = 4.2;
  d.df = 0.02;
  d.f_ref_hz = 1e9;
  const MicrostripGeometry single{300e-6, 35e-6, 160e-6, 0.0};
  const MicrostripGeometry loose{300e-6, 35e-6, 160e-6, 800e-6};
  const MicrostripGeometry tight{300e-6, 35e-6, 160e-6, 80e-6};
  const Microstrip s(single, d, Metal{}, 1.0), l(loose, d, Metal{}, 1.0), t(tight, d, Metal{}, 1.0);
  // 5 %: Garg–Bahl's stated accuracy is ~3 % against numerical solutions; HJ ~1 %.
  CHECK(l.impedance_ohm() == Approx(2 * s.impedance_ohm()).epsilon(0.05));
  CHECK(t.impedance_ohm() < 0.9 * l.impedance_ohm()); // tight coupling lowers Zdiff
  const std::vector<double> f = {5e9, 20e9};
  const auto cs = s.constants(f, Conditions{}), cl = l.constants(f, Conditions{});
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double as = propagation_constant(cs.z_per_m[k], cs.y_per_m[k]).real();
    const double al = propagation_constant(cl.z_per_m[k], cl.y_per_m[k]).real();
    // 10 %: different conductor-loss forms (HJ Ki vs Wheeler's rule) and no KJ dispersion.
    CHECK(al == Approx(as).epsilon(0.10));
  }
}
