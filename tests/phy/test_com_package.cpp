// Annex 93A package model pieces against closed forms of transmission-line theory
// (Pozar, Microwave Engineering, 4th ed., §2.4 terminated line, §2.5 quarter-wave transformer,
// §4.3 ABCD of series/shunt elements).
#include <linkphy/phy/com.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace linkphy::com;
using Catch::Matchers::WithinAbs;

namespace {
constexpr double kPi = std::numbers::pi;
}

TEST_CASE("lossless matched package line is a pure delay", "[com][package]") {
  const std::vector<double> f = {1e9, 10e9, 26.5625e9};
  const LineModel lossless{0, 0, 0, 6.0e-3};                           // 6 ps/mm
  const TwoPort t = transmission_line(f, lossless, 100.0, 20.0, 50.0); // Z_c = 2·R_0
  for (std::size_t k = 0; k < f.size(); ++k) {
    // S11 = 0, S21 = exp(−j2π f τ z) exactly (Pozar 2.4); 1e-12 is rounding.
    CHECK(std::abs(t.s11[k]) < 1e-12);
    const Complex expect = std::polar(1.0, -2 * kPi * f[k] * 6.0e-12 * 20.0);
    CHECK(std::abs(t.s21[k] - expect) < 1e-12);
  }
}

TEST_CASE("quarter-wave line transforms the impedance", "[com][package]") {
  // Z_in = Z_c² / Z_L at the quarter-wave frequency (Pozar 2.5); Z_L = 2·R_0 = 100 Ω.
  const double tau_ns_per_mm = 6.0e-3, len = 10.0, zc = 80.0;
  const double f_q = 1.0 / (4.0 * tau_ns_per_mm * 1e-9 * len);
  const std::vector<double> f = {f_q};
  const TwoPort t = transmission_line(f, LineModel{0, 0, 0, tau_ns_per_mm}, zc, len, 50.0);
  const double zin = zc * zc / 100.0;
  const double gamma = (zin - 100.0) / (zin + 100.0);
  CHECK_THAT(t.s11[0].real(), WithinAbs(gamma, 1e-9));
  CHECK_THAT(t.s11[0].imag(), WithinAbs(0.0, 1e-9));
  // Lossless: |S11|² + |S21|² = 1.
  CHECK_THAT(std::norm(t.s11[0]) + std::norm(t.s21[0]), WithinAbs(1.0, 1e-12));
}

TEST_CASE("line loss follows the 93A-9 gamma", "[com][package]") {
  // Matched line: |S21| = exp(−Re γ · z) with Re γ = γ0 + a1√f + a2 f (f in GHz).
  const LineModel line{1e-4, 9.909e-4, 2.772e-4, 6.141e-3};
  const std::vector<double> f = {26.5625e9};
  const TwoPort t = transmission_line(f, line, 100.0, 30.0, 50.0);
  const double fg = 26.5625;
  const double re = 1e-4 + 9.909e-4 * std::sqrt(fg) + 2.772e-4 * fg;
  CHECK_THAT(std::abs(t.s21[0]), WithinAbs(std::exp(-re * 30.0), 1e-12));
}

TEST_CASE("shunt C and series L match their ABCD closed forms", "[com][package]") {
  const std::vector<double> f = {20e9};
  const double w = 2 * kPi * 20e9;
  // Shunt admittance Y between reference impedances Z: S21 = 2/(2 + Y·Z) (Pozar table 4.2),
  // here with Y = jωC and Z = R_0 as 93A-8.
  const TwoPort c = shunt_capacitance(f, 100e-15, 50.0);
  CHECK(std::abs(c.s21[0] - 2.0 / (2.0 + Complex(0, w * 100e-15 * 50.0))) < 1e-14);
  // Series impedance Z_s between references R_0 (the half-circuit of the differential
  // package, as the IEEE COM code): S21 = 2R_0/(2R_0 + Z_s).
  const TwoPort l = series_inductance(f, 0.12e-9, 50.0);
  CHECK(std::abs(l.s21[0] - 100.0 / (100.0 + Complex(0, w * 0.12e-9))) < 1e-14);
  CHECK_THAT(std::norm(l.s11[0]) + std::norm(l.s21[0]), WithinAbs(1.0, 1e-12));
}

TEST_CASE("cascade of two matched line halves equals the whole line", "[com][package]") {
  const std::vector<double> f = {5e9, 40e9};
  const LineModel line{0, 9.909e-4, 2.772e-4, 6.141e-3};
  const TwoPort whole = transmission_line(f, line, 92.5, 12.0, 50.0);
  const TwoPort halves = cascade(transmission_line(f, line, 92.5, 5.0, 50.0),
                                 transmission_line(f, line, 92.5, 7.0, 50.0));
  for (std::size_t k = 0; k < f.size(); ++k) {
    CHECK(std::abs(whole.s21[k] - halves.s21[k]) < 1e-12);
    CHECK(std::abs(whole.s11[k] - halves.s11[k]) < 1e-12);
  }
}

TEST_CASE("terminated transfer: matched ends give S21, open/short give the 93A-18 limits",
          "[com][package]") {
  const std::vector<double> f = {10e9};
  const TwoPort t = transmission_line(f, LineModel{0, 0, 0, 6e-3}, 100.0, 10.0, 50.0);
  CHECK(std::abs(terminated_transfer(t, 0, 0)[0] - t.s21[0]) < 1e-15);
  // Matched line into an open load (Γ2 = 1): voltage doubles, H = 2·S21 (source matched).
  CHECK(std::abs(terminated_transfer(t, 0, 1)[0] - 2.0 * t.s21[0]) < 1e-12);
}

TEST_CASE("package rejects mismatched segment lists", "[com][package]") {
  PackageSide s;
  s.z_c_ohm = {90.0, 95.0};
  s.length_mm = {10.0};
  const std::vector<double> f = {1e9};
  CHECK_THROWS_WITH(package(f, s, LineModel{0, 0, 0, 6e-3}, 50.0),
                    Catch::Contains("same number of line segments"));
}
