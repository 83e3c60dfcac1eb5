// Photodiodes, APDs and receiver sensitivity against textbook closed forms (Agrawal §4.1–4.4,
// McIntyre 1966) and the PAM4-vs-NRZ OMA penalty.
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/photodiode.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <vector>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("responsivity R = eta*lambda/1.24", "[optics][photodiode]") {
  // Agrawal eq. 4.1.3: R = ηλ/1.24 with λ in µm. Exact constant hc/q = 1.23984 µm·V.
  CHECK(responsivity(1.0, 1.24e-6) == Approx(1.24 / 1.23984198).epsilon(1e-9));
  CHECK(responsivity(0.8, 1.31e-6) == Approx(0.8 * 1.31 / 1.24).epsilon(2e-4));
  CHECK(responsivity(0.7, 0.85e-6) == Approx(0.48).margin(0.001));
  CHECK_THROWS_AS(responsivity(1.2, 1.31e-6), InputError);
}

TEST_CASE("McIntyre excess noise limits", "[optics][photodiode]") {
  CHECK(apd_excess_noise(1, 0.5) == Approx(1.0)); // no multiplication, no excess noise
  CHECK(apd_excess_noise(20, 1) == Approx(20.0)); // k = 1: F = M
  CHECK(apd_excess_noise(1e6, 0) == Approx(2.0).epsilon(1e-5)); // k = 0: F → 2
  // Agrawal §4.4.3 example scale: InGaAs k = 0.7, M = 10 → F = 7 + 0.3·1.9 = 7.57.
  CHECK(apd_excess_noise(10, 0.7) == Approx(7.57));
  CHECK_THROWS_AS(apd_excess_noise(0.5, 0.5), InputError);
}

TEST_CASE("thermal-noise-limited sensitivity (Agrawal 4.4.1)", "[optics][photodiode]") {
  // Agrawal eq. 4.4.11 with R = 1 A/W, σ_T = 0.1 µA, Q = 6: P̄rec = 0.6 µW = −32.2 dBm.
  const double p = thermal_limited_sensitivity_w(6, 0.1e-6, 1.0);
  CHECK(p == Approx(0.6e-6));
  CHECK(10 * std::log10(p / 1e-3) == Approx(-32.2).margin(0.05));
  // The receiver model reduces to it for a PIN with no dark current and infinite ER when thermal
  // noise dominates: σ_T = 10 µA (shot noise of the '1' level is then 0.2 % of σ_T²).
  Photodiode pd;
  pd.quantum_efficiency = 1.0;
  pd.dark_current_a = 0;
  Tia tia;
  tia.noise_bandwidth_factor = 1.0;
  tia.bandwidth_hz = 10e9;
  tia.noise_density_a_per_rthz = 10e-6 / std::sqrt(10e9);
  const OpticalReceiver rx(pd, tia, 1.23984198e-6); // R = 1 A/W
  CHECK(rx.thermal_noise_a() == Approx(10e-6));
  const double oma = rx.sensitivity_oma_w(6, 2, INFINITY);
  CHECK(oma / 2 == Approx(thermal_limited_sensitivity_w(6, 10e-6, 1.0)).epsilon(0.002));
  CHECK(oma / 2 > thermal_limited_sensitivity_w(6, 10e-6, 1.0)); // shot noise only adds
  // At equal (thermal) noise PAM4 needs 3× the OMA: +4.77 dB.
  CHECK(10 * std::log10(rx.sensitivity_oma_w(6, 4, INFINITY) / oma) == Approx(4.77).margin(0.02));
}

TEST_CASE("PAM4 needs ~4.8 dB more OMA than NRZ at equal noise", "[optics][photodiode][pam4]") {
  const OpticalReceiver rx(find_photodiode("ingaas_pin"), find_tia("tia_53g_pam4"), 1310e-9);
  // Equal Q: each PAM4 eye is OMA/3, so OMA×3 = 10·log10(3) = 4.77 dB with thermal noise alone;
  // a real PIN receiver adds the shot noise of the higher PAM4 levels (a few tenths of a dB).
  const double nrz = rx.sensitivity_oma_w(7, 2, INFINITY);
  const double pam4 = rx.sensitivity_oma_w(7, 4, INFINITY);
  CHECK(10 * std::log10(pam4 / nrz) >= 4.77 - 1e-9);
  CHECK(10 * std::log10(pam4 / nrz) == Approx(4.8).margin(0.3));
}

TEST_CASE("APD optimum gain minimises Agrawal eq. 4.4.16", "[optics][photodiode][apd]") {
  const double sigma_t = 1e-6, q = 6, df = 10e9, r = 0.9;
  for (double k : {0.02, 0.2, 0.7}) {
    INFO("k = " << k);
    const double m_opt = apd_optimum_gain(sigma_t, q, df, k);
    // Brute-force minimum over M on a fine log grid (an independent check of the closed form).
    double best_m = 1, best_p = INFINITY;
    for (double m = 1; m < 1000; m *= 1.0005) {
      const double p = apd_sensitivity_w(m, k, sigma_t, q, df, r);
      if (p < best_p) {
        best_p = p;
        best_m = m;
      }
    }
    CHECK(m_opt == Approx(best_m).epsilon(1e-3)); // grid step 0.05 %
    // The APD at its optimum beats a PIN (M = 1) for a thermal-noise-limited receiver.
    CHECK(apd_sensitivity_w(m_opt, k, sigma_t, q, df, r) <
          apd_sensitivity_w(1, k, sigma_t, q, df, r));
  }
  // Lower k (Si) allows a larger optimum gain than InGaAs (Agrawal §4.4.3).
  CHECK(apd_optimum_gain(sigma_t, q, df, 0.02) > 3 * apd_optimum_gain(sigma_t, q, df, 0.7));
}

TEST_CASE("receiver stage: response, noise grows with optical power, bad input",
          "[optics][photodiode]") {
  const OpticalReceiver rx(find_photodiode("ingaas_apd"), find_tia("tia_25g_nrz"), 1550e-9);
  std::vector<double> f{0, 1e9, 100e9};
  std::vector<std::complex<double>> h(3);
  rx.response(f, h);
  CHECK(std::abs(h[0]) == Approx(1.0));
  CHECK(std::abs(h[2]) < 0.1);
  CHECK(rx.noise_current_psd(1e-3) > rx.noise_current_psd(1e-6)); // shot noise ∝ power
  CHECK(rx.responsivity_a_per_w() == Approx(10 * responsivity(0.7, 1550e-9)));
  CHECK_THROWS_AS(OpticalReceiver(find_photodiode("gaas_pin"), find_tia("tia_25g_nrz"), 1310e-9),
                  InputError);
  CHECK_THROWS_AS(find_photodiode("germanium"), InputError);
  CHECK_THROWS_AS(rx.sensitivity_oma_w(7, 2, 1.0), InputError); // ER must be > 1 (> 0 dB)
}
