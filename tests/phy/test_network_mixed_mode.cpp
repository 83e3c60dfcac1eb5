// Single-ended → mixed-mode conversion against scikit-rf 0.15.4 se2gmm and closed forms.
#include "reference_csv.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>

#include <catch2/catch.hpp>

using namespace linkphy;
using Catch::Matchers::Contains;
using test::max_relative_error;
using test::read_reference;

TEST_CASE("port pairs parse from text", "[network][mixed-mode]") {
  const auto pairs = parse_port_pairs("1-3:2-4");
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].positive == 0);
  CHECK(pairs[0].negative == 2);
  CHECK(pairs[1].positive == 1);
  CHECK(pairs[1].negative == 3);
  CHECK(parse_port_pairs("2-1").front().positive == 1);
  CHECK(parse_port_pairs("10-12:11-9").size() == 2);
}

TEST_CASE("bad port pairs are rejected", "[network][mixed-mode][bad-input]") {
  CHECK_THROWS_AS(parse_port_pairs(""), InputError);
  CHECK_THROWS_WITH(parse_port_pairs("1-3;2-4"), Contains("is not a port number"));
  CHECK_THROWS_WITH(parse_port_pairs("13:24"), Contains("'13' is not a pair"));
  CHECK_THROWS_WITH(parse_port_pairs("1-3:"), Contains("is not a pair"));
  CHECK_THROWS_WITH(parse_port_pairs("0-1"), Contains("start at 1"));
  CHECK_THROWS_WITH(parse_port_pairs("1-3:3-4"), Contains("port 3 is used twice"));
  CHECK_THROWS_WITH(parse_port_pairs("a-b"), Contains("'a' is not a port number"));
  const Network ca = read_reference("ca_s");
  CHECK_THROWS_WITH(to_mixed_mode(ca, parse_port_pairs("1-3")), Contains("cover 2 ports"));
  CHECK_THROWS_WITH(to_mixed_mode(ca, parse_port_pairs("1-3:2-5")), Contains("port 5 does not"));
  const PortPair twice[] = {{0, 2}, {2, 0}};
  CHECK_THROWS_WITH(to_mixed_mode(ca, twice), Contains("in two pairs"));
  Network odd = ca;
  odd.z0_ohm[2] = 45.0;
  CHECK_THROWS_WITH(to_mixed_mode(odd, parse_port_pairs("1-3:2-4")),
                    Contains("different reference impedances"));
  // The impedances as number_text writes them (was std::to_string: "50.000000 vs 45.000000").
  odd.z0_ohm[2] = 45.5;
  CHECK_THROWS_WITH(to_mixed_mode(odd, parse_port_pairs("1-3:2-4")), Contains("(50 vs 45.5 ohm)"));
}

TEST_CASE("mixed-mode S of IEEE channels matches scikit-rf se2gmm", "[network][mixed-mode]") {
  // skrf se2gmm (Ferrero–Pirola generalised form, one linear solve per frequency) vs the direct
  // M·S·Mᵀ here: same result in exact arithmetic, 1e-9 normwise allows for the solve's rounding.
  for (const std::string stem : {"ca", "dpo"}) {
    INFO(stem);
    const Network se = read_reference(stem + "_s");
    const Network want = read_reference(stem + "_mixed_13_24");
    const Network got = to_mixed_mode(se, parse_port_pairs("1-3:2-4"));
    CHECK(got.z0_ohm == std::vector<double>{100.0, 100.0, 25.0, 25.0});
    CHECK(max_relative_error(got.s, want.s, 16) < 1e-9);
  }
  // The CA channel's differential insertion loss at 26.56 GHz is 19.75 dB (file name and
  // tests/data/SOURCES.md); at the nearest decimated point (27 GHz) it lies within 1 dB of that.
  const Network mm = to_mixed_mode(read_reference("ca_s"), parse_port_pairs("1-3:2-4"));
  const double il_db = -20.0 * std::log10(std::abs(mm.at(27, 1, 0)));
  CHECK(il_db == Approx(19.75).margin(1.0));
}

TEST_CASE("an ideal differential thru has Sdd21 = 1 and no mode conversion",
          "[network][mixed-mode]") {
  // Ports 1,3 → 2,4 straight through (1→2, 3→4), with a delay: Sdd21 = Scc21 = e^{−jθ},
  // Sdc = Scd = 0, Sdd11 = 0 (Bockelman & Eisenstadt 1995, eq. 11–14).
  Network thru({1e9, 2e9}, 4);
  for (std::size_t k = 0; k < 2; ++k) {
    const Complex e = std::polar(1.0, -0.3 * static_cast<double>(k + 1));
    thru.at(k, 1, 0) = thru.at(k, 0, 1) = e;
    thru.at(k, 3, 2) = thru.at(k, 2, 3) = e;
  }
  const Network mm = to_mixed_mode(thru, parse_port_pairs("1-3:2-4"));
  for (std::size_t k = 0; k < 2; ++k) {
    const Complex e = thru.at(k, 1, 0);
    CHECK(std::abs(mm.at(k, 1, 0) - e) < 1e-15); // Sdd21
    CHECK(std::abs(mm.at(k, 3, 2) - e) < 1e-15); // Scc21
    CHECK(std::abs(mm.at(k, 0, 0)) < 1e-15);     // Sdd11
    for (int i = 0; i < 2; ++i)
      for (int j = 2; j < 4; ++j) {
        CHECK(std::abs(mm.at(k, i, j)) < 1e-15); // Sdc
        CHECK(std::abs(mm.at(k, j, i)) < 1e-15); // Scd
      }
  }
  // A skewed pair (the − leg 180° late) converts differential to common mode fully: Scd21 ≠ 0.
  thru.at(1, 3, 2) = thru.at(1, 2, 3) = -thru.at(1, 1, 0);
  const Network skew = to_mixed_mode(thru, parse_port_pairs("1-3:2-4"));
  CHECK(std::abs(skew.at(1, 1, 0)) < 1e-15);
  CHECK(std::abs(skew.at(1, 3, 0)) == Approx(1.0).epsilon(1e-15));
}
