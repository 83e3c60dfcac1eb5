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
  CHECK(find_serdes("vsr", {}, "25G").table.name == "802.3ck-c2c");
  CHECK(find_serdes("vsr", {}, "200G").table.name == "802.3ck-c2c");
}

TEST_CASE("the LR class uses each rate's own COM table", "[serdes][com]") {
  // 25G: 25GBASE-KR (Clause 111 via Clause 93); 50G: the same-generation OIF CEI-56G-MR receiver
  // stands in (no CEI-56G-LR / 802.3cd Clause 137 table was found); 200G: the CA+KR table.
  CHECK(find_serdes("lr", {}, "25G").table.name == "802.3by-kr");
  CHECK(find_serdes("lr", {}, "50G").table.name == "cei-56g-mr");
  CHECK(find_serdes("lr", {}, "100G").table.name == "802.3ck-kr");
  CHECK(find_serdes("lr", {}, "200G").table.name == "df-200g-cakr");
  CHECK(find_serdes("lr", {}, "400G").com_table_key == "com_table");
}

TEST_CASE("the 25G KR table is the 25G CR receiver with the KR4 DFE length", "[serdes][com]") {
  const auto kr = find_serdes("lr", {}, "25G").table;
  const auto cr = find_serdes("mr", {}, "25G").table;
  // Same Annex 93A reference receiver (exact copies of one preset: compared exactly) ...
  CHECK(kr.f_b_hz == cr.f_b_hz);
  CHECK(kr.levels == 2);
  CHECK(kr.eta0_v2_per_hz == cr.eta0_v2_per_hz);
  CHECK(kr.snr_tx_db == cr.snr_tx_db);
  CHECK(kr.ctle.f_z_hz == cr.ctle.f_z_hz);
  // ... with Clause 93's 14 DFE taps (CR: 12) and no CR host board.
  CHECK(kr.dfe.b_max.size() == 14);
  CHECK(cr.dfe.b_max.size() == 12);
  CHECK_FALSE(kr.include_pcb);
  CHECK(cr.include_pcb);
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

TEST_CASE("a user's com_table applies at every rate, naming its key when bad", "[serdes][com]") {
  // It was silently ignored wherever the class has a per-rate table (e.g. MR at 100G).
  ParamSet user("--set");
  user.set("com_table", "802.3ck-kr", "--set 'serdes.com_table=802.3ck-kr'");
  CHECK(find_serdes("mr", user, "100G").table.name == "802.3ck-kr");
  CHECK(find_serdes("mr", user, "25G").table.name == "802.3ck-kr");
  user.set("com_table_25G", "802.3by-cr", "--set 'serdes.com_table_25G=802.3by-cr'");
  CHECK(find_serdes("mr", user, "25G").table.name == "802.3by-cr"); // the rate's own wins
  ParamSet bad("--set");
  bad.set("com_table", "nope", "--set 'serdes.com_table=nope'");
  CHECK_THROWS_WITH(find_serdes("mr", bad, "100G"),
                    Catch::StartsWith("--set 'serdes.com_table=nope'") &&
                        Catch::Contains("key 'com_table'") && Catch::Contains("802.3ck-kr"));
}

TEST_CASE("a SerDes TX SNR override outside 10 dB to 100 dB is refused", "[serdes][com]") {
  // --set "serdes.snr_tx=-100 dB" made the statistical link run out of memory (bad_alloc).
  ParamSet low("--set");
  low.set("snr_tx", "-100 dB", "--set serdes.snr_tx");
  CHECK_THROWS_WITH(find_serdes("mr", low, "100G"),
                    Catch::Contains("snr_tx") && Catch::Contains("10 dB to 100 dB"));
  ParamSet ok("--set");
  ok.set("snr_tx", "25 dB", "--set serdes.snr_tx");
  CHECK(find_serdes("mr", ok, "100G").table.snr_tx_db == 25.0);
}
