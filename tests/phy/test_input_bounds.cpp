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
