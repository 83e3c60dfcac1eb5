// The Monte Carlo tier's no-error warning gives its 95 % upper bound in significant digits.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>

#include <algorithm>
#include <string>

using namespace linkphy::sweeps;

TEST_CASE("Monte Carlo with no errors states the BER upper bound readably", "[link][montecarlo]") {
  // 1e5 PAM4 symbols (2e5 bits) on a 0.5 m DAC at 100G see no error; the 95 % upper bound is
  // ≈ 3/2e5 = 1.5e-5, which std::to_string printed as "0.000015" (and any bound below 5e-7 as
  // "0.000000").
  LinkRequest q;
  q.tech = "dac";
  q.rate = "100G";
  q.length_m = 0.5;
  q.fidelity = Fidelity::montecarlo;
  q.mc_symbols = 100'000;
  q.with_power = false;
  const LinkReport r = evaluate_link(q);
  const auto w = std::find_if(r.warnings.begin(), r.warnings.end(), [](const std::string &s) {
    return s.find("Monte Carlo saw no errors") != std::string::npos;
  });
  REQUIRE(w != r.warnings.end());
  INFO(*w);
  CHECK(w->find("upper bound 1.") != std::string::npos);
  CHECK(w->find("e-05)") != std::string::npos);
}
