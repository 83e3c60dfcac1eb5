// The PMF kernels of Annex 93A.1.7 (phy/src/statistical_eye.cpp) against the plain loops they
// replace: equal bit for bit (vector instruction sets and regrouping change no sum's order).
#include <linkphy/phy/statistical_eye.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using linkphy::AmplitudePmf;

namespace {
bool same_bits(const std::vector<double> &a, const std::vector<double> &b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}
} // namespace

TEST_CASE("the PMF convolution equals the plain double loop bit for bit", "[com][pmf]") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (std::size_t na : {1u, 2u, 7u, 64u, 1001u})
    for (std::size_t nb : {1u, 3u, 8u, 13u, 600u}) {
      AmplitudePmf a, b;
      a.bin_v = b.bin_v = 1e-5;
      a.first_bin = -3;
      b.first_bin = 5;
      for (std::size_t i = 0; i < na; ++i) // some exact zeros: skipped rows
        a.p.push_back(i % 5 == 2 ? 0.0 : u(rng) * 1e-3);
      for (std::size_t j = 0; j < nb; ++j)
        b.p.push_back(u(rng) * 1e-2);
      std::vector<double> want(na + nb - 1, 0.0); // c[i + j] += a_i·b_j, i ascending
      for (std::size_t i = 0; i < na; ++i)
        if (a.p[i] != 0)
          for (std::size_t j = 0; j < nb; ++j)
            want[i + j] += a.p[i] * b.p[j];
      const AmplitudePmf c = linkphy::convolve(a, b);
      INFO("sizes " << na << " x " << nb);
      CHECK(c.first_bin == 2);
      CHECK(same_bits(c.p, want));
    }
}

TEST_CASE("the Gaussian PMF equals the direct formula per bin bit for bit", "[com][pmf]") {
  // Each bin exp(−y²/2σ²) at y = (first_bin + i)·bin, then normalised by the sum in bin order.
  for (double sigma : {0.0, 1e-3, 3.7e-3})
    for (double bin : {1e-5, 7.3e-6}) {
      const AmplitudePmf g = linkphy::gaussian_pmf(sigma, 5.2, bin);
      std::vector<double> want(g.p.size());
      double sum = 0;
      for (std::size_t i = 0; i < want.size(); ++i) {
        const double y = g.y(i);
        want[i] = sigma > 0 ? std::exp(-y * y / (2.0 * sigma * sigma)) : 1.0;
        sum += want[i];
      }
      for (double &v : want)
        v /= sum;
      INFO("sigma " << sigma << ", bin " << bin);
      CHECK(g.first_bin == -static_cast<long>(want.size() / 2));
      CHECK(same_bits(g.p, want));
    }
}

TEST_CASE("the PAM interference PMF of PAM-2/4/6 cursors sums to one and keeps its mean at 0",
          "[com][pmf]") {
  // The PMF kernel's vector paths (PAM-2, PAM-4 and the general loop) against properties that
  // hold for any correct result: unit mass (to rounding, 1e-12) and symmetry about 0 (the
  // symbol values are symmetric; the mean stays within 1e-12 of a bin).
  const std::vector<double> cursors{0.31, -0.12, 0.07, 0.05, -0.021, 0.013, 0.004, -0.0021};
  for (int levels : {2, 4, 6}) {
    const AmplitudePmf p = linkphy::pam_interference_pmf(cursors, levels, 1e-4);
    double mass = 0, mean = 0;
    for (std::size_t i = 0; i < p.p.size(); ++i) {
      mass += p.p[i];
      mean += p.p[i] * p.y(i);
    }
    INFO("PAM-" << levels);
    CHECK(mass == Approx(1.0).margin(1e-12));
    CHECK(std::abs(mean) < 1e-12 * 1e-4);
  }
}
