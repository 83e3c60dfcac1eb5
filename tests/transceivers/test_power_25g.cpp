// The 25G-lane power parts (power.toml "25G-lane class") and QSFP28 builds (modules.toml): their
// laws against the published figures their sources name, and the SerDes reach ordering.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/module_power.hpp>
#include <linkphy/transceivers/power_models.hpp>

using namespace linkphy;
using namespace linkphy::transceivers;

namespace {
constexpr double k25g_bps = 25.78125e9; // IEEE 802.3by/bj 25G lane

double pj_per_bit(const PartPowerSpec &s, double loss_db) {
  return part_power_w(s, OperatingPoint{k25g_bps, loss_db, 0, kPowerReferenceK}) / k25g_bps * 1e12;
}
} // namespace

TEST_CASE("28G-class SerDes: a law per reach, ordered VSR < MR < LR, in the published range",
          "[power][25g]") {
  // Reach ordering at the same (small) loss, as for the 56/112/224G classes (test_power.cpp).
  double prev = 0;
  for (const char *reach : {"vsr", "mr", "lr"}) {
    const double e = pj_per_bit(find_serdes_power(reach, 28), 10);
    CHECK(e > prev);
    prev = e;
  }
  // OIF has no 28G XSR clause: no entry, and the error says which classes exist.
  CHECK_THROWS_AS(find_serdes_power("xsr", 28), InputError);
  CHECK_THROWS_AS(find_serdes_power("lr", 25), InputError);
  // LR at its 35 dB (CEI-25G-LR / 802.3bj KR): the law (4.5 + 0.12·35) pJ/bit exactly, and
  // within the published TX+RX figures the source compares it with: 9.3 pJ/bit (TI DS250DF410
  // retimer channel, 35+ dB) and 10.9 pJ/bit (28-nm 28/56G transceiver), ±30 % (the entry is an
  // engineering estimate of a class, not one part) → 6.5–14.2 pJ/bit.
  const PartPowerSpec lr = find_serdes_power("lr", 28);
  CHECK(pj_per_bit(lr, 35) == Approx(4.5 + 0.12 * 35).epsilon(1e-12));
  CHECK(pj_per_bit(lr, 35) > 0.7 * 9.3);
  CHECK(pj_per_bit(lr, 35) < 1.3 * 10.9);
  // VSR at the CEI-28G-VSR 10 dB: above a receiver data path alone (0.8 pJ/bit, Kull ISSCC 2017),
  // below the 56G class's watts per lane (no PAM4 slicers) but above its energy per bit (the same
  // baud for half the bits: the reason for separate 28G entries, power.toml).
  const PartPowerSpec vsr28 = find_serdes_power("vsr", 28);
  const PartPowerSpec vsr56 = find_serdes_power("vsr", 56);
  CHECK(pj_per_bit(vsr28, 10) > 0.8);
  const double w56 = part_power_w(vsr56, OperatingPoint{53.125e9, 10, 0, kPowerReferenceK});
  CHECK(part_power_w(vsr28, OperatingPoint{k25g_bps, 10, 0, kPowerReferenceK}) < w56);
  CHECK(pj_per_bit(vsr28, 10) > w56 / 53.125e9 * 1e12);
  // The range covers the 25G class and not the 56G class's rates (family re-rating picks one).
  CHECK_THROWS_AS(part_power_w(lr, OperatingPoint{53.125e9, 10, 0, kPowerReferenceK}), InputError);
}

TEST_CASE("25G linear redriver: the TI DS280MB810 figure its law is fitted to", "[power][25g]") {
  // Data sheet SNLS542C: 93 mW per channel typical; the ACC build's 15 dB cable: ±3 % (the fit).
  const PartPowerSpec r = find_part_power("redriver_linear_28g");
  const double w = part_power_w(r, OperatingPoint{k25g_bps, 15, 0, kPowerReferenceK});
  CHECK(w == Approx(0.093).epsilon(0.03));
  // The loss term: 0.02 pJ/bit/dB × 25.78125 Gb/s per dB.
  const double w20 = part_power_w(r, OperatingPoint{k25g_bps, 20, 0, kPowerReferenceK});
  CHECK(w20 - w == Approx(5 * 0.02e-12 * k25g_bps).epsilon(1e-9));
}

TEST_CASE("QSFP28 builds at 25G: SR4 within its data-sheet class, lanes and parts of the class",
          "[power][25g]") {
  ModuleConditions c; // 35 °C inlet
  const ModuleBuild sr4 = find_module("cdr_100g_sr4");
  CHECK(sr4.lanes == 4);
  REQUIRE(sr4.cdr);
  CHECK_FALSE(sr4.dsp); // 25G NRZ modules retime with CDRs
  const ModulePower m = module_power(sr4, c);
  // 100GBASE-SR4 QSFP28 data sheets: power dissipation < 2.0 W to < 3.5 W (SFF-8636 class 4).
  // Lower bound 1.0 W: four CDR pairs, drivers, TIAs and an MCU behind a DC/DC.
  CHECK(m.figures.power_w <= 3.5);
  CHECK(m.figures.power_w >= 1.0);
  CHECK(m.warnings.empty()); // within its power class 4 and the QSFP28 envelope
  // The ledger has a cdr entry and no dsp entry.
  bool has_cdr = false, has_dsp = false;
  for (const auto &e : m.ledger.entries()) {
    has_cdr = has_cdr || e.kind == "cdr";
    has_dsp = has_dsp || e.kind == "dsp";
  }
  CHECK(has_cdr);
  CHECK_FALSE(has_dsp);
  // An AOC end carries the SR4 electronics.
  CHECK(module_power(find_module("aoc_100g_sr4"), c).figures.power_w ==
        Approx(m.figures.power_w).epsilon(1e-12));
  // Cable ends: passive < linear (redrivers) < retimed, each within its class.
  const double dac = module_power(find_module("dac_100g_cr4"), c).figures.power_w;
  const double acc = module_power(find_module("acc_100g_cr4"), c).figures.power_w;
  const double aec = module_power(find_module("aec_100g_cr4"), c).figures.power_w;
  CHECK(dac < 0.01);
  CHECK(dac < acc);
  CHECK(acc < aec);
  CHECK(module_power(find_module("acc_100g_cr4"), c).warnings.empty());
  CHECK(module_power(find_module("aec_100g_cr4"), c).warnings.empty());
}

TEST_CASE("a d2d build's PHY equalises its channel loss", "[power][25g]") {
  // d2d_xsr_800g: 8 XSR lanes at its 5 dB package line, no DC/DC (overhead_passive), at the
  // case temperature the module reaches.
  const ModuleBuild b = find_module("d2d_xsr_800g");
  REQUIRE(b.d2d);
  CHECK(b.d2d->name == "serdes_xsr_112g");
  ModuleConditions c;
  const ModulePowerFigures f = module_power_figures(b, c);
  const double lane_w = part_power_w(*b.d2d, {106.25e9, 5, 0, f.case_temperature_k});
  CHECK(f.power_w == Approx(8 * lane_w).epsilon(1e-12));
  // More loss to equalise, more power: 5 dB more × 0.05 pJ/bit/dB per lane, times the leakage
  // factor at the case (the extra 42 mW moves the case by 0.02 K: 1e-3 relative is ample).
  c.cable_loss_db = 10;
  const double tf = 1 + 0.001 * (f.case_temperature_k - kPowerReferenceK);
  CHECK(module_power_figures(b, c).power_w - f.power_w ==
        Approx(8 * 5 * 0.05e-12 * 106.25e9 * tf).epsilon(1e-3));
  // The UCIe build has no loss term: unchanged by its (0 dB) channel.
  const ModuleBuild u = find_module("d2d_ucie_800g");
  CHECK(module_power_figures(u, c).power_w ==
        Approx(module_power_figures(u, ModuleConditions{}).power_w).epsilon(1e-12));
}

TEST_CASE("a retimed pluggable needs a dsp or a cdr, and takes either", "[power][25g]") {
  ParamSet p("test entry");
  p.set("source", "test");
  p.set("kind", "dsp_pluggable");
  p.set("form_factor", "qsfp28");
  p.set("lanes", "4");
  p.set("lane_rate", "25.78125 Gb/s");
  p.set("payload", "100 Gb/s");
  p.set("driver", "driver_vcsel_28g");
  p.set("laser", "vcsel_850");
  p.set("tia", "tia_linear_28g");
  p.set("overhead", "overhead_pluggable");
  CHECK_THROWS_WITH(module_from_params("x", p), Catch::Contains("dsp (or cdr)"));
  ParamSet with_cdr = p;
  with_cdr.set("cdr", "cdr_28g");
  const ModuleBuild b = module_from_params("x", with_cdr);
  REQUIRE(b.cdr);
  CHECK(b.cdr->kind == "cdr");
  // Its CDR is charged per lane: 4 × cdr_28g at the case temperature (the ledger's part entries
  // are load power; the DC/DC loss is its own entry).
  ModuleConditions c;
  const ModulePower m = module_power(b, c);
  double cdr_w = 0;
  for (const auto &e : m.ledger.entries())
    if (e.kind == "cdr")
      cdr_w += e.power_w;
  const double lane_w = part_power_w(*b.cdr, {k25g_bps, 0, 0, m.figures.case_temperature_k});
  CHECK(cdr_w == Approx(4 * lane_w).epsilon(1e-9));
}
