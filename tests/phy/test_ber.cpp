// Q-function and PAM error ratios against closed forms (Proakis & Salehi §4.3), SciPy reference
// values (scripts/reference/signal_reference.py) and a Monte-Carlo simulation.
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>

#include "reference_rows.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace linkphy;

namespace {

struct Row {
  std::string kind;
  double input;
  double output;
};

std::vector<Row> read_q_reference() {
  std::vector<Row> rows;
  for (const auto &c :
       test::read_reference_rows(LINKPHY_TEST_DATA_DIR "/reference/ber/q_function.csv")) {
    REQUIRE(c.size() >= 3);
    rows.push_back({c[0], std::stod(c[1]), std::stod(c[2])});
  }
  return rows;
}

} // namespace

TEST_CASE("Q(x) closed-form values", "[ber]") {
  CHECK(q_function(0.0) == 0.5);
  // Q(7.034) = 1.0035e-12 (standard table value for BER 1e-12); 1 % as the brief asks.
  CHECK(q_function(7.034) == Approx(1e-12).epsilon(0.01));
  // Q(-x) = 1 - Q(x).
  CHECK(q_function(-1.5) == Approx(1.0 - q_function(1.5)).epsilon(1e-15));
}

TEST_CASE("Q and its inverse match SciPy's norm.sf / norm.isf", "[ber]") {
  // Relative 1e-12: std::erfc and SciPy's (Cephes) ndtr both reach ~1e-15 relative; the inverse
  // is refined to ~1e-15 in x. Any formula slip (√2, factor 1/2) errs by O(1).
  const auto rows = read_q_reference();
  REQUIRE(rows.size() > 50);
  for (const auto &r : rows) {
    CAPTURE(r.kind, r.input, r.output);
    if (r.kind == "q")
      CHECK(q_function(r.input) == Approx(r.output).epsilon(1e-12));
    else
      CHECK(q_inverse(r.input) == Approx(r.output).epsilon(1e-12));
  }
}

TEST_CASE("Q inverse round trips from 1e-1 down to 1e-300", "[ber]") {
  // p → x → p: relative 1e-12. dp/p ≈ x·dx, so at x ≈ 37 a 1e-15 relative error in x shows as
  // ~4e-14 in p; 1e-12 is the accuracy asked for.
  for (int e = 1; e <= 300; ++e) {
    const double p = std::pow(10.0, -e);
    CAPTURE(e);
    CHECK(q_function(q_inverse(p)) == Approx(p).epsilon(1e-12));
  }
  // x → p → x over [-3, 37]: relative 1e-12 in x. Below x ≈ -3, Q(x) = 1 − Q(−x) is rounded to
  // ε ≈ 1.1e-16 absolute, i.e. x only to ε/φ(x) (5e-14 at x = −3, 0.02 at x = −8): a limit of
  // double, not of the inverse.
  for (double x = -3.0; x <= 37.0; x += 0.37) {
    CAPTURE(x);
    CHECK(q_inverse(q_function(x)) == Approx(x).epsilon(1e-12).margin(1e-12));
  }
  // The smallest normal double still inverts (x ≈ 37.5).
  CHECK(q_function(q_inverse(2.3e-308)) == Approx(2.3e-308).epsilon(1e-9));
}

TEST_CASE("Q inverse rejects probabilities outside (0, 1)", "[ber][bad-input]") {
  CHECK_THROWS_AS(q_inverse(0.0), InputError);
  CHECK_THROWS_AS(q_inverse(1.0), InputError);
  CHECK_THROWS_AS(q_inverse(-0.1), InputError);
  CHECK_THROWS_AS(q_inverse(std::nan("")), InputError);
  CHECK_THROWS_AS(d_over_sigma_for_ber(Modulation::pam(4), 0.5), InputError);
}

TEST_CASE("PAM SER/BER closed forms", "[ber]") {
  const auto nrz = Modulation::nrz();
  const auto pam4 = Modulation::pam(4);
  // NRZ: BER = SER = Q(d/σ).
  CHECK(pam_ber(nrz, 4.0) == q_function(4.0));
  CHECK(pam_ser(nrz, 4.0) == q_function(4.0));
  // PAM4 Gray: BER = 2(1-1/4)Q/2 = 0.75 Q(d/σ).
  CHECK(pam_ber(pam4, 3.0) == Approx(0.75 * q_function(3.0)).epsilon(1e-15));
  // d/σ = 3.41 gives 0.75·Q(3.41) = 2.436e-4, the "2.4e-4" KP4 threshold to two significant
  // figures: 2 % covers that rounding (2.436/2.4 = 1.015).
  CHECK(pam_ber(pam4, 3.41) == Approx(2.4e-4).epsilon(0.02));
  // SER of PAM-M = 2(1-1/M)Q(d/σ) (Proakis §4.3).
  for (int m : {2, 3, 4, 6, 8, 16}) {
    CAPTURE(m);
    const auto mod = Modulation::pam(m);
    CHECK(pam_ser(mod, 2.5) == Approx(2.0 * (1.0 - 1.0 / m) * q_function(2.5)).epsilon(1e-15));
  }
}

TEST_CASE("SNR ↔ d/σ and the SNR-in-dB forms", "[ber]") {
  // NRZ: E_s = d² = 1, so SNR = (d/σ)². PAM4: E_s = 5/9, d = 1/3 → SNR = 5·(d/σ)².
  CHECK(snr_from_d_over_sigma(Modulation::nrz(), 3.0) == Approx(9.0));
  CHECK(snr_from_d_over_sigma(Modulation::pam(4), 3.0) == Approx(45.0));
  CHECK(d_over_sigma_from_snr(Modulation::pam(4), 45.0) == Approx(3.0));
  // Proakis §4.3: P_M = 2(1-1/M) Q(√(3·SNR/(M²-1))).
  const double snr_db = 20.0;
  for (int m : {2, 4, 8}) {
    const auto mod = Modulation::pam(m);
    const double expect = 2.0 * (1.0 - 1.0 / m) * q_function(std::sqrt(300.0 / (m * m - 1.0)));
    CHECK(pam_ser_from_snr_db(mod, snr_db) == Approx(expect).epsilon(1e-13));
    CHECK(pam_ber_from_snr_db(mod, snr_db) == Approx(expect / std::log2(m)).epsilon(1e-13));
  }
  // Inverse: the SNR needed for a BER gives back that BER.
  for (double ber : {1e-3, 2.4e-4, 1e-6, 1e-12, 1e-15}) {
    CAPTURE(ber);
    CHECK(pam_ber_from_snr_db(Modulation::pam(4), snr_db_for_ber(Modulation::pam(4), ber)) ==
          Approx(ber).epsilon(1e-10));
    CHECK(pam_ber(Modulation::nrz(), d_over_sigma_for_ber(Modulation::nrz(), ber)) ==
          Approx(ber).epsilon(1e-10));
  }
  // Textbook anchor: NRZ at BER 1e-12 needs d/σ = Q⁻¹(1e-12) = 7.034.
  CHECK(d_over_sigma_for_ber(Modulation::nrz(), 1e-12) == Approx(7.034).epsilon(1e-4));
}

TEST_CASE("exact Gray BER approaches SER/log2 M at high SNR and equals Q for NRZ", "[ber]") {
  CHECK(pam_ber_gray_exact(Modulation::nrz(), 2.0) == Approx(q_function(2.0)).epsilon(1e-14));
  for (int m : {4, 8, 16}) {
    CAPTURE(m);
    const auto mod = Modulation::pam(m);
    // Errors beyond the adjacent level are O(Q(3d/σ)) ≈ 1e-20 relative at d/σ = 7.
    CHECK(pam_ber_gray_exact(mod, 7.0) == Approx(pam_ber(mod, 7.0)).epsilon(1e-9));
    // At low SNR multi-level errors (Hamming distance ≥ 1) make the exact value differ.
    CHECK(std::abs(pam_ber_gray_exact(mod, 0.7) / pam_ber(mod, 0.7) - 1.0) > 1e-3);
  }
}

TEST_CASE("Monte-Carlo PAM4 SER and BER match the formulas", "[ber][montecarlo]") {
  // 2e6 Gray-coded PAM4 symbols, fixed seed, Gaussian noise σ = d/(d/σ).
  const auto pam4 = Modulation::pam(4);
  constexpr std::size_t symbols = 2'000'000;
  for (double dos : {1.0, 2.0}) {
    CAPTURE(dos);
    std::mt19937_64 rng(20261202);
    std::bernoulli_distribution coin(0.5);
    std::normal_distribution<double> noise(0.0, pam4.half_level_spacing() / dos);
    std::vector<std::uint8_t> bits(2 * symbols);
    for (auto &b : bits)
      b = coin(rng) ? 1 : 0;
    std::vector<double> tx(symbols);
    gray_modulate(pam4, bits, tx);
    std::vector<double> rx(symbols);
    std::size_t symbol_errors = 0;
    for (std::size_t s = 0; s < symbols; ++s) {
      rx[s] = tx[s] + noise(rng);
      symbol_errors += slice_to_index(pam4, rx[s]) != slice_to_index(pam4, tx[s]);
    }
    std::vector<std::uint8_t> rbits(2 * symbols);
    gray_demodulate(pam4, rx, rbits);
    std::size_t bit_errors = 0;
    for (std::size_t i = 0; i < bits.size(); ++i)
      bit_errors += bits[i] != rbits[i];

    // SER: binomial count, 4.5σ two-sided bound (false-failure probability ~7e-6).
    const double ser = pam_ser(pam4, dos);
    const double ser_sim = static_cast<double>(symbol_errors) / symbols;
    const double ser_sd = std::sqrt(ser * (1 - ser) / symbols);
    CHECK(std::abs(ser_sim - ser) < 4.5 * ser_sd);
    // BER against the exact Gray formula. Bit errors within a symbol are correlated; per-symbol
    // bit-error counts are 0, 1 or 2, so Var ≤ 2·E per symbol: sd ≤ √(2·BER·2/symbols)/2.
    const double ber = pam_ber_gray_exact(pam4, dos);
    const double ber_sim = static_cast<double>(bit_errors) / bits.size();
    const double ber_sd = std::sqrt(2.0 * (2.0 * ber) / symbols) / 2.0;
    CHECK(std::abs(ber_sim - ber) < 4.5 * ber_sd);
  }
}
