// The COM evaluator on synthetic channels built from the Annex 93A line model (93A-9..14):
// physical trends and limits that hold whatever the implementation.
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>

#include "com_line_fixture.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

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

TEST_CASE("settings that would crash or exhaust the search are refused", "[com][engine]") {
  // Each of these crashed (zero CTLE corners: SIGSEGV in the search), ran out of memory
  // (SNR_TX = -100 dB: bad_alloc in the noise PDF) or would enumerate 10^7 TX settings.
  const PathTransfer ch = line_channel(100);
  auto refused = [&](Settings s, const char *key) {
    INFO(key);
    CHECK_THROWS_WITH(evaluate(s, ch, {}), Catch::Contains(std::string("'") + key + "'"));
  };
  Settings s = small_settings();
  s.f_z_hz = 0;
  refused(s, "f_z/f_p1/f_p2");
  s = small_settings();
  s.f_p1_hz = 0;
  refused(s, "f_z/f_p1/f_p2");
  s = small_settings();
  s.f_p2_hz = std::nan("");
  refused(s, "f_z/f_p1/f_p2");
  s = small_settings();
  s.snr_tx_db = -100;
  refused(s, "SNR_TX");
  s = small_settings();
  s.f_b_hz = -53.125e9;
  refused(s, "f_b");
  s = small_settings();
  s.g_dc_db = {-1e300};
  refused(s, "g_DC/g_DC_HP");
  s = small_settings();
  s.tx_tap_values.assign(3, std::vector<double>(300, 0.0)); // 2.7e7 settings > 1e6
  s.tx_pre_taps = 1;
  refused(s, "tx taps");
  s = small_settings();
  s.g_dc_db.assign(10001, 0.0); // × 2 g_DC_HP values > 10,000 CTLE settings
  refused(s, "g_DC/g_DC_HP");
}

TEST_CASE("a non-finite transfer function is refused naming its path", "[com][engine]") {
  // As the package cascade of S-parameters near 1e300 gives: NaN reached the search (SIGSEGV).
  PathTransfer ch = line_channel(100);
  ch.name = "bad.s4p";
  ch.h21[120] = {std::numeric_limits<double>::infinity(), 0.0};
  CHECK_THROWS_WITH(evaluate(small_settings(), ch, {}),
                    Catch::StartsWith("bad.s4p: ") && Catch::Contains("not finite at 6 GHz"));
  // Finite but so large that the pulse response overflows.
  ch = line_channel(100);
  ch.name = "huge.s4p";
  for (auto &h : ch.h21)
    h *= 1e306;
  CHECK_THROWS_WITH(evaluate(small_settings(), ch, {}),
                    Catch::StartsWith("huge.s4p: ") && Catch::Contains("not finite"));
  PathTransfer fext = line_channel(100);
  fext.kind = PathKind::fext;
  fext.name = "xt.s4p";
  fext.h21[3] = {std::nan(""), 0.0};
  const PathTransfer aggr[] = {fext};
  CHECK_THROWS_WITH(evaluate(small_settings(), line_channel(100), aggr),
                    Catch::StartsWith("xt.s4p: "));
}

TEST_CASE("a frequency grid too coarse or too fine for the pulse response is refused",
          "[com][engine]") {
  // Frequencies in Hz read as GHz: a 50e15 Hz step over M·f_b/2 = 850 GHz gave "inverse FFT:
  // needs at least 2 one-sided points" without saying where or why.
  PathTransfer ch = line_channel(100);
  ch.name = "ghz.s4p";
  for (double &f : ch.f_hz)
    f *= 1e9;
  CHECK_THROWS_WITH(evaluate(small_settings(), ch, {}), Catch::StartsWith("ghz.s4p: ") &&
                                                            Catch::Contains("frequency step") &&
                                                            Catch::Contains("frequency unit"));
  // A step of 1 mHz asks for 8.5e14 grid points (steps near 1e-300 Hz: std::length_error).
  ch = line_channel(100);
  ch.name = "tiny.s4p";
  ch.f_hz[2] = ch.f_hz[1] + 1e-3;
  CHECK_THROWS_WITH(evaluate(small_settings(), ch, {}),
                    Catch::StartsWith("tiny.s4p: ") && Catch::Contains("at most 4194304"));
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
