// Module powers emerge from their parts (module_power.hpp) and land in published bands.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/module_power.hpp>

#include <cstdio>

using namespace linkphy;
using namespace linkphy::transceivers;

namespace {
ModulePower at_35c(const std::string &name) {
  ModuleConditions c;
  c.ambient_k = 308.15; // 35 °C inlet
  return module_power(find_module(name), c);
}
} // namespace

TEST_CASE("module power report (run with [report] to print the table)", "[.][report]") {
  for (const char *n : {"dsp_800g_dr8", "lpo_800g_dr8", "cpo_800g", "acc_800g", "aec_800g",
                        "dac_800g", "d2d_ucie_800g"}) {
    const ModulePower m = at_35c(n);
    const auto &f = m.figures;
    std::printf("%-16s power %7.3f W  heat %7.3f W  %6.2f pJ/bit  case %6.1f degC  host %6.3f W  "
                "passive %6.4f W  it %d\n",
                n, f.power_w, f.heat_w, f.energy_pj_per_bit, f.case_temperature_k - 273.15,
                f.host_serdes_w, f.passive_heat_w, f.iterations);
    for (const auto &e : m.ledger.entries())
      std::printf("    %-26s %-9s %-6s %8.4f W  heat %8.4f W\n", e.name.c_str(), e.kind.c_str(),
                  link_end_name(e.end), e.power_w, e.heat_w);
    for (const auto &w : m.warnings)
      std::printf("    warning: %s\n", w.c_str());
    for (double amb : {298.15, 318.15}) {
      ModuleConditions c;
      c.ambient_k = amb;
      const auto g = module_power(find_module(n), c).figures;
      std::printf("    at %.0f degC inlet: %.3f W, case %.1f degC\n", amb - 273.15, g.power_w,
                  g.case_temperature_k - 273.15);
    }
  }
}

TEST_CASE("800G module powers from their parts land in published bands", "[module_power]") {
  // 800G DSP pluggables (OSFP 800G DR8/2xFR4) draw ~14–17 W: vendor data sheets and the LPO
  // comparisons presented at OFC 2023 (DSP ≈ half of the module).
  const double dsp = at_35c("dsp_800g_dr8").figures.power_w;
  CHECK(dsp >= 14.0);
  CHECK(dsp <= 17.0);
  // 800G linear-drive pluggables (LPO MSA era): ~7–10 W, roughly half of the DSP module.
  const double lpo = at_35c("lpo_800g_dr8").figures.power_w;
  CHECK(lpo >= 7.0);
  CHECK(lpo <= 10.0);
  // Co-packaged optics: ~5–9 pJ/bit incl. laser, i.e. ~4–7 W per 800G (OIF/industry CPO
  // demonstrations 2022–2024).
  const double cpo = at_35c("cpo_800g").figures.power_w;
  CHECK(cpo >= 4.0);
  CHECK(cpo <= 7.0);
  // Passive DAC: EEPROM only, < 0.1 W per end (SFF-8636/CMIS power class 1 ≤ 1.5 W; in practice
  // milliwatts).
  const ModulePower dac = at_35c("dac_800g");
  CHECK(dac.figures.power_w < 0.1);
  // ... and the cable dissipates the signal power it absorbs, reported as medium heat.
  CHECK(dac.figures.passive_heat_w > 0.0);
  CHECK(dac.ledger.heat_w(LinkEnd::medium) == Approx(dac.figures.passive_heat_w));
  CHECK(dac.ledger.power_w(LinkEnd::medium) == 0.0);
  // Linear ACC: ≈ 1.5 W per 800G end (linear-redriver ACC product briefs); ±20 % for "≈".
  const double acc = at_35c("acc_800g").figures.power_w;
  CHECK(acc >= 1.2);
  CHECK(acc <= 1.8);
}

TEST_CASE("energy per bit orders d2d < ACC < CPO < LPO < DSP pluggable", "[module_power]") {
  // The ordering the energy-per-bit literature reports per 800G end (UCIe ~0.5 pJ/bit; ACC ~2;
  // CPO ~5; LPO ~10; DSP pluggable ~18–20 pJ/bit).
  const double d2d = at_35c("d2d_ucie_800g").figures.energy_pj_per_bit;
  const double acc = at_35c("acc_800g").figures.energy_pj_per_bit;
  const double cpo = at_35c("cpo_800g").figures.energy_pj_per_bit;
  const double lpo = at_35c("lpo_800g_dr8").figures.energy_pj_per_bit;
  const double dsp = at_35c("dsp_800g_dr8").figures.energy_pj_per_bit;
  INFO("d2d " << d2d << ", acc " << acc << ", cpo " << cpo << ", lpo " << lpo << ", dsp " << dsp);
  CHECK(d2d < acc);
  CHECK(acc < cpo);
  CHECK(cpo < lpo);
  CHECK(lpo < dsp);
  CHECK(d2d == Approx(0.5).epsilon(0.01)); // UCIe standard-package class value at 35 °C
}

TEST_CASE("module power is the sum of its parts", "[module_power]") {
  for (const char *n : {"dsp_800g_dr8", "lpo_800g_dr8", "cpo_800g", "acc_800g", "aec_800g",
                        "dac_800g", "d2d_ucie_800g"}) {
    const ModulePower m = at_35c(n);
    INFO(n);
    // Ledger (parts + MCU + DC/DC loss) adds up to the supply power.
    CHECK(m.ledger.power_w(LinkEnd::a) == Approx(m.figures.power_w).epsilon(1e-9));
    CHECK(m.figures.energy_pj_per_bit ==
          Approx(m.figures.power_w / find_module(n).payload_bps * 1e12));
  }
  // Linear drive removes the DSP: LPO proponents (OFC 2023) report about half the power of the
  // DSP module for the same optics; 0.4–0.6 is asserted. (This model's DSP + host-side SerDes
  // share of the DSP module, incl. its DC/DC loss, is 63 %: reported.)
  const double ratio =
      at_35c("lpo_800g_dr8").figures.power_w / at_35c("dsp_800g_dr8").figures.power_w;
  CHECK(ratio > 0.4);
  CHECK(ratio < 0.6);
  // More cable loss → more redriver/retimer equalisation power.
  const ModuleBuild acc = find_module("acc_800g");
  ModuleConditions c;
  c.cable_loss_db = 5;
  const double low = module_power(acc, c).figures.power_w;
  c.cable_loss_db = 25;
  CHECK(module_power(acc, c).figures.power_w > low);
}

TEST_CASE("case temperature, temperature feedback and the power-class warning",
          "[module_power][thermal]") {
  const ModuleBuild b = find_module("dsp_800g_dr8");
  ModuleConditions c;
  c.ambient_k = 308.15;
  const ModulePower m = module_power(b, c);
  // Converged: case = ambient + heat·θ_ca (within the 0.1 K iteration tolerance).
  CHECK(m.figures.converged);
  CHECK(m.figures.case_temperature_k ==
        Approx(c.ambient_k + m.figures.heat_w * b.form_factor.theta_ca_k_per_w).margin(0.1));
  CHECK(m.figures.laser_temperature_k == Approx(b.tec->set_point_k)); // TEC-held
  // Hotter inlet → hotter case → more leakage and TEC power.
  c.ambient_k = 318.15;
  const ModulePower hot = module_power(b, c);
  CHECK(hot.figures.power_w > m.figures.power_w);
  CHECK(hot.ledger.power_of_kind("tec") > m.ledger.power_of_kind("tec"));
  // Declared class 8 (16 W) holds at 35 °C: no warning.
  CHECK(m.warnings.empty());
  // The same parts declared as class 6 (12 W, CMIS) → a warning string, not an exception.
  ModuleBuild c6 = b;
  c6.power_class = 6;
  const ModulePower w = module_power(c6, ModuleConditions{});
  REQUIRE(!w.warnings.empty());
  CHECK(w.warnings.front().find("power class 6") != std::string::npos);
  // A hot aisle (50 °C inlet) pushes the case past 70 °C: warned.
  c.ambient_k = 323.15;
  const ModulePower aisle = module_power(b, c);
  bool case_warned = false;
  for (const auto &s : aisle.warnings)
    case_warned = case_warned || s.find("case reaches") != std::string::npos;
  CHECK(case_warned);
}

TEST_CASE("module builds reject bad input", "[module_power]") {
  CHECK_THROWS_AS(find_module("no_such_module"), InputError);
  CHECK_THROWS_AS(find_form_factor("sfp_xyz"), InputError);
  ModuleConditions c;
  c.ambient_k = 500;
  CHECK_THROWS_AS(module_power(find_module("lpo_800g_dr8"), c), InputError);
  c = {};
  c.cable_loss_db = -3;
  CHECK_THROWS_AS(module_power(find_module("acc_800g"), c), InputError);
  // A DSP module without its DSP is refused, not silently zero.
  ParamSet p("test entry");
  p.set("source", "test");
  p.set("kind", "dsp_pluggable");
  p.set("form_factor", "osfp");
  p.set("lanes", "8");
  p.set("lane_rate", "106.25 Gb/s");
  p.set("payload", "800 Gb/s");
  p.set("overhead", "overhead_pluggable");
  CHECK_THROWS_AS(module_from_params("x", p), InputError);
  // Unknown kind, power class out of range.
  ParamSet q = p;
  q.set("kind", "magic");
  CHECK_THROWS_AS(module_from_params("x", q), InputError);
  const FormFactor osfp = find_form_factor("osfp");
  CHECK(power_class_limit_w(osfp, 7, 0) == Approx(14.0));          // CMIS class 7
  CHECK_THROWS_AS(power_class_limit_w(osfp, 8, 10.0), InputError); // class 8 must exceed 14 W
  CHECK_THROWS_AS(power_class_limit_w(osfp, 9, 20.0), InputError);
}

TEST_CASE("a whole link: W per end, heat per end, pJ/bit, host SerDes optional", "[module_power]") {
  const ModuleBuild b = find_module("dsp_800g_dr8");
  ModuleConditions a, z;
  a.ambient_k = 303.15;
  z.ambient_k = 318.15; // the far end sits in a hotter aisle
  const LinkPower no_host = link_power(b, a, z, false);
  CHECK(no_host.power_a_w == Approx(module_power(b, a).figures.power_w));
  CHECK(no_host.power_b_w == Approx(module_power(b, z).figures.power_w));
  CHECK(no_host.power_b_w > no_host.power_a_w); // hotter end draws more
  CHECK(no_host.power_w == Approx(no_host.power_a_w + no_host.power_b_w));
  CHECK(no_host.heat_a_w <= no_host.power_a_w); // light leaves the module as light
  CHECK(no_host.energy_pj_per_bit == Approx(no_host.power_w / 800e9 * 1e12));
  const LinkPower with_host = link_power(b, a, z, true);
  // Host VSR SerDes at 12 dB: 8 lanes × (1.8 + 0.06·12) pJ/bit × 106.25 Gb/s per end at ambient.
  const double host_end = 8 * (1.8 + 0.06 * 12) * 1e-12 * 106.25e9;
  CHECK(with_host.power_w - no_host.power_w ==
        Approx(host_end * (1 + 0.001 * 5) + host_end * (1 + 0.001 * 20)).epsilon(1e-6));
  // A passive DAC's medium heat is counted once per end's transmit direction.
  const LinkPower dac = link_power(find_module("dac_800g"), a, a, false);
  CHECK(dac.ledger.heat_w(LinkEnd::medium) ==
        Approx(2 * module_power(find_module("dac_800g"), a).figures.passive_heat_w));
  CHECK(dac.power_a_w < 0.1);
}
