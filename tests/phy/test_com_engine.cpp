// The COM evaluator on synthetic channels built from the Annex 93A line model (93A-9..14):
// physical trends and limits that hold whatever the implementation.
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>

#include "com_line_fixture.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy::com;

namespace {
using linkphy::com::test::small_settings;

// A board line (100 Ω, matched to 2·R_0) of `len_mm` between two 802.3ck packages.
PathTransfer line_channel(double len_mm, double f_stop = 60e9) {
  return linkphy::com::test::packaged_line(linkphy::com::test::grid_50mhz(f_stop), len_mm);
}
} // namespace

TEST_CASE("COM falls as the line gets longer", "[com][engine]") {
  // In the loss-limited regime (≥ 300 mm of board trace, 10–25 dB at Nyquist) more loss means
  // a smaller cursor and more noise enhancement by the equaliser. (Short channels are limited
  // by the DFE's b_min and the TX noise instead, where COM need not be monotonic.)
  const Settings s = small_settings();
  const Result r300 = evaluate(s, line_channel(300), {});
  const Result r600 = evaluate(s, line_channel(600), {});
  const Result r900 = evaluate(s, line_channel(900), {});
  CHECK(r300.com_db > r600.com_db);
  CHECK(r600.com_db > r900.com_db);
  CHECK(r300.a_s_v > r600.a_s_v);
  CHECK(r600.a_s_v > r900.a_s_v);
  // More loss wants more CTLE peaking (a lower DC gain).
  CHECK(r900.g_dc_db <= r300.g_dc_db);
}

TEST_CASE("without noise and jitter COM is limited by residual ISI only", "[com][engine]") {
  Settings s = small_settings();
  const Result noisy = evaluate(s, line_channel(300), {});
  s.eta0_v2_per_hz = 0;
  s.snr_tx_db = 200;
  s.sigma_rj_ui = 0;
  s.a_dd_ui = 0;
  const Result clean = evaluate(s, line_channel(300), {});
  CHECK(clean.sigma_n_v == 0);
  CHECK(clean.sigma_j_v == 0);
  CHECK(clean.com_db > noisy.com_db + 3);
}

TEST_CASE("the chosen equaliser respects its limits", "[com][engine]") {
  const Settings s = small_settings();
  const Result r = evaluate(s, line_channel(400), {});
  REQUIRE(r.tx_taps.size() == 3);
  CHECK(r.tx_taps[1] >= s.c0_min - 1e-12);
  CHECK_THAT(std::abs(r.tx_taps[0]) + r.tx_taps[1] + std::abs(r.tx_taps[2]),
             Catch::Matchers::WithinAbs(1.0, 1e-12));
  for (std::size_t k = 0; k < s.b_max.size(); ++k) {
    CHECK(r.dfe_taps[k] <= s.b_max[k] + 1e-12);
    CHECK(r.dfe_taps[k] >= s.b_min[k] - 1e-12);
  }
  // COM is a margin: A_s over the DER_0 noise amplitude (93A.1.7).
  CHECK_THAT(r.com_db, Catch::Matchers::WithinAbs(20 * std::log10(r.a_s_v / r.a_ni_v), 1e-9));
  // The FOM uses rms noise; COM uses the DER_0 tail (≈ 3.7 σ for Gaussian noise): FOM > COM.
  CHECK(r.fom_db > r.com_db);
}

TEST_CASE("noise terms scale COM the right way", "[com][engine]") {
  Settings s = small_settings();
  const PathTransfer ch = line_channel(300);
  const double base = evaluate(s, ch, {}).com_db;
  s.eta0_v2_per_hz *= 4; // more RX noise
  const double noisy = evaluate(s, ch, {}).com_db;
  CHECK(noisy < base);
  s = small_settings();
  s.snr_tx_db = 60; // cleaner transmitter
  s.sigma_rj_ui = 0;
  s.a_dd_ui = 0;
  CHECK(evaluate(s, ch, {}).com_db > base);
}

TEST_CASE("a crosstalk aggressor lowers COM", "[com][engine]") {
  const Settings s = small_settings();
  const PathTransfer thru = line_channel(300);
  PathTransfer fext = line_channel(300);
  fext.kind = PathKind::fext;
  for (auto &h : fext.h21)
    h *= 0.03; // −30 dB coupling with the thru's shape
  const PathTransfer aggr[] = {fext};
  const Result with = evaluate(s, thru, aggr);
  const Result without = evaluate(s, thru, {});
  CHECK(with.sigma_xt_v > 0);
  CHECK(with.com_db < without.com_db);
}

TEST_CASE("a channel whose band ends below Nyquist is refused", "[com][engine]") {
  const Settings s = small_settings();
  CHECK_THROWS_AS(evaluate(s, line_channel(100, 20e9), {}), linkphy::InputError);
  CHECK_THROWS_WITH(evaluate(s, line_channel(100, 20e9), {}), Catch::Contains("Nyquist"));
}

TEST_CASE("bad settings are named", "[com][engine]") {
  Settings s = small_settings();
  s.b_min = {0.0};
  CHECK_THROWS_WITH(evaluate(s, line_channel(100), {}), Catch::Contains("b_min"));
  s = small_settings();
  s.c0_min = 0.99; // no tap combination reaches c(0) ≥ 0.99 except all-zero taps
  s.tx_tap_values = {{-0.2}, {-0.1}};
  CHECK_THROWS_WITH(evaluate(s, line_channel(100), {}), Catch::Contains("c(0)"));
}

TEST_CASE("ERL of a matched line is high and falls with a mismatch", "[com][erl]") {
  std::vector<double> f;
  for (double x = 0; x <= 60e9 + 1; x += 10e6)
    f.push_back(x);
  const LineModel board{0, 3.8206e-4, 9.5909e-5, 5.79e-3};
  const TwoPort matched = transmission_line(f, board, 100.0, 100.0, 50.0);
  const TwoPort mism = transmission_line(f, board, 85.0, 100.0, 50.0);
  ErlSettings e;
  e.n_ui = 500;
  e.n_bx = 12;
  const double erl_matched = effective_return_loss(f, matched.s11, e);
  const double erl_mism = effective_return_loss(f, mism.s11, e);
  // An 85 Ω step against 100 Ω reflects ρ = −0.081 (−21.8 dB) at each end before filtering;
  // ERL must lie near that, far below the matched line's.
  CHECK(erl_matched > 60);
  CHECK(erl_mism > 15);
  CHECK(erl_mism < 30);
}
