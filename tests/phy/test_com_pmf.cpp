// Amplitude PMFs of Annex 93A.1.7 against closed forms: the PAM-4 symbol set (93A-39), the
// Gaussian tail Q⁻¹, and convolution of independent sums.
#include <linkphy/phy/error.hpp>
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

namespace {
// A decaying pulse tail (0.3·0.8^k V, alternating sign): many cursors of mixed widths.
std::vector<double> decaying_cursors(int n) {
  std::vector<double> h;
  double v = 0.03;
  for (int k = 0; k < n; ++k, v *= -0.8)
    h.push_back(v);
  return h;
}
} // namespace

TEST_CASE("the PMF of many cursors is the convolution of their PMFs", "[com][pmf]") {
  // pam_interference_pmf forms the whole sum in one pass (narrow terms first); convolve() of
  // the one-cursor PMFs is the definition (93A-39). Same bins; values equal to rounding
  // (1e-12 relative, far below any probability the engine reports).
  const double bin = 1e-5;
  const std::vector<double> h = decaying_cursors(24);
  const AmplitudePmf all = pam_interference_pmf(h, 4, bin);
  AmplitudePmf ref = delta_pmf(bin);
  for (double v : h) {
    const std::vector<double> one = {v};
    ref = convolve(ref, pam_interference_pmf(one, 4, bin));
  }
  REQUIRE(all.first_bin == ref.first_bin);
  REQUIRE(all.p.size() == ref.p.size());
  for (std::size_t i = 0; i < ref.p.size(); ++i)
    CHECK_THAT(all.p[i], WithinRel(ref.p[i], 1e-12) || WithinAbs(ref.p[i], 1e-300));
}

TEST_CASE("the tail of a sum without forming it equals the tail of the convolution", "[com][pmf]") {
  // tail_amplitude_of_sum bisects the CDF of the sum; the reference forms the convolution and
  // scans it (93A-37). The same bin unless a CDF value ties with the probability to rounding.
  const double bin = 1e-5;
  const AmplitudePmf isi = pam_interference_pmf(decaying_cursors(30), 4, bin);
  const AmplitudePmf noise = gaussian_pmf(1.5e-3, 3.719, bin);
  const AmplitudePmf sum = convolve(isi, noise);
  for (double p : {0.3, 1e-2, 1e-4, 1e-8, 1e-12, 1e-20}) {
    INFO("probability " << p);
    CHECK_THAT(tail_amplitude_of_sum(isi, noise, p), WithinAbs(tail_amplitude(sum, p), 1e-12));
  }
  // Beyond all the mass both give the top of the grid.
  CHECK_THAT(tail_amplitude_of_sum(isi, noise, 2.0), WithinAbs(tail_amplitude(sum, 2.0), 1e-12));
}

TEST_CASE("the tail of a sum needs two non-empty PMFs", "[com][pmf]") {
  AmplitudePmf empty;
  const AmplitudePmf one = delta_pmf(1e-5);
  CHECK_THROWS_AS(tail_amplitude_of_sum(empty, one, 1e-4), linkphy::InputError);
  CHECK_THROWS_WITH(tail_amplitude_of_sum(one, empty, 1e-4), Catch::Contains("at least one bin"));
}
