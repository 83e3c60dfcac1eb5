// The analytic tier: closed forms (agreement with the statistical tier on the IEEE channels is in
// tests/sweeps/test_technology_analytic.cpp, which has the SerDes classes).
#include <catch2/catch.hpp>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>

using namespace linkphy;

TEST_CASE("loss fit recovers a two-term loss exactly", "[analytic]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (double v = 1e8; v <= 40e9; v += 1e8) {
    f.push_back(v);
    const double x = v / 26.5625e9;
    h.push_back(std::pow(10.0, -(6 * std::sqrt(x) + 14 * x) / 20));
  }
  const LossModel m = fit_loss_model(f, h, 26.5625e9);
  CHECK(m.il_nyquist_db == Approx(20).epsilon(1e-9)); // exact model: rounding only
  CHECK(m.skin_fraction == Approx(0.3).epsilon(1e-9));
  CHECK_THROWS_AS(fit_loss_model(f, h, 60e9), InputError);
}

TEST_CASE("constant SNR(f): the Salz formula returns that SNR", "[analytic]") {
  // A lossless channel without TX filter has a folded spectrum Σ_k sinc²(fT − k) = 1 (Poisson
  // sum), so SNR_DFE = exp(ln(1+S)) − 1 = S = 2·var_x·A_v²·T/η0: the matched-filter bound. We
  // fold only k = −1..1, which misses ≤ 15 % of the fold at the band edge: 0.35 dB tolerance.
  AnalyticInput in;
  in.loss.il_nyquist_db = 0;
  in.t_r_s = 0;
  in.levels = 2;
  in.baud_bd = 25e9;
  in.a_v_v = 0.4;
  in.eta0_v2_per_hz = 1e-16;
  in.snr_tx_db = 200;
  in.sigma_rj_ui = 0;
  in.a_dd_ui = 0;
  const double s = 2 * 1.0 * 0.16 / 25e9 / 1e-16;
  const auto r = analytic_snr(in);
  CHECK(r.snr_dfe_db == Approx(10 * std::log10(s)).margin(0.35));
  CHECK(r.snr_dfe_db <= 10 * std::log10(s)); // a truncated fold can only lose SNR
  CHECK(r.ber == Approx(pam_ber_from_snr_db(Modulation{2}, r.snr_db)));
  // More loss → less SNR.
  in.loss.il_nyquist_db = 20;
  CHECK(analytic_snr(in).snr_db < r.snr_db - 5);
}
