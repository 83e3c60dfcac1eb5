// Bounds on declared sizes, counts and library arguments that used to pass unchecked: a
// Touchstone port or frequency count larger than the file can hold (storage was allocated from
// the declaration before any data were read); Monte Carlo symbol counts; il_at_db, the loss fit,
// wilson_interval, symbol_error_probability, COM N_bg/N_bf and resample_transfer arguments.
#include "com_line_fixture.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/montecarlo.hpp>
#include <linkphy/phy/pulse_response.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace linkphy;

namespace {

template <class Fn>
void require_input_error(Fn &&fn, const std::string &where, const std::string &detail) {
  try {
    fn();
    FAIL("no InputError");
  } catch (const InputError &e) {
    CHECK(e.where() == where);
    CHECK(e.detail() == detail);
  }
}

} // namespace

TEST_CASE("Touchstone: a port count the file cannot hold is refused before allocating",
          "[touchstone][bad_input]") {
  // 100 ports: 20001 numbers a point (the CLI test uses 10000 ports, 1.6 GB, under a 512 MB
  // limit). Used to allocate the point, then fail later with a truncation message.
  const std::string v2 = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 100\n"
                         "[Number of Frequencies] 1\n[Network Data]\n1 0 0\n[End]\n";
  require_input_error([&] { (void)parse_touchstone(v2, "big.ts", 0); }, "big.ts:3",
                      "[Number of Ports] 100 needs 1 + 2·100² = 20001 numbers per frequency "
                      "point but the 13 bytes from line 5 on hold at most 7 numbers (accepted: a "
                      "port count whose network data the file holds, 1 to 10000)");
  const std::string upper = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 100\n"
                            "[Matrix Format] Upper\n[Number of Frequencies] 1\n[Network Data]\n"
                            "1 0 0\n[End]\n";
  require_input_error([&] { (void)parse_touchstone(upper, "up.ts", 0); }, "up.ts:3",
                      "[Number of Ports] 100 needs 1 + 2·100·101/2 = 10101 numbers per frequency "
                      "point but the 13 bytes from line 6 on hold at most 7 numbers (accepted: a "
                      "port count whose network data the file holds, 1 to 10000)");
  require_input_error([] { (void)parse_touchstone("# GHz S RI R 50\n1 0 0\n", "a.s100p", 100); },
                      "a.s100p:2",
                      "the extension .s100p declares 100 ports, which need 1 + 2·100² = 20001 "
                      "numbers per frequency point, but the 6 bytes from line 2 on hold at most 3 "
                      "numbers (accepted: the extension .sNp with N = the ports of the data)");
}

TEST_CASE("Touchstone: [Number of Frequencies] beyond what the file holds is refused at its line",
          "[touchstone][bad_input]") {
  // Used to be found only after reading every point, at the last line.
  const std::string v2 = "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 1\n"
                         "[Number of Frequencies] 1000000000\n[Network Data]\n1 0 0\n[End]\n";
  require_input_error([&] { (void)parse_touchstone(v2, "f.ts", 0); }, "f.ts:4",
                      "[Number of Frequencies] 1000000000 needs 1000000000 × 3 numbers (frequency "
                      "+ 2 numbers for 1 port) but the 13 bytes from line 5 on hold at most 7 "
                      "numbers (accepted: the number of points in [Network Data])");
}

TEST_CASE("Touchstone: data that exactly fill the file still read", "[touchstone][bad_input]") {
  // The bound (B + 1) / 2 numbers in B bytes is reached by single digits and single blanks.
  const auto d = parse_touchstone("# GHz S RI R 50\n1 0 0", "a.s1p", 1);
  CHECK(d.network.frequencies() == 1);
  const auto d2 = parse_touchstone(
      "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 1\n[Number of Frequencies] 2\n"
      "[Network Data]\n1 0 0\n2 0 0\n[End]\n",
      "b.ts", 0);
  CHECK(d2.network.frequencies() == 2);
}

TEST_CASE("run_montecarlo refuses more than 1e9 symbols", "[montecarlo][bad_input]") {
  // Any count used to be accepted (1e18 would run for ever; UINT64_MAX wraps the warm-up sum).
  const std::vector<double> cursors{1.0, 0.1};
  MonteCarloInput mi;
  mi.cursors_v = cursors;
  mi.symbols = std::numeric_limits<std::uint64_t>::max();
  require_input_error([&] { (void)run_montecarlo(mi); }, "montecarlo",
                      "symbols 18446744073709551615 out of range (accepted: 1 to 1e9; link "
                      "mc_symbols: 1000 to 1e9)");
  mi.symbols = kMaxMonteCarloSymbols + 1;
  require_input_error([&] { (void)run_montecarlo(mi); }, "montecarlo",
                      "symbols 1000000001 out of range (accepted: 1 to 1e9; link mc_symbols: 1000 "
                      "to 1e9)");
  mi.symbols = 0;
  require_input_error([&] { (void)run_montecarlo(mi); }, "montecarlo",
                      "symbols 0 out of range (accepted: 1 to 1e9; link mc_symbols: 1000 to 1e9)");
  mi.symbols = 1000;
  CHECK(run_montecarlo(mi).symbols == 1000);
}

TEST_CASE("il_at_db refuses empty or mismatched spans and a non-finite frequency",
          "[hop][bad_input]") {
  // An empty span used to read h.back() of nothing.
  const std::vector<double> f{1e9, 2e9};
  const std::vector<com::Complex> h{{0.5, 0}, {0.25, 0}};
  require_input_error([] { (void)il_at_db({}, {}, 1e9); }, "il_at_db",
                      "0 frequencies and 0 transfer values (accepted: the same number, at least "
                      "1)");
  require_input_error([&] { (void)il_at_db(f, std::span(h).first(1), 1e9); }, "il_at_db",
                      "2 frequencies and 1 transfer values (accepted: the same number, at least "
                      "1)");
  require_input_error([&] { (void)il_at_db(f, h, std::numeric_limits<double>::quiet_NaN()); },
                      "il_at_db", "frequency nan Hz is not finite");
  CHECK(il_at_db(f, h, 2e9) == Approx(12.0412).epsilon(1e-5));
}

TEST_CASE("fit_loss_model refuses unordered or duplicate frequencies and mismatched sizes",
          "[analytic][bad_input]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (int k = 0; k <= 10; ++k) {
    f.push_back(k * 3e9);
    h.emplace_back(std::pow(10.0, -0.1 * k), 0.0);
  }
  const LossModel ok = fit_loss_model(f, h, 26.5625e9);
  CHECK(ok.il_nyquist_db > 0);
  auto dup = f;
  dup[4] = dup[3]; // a repeated point used to be fitted twice
  require_input_error([&] { (void)fit_loss_model(dup, h, 26.5625e9); }, "loss fit",
                      "frequency 9e+09 Hz at index 4 after 9e+09 Hz (accepted: finite, "
                      ">= 0 Hz, strictly ascending)");
  auto swapped = f;
  std::swap(swapped[2], swapped[3]);
  require_input_error([&] { (void)fit_loss_model(swapped, h, 26.5625e9); }, "loss fit",
                      "frequency 6e+09 Hz at index 3 after 9e+09 Hz (accepted: finite, "
                      ">= 0 Hz, strictly ascending)");
  require_input_error([&] { (void)fit_loss_model(f, std::span(h).first(5), 26.5625e9); },
                      "loss fit",
                      "11 frequencies and 5 transfer values (accepted: the same number)");
  require_input_error([&] { (void)loss_fit_sums(f, h, 0.0); }, "loss fit",
                      "Nyquist frequency 0 Hz out of range (accepted: finite, > 0 Hz)");
}

TEST_CASE("wilson_interval refuses more successes than trials and a bad quantile",
          "[montecarlo][bad_input]") {
  double lo = 0, hi = 0;
  require_input_error([&] { wilson_interval(5, 4, 1.96, lo, hi); }, "wilson_interval",
                      "5 successes in 4 trials (accepted: successes <= trials)");
  require_input_error([&] { wilson_interval(1, 4, 0.0, lo, hi); }, "wilson_interval",
                      "normal quantile z 0 out of range (accepted: finite, > 0; 1.96 for 95 %)");
  require_input_error(
      [&] { wilson_interval(1, 4, std::numeric_limits<double>::infinity(), lo, hi); },
      "wilson_interval",
      "normal quantile z inf out of range (accepted: finite, > 0; 1.96 for 95 %)");
  wilson_interval(0, 0, 1.96, lo, hi); // no trials: no information
  CHECK(lo == 0.0);
  CHECK(hi == 1.0);
}

TEST_CASE("symbol_error_probability refuses symbols of fewer than 1 bit", "[fec][bad_input]") {
  // m = 0 used to give 0 and m < 0 a negative probability.
  require_input_error([] { (void)symbol_error_probability(0, 1e-5); }, "symbol_error_probability",
                      "symbol of 0 bits (accepted: m >= 1 bits)");
  require_input_error([] { (void)symbol_error_probability(-10, 1e-5); }, "symbol_error_probability",
                      "symbol of -10 bits (accepted: m >= 1 bits)");
  CHECK(symbol_error_probability(10, 1e-5) == Approx(1e-4).epsilon(1e-3));
}

TEST_CASE("COM settings refuse N_bg or N_bf outside 0 to 100", "[com][bad_input]") {
  const auto f = com::test::grid_50mhz(60e9);
  const com::PathTransfer thru = com::test::packaged_line(f, 100);
  com::Settings s = com::test::small_settings();
  s.n_bg = -1; // used to be taken as no floating taps
  require_input_error([&] { (void)com::evaluate(s, thru, {}); }, "COM setting 'N_bg'",
                      "floating tap groups must be 0 to 100");
  s = com::test::small_settings();
  s.n_bf = -3;
  require_input_error([&] { (void)com::evaluate(s, thru, {}); }, "COM setting 'N_bf'",
                      "taps per floating group must be 0 to 100");
}

TEST_CASE("resample_transfer refuses a bad step or output size before allocating",
          "[pulse][bad_input]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (int k = 1; k <= 20; ++k) {
    f.push_back(k * 1e9);
    h.emplace_back(0.9, 0.0);
  }
  // df 0 or NaN and any n_out used to pass unchecked.
  require_input_error([&] { (void)resample_transfer(f, h, 0.0, 64); }, "transfer function",
                      "resampling step 0 Hz out of range (accepted: finite, > 0 Hz)");
  require_input_error(
      [&] { (void)resample_transfer(f, h, std::numeric_limits<double>::quiet_NaN(), 64); },
      "transfer function", "resampling step nan Hz out of range (accepted: finite, > 0 Hz)");
  // 2^40 points (16 TB) would be allocated.
  require_input_error([&] { (void)resample_transfer(f, h, 1e6, std::size_t{1} << 40); },
                      "transfer function",
                      "resampled grid of 1099511627776 points (accepted: 2 to 4194304)");
  require_input_error([&] { (void)resample_transfer(f, h, 1e9, 1); }, "transfer function",
                      "resampled grid of 1 points (accepted: 2 to 4194304)");
  CHECK(resample_transfer(f, h, 1e9, 21).size() == 21);
}
