// Amplitude PMFs of Annex 93A.1.7 against closed forms: the PAM-4 symbol set (93A-39), the
// Gaussian tail Q⁻¹, and convolution of independent sums.
#include <linkphy/phy/statistical_eye.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("one PAM-4 cursor gives four equiprobable levels", "[com][pmf]") {
  const double bin = 1e-5, h = 0.03;
  const std::vector<double> s = {h};
  const AmplitudePmf p = pam_interference_pmf(s, 4, bin);
  int nonzero = 0;
  double sum = 0;
  for (std::size_t i = 0; i < p.p.size(); ++i)
    if (p.p[i] > 0) {
      ++nonzero;
      sum += p.p[i];
      CHECK_THAT(p.p[i], WithinAbs(0.25, 1e-15));
      // values ±h, ±h/3 (93A-39), to the bin
      const double y = std::abs(p.y(i));
      CHECK((std::abs(y - h) <= bin || std::abs(y - h / 3) <= bin));
    }
  CHECK(nonzero == 4);
  CHECK_THAT(sum, WithinAbs(1.0, 1e-12));
  // Variance of PAM-4 with unit peak: (L²−1)/(3(L−1)²) = 5/9 (93A-29).
  CHECK_THAT(pmf_rms(p), WithinRel(h * std::sqrt(5.0 / 9.0), 1e-3));
}

TEST_CASE("samples below a bin are dropped, as the reference code", "[com][pmf]") {
  const std::vector<double> s = {0.5e-5};
  const AmplitudePmf p = pam_interference_pmf(s, 4, 1e-5);
  REQUIRE(p.p.size() == 1);
  CHECK(p.p[0] == 1.0);
}

TEST_CASE("Gaussian tail at DER 1e-4 is 3.719 sigma", "[com][pmf]") {
  // Q⁻¹(1e-4) = 3.7190 (standard normal table); the grid quantises by one bin (σ/1000).
  const double sigma = 1e-3, bin = 1e-6;
  const AmplitudePmf g = gaussian_pmf(sigma, 3.719, bin);
  CHECK_THAT(tail_amplitude(g, 1e-4), WithinAbs(3.719 * sigma, 3 * bin));
  CHECK_THAT(pmf_rms(g), WithinRel(sigma, 1e-3));
}

TEST_CASE("convolution adds variances of independent terms", "[com][pmf]") {
  const double bin = 1e-5;
  const std::vector<double> a = {0.01, 0.004}, b = {0.007};
  const AmplitudePmf pa = pam_interference_pmf(a, 4, bin), pb = pam_interference_pmf(b, 4, bin);
  const AmplitudePmf c = convolve(pa, pb);
  double sum = 0;
  for (double v : c.p)
    sum += v;
  CHECK_THAT(sum, WithinAbs(1.0, 1e-12));
  const double var = 5.0 / 9.0 * (0.01 * 0.01 + 0.004 * 0.004 + 0.007 * 0.007);
  CHECK_THAT(pmf_rms(c) * pmf_rms(c), WithinRel(var, 1e-3)); // bin rounding, < 0.1 %
  // The worst case of a bounded sum is its peak distortion Σ|h|: P(y ≤ −Σ|h|) = 4^-3.
  CHECK_THAT(tail_amplitude(c, 1.0 / 64 - 1e-9), WithinAbs(0.021, 2 * bin));
}
