// Hop evaluation: statistical vs Monte Carlo on the same pulse, monotonicity in loss, bad input.
#include "hop_fixture.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/hop.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace linkphy;

TEST_CASE("statistical and Monte Carlo BER agree within a factor 2 across a loss sweep",
          "[hop][montecarlo]") {
  struct Case {
    int levels;
    double baud, eta0;
    std::vector<double> lengths_mm;
  };
  const auto f = hop_fixture::grid();
  int compared = 0;
  const std::vector<Case> cases{{2, 26.5625e9, 2e-15, {300, 360, 420, 480}},
                                {4, 53.125e9, 6e-17, {150, 170, 190, 210}}};
  for (const Case &c : cases) {
    for (double len : c.lengths_mm) {
      HopInput in;
      in.settings = hop_fixture::settings(c.levels, c.baud);
      in.settings.eta0_v2_per_hz = c.eta0;
      in.thru = hop_fixture::thru(len, f);
      const HopResult h = evaluate_hop_statistical(in);
      const auto mc = evaluate_hop_montecarlo(h, 2'000'000, 7);
      const double b1 = h.pulse.dfe_taps_v.empty()
                            ? 0.0
                            : h.pulse.dfe_taps_v[0] /
                                  h.pulse.cursors_v[static_cast<std::size_t>(h.pulse.main_cursor)];
      std::printf("levels %d len %.0f mm IL %.1f dB: stat %.3e (no propagation %.3e, p_prop "
                  "%.3f, b1 %.3f)  mc %.3e (%llu errors)\n",
                  c.levels, len, h.il_nyquist_db, h.eye.ber,
                  h.eye.ser_no_propagation / std::log2(c.levels), h.eye.propagation_probability, b1,
                  mc.ber, static_cast<unsigned long long>(mc.bit_errors));
      if (mc.bit_errors >= 100) {
        ++compared;
        // The brief's target: a factor 2 (Monte Carlo's own 95 % interval at ≥ 100 errors is
        // within ±20 %, the rest is the statistical model: PMF binning, first-order propagation).
        CHECK(h.eye.ber < 2 * mc.ber);
        CHECK(h.eye.ber > 0.5 * mc.ber);
      }
    }
  }
  CHECK(compared >= 4); // the sweep must actually exercise the comparison
}

TEST_CASE("more loss never gives a lower BER at fixed equaliser limits", "[hop]") {
  const auto f = hop_fixture::grid();
  for (int levels : {2, 4}) {
    const double baud = levels == 2 ? 26.5625e9 : 53.125e9;
    double last = 0;
    for (double len = 40; len <= 320; len += 40) {
      HopInput in;
      in.settings = hop_fixture::settings(levels, baud);
      in.settings.eta0_v2_per_hz = 2e-17;
      in.thru = hop_fixture::thru(len, f);
      const double ber = evaluate_hop_statistical(in).eye.ber;
      CHECK(ber >= last);
      last = ber;
    }
  }
}

TEST_CASE("a channel whose band ends below Nyquist is rejected", "[hop]") {
  const auto f = hop_fixture::grid(20e9);
  HopInput in;
  in.settings = hop_fixture::settings(4, 53.125e9);
  in.thru = hop_fixture::thru(100, f);
  CHECK_THROWS_WITH(evaluate_hop_statistical(in), Catch::Contains("Nyquist"));
}

TEST_CASE("hop_transfer rejects mismatched sizes", "[hop]") {
  const auto f = hop_fixture::grid(60e9);
  com::TwoPort t;
  t.s11.resize(3);
  CHECK_THROWS_AS(hop_transfer(f, t, hop_fixture::package(), com::PathKind::thru, "x"), InputError);
}

TEST_CASE("a crosstalk aggressor raises the BER", "[hop][crosstalk]") {
  const auto f = hop_fixture::grid();
  HopInput in;
  in.settings = hop_fixture::settings(4, 53.125e9);
  in.settings.eta0_v2_per_hz = 6e-17;
  in.thru = hop_fixture::thru(170, f);
  const double quiet = evaluate_hop_statistical(in).eye.ber;
  // FEXT modelled as the thru path 26 dB down (−26 dB at every frequency: a flat coupling).
  com::PathTransfer fext = in.thru;
  fext.kind = com::PathKind::fext;
  fext.name = "fext";
  for (auto &h : fext.h21)
    h *= 0.05;
  in.aggressors.push_back(fext);
  const HopResult noisy = evaluate_hop_statistical(in);
  CHECK(noisy.com.sigma_xt_v > 0);
  CHECK(noisy.eye.ber > 2 * quiet);
}
