// Lane-rate classes (IEEE 802.3by/bj, cd, ck, dj) and explicit lane rates.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/lane_rate.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using Catch::Matchers::Contains;

TEST_CASE("lane-rate classes carry their standard signalling", "[lane-rate]") {
  // Line rates and baud from the IEEE 802.3 clauses named in lane_rate.hpp. Exact in binary
  // floating point except through log2 — relative 1e-15.
  struct Expect {
    const char *name;
    double bps, bd;
    int levels;
    const char *fec;
    bool standard;
  };
  const Expect table[] = {
      {"25G", 25.78125e9, 25.78125e9, 2, "KR4", true}, {"50G", 53.125e9, 26.5625e9, 4, "KP4", true},
      {"100G", 106.25e9, 53.125e9, 4, "KP4", true},    {"200G", 212.5e9, 106.25e9, 4, "KP4", true},
      {"400G", 425e9, 212.5e9, 4, "KP4", false},
  };
  for (const auto &e : table) {
    CAPTURE(e.name);
    const LaneRate r = lane_rate_class(e.name);
    CHECK(r.name == e.name);
    CHECK(r.line_rate_bps == Approx(e.bps).epsilon(1e-15));
    CHECK(r.baud_bd == Approx(e.bd).epsilon(1e-15));
    CHECK(r.modulation.levels == e.levels);
    CHECK(r.fec.name == e.fec);
    CHECK(r.standardised == e.standard);
    CHECK_FALSE(r.source.empty());
  }
  // 100G Nyquist is 26.5625 GHz (the frequency at which 802.3ck quotes insertion loss).
  CHECK(lane_rate_class("100G").nyquist_hz() == Approx(26.5625e9));
  CHECK(lane_rate_class("100g").name == "100G");
  CHECK(lane_rate_class_names() == std::vector<std::string>{"25G", "50G", "100G", "200G", "400G"});
  // Rate consistency (IEEE 802.3 Clause 91): the MAC rate in 256b/257b transcoded blocks,
  // nominal·257/256, must equal the RS payload rate line·k/n — e.g. 100G: 106.25·514/544 =
  // 100·257/256 = 100.390625 Gb/s. Exact in binary arithmetic up to a few roundings.
  const double nominal[] = {25e9, 50e9, 100e9, 200e9, 400e9};
  for (std::size_t i = 0; i < 5; ++i) {
    const LaneRate r = lane_rate_class(table[i].name);
    CAPTURE(r.name);
    CHECK(r.line_rate_bps * r.fec.rate() == Approx(nominal[i] * 257.0 / 256.0).epsilon(1e-14));
  }
}

TEST_CASE("class with another modulation keeps the line rate", "[lane-rate]") {
  const LaneRate r = parse_lane_rate("400G", Modulation::pam(6));
  CHECK(r.line_rate_bps == Approx(425e9));
  CHECK(r.baud_bd == Approx(425e9 / std::log2(6.0)).epsilon(1e-15)); // ≈ 164.4 GBd
  CHECK(r.modulation.levels == 6);
  CHECK_FALSE(r.standardised);
  const LaneRate same = parse_lane_rate("100G", Modulation::pam(4));
  CHECK(same.standardised);
  CHECK(parse_lane_rate("100G", {}, fec_kr4()).fec == fec_kr4());
}

TEST_CASE("explicit lane rates with a unit and a modulation", "[lane-rate]") {
  const LaneRate a = parse_lane_rate("106.25 Gb/s", Modulation::pam(4));
  CHECK(a.line_rate_bps == Approx(106.25e9));
  CHECK(a.baud_bd == Approx(53.125e9));
  CHECK(a.fec == fec_kp4());
  CHECK(a.source == "explicit");
  const LaneRate b = parse_lane_rate("53.125 GBd", Modulation::pam(4));
  CHECK(b.line_rate_bps == Approx(106.25e9));
  const LaneRate c = parse_lane_rate("25.78125 Gb/s", Modulation::nrz());
  CHECK(c.baud_bd == Approx(25.78125e9));
  CHECK(c.fec == fec_kr4());
  CHECK(parse_lane_rate("56 Gb/s", Modulation::pam(4), fec_none()).fec.is_none());
}

TEST_CASE("a lane rate may carry its modulation as a last word", "[lane-rate]") {
  // For plan files and crossover rate lists, which have no modulation key of their own.
  const LaneRate a = parse_lane_rate("106.25 Gb/s PAM4");
  CHECK(a.modulation.levels == 4);
  CHECK(a.baud_bd == Approx(53.125e9));
  CHECK(a.name == "106.25 Gb/s PAM4");
  CHECK(parse_lane_rate("53.125 GBd pam4").line_rate_bps == Approx(106.25e9));
  const LaneRate n = parse_lane_rate("100G NRZ");
  CHECK(n.line_rate_bps == Approx(106.25e9));
  CHECK(n.baud_bd == Approx(106.25e9));
  CHECK_FALSE(n.standardised);
  CHECK(parse_lane_rate("106.25 Gb/s PAM4", Modulation::pam(4)).baud_bd == Approx(53.125e9));
  CHECK_THROWS_WITH(parse_lane_rate("106.25 Gb/s PAM4", Modulation::nrz(), {}, "--rate"),
                    Contains("--rate") && Contains("names PAM4") && Contains("NRZ"));
  CHECK_THROWS_WITH(parse_lane_rate("106.25 Gb/s QAM16"), Contains("not a lane rate"));
  // Without it, the message says how to give one.
  CHECK_THROWS_WITH(parse_lane_rate("106.25 Gb/s"), Contains("'106.25 Gb/s PAM4'"));
}

TEST_CASE("bad lane rates are InputErrors that list the accepted classes",
          "[lane-rate][bad-input]") {
  CHECK_THROWS_WITH(parse_lane_rate("800G", {}, {}, "--rate"),
                    Contains("--rate") && Contains("800G") &&
                        Contains("25G, 50G, 100G, 200G, 400G"));
  CHECK_THROWS_WITH(lane_rate_class("10G"), Contains("400G"));
  CHECK_THROWS_WITH(parse_lane_rate("2 m", Modulation::pam(4)), Contains("length"));
  CHECK_THROWS_WITH(parse_lane_rate("fast"), Contains("100G"));
  CHECK_THROWS_WITH(parse_lane_rate("106.25 Gb/s"), Contains("modulation"));
  CHECK_THROWS_AS(parse_lane_rate("-5 Gb/s", Modulation::nrz()), InputError);
  CHECK_THROWS_WITH(parse_lane_rate("1e-300 Gb/s PAM4", {}, {}, "--rate"),
                    Contains("--rate") && Contains("out of range; accepted: 100 Mb/s to 2 Tb/s"));
  CHECK_THROWS_WITH(parse_lane_rate("1e300 Gb/s PAM4"), Contains("out of range"));
  CHECK_THROWS_WITH(parse_lane_rate("1500 GBd PAM4"), Contains("out of range")); // 3 Tb/s
  CHECK_THROWS_AS(parse_lane_rate("", Modulation::nrz()), InputError);
}

TEST_CASE("a missing modulation is asked for by the caller's name for it, or in the rate alone",
          "[lane-rate][names]") {
  // The library named the CLI's --modulation here: wrong for a plan file or a crossover rate list
  // (no modulation of their own) and for a sweep spec (the key 'modulation').
  const auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const InputError &e) {
      return e.what();
    }
    return "(no error)";
  };
  CHECK(message([] { (void)parse_lane_rate("7 Gb/s", {}, {}, "rate"); }) ==
        "rate: explicit lane rate '7 Gb/s' needs a modulation: add it ('7 Gb/s PAM4'; NRZ, PAM4, "
        "PAM6, PAM8, …)");
  CHECK(message([] {
          (void)parse_lane_rate("53 GBd", {}, {}, "LinkRequest.rate", "its modulation");
        }) ==
        "LinkRequest.rate: explicit lane rate '53 GBd' needs a modulation: add it ('53 GBd PAM4'; "
        "NRZ, PAM4, PAM6, PAM8, …) or give its modulation");
}
