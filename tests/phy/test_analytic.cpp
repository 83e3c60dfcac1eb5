// The analytic tier: closed forms (agreement with the statistical tier on the IEEE channels is in
// tests/sweeps/test_technology_analytic.cpp, which has the SerDes classes).
#include <catch2/catch.hpp>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

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

TEST_CASE("analytic grid: same SNR as the direct quadrature to 1e-9 relative", "[analytic]") {
  // The grid form (one exp per sample and fold, one log per evaluation) only reorders rounding:
  // its sum of logs moves by ≤ 64·2.2e-16 absolute, so 1e-9 relative is a loose bound that still
  // catches any change of formula (a wrong weight or fold moves SNR by > 1e-3).
  for (int levels : {2, 4, 6}) {
    for (double baud : {26.5625e9, 53.125e9, 106.25e9}) {
      AnalyticInput a;
      a.baud_bd = baud;
      a.levels = levels;
      a.t_r_s = 6e-12;
      a.loss.nyquist_hz = baud / 2;
      const AnalyticGrid g = analytic_grid(a);
      for (double il : {0.0, 3.0, 17.5, 31.0, 60.0, 120.0, 400.0, 1500.0, 3000.0})
        for (double skin : {0.0, 0.25, 0.6, 1.0}) {
          INFO("M=" << levels << " baud " << baud << " IL " << il << " skin " << skin);
          a.loss.il_nyquist_db = il;
          a.loss.skin_fraction = skin;
          const AnalyticResult d = analytic_snr(a), q = analytic_snr(g, a);
          auto rel = [](double x, double y) { return std::abs(x - y) / std::abs(y); };
          CHECK(rel(std::pow(10, q.snr_dfe_db / 10), std::pow(10, d.snr_dfe_db / 10)) <= 1e-9);
          CHECK(rel(std::pow(10, q.snr_le_db / 10), std::pow(10, d.snr_le_db / 10)) <= 1e-9);
          CHECK(rel(std::pow(10, q.snr_db / 10), std::pow(10, d.snr_db / 10)) <= 1e-9);
          CHECK(q.ber == Approx(d.ber).epsilon(1e-6)); // BER: steep in SNR, same SNR to 1e-9
        }
      AnalyticInput other = a; // a grid made for another baud is not used: falls back
      other.baud_bd = 2 * baud;
      other.loss.nyquist_hz = baud;
      CHECK(analytic_snr(g, other).snr_db == analytic_snr(other).snr_db);
    }
  }
}

TEST_CASE("loss fit from sums equals the direct fit", "[analytic]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (double v = 5e7; v <= 30e9; v += 5e7) {
    f.push_back(v);
    const double x = v / 26.5625e9;
    h.push_back(
        std::polar(std::pow(10.0, -(4 * std::sqrt(x) + 9 * x + 0.3 * std::sin(40 * x)) / 20), -x));
  }
  const LossFitSums s = loss_fit_sums(f, h, 26.5625e9);
  CHECK(s.used == 531);
  const LossModel a = fit_loss_model(s), b = fit_loss_model(f, h, 26.5625e9);
  CHECK(a.il_nyquist_db == b.il_nyquist_db);
  CHECK(a.skin_fraction == b.skin_fraction);
  LossFitSums few;
  few.used = 2;
  CHECK_THROWS_AS(fit_loss_model(few), InputError);
}

namespace {

// The 3·64 frequencies the Salz quadrature samples (analytic_snr.cpp: midpoints of (0, 1/2T) and
// their folds at ∓1/T), sorted: a crosstalk path sampled there is used without interpolation.
std::vector<double> quadrature_frequencies(double baud_bd) {
  std::vector<double> f;
  const int n = AnalyticGrid::kPoints;
  for (int i = 0; i < n; ++i) {
    const double f0 = (i + 0.5) / n * 0.5 * baud_bd;
    f.insert(f.end(), {f0, baud_bd - f0, f0 + baud_bd});
  }
  std::sort(f.begin(), f.end());
  return f;
}

} // namespace

TEST_CASE("crosstalk with a flat PSD is white noise added to eta0", "[analytic][crosstalk]") {
  // Closed form: with no TX edge filter the disturber's PSD is var_x·A_x²·T·sinc²(fT)·|X(f)|²
  // (two-sided); |X|² = c/sinc²(fT) makes it flat, so it is the same as raising η0/2 by
  // var_x·A_x²·T·c. Sampled exactly at the quadrature's frequencies, the two must agree to
  // rounding (1e-9 relative), on the direct quadrature and through a grid.
  AnalyticInput in;
  in.baud_bd = 53.125e9;
  in.t_r_s = 0;
  in.loss = {18.0, 0.6, in.baud_bd / 2};
  const std::vector<double> f = quadrature_frequencies(in.baud_bd);
  const double c = 2e-3, pi = std::numbers::pi;
  std::vector<double> g2(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double x = pi * f[i] / in.baud_bd;
    g2[i] = c / std::pow(std::sin(x) / x, 2);
  }
  AnalyticInput xt = in;
  xt.xt_amplitude_v = 0.6;
  xt.xt_f_hz = f;
  xt.xt_gain2 = g2;
  const double var_x = 5.0 / 9.0; // PAM4: (M² − 1)/(3(M − 1)²)
  AnalyticInput white = in;
  white.eta0_v2_per_hz += 2 * var_x * 0.6 * 0.6 / in.baud_bd * c;
  const double expect = analytic_snr(white).snr_dfe_db;
  CHECK(analytic_snr(xt).snr_dfe_db == Approx(expect).epsilon(1e-9));
  CHECK(analytic_snr(analytic_grid(xt), xt).snr_dfe_db == Approx(expect).epsilon(1e-9));
  // And it costs SNR: the added noise is 2·var_x·A²·T·c against η0 = 8.2e-18 V²/Hz (≈ 3.4×).
  CHECK(expect < analytic_snr(in).snr_dfe_db - 3.0);
  // A zero amplitude is no crosstalk.
  xt.xt_amplitude_v = 0;
  CHECK(analytic_snr(xt).snr_db == analytic_snr(in).snr_db);
}

TEST_CASE("crosstalk input is checked", "[analytic][crosstalk][bad-input]") {
  AnalyticInput in;
  const std::vector<double> f = {1e9, 2e9, 3e9}, g = {1, 1};
  in.xt_f_hz = f;
  in.xt_gain2 = g;
  CHECK_THROWS_AS(analytic_snr(in), InputError);
  in.xt_gain2 = f;
  in.xt_amplitude_v = -1;
  CHECK_THROWS_AS(analytic_snr(in), InputError);
  in.xt_amplitude_v = 0.6;
  in.eta0_v2_per_hz = 0;
  CHECK_THROWS_AS(analytic_snr(in), InputError);
}
