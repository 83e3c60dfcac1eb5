// il_at_db and resample_transfer interpolate on their frequency grid: a grid that does not ascend
// is refused once on entry, naming the argument and the first index out of order (it used to
// give a number from the wrong interval, or NaN, silently).
#include <catch2/catch.hpp>

#include "../error_where.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/pulse_response.hpp>

#include <complex>
#include <limits>
#include <string>
#include <vector>

using linkphy::test::where_of;

TEST_CASE("il_at_db refuses frequencies that do not ascend", "[hop][bad_input]") {
  const std::vector<std::complex<double>> h{{1, 0}, {0.5, 0}, {0.25, 0}, {0.1, 0}};
  const std::vector<double> good{1e9, 2e9, 3e9, 4e9};
  CHECK(linkphy::il_at_db(good, h, 2e9) == Approx(6.0206).epsilon(1e-4));
  const std::vector<double> swapped{1e9, 3e9, 2e9, 4e9};
  CHECK(where_of([&] { (void)linkphy::il_at_db(swapped, h, 2.5e9); }) == "il_at_db f_hz[2]");
  CHECK_THROWS_WITH(linkphy::il_at_db(swapped, h, 2.5e9),
                    "il_at_db f_hz[2]: 2e+09 Hz after f_hz[1] = 3e+09 Hz (accepted: finite, "
                    "strictly ascending frequencies)");
  const std::vector<double> repeated{1e9, 2e9, 2e9, 4e9}; // a zero-width interval
  CHECK(where_of([&] { (void)linkphy::il_at_db(repeated, h, 3e9); }) == "il_at_db f_hz[2]");
  const std::vector<double> nan{1e9, std::numeric_limits<double>::quiet_NaN(), 3e9, 4e9};
  CHECK(where_of([&] { (void)linkphy::il_at_db(nan, h, 3e9); }) == "il_at_db f_hz[1]");
}

TEST_CASE("resample_transfer refuses frequencies that do not ascend", "[pulse][bad_input]") {
  std::vector<double> f;
  std::vector<std::complex<double>> h;
  for (int k = 1; k <= 20; ++k) {
    f.push_back(k * 1e9);
    h.push_back(std::polar(1.0 / k, -0.1 * k));
  }
  CHECK_NOTHROW(linkphy::resample_transfer(f, h, 0.5e9, 64));
  std::swap(f[13], f[14]);
  CHECK(where_of([&] { (void)linkphy::resample_transfer(f, h, 0.5e9, 64); }) ==
        "resample_transfer f_hz[14]");
  std::vector<std::complex<double>> out(64);
  CHECK(where_of([&] { linkphy::resample_transfer(f, h, 0.5e9, out); }) ==
        "resample_transfer f_hz[14]");
}
