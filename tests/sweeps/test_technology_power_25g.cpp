// Power at the 25G lane-rate class for every technology that runs it, and d2d at 100G/200G from
// XSR SerDes (issue 6: power models as functions of lane rate; energy per bit ordered d2d < ACC <
// CPO < LPO < DSP pluggable where the technologies exist).
#include "technology_power_checks.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>
#include <linkphy/transceivers/module_power.hpp>

#include <cmath>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;
using namespace linkphy::test;

namespace {

const LaneRate g25 = lane_rate_class("25G");

} // namespace

TEST_CASE("every technology that runs 25G has power there, in a plausible band", "[power][25g]") {
  int n = 0;
  for (const auto &tech : technology_names()) {
    if (!runs(tech, "25G"))
      continue;
    INFO(tech);
    ++n;
    const TechnologyPower r = technology_power(tech, g25, 4, length_of(tech));
    CHECK(std::isfinite(r.power_w));
    CHECK(r.power_w > 0);
    // 25G links: 0.3 pJ/bit (a die-to-die PHY) to 60 pJ/bit (an SR4 module pair with host
    // SerDes; 100G QSFP28 SR4 < 3.5 W per end is 35 pJ/bit for the modules alone).
    CHECK(r.energy_pj_per_bit > 0.3);
    CHECK(r.energy_pj_per_bit < 60);
    // Through the link report too: a number and no "power not modelled" warning.
    const LinkReport rep = analytic_link(tech, length_of(tech), "25G");
    REQUIRE(rep.power);
    CHECK(rep.power->power_w > 0);
    CHECK(no_power_warning(rep));
  }
  // dac, acc, aec, backplane, pcb, d2d (copper runs every class), aoc and dsp-sr (25GBASE-SR PMD).
  CHECK(n >= 8);
}

TEST_CASE("25G module technologies price their QSFP28 (4 × 25G) products", "[power][25g]") {
  const std::pair<const char *, const char *> builds[] = {{"dac", "dac_100g_cr4"},
                                                          {"acc", "acc_100g_cr4"},
                                                          {"aec", "aec_100g_cr4"},
                                                          {"aoc", "aoc_100g_sr4"},
                                                          {"dsp-sr", "cdr_100g_sr4"}};
  for (const auto &[tech, module] : builds) {
    INFO(tech);
    const TechnologyPower r = technology_power(tech, g25, 8, length_of(tech));
    CHECK(r.module == module);
    CHECK(r.module_lanes == 4);
    CHECK(r.modules == 4); // 8 lanes on 4-lane modules: 2 per end
    CHECK(r.cables == 2);
    CHECK(r.lane_payload_bps == Approx(25e9)); // 100 Gb/s over 4 lanes
    CHECK(technology_module_lanes(tech, g25) == 4);
    CHECK(r.warnings.empty()); // within power class, host SerDes within its loss
  }
  // At 100G the same technologies keep their 800G builds.
  CHECK(technology_power("dac", lane_rate_class("100G"), 8, 1).module == "dac_800g");
  // An explicit --set module= still wins over the per-rate key.
  CHECK(technology_power("dac", g25, 8, 1, {"module=acc_800g"}).module == "acc_800g");
}

TEST_CASE("25G energy per bit orders d2d < ACC < retimed SR pluggable", "[power][25g]") {
  // At 25G the ordering holds where the technologies exist: CPO and LPO run no 25G PMD
  // (technology_power refuses them, as evaluate_link does); the retimed pluggable at 25G is the
  // SR4 module (CDRs, no DSP).
  CHECK_THROWS_AS(technology_power("cpo", g25, 4, 10), InputError);
  CHECK_THROWS_AS(technology_power("lpo", g25, 4, 10), InputError);
  const TechnologyPower d2d = technology_power("d2d", g25, 32, 0.01);
  const TechnologyPower acc = technology_power("acc", g25, 4, 2);
  const TechnologyPower sr = technology_power("dsp-sr", g25, 4, 50);
  const double e_d2d = module_pj_per_bit(d2d), e_acc = module_pj_per_bit(acc),
               e_sr = module_pj_per_bit(sr);
  INFO("module pJ/bit: d2d " << e_d2d << ", acc " << e_acc << ", dsp-sr " << e_sr);
  CHECK(e_d2d < e_acc);
  CHECK(e_acc < e_sr);
  // The whole link (modules + host SerDes) keeps the order.
  INFO("link pJ/bit: d2d " << d2d.energy_pj_per_bit << ", acc " << acc.energy_pj_per_bit
                           << ", dsp-sr " << sr.energy_pj_per_bit);
  CHECK(d2d.energy_pj_per_bit < acc.energy_pj_per_bit);
  CHECK(acc.energy_pj_per_bit < sr.energy_pj_per_bit);
}

TEST_CASE("25G power scales as its laws: lanes, host-channel loss", "[power][25g]") {
  // Twice the lanes on 4-lane cable ends: twice the modules and host SerDes, exactly.
  const TechnologyPower a4 = technology_power("dac", g25, 4, 1);
  const TechnologyPower a8 = technology_power("dac", g25, 8, 1);
  CHECK(a8.power_w == Approx(2 * a4.power_w).epsilon(1e-12));
  // Host-only: one lane more is one host SerDes pair more.
  const TechnologyPower p1 = technology_power("pcb", g25, 1, 0.2);
  const TechnologyPower p2 = technology_power("pcb", g25, 2, 0.2);
  CHECK(p2.power_w == Approx(2 * p1.power_w).epsilon(1e-12));
  // The passive DAC's host SerDes (serdes_lr_28g) follows the channel's IL at Nyquist with the
  // law's 0.12 pJ/bit/dB, 2 ends × 4 lanes, at the 35 °C inlet (leakage 1 + 0.001 × 10 K).
  const TechnologyPower d1 = technology_power("dac", g25, 4, 1);
  const TechnologyPower d2 = technology_power("dac", g25, 4, 2);
  REQUIRE(d2.channel_il_db > d1.channel_il_db);
  REQUIRE(d2.channel_il_db < 35); // within the LR class's loss
  const double expected =
      2 * 4 * 0.12e-12 * 25.78125e9 * (d2.channel_il_db - d1.channel_il_db) * 1.01;
  CHECK(d2.host_serdes_w - d1.host_serdes_w == Approx(expected).epsilon(1e-9));
}

TEST_CASE("d2d at 100G and 200G: XSR SerDes PHYs, 800G of lanes, below ACC's energy per bit",
          "[power][d2d]") {
  for (const char *cls : {"100G", "200G"}) {
    INFO(cls);
    const LaneRate lane = lane_rate_class(cls);
    const int module_lanes = technology_module_lanes("d2d", lane);
    const TechnologyPower d = technology_power("d2d", lane, module_lanes, 0.01);
    CHECK(d.module == "d2d_xsr_800g");
    // lanes = payload / lane payload: 800 Gb/s over 100 / 200 Gb/s lanes (±1 %: the build's
    // nominal 100 Gb/s against KP4's 100.4 Gb/s).
    CHECK(module_lanes == (std::string(cls) == "100G" ? 8 : 4));
    CHECK(module_lanes * d.lane_payload_bps == Approx(800e9).epsilon(0.01));
    CHECK(d.modules == 2); // one PHY per die
    CHECK(d.cables == 0);
    CHECK(d.warnings.empty());
    const TechnologyPower a = technology_power("acc", lane, module_lanes, 2);
    INFO("d2d " << module_pj_per_bit(d) << " pJ/bit, acc " << module_pj_per_bit(a));
    CHECK(module_pj_per_bit(d) < module_pj_per_bit(a));
    CHECK(d.energy_pj_per_bit < a.energy_pj_per_bit);
    // XSR class (power.toml: 1-2 pJ/bit at 112G, 224G extrapolated): 1-2 pJ/bit per die here.
    CHECK(module_pj_per_bit(d) > 1.0);
    CHECK(module_pj_per_bit(d) < 2.0);
  }
  // The part of each class: serdes_xsr_112g re-rated to serdes_xsr_224g.
  const auto b = module_at_rate(transceivers::find_module("d2d_xsr_800g"), lane_rate_class("200G"));
  REQUIRE(b.d2d);
  CHECK(b.d2d->name == "serdes_xsr_224g");
  CHECK(b.lanes == 4);
  // Below 100G the d2d technology keeps its UCIe PHY.
  CHECK(technology_power("d2d", lane_rate_class("50G"), 16, 0.01).module == "d2d_ucie_800g");
  CHECK(technology_power("d2d", g25, 32, 0.01).module == "d2d_ucie_800g");
}
