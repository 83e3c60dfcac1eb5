// SerDes classes pick the COM table of the lane-rate generation (transceivers/catalog/serdes.toml
// com_table_RATE): a 25G NRZ receiver is an 802.3by one, not an 802.3ck one with its frequencies
// scaled.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <catch2/catch.hpp>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("the MR class uses each rate's own COM table", "[serdes][com]") {
  CHECK(find_serdes("mr", {}, "25G").table.name == "802.3by-cr");
  CHECK(find_serdes("mr", {}, "50G").table.name == "cei-56g-mr");
  CHECK(find_serdes("mr", {}, "100G").table.name == "802.3ck-cr-ca");
  CHECK(find_serdes("mr", {}, "200g").table.name == "df-200g-cakr"); // class names any case
  // No 400G table: the fallback com_table, scaled to the baud by serdes_settings.
  const auto s400 = find_serdes("mr", {}, "400G");
  CHECK(s400.table.name == "802.3ck-cr-ca");
  CHECK(s400.com_table_key == "com_table");
  CHECK(find_serdes("mr").table.name == "802.3ck-cr-ca"); // no rate: the fallback
  // A class without per-rate tables keeps its one table at every rate.
  CHECK(find_serdes("lr", {}, "25G").table.name == "802.3ck-kr");
}

TEST_CASE("a per-rate table runs at its own baud without scaling", "[serdes][com]") {
  const auto s = find_serdes("mr", {}, "25G");
  const auto set = serdes_settings(s, 25.78125e9, 2);
  CHECK(set.f_z_hz == s.table.ctle.f_z_hz); // exact: k = 1
  CHECK(set.der0 == 1e-5);
}

TEST_CASE("per-rate table keys are checked", "[serdes][com]") {
  ParamSet bad;
  bad.set("com_table_50G", "802.3xx-none");
  // A bad name fails at its own rate, listing the shipped tables.
  CHECK_THROWS_WITH(find_serdes("mr", bad, "50G"), Catch::Contains("802.3by-cr"));
  CHECK(find_serdes("mr", bad, "100G").table.name == "802.3ck-cr-ca");
  ParamSet typo;
  typo.set("com_table_60G", "802.3ck-kr");
  CHECK_THROWS_WITH(find_serdes("mr", typo, "100G"), Catch::Contains("com_table_60G"));
  CHECK_THROWS_WITH(find_serdes("mr", {}, "30G"), Catch::Contains("30G"));
}
