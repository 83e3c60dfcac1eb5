// Guards on channel inputs that used to pass unchecked or with the wrong message (found by the
// header documentation pass): an infinite line length or reference, a negative grid frequency
// on a Touchstone stage.
#include <catch2/catch.hpp>

#include <linkphy/channels/line.hpp>
#include <linkphy/channels/touchstone_stage.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <limits>
#include <vector>

using namespace linkphy;
using namespace linkphy::channels;

#ifndef LINKPHY_TEST_DATA_DIR
#error "LINKPHY_TEST_DATA_DIR must be defined by the build"
#endif

TEST_CASE("a line of infinite length or reference is refused, not NaN", "[line][bad_input]") {
  const std::vector<double> f = {1e9, 2e9};
  LineConstants c;
  c.z_per_m = {{1.0, 300.0}, {1.4, 600.0}};
  c.y_per_m = {{1e-4, 0.1}, {2e-4, 0.2}};
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_WITH(line_network(f, c, inf, 50.0),
                    Catch::Contains("length") && Catch::Contains("finite"));
  CHECK_THROWS_WITH(line_network(f, c, 1.0, inf),
                    Catch::Contains("reference impedance") && Catch::Contains("finite"));
  const Network ok = line_network(f, c, 1.0, 50.0);
  CHECK(std::isfinite(std::abs(ok.at(1, 1, 0))));
}

TEST_CASE("a Touchstone stage names a negative grid frequency as such", "[touchstone][bad_input]") {
  const TouchstoneStage st(std::string(LINKPHY_TEST_DATA_DIR) + "/channels/pcb_stripline_119mm.s2p",
                           "");
  const std::vector<double> f = {-1e9, 1e9};
  // It used to say the grid "goes above the file's last frequency".
  CHECK_THROWS_WITH(st.network(f, Conditions{}),
                    Catch::Contains("negative") && !Catch::Contains("goes above"));
}
