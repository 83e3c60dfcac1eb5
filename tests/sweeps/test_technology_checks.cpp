// Hop channel checks: non-passive and non-causal S-parameters warn and say by how much.
#include "../../sweeps/src/link_internal.hpp"

#include <catch2/catch.hpp>

#include <complex>
#include <numbers>

using namespace linkphy;

namespace {
// A matched 2-port with S21 = S12 = h(f) on 10 MHz .. 50 GHz.
Network line(std::complex<double> (*h)(double)) {
  std::vector<double> f;
  for (int k = 1; k <= 5000; ++k)
    f.push_back(1e7 * k);
  Network n(f, 2, 100.0);
  n.name = "test";
  for (std::size_t k = 0; k < f.size(); ++k) {
    n.at(k, 1, 0) = h(f[k]);
    n.at(k, 0, 1) = h(f[k]);
  }
  return n;
}
constexpr double kTwoPi = 2 * std::numbers::pi;
} // namespace

TEST_CASE("a causal lossy line raises no warning", "[technology][checks]") {
  // A 2 ns delay with mild loss: passive and causal by construction.
  const auto w = sweeps::detail::check_two_port(
      line([](double f) { return 0.9 * std::polar(1.0, -kTwoPi * f * 2e-9); }));
  CHECK(w.empty());
}

TEST_CASE("gain above 1 is reported as non-passive, with the excess", "[technology][checks]") {
  const auto w = sweeps::detail::check_two_port(
      line([](double f) { return 1.1 * std::polar(1.0, -kTwoPi * f * 2e-9); }));
  REQUIRE(w.size() == 1);
  CHECK(w[0].find("not passive") != std::string::npos);
  CHECK(w[0].find("exceeds 1 by 0.1") != std::string::npos);
}

TEST_CASE("an echo arriving before the main path is reported as non-causal",
          "[technology][checks]") {
  // Main path at +20 ns, a 0.3 echo at −15 ns: the echo precedes the arrival by 35 ns (of a
  // 100 ns record), inside the checked window; its energy share is 0.09/(0.36+0.09) = 20 %;
  // |S21| ≤ 0.9 keeps it passive.
  const auto w = sweeps::detail::check_two_port(line([](double f) {
    return 0.6 * std::polar(1.0, -kTwoPi * f * 20e-9) + 0.3 * std::polar(1.0, kTwoPi * f * 15e-9);
  }));
  REQUIRE(w.size() == 1);
  CHECK(w[0].find("not causal") != std::string::npos);
}
