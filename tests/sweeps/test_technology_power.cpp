// Power of one link of a technology (technology_power.hpp): module builds evaluated at the link's
// lane rate, module/cable counts, host SerDes, and the published per-module bands of issue 6.
#include "technology_power_checks.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>
#include <linkphy/transceivers/module_power.hpp>

#include <algorithm>
#include <cstdio>

using namespace linkphy;
using namespace linkphy::sweeps;
using linkphy::test::module_pj_per_bit;

namespace {

const LaneRate g100 = lane_rate_class("100G");
const LaneRate g200 = lane_rate_class("200G");

bool has_tech(const std::string &name) {
  const auto names = technology_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The technology of issue 6 that uses `module`; until that technology is in the catalog, the
// `dac` entry with its `module` key overridden (the module's power does not depend on the hops).
TechnologyPower through_tech(const std::string &tech, const std::string &module,
                             const LaneRate &lane = g100, int lanes = 8, double length_m = 1) {
  if (has_tech(tech)) {
    TechnologyPower r = technology_power(tech, lane, lanes, length_m);
    REQUIRE(r.module == module);
    return r;
  }
  WARN("technology '" << tech << "' not in the catalog yet: module " << module << " via dac");
  return technology_power("dac", lane, lanes, length_m, {"module=" + module});
}

} // namespace

TEST_CASE("technology power report: run with the report tag to print", "[.][report]") {
  for (const char *m :
       {"dsp_800g_dr8", "dsp_800g_sr8", "dsp_800g_fr4", "dsp_800g_lr4", "aoc_800g_sr8",
        "lro_800g_dr8", "lpo_800g_dr8", "cpo_800g", "acc_800g", "aec_800g", "dac_800g"})
    for (const LaneRate *lane : {&g100, &g200}) {
      try {
        const auto r = technology_power("dac", *lane, 8, 1, {std::string("module=") + m});
        std::printf("%-14s %-5s lanes/module %d  module %7.3f W  host/lane %6.3f W  link %7.3f W"
                    "  %6.2f pJ/bit (module %5.2f)\n",
                    m, lane->name.c_str(), r.module_lanes, r.module_power_w, r.host_serdes_lane_w,
                    r.power_w, r.energy_pj_per_bit, module_pj_per_bit(r));
        for (const auto &w : r.warnings)
          std::printf("    warning: %s\n", w.c_str());
      } catch (const InputError &e) {
        std::printf("%-14s %-5s %s\n", m, lane->name.c_str(), e.what());
      }
    }
}

TEST_CASE("800G modules through technology_power land in the bands of issue 6",
          "[technology_power]") {
  // Bands as in tests/transceivers/test_module_power.cpp (same sources), here reached through the
  // technology's `module` key at 8 lanes of 100G, 35 °C inlet (the default ambient).
  const auto dsp = through_tech("dsp-dr", "dsp_800g_dr8");
  CHECK(dsp.module_power_w >= 14.0); // 800G DSP pluggable 14–17 W (vendor data sheets, OFC 2023)
  CHECK(dsp.module_power_w <= 17.0);
  const auto lpo = through_tech("lpo", "lpo_800g_dr8");
  CHECK(lpo.module_power_w >= 7.0); // 800G LPO 7–10 W (LPO MSA era)
  CHECK(lpo.module_power_w <= 10.0);
  const auto cpo = through_tech("cpo", "cpo_800g");
  CHECK(cpo.module_power_w >= 4.0); // CPO ≈ 4–7 W per 800G (OIF/industry demonstrations)
  CHECK(cpo.module_power_w <= 7.0);
  const auto dac = through_tech("dac", "dac_800g");
  CHECK(dac.module_power_w < 0.1); // passive DAC: EEPROM only
  const auto acc = through_tech("acc", "acc_800g");
  CHECK(acc.module_power_w >= 1.2); // linear ACC ≈ 1.5 W per 800G end, ±20 % for "≈"
  CHECK(acc.module_power_w <= 1.8);
  // One 8-lane link of 800G modules: a module at each end, one cable (fibre or copper) between.
  for (const auto *r : {&dsp, &lpo, &cpo, &dac, &acc}) {
    CHECK(r->module_lanes == 8);
    CHECK(r->modules == 2);
    CHECK(r->cables == 1);
  }
}

TEST_CASE("energy per bit of the modules orders d2d < ACC < CPO < LPO < DSP",
          "[technology_power]") {
  // The ordering the energy-per-bit literature reports per 800G end (UCIe ~0.5 pJ/bit; ACC ~2;
  // CPO ~5; LPO ~10; DSP pluggable ~18–20 pJ/bit).
  const LaneRate ucie = parse_lane_rate("32 Gb/s", Modulation::nrz(), FecCode{});
  const double d2d = module_pj_per_bit(through_tech("d2d", "d2d_ucie_800g", ucie, 25, 0.005));
  const double acc = module_pj_per_bit(through_tech("acc", "acc_800g"));
  const double cpo = module_pj_per_bit(through_tech("cpo", "cpo_800g"));
  const double lpo = module_pj_per_bit(through_tech("lpo", "lpo_800g_dr8"));
  const double dsp = module_pj_per_bit(through_tech("dsp-dr", "dsp_800g_dr8"));
  INFO("d2d " << d2d << ", acc " << acc << ", cpo " << cpo << ", lpo " << lpo << ", dsp " << dsp);
  CHECK(d2d < acc);
  CHECK(acc < cpo);
  CHECK(cpo < lpo);
  CHECK(lpo < dsp);
}

TEST_CASE("a link's power is its modules plus the host SerDes of its lanes", "[technology_power]") {
  // 12 lanes of 100G over 8-lane modules: 2 modules per end (one half-used, charged in full).
  const auto r = technology_power("dac", g100, 12, 1, {"module=dsp_800g_dr8"});
  CHECK(r.modules == 4);
  CHECK(r.cables == 2);
  CHECK(r.host_serdes_w == Approx(2 * 12 * r.host_serdes_lane_w));
  CHECK(r.power_w == Approx(4 * r.module_power_w + r.host_serdes_w).epsilon(1e-9));
  CHECK(r.ledger.total_power_w() == Approx(r.power_w));
  CHECK(r.host_serdes_lane_w > 0.1); // a 112G VSR SerDes lane: a few hundred mW, not zero
  // Light leaves each module and is not its heat; everything else is.
  CHECK(r.heat_w < r.power_w);
  CHECK(r.heat_w > 0.95 * r.power_w);
  CHECK(r.energy_pj_per_bit == Approx(r.power_w / (12 * r.lane_payload_bps) * 1e12));
}

TEST_CASE("a module at another lane rate keeps its payload with parts of the matching rate class",
          "[technology_power]") {
  const auto at100 = technology_power("dac", g100, 8, 1, {"module=dsp_800g_dr8"});
  const auto at200 = technology_power("dac", g200, 8, 1, {"module=dsp_800g_dr8"});
  // 800G = 8 × 100G = 4 × 200G: two modules carry 8 lanes of 200G at each end.
  CHECK(at200.module_lanes == 4);
  CHECK(at200.modules == 4);
  // Half the lanes (lasers, drivers, TIAs, DSP lanes) at a newer-node DSP: a 4 × 200G module
  // draws less than the 8 × 100G one, but more than half of it (per-lane parts at twice the rate).
  CHECK(at200.module_power_w < at100.module_power_w);
  CHECK(at200.module_power_w > 0.5 * at100.module_power_w);
  // Its host SerDes are the 224G class: more power per lane than the 112G class.
  CHECK(at200.host_serdes_lane_w > at100.host_serdes_lane_w);
  // Parts that no entry of their family runs at the rate → InputError naming the part.
  try {
    (void)technology_power("dac", lane_rate_class("400G"), 8, 1, {"module=dsp_800g_dr8"});
    FAIL("400G lanes accepted");
  } catch (const InputError &e) {
    const std::string msg = e.what();
    CHECK(msg.find("dsp_800g_dr8") != std::string::npos);
    CHECK(msg.find("part '") != std::string::npos);
    CHECK(msg.find("Gb/s") != std::string::npos);
  }
  CHECK_THROWS_AS(technology_power("dac", lane_rate_class("25G"), 8, 1, {"module=cpo_800g"}),
                  InputError);
  // The same build object, re-rated: the module_at_rate API directly.
  const auto b = module_at_rate(transceivers::find_module("lpo_800g_dr8"), g200);
  CHECK(b.lanes == 4);
  CHECK(b.lane_rate_bps == Approx(212.5e9));
  REQUIRE(b.driver);
  CHECK(b.driver->name == "driver_lpo_linear_200g");
  REQUIRE(b.host_serdes);
  CHECK(b.host_serdes->name == "serdes_lr_224g");
}

TEST_CASE("the other 800G DSP builds land in their published bands", "[technology_power]") {
  auto module_w = [](const char *m) {
    return technology_power("dac", g100, 8, 1, {std::string("module=") + m}).module_power_w;
  };
  // 800G SR8 (VCSEL/MMF) OSFP: ~12–15 W (vendor data sheets: below the DR8's SiPh + TEC budget).
  const double sr8 = module_w("dsp_800g_sr8");
  CHECK(sr8 >= 12.0);
  CHECK(sr8 <= 15.0);
  // 800G 2xFR4 and 2xLR4 OSFP (EML): ~14–17 W and ~15–18 W (vendor data sheets).
  const double fr4 = module_w("dsp_800g_fr4");
  CHECK(fr4 >= 14.0);
  CHECK(fr4 <= 17.0);
  const double lr4 = module_w("dsp_800g_lr4");
  CHECK(lr4 >= 15.0);
  CHECK(lr4 <= 18.0);
  CHECK(lr4 > fr4); // more launch power for the longer reach
  // An AOC end carries an SR8's electronics.
  CHECK(module_w("aoc_800g_sr8") == Approx(sr8).epsilon(1e-9));
  // LRO (DSP on transmit only) sits between LPO and the full DSP module.
  const double lro = module_w("lro_800g_dr8");
  CHECK(lro > module_w("lpo_800g_dr8"));
  CHECK(lro < module_w("dsp_800g_dr8"));
}

TEST_CASE("PCB and backplane draw host SerDes only and more with more loss", "[technology_power]") {
  for (const char *tech : {"pcb", "backplane"}) {
    INFO(tech);
    const auto near = technology_power(tech, g100, 8, 0.05);
    const auto far = technology_power(tech, g100, 8, 0.5);
    CHECK(near.modules == 0);
    CHECK(near.cables == 0);
    CHECK(near.module.empty());
    CHECK(near.power_w == Approx(near.host_serdes_w));
    CHECK(far.host_loss_db > near.host_loss_db);
    CHECK(far.power_w > near.power_w);
  }
  // The passive DAC's host SerDes also equalises the hop's loss: longer cable, more power.
  const auto d1 = technology_power("dac", g100, 8, 0.5);
  const auto d2 = technology_power("dac", g100, 8, 2.0);
  CHECK(d1.module == "dac_800g");
  CHECK(d2.host_loss_db > d1.host_loss_db);
  CHECK(d2.host_serdes_w > d1.host_serdes_w);
}

TEST_CASE("technology_power rejects bad input", "[technology_power]") {
  CHECK_THROWS_AS(technology_power("nope", g100, 8, 1), InputError);
  CHECK_THROWS_AS(technology_power("dac", g100, 0, 1), InputError);
  CHECK_THROWS_AS(technology_power("dac", g100, 8, -1), InputError);
  CHECK_THROWS_AS(technology_power("dac", g100, 8, 1, {"colour=red"}), InputError);
  CHECK_THROWS_AS(technology_power("dac", g100, 8, 1, {"module=no_such_module"}), InputError);
  CHECK_THROWS_AS(technology_power("dac", g100, 8, 1, {}, 100.0), InputError);
  // A rate the technology does not run has no power, as evaluate_link refuses it (cpo runs 100G
  // and 200G; its module build could otherwise be priced at 50G).
  CHECK_THROWS_WITH(technology_power("cpo", lane_rate_class("50G"), 8, 1),
                    Catch::Contains("cpo") && Catch::Contains("cannot run 50G"));
}

TEST_CASE("a passive DAC's heat equals its drawn power: the cable's absorbed signal is not also "
          "host heat",
          "[power][heat]") {
  // Energy conservation (the signal the host SerDes launches and the cable absorbs is drawn at
  // the host, dissipated in the medium): Σ heat = Σ power to rounding (1e-12 relative). Before
  // this was kept, the cable's absorbed signal (≈ 14 mW for 8 lanes × 2 ends at 2 m) was heat
  // twice. The medium entries must still be there (> 0) and the host keep the rest.
  const auto r = technology_power("dac", g100, 8, 2.0);
  double medium_heat_w = 0;
  for (const auto &e : r.ledger.entries())
    if (e.end == LinkEnd::medium)
      medium_heat_w += e.heat_w;
  INFO("power " << r.power_w << " W, heat " << r.heat_w << " W, cable " << medium_heat_w << " W");
  CHECK(medium_heat_w > 1e-3);
  CHECK(r.heat_w == Approx(r.power_w).epsilon(1e-12));
  CHECK(r.host_serdes_w > 100 * medium_heat_w);
}
