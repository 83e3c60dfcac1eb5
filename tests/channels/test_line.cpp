// Analytic limits of the generic line engine (Pozar §2.1, §4.4; PyBERT-style lossless checks).
#include <linkphy/channels/line.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("a lossless line has purely imaginary gamma and Zc = sqrt(L/C)", "[line]") {
  const double l_h = 350e-9, c_f = 140e-12; // per metre, Zc = 50 ohm, v = 1.428e8 m/s
  for (double f : {1e6, 1e9, 50e9, 120e9}) {
    const double w = 2 * std::numbers::pi * f;
    const Complex z(0.0, w * l_h), y(0.0, w * c_f);
    const Complex g = propagation_constant(z, y);
    const Complex zc = characteristic_impedance(z, y);
    CHECK(std::abs(g.real()) < 1e-12 * std::abs(g)); // exactly imaginary up to rounding
    CHECK(g.imag() == Approx(w * std::sqrt(l_h * c_f)).epsilon(1e-12));
    CHECK(zc.real() == Approx(std::sqrt(l_h / c_f)).epsilon(1e-12));
    CHECK(std::abs(zc.imag()) < 1e-9);
  }
}

TEST_CASE("a matched lossless line is a pure delay and a mismatched one is lossless", "[line]") {
  const std::vector<double> f = {0.0, 1e9, 10e9, 37.3e9};
  LineConstants lc;
  const double l_h = 350e-9, c_f = 140e-12, len = 0.25;
  for (double fk : f) {
    const double w = 2 * std::numbers::pi * fk;
    lc.z_per_m.emplace_back(0.0, w * l_h);
    lc.y_per_m.emplace_back(0.0, w * c_f);
  }
  const Network m = line_network(f, lc, len, 50.0);
  const Network mm = line_network(f, lc, len, 75.0);
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double phase = 2 * std::numbers::pi * f[k] * std::sqrt(l_h * c_f) * len;
    CHECK(std::abs(m.at(k, 1, 0) - std::polar(1.0, -phase)) < 1e-12);
    CHECK(std::abs(m.at(k, 0, 0)) < 1e-12);
    // Energy conservation |S11|² + |S21|² = 1 for a lossless mismatched line.
    CHECK(std::norm(mm.at(k, 0, 0)) + std::norm(mm.at(k, 1, 0)) == Approx(1.0).epsilon(1e-12));
  }
  // Quarter-wave 50-ohm line between 75-ohm ports: S11 = (Zc²−Z0²)/(Zc²+Z0²) (Pozar §2.5).
  const double fq = 1.0 / (4.0 * std::sqrt(l_h * c_f) * len);
  const std::vector<double> fq_grid = {fq};
  LineConstants q;
  q.z_per_m = {Complex(0, 2 * std::numbers::pi * fq * l_h)};
  q.y_per_m = {Complex(0, 2 * std::numbers::pi * fq * c_f)};
  const Network nq = line_network(fq_grid, q, len, 75.0);
  CHECK(std::abs(nq.at(0, 0, 0)) == Approx((75.0 * 75 - 2500) / (75.0 * 75 + 2500)).epsilon(1e-9));
}

TEST_CASE("a resistive line at DC is a series resistor and a very long line stays finite",
          "[line]") {
  const std::vector<double> f = {0.0};
  LineConstants lc;
  lc.z_per_m = {Complex(10.0, 0.0)};
  lc.y_per_m = {Complex(0.0, 0.0)};
  const Network n = line_network(f, lc, 2.0, 50.0);
  // Series R = 20 ohm between 50-ohm ports: S21 = 2·50/(2·50 + 20).
  CHECK(n.at(0, 1, 0).real() == Approx(100.0 / 120.0).epsilon(1e-12));
  CHECK(n.at(0, 0, 0).real() == Approx(20.0 / 120.0).epsilon(1e-12));
  // 2000 m of a lossy line: S21 underflows to ~0, S11 → (Zc−Z0)/(Zc+Z0), no NaN.
  const std::vector<double> g = {1e9};
  LineConstants big;
  big.z_per_m = {Complex(50.0, 2 * std::numbers::pi * 1e9 * 350e-9)};
  big.y_per_m = {Complex(0.0, 2 * std::numbers::pi * 1e9 * 140e-12)};
  const Network nb = line_network(g, big, 2000.0, 50.0);
  CHECK(std::isfinite(nb.at(0, 0, 0).real()));
  CHECK(std::abs(nb.at(0, 1, 0)) < 1e-300);
  const Complex zc = characteristic_impedance(big.z_per_m[0], big.y_per_m[0]);
  CHECK(std::abs(nb.at(0, 0, 0) - (zc - 50.0) / (zc + 50.0)) < 1e-12);
}

TEST_CASE("the line engine rejects a negative length", "[line][bad-input]") {
  const std::vector<double> f = {1e9};
  LineConstants lc;
  lc.z_per_m = {Complex(1, 1)};
  lc.y_per_m = {Complex(0, 1)};
  CHECK_THROWS_WITH(line_network(f, lc, -1.0, 50.0),
                    Catch::Matchers::Contains("length must be >= 0 m"));
}
