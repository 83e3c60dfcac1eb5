// Power at the 50G lane-rate class (53.125 Gb/s PAM4) for every technology that runs it: the
// module technologies price the 400G QSFP-DD / 200G QSFP56 products of that generation (key
// module_50G) with the 56G-class DSP and retimer of power.toml.
#include "technology_power_checks.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include <cmath>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;
using namespace linkphy::test;

namespace {

const LaneRate g50 = lane_rate_class("50G");

} // namespace

TEST_CASE("every technology that runs 50G has power there", "[power][50g]") {
  int n = 0;
  for (const auto &tech : technology_names()) {
    if (!runs(tech, "50G"))
      continue;
    INFO(tech);
    ++n;
    const LinkReport rep = analytic_link(tech, length_of(tech), "50G");
    REQUIRE(rep.power);
    CHECK(rep.power->power_w > 0);
    CHECK(no_power_warning(rep));
    // 0.3 pJ/bit (a die-to-die PHY) to 80 pJ/bit (a 400G LR8 pair of < 12.5 W modules with host
    // SerDes is < 2 × 12.5 / 400 Gb/s + host = 62.5 + ~5 pJ/bit).
    CHECK(rep.power->energy_pj_per_bit > 0.3);
    CHECK(rep.power->energy_pj_per_bit < 80);
  }
  // dac, acc, aec, backplane, pcb, d2d, aoc, dsp-sr, dsp-dr, dsp-fr, dsp-lr.
  CHECK(n >= 11);
}

TEST_CASE("50G optical and AEC links report power with no 'power not modelled' warning",
          "[power][50g]") {
  for (const char *tech : {"dsp-sr", "dsp-dr", "dsp-fr", "dsp-lr", "aoc"}) {
    INFO(tech);
    const LinkReport rep = analytic_link(tech, 100, "50G");
    REQUIRE(rep.power);
    CHECK(rep.power->power_w > 0);
    CHECK(no_power_warning(rep));
  }
  const LinkReport aec = analytic_link("aec", 2, "50G");
  REQUIRE(aec.power);
  CHECK(no_power_warning(aec));
}

TEST_CASE("50G module technologies price their 400G QSFP-DD / 200G QSFP56 products",
          "[power][50g]") {
  struct Case {
    const char *tech, *module;
    int module_lanes;
  };
  const Case cases[] = {{"aec", "aec_400g", 8},        {"aoc", "aoc_400g_sr8", 8},
                        {"dsp-sr", "dsp_400g_sr8", 8}, {"dsp-dr", "dsp_200g_dr4", 4},
                        {"dsp-fr", "dsp_200g_fr4", 4}, {"dsp-lr", "dsp_400g_lr8", 8}};
  for (const auto &c : cases) {
    INFO(c.tech);
    CHECK(technology_module_lanes(c.tech, g50) == c.module_lanes);
    const TechnologyPower r = technology_power(c.tech, g50, 8, length_of(c.tech));
    CHECK(r.module == c.module);
    CHECK(r.module_lanes == c.module_lanes);
    CHECK(r.modules == 2 * 8 / c.module_lanes);
    CHECK(r.lane_payload_bps == Approx(50e9)); // 400 or 200 Gb/s over 8 or 4 lanes
    CHECK(r.warnings.empty());                 // within power class, host SerDes in its loss
  }
  // At 100G the same technologies keep their 800G builds.
  CHECK(technology_power("dsp-dr", lane_rate_class("100G"), 8, 10).module == "dsp_800g_dr8");
  CHECK(technology_power("aec", lane_rate_class("100G"), 8, 2).module == "aec_800g");
  // An explicit --set module_50G= still chooses another build at this class.
  CHECK(technology_power("dsp-fr", g50, 8, 10, {"module_50G=dsp_400g_lr8"}).module ==
        "dsp_400g_lr8");
}

TEST_CASE("50G energy per bit: passive copper < active copper < optics", "[power][50g]") {
  const TechnologyPower dac = technology_power("dac", g50, 16, 2);
  const TechnologyPower acc = technology_power("acc", g50, 16, 2);
  const TechnologyPower aec = technology_power("aec", g50, 8, 2);
  const TechnologyPower aoc = technology_power("aoc", g50, 8, 30);
  const TechnologyPower sr = technology_power("dsp-sr", g50, 8, 30);
  const TechnologyPower fr = technology_power("dsp-fr", g50, 4, 1000);
  INFO("link pJ/bit: dac " << dac.energy_pj_per_bit << ", acc " << acc.energy_pj_per_bit << ", aec "
                           << aec.energy_pj_per_bit << ", aoc " << aoc.energy_pj_per_bit
                           << ", dsp-sr " << sr.energy_pj_per_bit << ", dsp-fr "
                           << fr.energy_pj_per_bit);
  CHECK(dac.energy_pj_per_bit < acc.energy_pj_per_bit);
  CHECK(acc.energy_pj_per_bit < aec.energy_pj_per_bit);
  CHECK(aec.energy_pj_per_bit < aoc.energy_pj_per_bit);
  CHECK(aec.energy_pj_per_bit < sr.energy_pj_per_bit);
  // SR (VCSEL, uncooled) below FR (EML on a TEC, CWDM mux).
  CHECK(sr.energy_pj_per_bit < fr.energy_pj_per_bit);
  // The modules alone keep the order.
  INFO("module pJ/bit: dac " << module_pj_per_bit(dac) << ", acc " << module_pj_per_bit(acc)
                             << ", aec " << module_pj_per_bit(aec) << ", dsp-sr "
                             << module_pj_per_bit(sr));
  CHECK(module_pj_per_bit(dac) < module_pj_per_bit(acc));
  CHECK(module_pj_per_bit(acc) < module_pj_per_bit(aec));
  CHECK(module_pj_per_bit(aec) < module_pj_per_bit(sr));
}
