// Djordjevic–Sarkar: reproduces its anchor and is causal (Kramers–Kronig).
#include <linkphy/channels/dielectric.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace linkphy;
using namespace linkphy::channels;

namespace {
// ε'(ω) − ε∞ = (2/π) ∫₀^∞ (ω'ε''(ω') − ωε''(ω)) / (ω'² − ω²) dω' (Kramers–Kronig; the subtracted
// term integrates to zero in principal value, which removes the pole). Trapezoid on ln ω' over
// 1e-4 Hz … 1e20 Hz, 400 points per decade.
double kk_dk(const DjordjevicSarkar &ds, double f) {
  const double w = 2 * std::numbers::pi * f;
  const double epp_w = -ds.epsilon(f).imag();
  const double u0 = std::log(2 * std::numbers::pi * 1e-4),
               u1 = std::log(2 * std::numbers::pi * 1e20);
  const int n = 24 * 400;
  const double du = (u1 - u0) / n;
  double sum = 0.0;
  for (int i = 0; i <= n; ++i) {
    const double wp = std::exp(u0 + (i + 0.5 * 0.123) * du); // grid offset keeps ω' ≠ ω
    const double epp = -ds.epsilon(wp / (2 * std::numbers::pi)).imag();
    const double integrand = (wp * epp - w * epp_w) / (wp * wp - w * w) * wp;
    sum += (i == 0 || i == n ? 0.5 : 1.0) * integrand;
  }
  return ds.eps_inf() + 2.0 / std::numbers::pi * sum * du;
}
} // namespace

TEST_CASE("Djordjevic-Sarkar reproduces Dk and Df at the reference frequency", "[dielectric]") {
  const DjordjevicSarkar m7(3.37, 0.002, 10e9);
  CHECK(m7.dk(10e9) == Approx(3.37).epsilon(1e-12));
  CHECK(m7.df(10e9) == Approx(0.002).epsilon(1e-12));
  // Wideband Debye: Df almost flat over 1–100 GHz (within 10 %), Dk falls with frequency.
  CHECK(m7.df(1e9) == Approx(0.002).epsilon(0.10));
  CHECK(m7.df(100e9) == Approx(0.002).epsilon(0.10));
  CHECK(m7.dk(1e9) > m7.dk(100e9));
}

TEST_CASE("Djordjevic-Sarkar is causal: Dk equals the Hilbert transform of its loss",
          "[dielectric][causality]") {
  const DjordjevicSarkar fr4(4.3, 0.02, 1e9);
  for (double f : {1e9, 10e9, 56e9, 120e9}) {
    // Target: within 1 % of Dk (the bar) — and, much stricter, the dispersive part.
    const double kk = kk_dk(fr4, f);
    CHECK(kk == Approx(fr4.dk(f)).epsilon(0.01));
    CHECK(kk - fr4.eps_inf() == Approx(fr4.dk(f) - fr4.eps_inf()).epsilon(0.01));
  }
  // The check can fail: a constant-Dk/constant-Df material (not causal) misses it by far.
  // Its KK Dk(1 GHz) − Dk(100 GHz) would be (2/π)·Dk·Df·ln(100) ≈ 0.25, not 0.
  const DjordjevicSarkar m(4.3, 0.02, 1e9);
  const double drop_kk = kk_dk(m, 1e9) - kk_dk(m, 100e9);
  const double drop_model = m.dk(1e9) - m.dk(100e9);
  CHECK(drop_kk == Approx(drop_model).epsilon(0.01));
  CHECK(drop_model > 0.2);
}

TEST_CASE("Djordjevic-Sarkar rejects Df > 1 and Dk < 1", "[dielectric][bad-input]") {
  CHECK_THROWS_WITH(DjordjevicSarkar(3.5, 1.5, 1e9), Catch::Matchers::Contains("df must be"));
  CHECK_THROWS_WITH(DjordjevicSarkar(0.5, 0.01, 1e9), Catch::Matchers::Contains("dk must be"));
}
