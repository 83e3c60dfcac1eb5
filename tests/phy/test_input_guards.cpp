// Guards on library inputs that used to pass unchecked (found by the header documentation pass):
// the DC extension of a file with a tiny first step; the PAM order of every entry point taking
// one; statistical_ber's PMF bin; write_touchstone's noise block.
#include "com_line_fixture.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/link.hpp>
#include <linkphy/phy/montecarlo.hpp>
#include <linkphy/phy/network.hpp>
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/phy/statistical_ber.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace linkphy;

TEST_CASE("the DC extension caps the points it prepends at 10,000", "[network][bad_input]") {
  // First step 10 kHz at 1 GHz: skrf's rule asks for round(1e9 / 1e4) = 100,000 points.
  Network n({1e9, 1e9 + 1e4, 2e9}, 2, 50.0);
  for (std::size_t k = 0; k < 3; ++k) {
    n.at(k, 1, 0) = n.at(k, 0, 1) = std::polar(0.9, -0.1 * static_cast<double>(k));
    n.at(k, 0, 0) = n.at(k, 1, 1) = 0.05;
  }
  const Network e = extrapolate_to_dc(n);
  CHECK(e.frequencies() == 10000 + 3);
  CHECK(e.freq_hz.front() == 0.0);
  CHECK(e.freq_hz[1] == Approx(1e9 / 10000).epsilon(1e-12));
  // The original points are kept unchanged after the prepended ones.
  CHECK(e.freq_hz[10000] == 1e9);
  CHECK(e.at(10000, 1, 0) == n.at(0, 1, 0));
  // Below the cap the rule is skrf's: f0 = 5 × step gives 5 points 0, 0.2 f0, …, 0.8 f0.
  Network u({5e9, 6e9, 7e9}, 2, 50.0);
  for (std::size_t k = 0; k < 3; ++k)
    u.at(k, 1, 0) = u.at(k, 0, 1) = 0.8;
  const Network eu = extrapolate_to_dc(u);
  REQUIRE(eu.frequencies() == 5 + 3);
  CHECK(eu.freq_hz[1] == Approx(1e9));
}

// ---- PAM order: every entry point taking a Modulation or a PAM order refuses M outside [2, 64]
// with the message of Modulation::pam (an aggregate Modulation{1} used to divide by zero).
namespace {

template <class F> void require_modulation_error(F &&f, int m) {
  try {
    f();
    FAIL("no InputError for PAM" << m);
  } catch (const InputError &e) {
    CHECK(e.where() == "modulation");
    CHECK(e.detail() ==
          "PAM" + std::to_string(m) + " is not supported (accepted: NRZ, PAM2 … PAM64)");
  }
}

} // namespace

TEST_CASE("BER, signalling and link functions refuse an aggregate Modulation outside [2, 64]",
          "[signalling][ber][bad_input]") {
  for (int m : {1, 0, -3, 65, 128}) {
    const Modulation mod{m};
    INFO("M = " << m);
    require_modulation_error([&] { (void)pam_ser(mod, 3.0); }, m);
    require_modulation_error([&] { (void)pam_ber(mod, 3.0); }, m);
    require_modulation_error([&] { (void)pam_ber_from_snr_db(mod, 20.0); }, m);
    require_modulation_error([&] { (void)pam_ser_from_snr_db(mod, 20.0); }, m);
    require_modulation_error([&] { (void)d_over_sigma_from_snr(mod, 100.0); }, m);
    require_modulation_error([&] { (void)snr_from_d_over_sigma(mod, 3.0); }, m);
    require_modulation_error([&] { (void)d_over_sigma_for_ber(mod, 1e-12); }, m);
    require_modulation_error([&] { (void)snr_db_for_ber(mod, 1e-12); }, m);
    require_modulation_error([&] { (void)symbol_levels(mod); }, m);
    require_modulation_error([&] { (void)required_hop_snr_db(mod, fec_kp4(), 1e-12, 1); }, m);
    const std::vector<HopSummary> hops{{"h", 20, 20, 1e-6}};
    require_modulation_error([&] { (void)combine_hops(hops, mod, fec_kp4(), 1e-12); }, m);
  }
  // Powers of two above 64 pass the Gray-mapping check: the range check comes first.
  const Modulation pam128{128};
  require_modulation_error([&] { (void)pam_ber_gray_exact(pam128, 3.0); }, 128);
  std::vector<std::uint8_t> bits(7, 0);
  std::vector<double> levels(1);
  require_modulation_error([&] { gray_modulate(pam128, bits, levels); }, 128);
  // The accepted range still works, with Modulation::pam's error unchanged.
  CHECK(pam_ber(Modulation{64}, 3.0) > 0);
  require_modulation_error([] { (void)Modulation::pam(65); }, 65);
}

TEST_CASE("the statistical, Monte Carlo, analytic and COM engines refuse a PAM order outside "
          "[2, 64]",
          "[statistical_ber][montecarlo][analytic][com][bad_input]") {
  const std::vector<double> cursors{0.05, 1.0, 0.2};
  StatisticalEyeInput si;
  si.cursors_v = cursors;
  si.main_cursor = 1;
  MonteCarloInput mi;
  mi.cursors_v = cursors;
  mi.main_cursor = 1;
  mi.symbols = 100;
  AnalyticInput ai;
  ai.loss.il_nyquist_db = 10;
  for (int m : {65, 128, 1, 0}) {
    INFO("M = " << m);
    si.levels = mi.levels = ai.levels = m;
    require_modulation_error([&] { (void)statistical_ber(si); }, m);
    require_modulation_error([&] { (void)run_montecarlo(mi); }, m);
    require_modulation_error([&] { (void)analytic_snr(ai); }, m);
    require_modulation_error([&] { (void)analytic_grid(ai); }, m);
  }
  // COM (and so the statistical hop) checks L with its other settings, before any work.
  com::Settings s = com::test::small_settings();
  s.levels = 65;
  const auto f = com::test::grid_50mhz(60e9);
  const com::PathTransfer thru = com::test::packaged_line(f, 100);
  require_modulation_error([&] { (void)com::evaluate(s, thru, {}); }, 65);
}

TEST_CASE("Monte Carlo on a HopResult without a pulse is an InputError, not a read past the end",
          "[hop][montecarlo][bad_input]") {
  const HopResult empty{};
  try {
    (void)evaluate_hop_montecarlo(empty, 100);
    FAIL("no InputError");
  } catch (const InputError &e) {
    CHECK(e.where() == "montecarlo");
    CHECK(e.detail() == "hop pulse has no main cursor (index 0 of 0 cursors; accepted: a "
                        "HopResult from evaluate_hop_statistical)");
  }
  // run_montecarlo's own refusals are InputErrors too (they were std::invalid_argument).
  const std::vector<double> cursors{1.0, 0.1};
  MonteCarloInput mi;
  mi.cursors_v = cursors;
  mi.levels = 6;
  CHECK_THROWS_MATCHES(run_montecarlo(mi), InputError,
                       Catch::Message("montecarlo: PAM6 has no per-symbol Gray mapping (accepted: "
                                      "NRZ, PAM4, PAM8, PAM16, PAM32, PAM64)"));
}

// ---- statistical_ber's PMF bin: 0 picks it; a given bin must keep the PMF within 10⁶ bins and
// not exceed d. A bin of 3e-9 V used to build a 3.3-million-bin PMF (1e-12 V: 10¹⁰ bins, an
// allocation of hundreds of GB); a negative or NaN bin silently meant "default".
TEST_CASE("statistical BER refuses a PMF bin that is too fine, coarser than d, negative or NaN",
          "[statistical_ber][bad_input]") {
  // d = h0/(M−1) = 1 V; Σ|terms| = 0.002 + 0.003 = 0.005 V, so the finest bin is 0.01/10⁶.
  const std::vector<double> cursors{0.002, 1.0, 0.003};
  StatisticalEyeInput in;
  in.cursors_v = cursors;
  in.main_cursor = 1;
  in.sigma_v = 0.1;
  const std::string accepted = " V is out of range (accepted: 0 for d/1000 = 0.001 V, or 1e-08 V "
                               "<= bin_v <= d = 1 V: the PMF spans 2·Σ|ISI and jitter terms| = "
                               "0.01 V in at most 1000000 bins)";
  for (double bin : {3e-9, 2.0, -1e-3, std::nan("")}) {
    INFO("bin_v = " << bin);
    in.bin_v = bin;
    try {
      (void)statistical_ber(in);
      FAIL("no InputError");
    } catch (const InputError &e) {
      CHECK(e.where() == "statistical BER");
      CHECK(e.detail() == "PMF bin_v " + number_text(bin) + accepted);
    }
  }
  // The bounds themselves are accepted, and 0 is the default d/1000.
  in.bin_v = 1e-8;
  CHECK(statistical_ber(in).ber > 0);
  in.bin_v = 1.0;
  CHECK(statistical_ber(in).ber > 0);
  in.bin_v = 0;
  const double by_default = statistical_ber(in).ber;
  in.bin_v = 1e-3;
  CHECK(statistical_ber(in).ber == by_default);
  // A term that is not finite is refused (it used to reach lround(NaN) in the PMF).
  const std::vector<double> nan_jitter{std::nan(""), 0.0, 0.0};
  in.jitter_dd_v = nan_jitter;
  CHECK_THROWS_MATCHES(
      statistical_ber(in), InputError,
      Catch::Message("statistical BER: dual-Dirac jitter terms must be finite V (got nan)"));
}

// ---- write_touchstone: the noise block is checked before anything is written.
TEST_CASE("write_touchstone refuses inconsistent noise data and writes nothing",
          "[touchstone][bad_input]") {
  Network two({1e9, 2e9, 3e9}, 2, 50.0);
  two.name = "amp";
  TouchstoneWriteOptions opt;
  opt.noise.freq_hz = {1e9, 2e9};
  opt.noise.nfmin_db = {1.0, 1.2};
  opt.noise.gamma_opt = {Complex(0.1, 0.2), Complex(0.1, 0.3)};
  opt.noise.rn_ohm = {10.0, 11.0};
  {
    std::ostringstream ok;
    write_touchstone(ok, two, opt); // consistent: written
    CHECK(ok.str().find("! noise parameters") != std::string::npos);
  }
  auto refused = [&](const Network &net, const TouchstoneWriteOptions &o, const std::string &what) {
    std::ostringstream out;
    try {
      write_touchstone(out, net, o);
      FAIL("no InputError");
    } catch (const InputError &e) {
      CHECK(e.where() == net.name);
      CHECK(e.detail() == what);
    }
    CHECK(out.str().empty()); // no partial file
  };
  TouchstoneWriteOptions shorter = opt;
  shorter.noise.rn_ohm = {10.0};
  refused(two, shorter,
          "noise data: 2 frequencies but 2 NFmin, 2 Gamma_opt and 1 Rn values (accepted: one of "
          "each per frequency)");
  TouchstoneWriteOptions descending = opt;
  descending.noise.freq_hz = {2e9, 1e9};
  refused(two, descending,
          "noise frequencies: 1e+09 Hz at index 1 (accepted: finite, >= 0 Hz, strictly "
          "ascending)");
  Network four({1e9, 2e9}, 4, 50.0);
  four.name = "board";
  refused(four, opt,
          "noise parameters are for 2-ports only; this network has 4 ports (accepted: no noise "
          "data, or a 2-port)");
  Network unordered({2e9, 1e9}, 2, 50.0);
  unordered.name = "unordered";
  refused(unordered, {},
          "network frequencies: 1e+09 Hz at index 1 (accepted: finite, >= 0 Hz, strictly "
          "ascending)");
}

// ---- COM: the raised-cosine RX corners lie within 0.01 to 10 × f_b (as the tables' f_r).
TEST_CASE("COM refuses raised-cosine RX corners beyond 10 x f_b or below 0.01 x f_b",
          "[com][bad_input]") {
  com::Settings s = com::test::small_settings(); // f_b = 53.125 GBd
  const auto f = com::test::grid_50mhz(60e9);
  const com::PathTransfer thru = com::test::packaged_line(f, 100);
  for (const auto &[start, end] :
       {std::pair{40e9, 1e15}, std::pair{1e6, 40e9}, std::pair{40e9, 30e9}}) {
    s.rc_start_hz = start;
    s.rc_end_hz = end;
    INFO("RC " << start << " to " << end << " Hz");
    try {
      (void)com::evaluate(s, thru, {});
      FAIL("no InputError");
    } catch (const InputError &e) {
      CHECK(e.where() == "COM setting 'RC_start/RC_end'");
      CHECK(e.detail() == "RC_start " + number_text(start / 1e9) + " GHz, RC_end " +
                              number_text(end / 1e9) +
                              " GHz out of range (accepted: both 0 for no raised-cosine stage, "
                              "or 0.53125 GHz <= RC_start < RC_end <= 531.25 GHz: 0.01 to 10 × "
                              "f_b, f_b = 53.125 GBd)");
    }
  }
}

// ---- Audit of the documented-but-unchecked ranges (header "not checked" notes).
TEST_CASE("COM refuses a PDF bin that is not a finite value > 0", "[com][bad_input]") {
  com::Settings s = com::test::small_settings();
  const auto f = com::test::grid_50mhz(60e9);
  const com::PathTransfer thru = com::test::packaged_line(f, 100);
  for (double bin : {-1e-5, 0.0, std::nan("")}) {
    s.pdf_bin_v = bin;
    INFO("pdf_bin_v = " << bin);
    CHECK_THROWS_MATCHES(com::evaluate(s, thru, {}), InputError,
                         Catch::Message("COM setting 'pdf_bin': must be a finite value > 0 V"));
  }
}

TEST_CASE("ERL refuses settings outside their documented ranges", "[com][erl][bad_input]") {
  const auto f = com::test::grid_50mhz(60e9);
  const std::vector<com::Complex> gamma(f.size(), com::Complex(0.1, 0.0));
  const double plain = com::effective_return_loss(f, gamma, com::ErlSettings{});
  CHECK(std::isfinite(plain));
  auto refused = [&](auto change, const std::string &message) {
    com::ErlSettings s;
    change(s);
    CHECK_THROWS_MATCHES(com::effective_return_loss(f, gamma, s), InputError,
                         Catch::Message(message));
  };
  refused([](com::ErlSettings &s) { s.rho_x = 2; }, "ERL setting 'rho_x': must be in [0, 1]");
  refused([](com::ErlSettings &s) { s.der0 = 0.7; }, "ERL setting 'DER_0': must be in (0, 0.5)");
  refused([](com::ErlSettings &s) { s.bin_v = -1e-4; },
          "ERL setting 'bin_v': must be a finite value > 0 V");
  refused([](com::ErlSettings &s) { s.samples_per_ui = 2; }, "ERL setting 'M': must be 4 to 256");
  refused([](com::ErlSettings &s) { s.levels = 65; },
          "modulation: PAM65 is not supported (accepted: NRZ, PAM2 … PAM64)");
}

TEST_CASE("ERL refuses a PDF bin that would make more than 10^6 bins", "[com][erl][bad_input]") {
  // Γ = 0.1 flat: each sampling phase's reflections span about 0.19 V, so 1e-7 V would make
  // ~1.9·10⁶ bins per phase (the PMF of 1e-9 V: 1.9·10⁸ bins, an allocation of GBs per phase).
  const auto f = com::test::grid_50mhz(60e9);
  const std::vector<com::Complex> gamma(f.size(), com::Complex(0.1, 0.0));
  com::ErlSettings s;
  s.bin_v = 1e-7;
  CHECK_THROWS_MATCHES(
      com::effective_return_loss(f, gamma, s), InputError,
      Catch::Matchers::Predicate<InputError>(
          [](const InputError &e) {
            const std::string &d = e.detail();
            return e.where() == "ERL setting 'bin_v'" &&
                   d.rfind("1e-07 V is too fine: the reflections span ", 0) == 0 &&
                   d.find(" V (accepted: bin_v >= ") != std::string::npos &&
                   d.find(" V, at most 1000000 bins)") != std::string::npos;
          },
          "where ERL setting 'bin_v', detail naming the bin needed and the 10^6 cap"));
  s.bin_v = 1e-6; // ~1.9·10⁵ bins: accepted
  CHECK(std::isfinite(com::effective_return_loss(f, gamma, s)));
}

TEST_CASE("analytic SNR refuses non-finite inputs and unordered crosstalk samples",
          "[analytic][bad_input]") {
  AnalyticInput in;
  in.loss.il_nyquist_db = 10;
  CHECK(std::isfinite(analytic_snr(in).snr_db));
  AnalyticInput nan_tx = in;
  nan_tx.snr_tx_db = std::nan("");
  CHECK_THROWS_MATCHES(analytic_snr(nan_tx), InputError,
                       Catch::Message("analytic SNR: TX SNR must be a finite value in dB"));
  AnalyticInput neg_tr = in;
  neg_tr.t_r_s = -1e-12;
  CHECK_THROWS_MATCHES(
      analytic_grid(neg_tr), InputError,
      Catch::Message("analytic SNR: TX transition time must be a finite value >= 0 s"));
  const std::vector<double> xf{1e9, 30e9, 20e9}, xg{1e-3, 1e-3, 1e-3};
  AnalyticInput xt = in;
  xt.xt_amplitude_v = 0.4;
  xt.xt_f_hz = xf;
  xt.xt_gain2 = xg;
  CHECK_THROWS_MATCHES(analytic_snr(xt), InputError,
                       Catch::Message("analytic SNR: crosstalk frequencies must be finite, >= 0 Hz "
                                      "and strictly ascending (index 2)"));
}

TEST_CASE("parse_touchstone refuses a port count above 10000 from its caller",
          "[touchstone][bad_input]") {
  // Used to allocate N² numbers per point (20000 ports: 8·10⁸ doubles) at the first data line.
  CHECK_THROWS_MATCHES(parse_touchstone("# GHz S RI R 50\n", "big.s20000p", 20000), InputError,
                       Catch::Message("big.s20000p: port count 20000 from the extension is more "
                                      "than 10000 (accepted: 0 for unknown, 1 to 10000)"));
}

TEST_CASE("parse_lane_rate refuses an aggregate modulation outside [2, 64]",
          "[lane_rate][bad_input]") {
  // Modulation{1} carries log2(1) = 0 bits: the baud used to come out infinite.
  require_modulation_error([] { (void)parse_lane_rate("100G", Modulation{1}); }, 1);
  require_modulation_error([] { (void)parse_lane_rate("106.25 Gb/s", Modulation{0}); }, 0);
}
