#include <linkphy/phy/error.hpp>
#include <linkphy/phy/montecarlo.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace linkphy;

namespace {
double q_function(double x) { return 0.5 * std::erfc(x / std::sqrt(2.0)); }
// Binomial standard deviation of a BER estimate from n bits.
double ber_sigma(double p, double nbits) { return std::sqrt(p * (1 - p) / nbits); }
} // namespace

TEST_CASE("Monte Carlo on a flat channel reproduces the PAM-M formulas", "[montecarlo]") {
  const std::vector<double> flat{1.0};
  SECTION("NRZ: BER = Q(d/sigma), d = 1 (Proakis, Digital Communications, §4.2)") {
    const double sigma = 1.0 / 3.0902; // Q(3.0902) = 1e-3
    MonteCarloInput in;
    in.cursors_v = flat;
    in.noise_rms_v = sigma;
    in.symbols = 2'000'000;
    const auto r = run_montecarlo(in);
    const double expect = q_function(1.0 / sigma);
    // 5 binomial sigmas: a correct simulator fails this with probability < 1e-6.
    CHECK(std::abs(r.ber - expect) < 5 * ber_sigma(expect, 2e6));
    CHECK(r.ber_low <= expect);
    CHECK(r.ber_high >= expect);
  }
  SECTION("PAM4 Gray: SER = 1.5 Q(d/sigma), BER ≈ SER/2, d = 1/3 (Proakis §4.3)") {
    const double d = 1.0 / 3.0;
    const double sigma = d / 3.41; // BER ≈ 0.75 Q(3.41) = 2.4e-4
    MonteCarloInput in;
    in.cursors_v = flat;
    in.levels = 4;
    in.noise_rms_v = sigma;
    in.symbols = 4'000'000;
    const auto r = run_montecarlo(in);
    const double ser = 1.5 * q_function(d / sigma);
    CHECK(std::abs(r.ser - ser) < 5 * ber_sigma(ser, 4e6));
    CHECK(std::abs(r.ber - ser / 2) < 5 * ber_sigma(ser / 2, 8e6));
    CHECK(r.ber == Approx(2.4e-4).epsilon(0.1)); // 10 %: the Monte Carlo scatter at ~1900 errors
  }
}

TEST_CASE("the DFE removes the post-cursor ISI it has taps for", "[montecarlo]") {
  const std::vector<double> isi{1.0, 0.45, 0.2};
  const std::vector<double> taps{0.45, 0.2};
  const double sigma = 1.0 / 3.7190; // Q(3.719) = 1e-4 on the flat channel
  MonteCarloInput in;
  in.cursors_v = isi;
  in.noise_rms_v = sigma;
  in.symbols = 2'000'000;
  const auto no_dfe = run_montecarlo(in);
  in.dfe_taps_v = taps;
  const auto with_dfe = run_montecarlo(in);
  const double flat = q_function(1.0 / sigma);
  // Without the DFE the eye closes to 1 − 0.65 = 0.35: BER near Q(0.35/σ)/4 ≈ 0.07.
  CHECK(no_dfe.ber > 100 * flat);
  // With it, the BER is the flat-channel one up to error propagation (bounded here by a factor 2).
  CHECK(with_dfe.ber < 2 * flat);
  CHECK(with_dfe.ber > 0.5 * flat);
}

TEST_CASE("Monte Carlo rejects out-of-range inputs", "[montecarlo][bad-input]") {
  const std::vector<double> flat{1.0};
  MonteCarloInput in;
  in.cursors_v = flat;
  in.levels = 3;
  CHECK_THROWS_AS(run_montecarlo(in), InputError);
  in.levels = 2;
  in.main_cursor = 1;
  CHECK_THROWS_AS(run_montecarlo(in), InputError);
  in.main_cursor = 0;
  in.noise_rms_v = -1;
  CHECK_THROWS_AS(run_montecarlo(in), InputError);
}
