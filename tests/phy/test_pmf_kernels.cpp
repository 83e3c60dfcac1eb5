// The PMF kernels of Annex 93A.1.7 (phy/src/statistical_eye.cpp) against the plain loops they
// replace: equal bit for bit (vector instruction sets and regrouping change no sum's order).
#include <linkphy/phy/statistical_eye.hpp>

#include <catch2/catch.hpp>

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
