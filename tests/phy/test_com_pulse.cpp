// Pulse response machinery (93A-24): inverse FFT scaling, delay, one-UI rectangle.
#include <linkphy/phy/pulse_response.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>
#include <random>

using namespace linkphy;
using Catch::Matchers::WithinAbs;

TEST_CASE("a pure delay becomes an impulse at that delay", "[com][pulse]") {
  const std::size_t k = 1025;          // one-sided points → N = 2048
  const double df = 1e9 / 2048.0 * 64; // arbitrary grid
  const double dt = 1.0 / (2048 * df);
  const double delay = 100 * dt;
  std::vector<std::complex<double>> h(k);
  for (std::size_t i = 0; i < k; ++i)
    h[i] = std::polar(1.0, -2 * std::numbers::pi * df * static_cast<double>(i) * delay);
  h.back() = h.back().real();
  InverseRealFft ifft(k);
  std::vector<double> ir(ifft.time_points());
  ifft.run(h, ir);
  const auto peak = std::max_element(ir.begin(), ir.end()) - ir.begin();
  CHECK(peak == 100);
  CHECK_THAT(ir[100], WithinAbs(1.0, 1e-9)); // Σ ir = H(0) = 1 and the delay is on the grid
}

TEST_CASE("pulse of an impulse is an M-sample rectangle", "[com][pulse]") {
  std::vector<double> ir(64, 0.0);
  ir[10] = 1.0;
  const auto p = pulse_from_impulse(ir, 8, 0.4);
  for (std::size_t i = 0; i < p.size(); ++i)
    CHECK(p[i] == ((i >= 10 && i < 18) ? 0.4 : 0.0));
}

TEST_CASE("pulses of several impulse responses at once equal each one alone bit for bit",
          "[com][pulse]") {
  // 1 to 6 responses (groups of four and the remainders), records shorter than one UI too.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> g(0.0, 1.0);
  for (std::size_t count = 1; count <= 6; ++count)
    for (std::size_t n : {5u, 16u, 1000u}) {
      std::vector<std::vector<double>> irs(count, std::vector<double>(n));
      for (auto &ir : irs)
        for (double &v : ir)
          v = g(rng);
      std::vector<std::vector<double>> got(count, std::vector<double>(n, -1.0));
      std::vector<const double *> ir_p;
      std::vector<double *> got_p;
      for (std::size_t c = 0; c < count; ++c) {
        ir_p.push_back(irs[c].data());
        got_p.push_back(got[c].data());
      }
      pulse_from_impulses(ir_p, n, 8, 0.37, got_p);
      for (std::size_t c = 0; c < count; ++c) {
        const std::vector<double> want = pulse_from_impulse(irs[c], 8, 0.37);
        INFO(count << " responses of " << n << " samples, response " << c);
        CHECK(std::memcmp(got[c].data(), want.data(), n * sizeof(double)) == 0);
      }
    }
}

TEST_CASE("resampling keeps in-band values and extends beyond the band", "[com][pulse]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (int i = 0; i <= 100; ++i) { // 0..10 GHz, |H| = 1 − f/20 GHz, 30 ps delay
    const double fi = i * 1e8;
    f.push_back(fi);
    h.push_back(std::polar(1.0 - fi / 20e9, -2 * std::numbers::pi * fi * 30e-12));
  }
  const auto r = resample_transfer(f, h, 1e8, 201);
  CHECK_THAT(std::abs(r[50]), WithinAbs(1.0 - 5e9 / 20e9, 1e-12));
  // Beyond the band: the magnitude trend is linear, clamped to the last value and above 0.
  CHECK(std::abs(r[150]) <= std::abs(h.back()) + 1e-12);
  CHECK(std::abs(r[200]) < std::abs(r[150]));
  // Phase continues with the median group delay (30 ps): arg at 15 GHz.
  const double expect = -2 * std::numbers::pi * 15e9 * 30e-12;
  const double got = std::arg(r[150]);
  CHECK_THAT(std::remainder(got - expect, 2 * std::numbers::pi), WithinAbs(0.0, 1e-6));
}

TEST_CASE("resampling needs ten points", "[com][pulse]") {
  std::vector<double> f = {0, 1, 2};
  std::vector<std::complex<double>> h(3, 1.0);
  CHECK_THROWS_WITH(resample_transfer(f, h, 1.0, 4), Catch::Contains("at least 10"));
}
