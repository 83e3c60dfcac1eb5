// The blocked per-phase UI-rate cross-correlation kernel (phy/src/ui_correlation.cpp) against the
// plain sums it replaces in the Annex 93A engine: equal bit for bit (the kernel only regroups
// independent sums, it does not reorder any one of them).
#include "../../phy/src/ui_correlation.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <vector>

namespace {
// out[l·m + φ] = Σ_{k + l < n_ui} a[k·m + φ]·b[(k + l)·m + φ], k ascending from +0.
std::vector<double> reference(const std::vector<double> &a, const std::vector<double> &b,
                              std::size_t n_ui, std::size_t m, std::size_t lags) {
  std::vector<double> out(lags * m);
  for (std::size_t l = 0; l < lags; ++l)
    for (std::size_t ph = 0; ph < m; ++ph) {
      double s = 0.0;
      for (std::size_t k = 0; k + l < n_ui; ++k)
        s += a[k * m + ph] * b[(k + l) * m + ph];
      out[l * m + ph] = s;
    }
  return out;
}
} // namespace

TEST_CASE("UI-rate cross-correlation kernel equals the plain sums bit for bit", "[com]") {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> g(0.0, 1.0);
  // Phases: multiples of 8 and 4 (vector blocks) and remainders (scalar path); lags 1..10 (the
  // templated counts 1..8 and the generic path beyond); records shorter than the lag span too.
  for (std::size_t m : {4u, 6u, 8u, 13u, 16u, 32u})
    for (std::size_t lags = 1; lags <= 10; ++lags)
      for (std::size_t n_ui : {1u, 3u, 9u, 200u}) {
        std::vector<double> a(n_ui * m), b(n_ui * m);
        for (double &v : a)
          v = g(rng);
        for (double &v : b)
          v = g(rng) * 1e-3;
        std::vector<double> out(lags * m, -1.0);
        linkphy::detail::ui_cross_correlation(a.data(), b.data(), n_ui, m, lags, out.data());
        const std::vector<double> want = reference(a, b, n_ui, m, lags);
        INFO("m " << m << ", lags " << lags << ", n_ui " << n_ui);
        REQUIRE(std::memcmp(out.data(), want.data(), out.size() * sizeof(double)) == 0);
      }
}
