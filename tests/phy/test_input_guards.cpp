// Guards on library inputs that used to pass unchecked (found by the header documentation pass):
// the DC extension of a file with a tiny first step.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network.hpp>
#include <linkphy/phy/network_ops.hpp>

#include <cmath>

using namespace linkphy;

TEST_CASE("the DC extension caps the points it prepends at 10,000", "[network][bad_input]") {
  // First step 10 kHz at 1 GHz: skrf's rule asks for round(1e9 / 1e4) = 100,000 points.
  Network n({1e9, 1e9 + 1e4, 2e9}, 2, 50.0);
  for (std::size_t k = 0; k < 3; ++k) {
    n.at(k, 1, 0) = n.at(k, 0, 1) = std::polar(0.9, -0.1 * static_cast<double>(k));
    n.at(k, 0, 0) = n.at(k, 1, 1) = 0.05;
  }
  const Network e = extrapolate_to_dc(n);
  CHECK(e.frequencies() == 10000 + 3);
  CHECK(e.freq_hz.front() == 0.0);
  CHECK(e.freq_hz[1] == Approx(1e9 / 10000).epsilon(1e-12));
  // The original points are kept unchanged after the prepended ones.
  CHECK(e.freq_hz[10000] == 1e9);
  CHECK(e.at(10000, 1, 0) == n.at(0, 1, 0));
  // Below the cap the rule is skrf's: f0 = 5 × step gives 5 points 0, 0.2 f0, …, 0.8 f0.
  Network u({5e9, 6e9, 7e9}, 2, 50.0);
  for (std::size_t k = 0; k < 3; ++k)
    u.at(k, 1, 0) = u.at(k, 0, 1) = 0.8;
  const Network eu = extrapolate_to_dc(u);
  REQUIRE(eu.frequencies() == 5 + 3);
  CHECK(eu.freq_hz[1] == Approx(1e9));
}
