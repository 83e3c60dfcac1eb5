// The SerDes package at each end of a hop (transceivers/serdes.hpp SerdesClass::package_line):
// the COM table's whole package, or the die and bump only for a channel within one package (XSR).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <catch2/catch.hpp>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("XSR keeps the die and bump, not the package line and ball", "[serdes][package]") {
  // Both classes read the 802.3ck Annex 120F C2C table (package case 1: z_p 13 + 1.8 mm TX,
  // 11 + 1.8 mm RX, C_p > 0); the XSR channel runs bump to bump on the package substrate.
  const SerdesClass vsr = find_serdes("vsr", {}, "100G"), xsr = find_serdes("xsr", {}, "100G");
  REQUIRE(vsr.table.name == xsr.table.name);
  const HopPackage full = serdes_package(vsr), bump = serdes_package(xsr);
  CHECK(full.tx.length_mm.size() == 2);
  CHECK(full.tx.length_mm[0] == Approx(13.0));
  CHECK(full.rx.c_p_f > 0);
  CHECK(bump.tx.length_mm.empty());
  CHECK(bump.rx.length_mm.empty());
  CHECK(bump.tx.c_p_f == 0);
  CHECK(bump.rx.c_p_f == 0);
  // The die and bump stay: the same C_d, L_s, C_b and terminations as the table's.
  CHECK(bump.tx.c_d_f == full.tx.c_d_f);
  CHECK(bump.rx.l_s_h == full.rx.l_s_h);
  CHECK(bump.tx.c_b_f == full.tx.c_b_f);
  CHECK(bump.r_d_rx_ohm == full.r_d_rx_ohm);
  // Overridable like every class key.
  ParamSet table;
  table.set("package", "table");
  CHECK(serdes_package(find_serdes("xsr", table, "100G")).tx.length_mm.size() == 2);
}

TEST_CASE("a SerDes package value other than table or bump is refused", "[serdes][bad-input]") {
  ParamSet bad;
  bad.set("package", "ball");
  CHECK_THROWS_WITH(find_serdes("xsr", bad, "100G"), Catch::Contains("package") &&
                                                         Catch::Contains("accepted: table") &&
                                                         Catch::Contains("or bump"));
}
