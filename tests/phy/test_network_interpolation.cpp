// Interpolation and DC extrapolation against scikit-rf 0.15.4 Network.interpolate and
// Network.extrapolate_to_dc(kind='linear').
#include "reference_csv.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

using namespace linkphy;
using Catch::Matchers::Contains;
using test::max_relative_error;
using test::read_reference;

TEST_CASE("linear interpolation matches scikit-rf", "[network][interpolate]") {
  const Network ca = read_reference("ca_s");
  const Network want = read_reference("ca_interp");
  const Network got = interpolate(ca, want.freq_hz);
  CHECK(got.freq_hz == want.freq_hz);
  // Same two-point formula, different rounding order (scipy: slope·(x − x0) + y0): ~1e-16.
  CHECK(max_relative_error(got.s, want.s, 16) < 1e-12);
  // On the original points interpolation returns the data unchanged.
  CHECK(interpolate(ca, ca.freq_hz).s == ca.s);
}

TEST_CASE("DC extrapolation matches scikit-rf extrapolate_to_dc(kind='linear')",
          "[network][interpolate]") {
  const Network sl = read_reference("stripline_s");
  const Network want = read_reference("stripline_dc_linear");
  const Network got = extrapolate_to_dc(sl);
  REQUIRE(got.frequencies() == want.frequencies());
  for (std::size_t k = 0; k < got.frequencies(); ++k)
    CHECK(got.freq_hz[k] == Approx(want.freq_hz[k]).margin(1e-3)); // skrf rebuilds the grid
  // skrf evaluates its linear interpolant on a rebuilt uniform grid: 1e-12 normwise covers the
  // last-digit differences of those frequencies.
  CHECK(max_relative_error(got.s, want.s, 4) < 1e-12);
  CHECK(got.at(0, 1, 0).imag() == 0.0);
  // Starting at DC already: unchanged.
  CHECK(extrapolate_to_dc(got).s == got.s);
}

TEST_CASE("DC extrapolation of a matched delay line on an offset grid", "[network][interpolate]") {
  // S21 = e^{−j2πfτ}: magnitude 1 and phase linear in f, so the linear magnitude/unwrapped-phase
  // extrapolation is exact: S21(0) = 1, S11(0) = 0. Grid 3, 5, 7 GHz: f0/step = 1.5 rounds to 2,
  // so 0 and 1.5 GHz are prepended and the original points are kept as they are.
  const double tau_s = 40e-12; // phase step 2π·2 GHz·40 ps = 0.5 rad < π: unwrapping is exact
  Network line({3e9, 5e9, 7e9}, 2);
  for (std::size_t k = 0; k < 3; ++k)
    line.at(k, 0, 1) = line.at(k, 1, 0) =
        std::polar(1.0, -2.0 * std::numbers::pi * line.freq_hz[k] * tau_s);
  const Network dc = extrapolate_to_dc(line);
  REQUIRE(dc.freq_hz == std::vector<double>{0.0, 1.5e9, 3e9, 5e9, 7e9});
  CHECK(std::abs(dc.at(0, 1, 0) - 1.0) < 1e-14); // rounding of a few operations on |x| ≤ 1
  CHECK(std::abs(dc.at(0, 0, 0)) == 0.0);
  // 1.5 GHz: the straight line (re/im) between S21(0) and S21(3 GHz), as skrf kind='linear'.
  CHECK(std::abs(dc.at(1, 1, 0) - 0.5 * (1.0 + line.at(0, 1, 0))) < 1e-14);
  for (std::size_t k = 0; k < 3; ++k)
    CHECK(dc.at(k + 2, 1, 0) == line.at(k, 1, 0));
}

TEST_CASE("interpolation and extrapolation reject bad grids", "[network][interpolate][bad-input]") {
  const Network ca = read_reference("ca_s");
  const std::vector<double> above = {1e9, 61e9};
  CHECK_THROWS_AS(interpolate(ca, above), InputError);
  CHECK_THROWS_WITH(interpolate(ca, above), Contains("outside the network's band"));
  // number_text, not std::to_string ("61000000000.000000 Hz ... [0.000000, ...").
  CHECK_THROWS_WITH(interpolate(ca, above),
                    Contains("6.1e+10 Hz is outside the network's band [0, "));
  const std::vector<double> descending = {2e9, 1e9};
  CHECK_THROWS_WITH(interpolate(ca, descending), Contains("strictly ascending"));
  CHECK_THROWS_WITH(interpolate(ca, std::vector<double>{}), Contains("empty"));
  Network one({1e9}, 2);
  CHECK_THROWS_WITH(extrapolate_to_dc(one), Contains("at least 2 frequency points"));
}
