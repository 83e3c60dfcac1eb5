// The 50G-lane power parts (power.toml "50G-lane class") and the 400G QSFP-DD / 200G QSFP56
// builds (modules.toml "50G-lane builds"): their laws, and each build against the published
// data-sheet figure its source names.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/module_power.hpp>
#include <linkphy/transceivers/power_models.hpp>

#include <string>

using namespace linkphy;
using namespace linkphy::transceivers;

namespace {
constexpr double k50g_bps = 53.125e9;  // IEEE 802.3bs/cd 50G PAM4 lane (26.5625 GBd)
constexpr double k100g_bps = 106.25e9; // 100G PAM4 lane

double pj_per_bit(const PartPowerSpec &s, double rate_bps, double loss_db) {
  return part_power_w(s, OperatingPoint{rate_bps, loss_db, 0, kPowerReferenceK}) / rate_bps * 1e12;
}

double module_w(const std::string &name) {
  return module_power(find_module(name), ModuleConditions{}).figures.power_w;
}
} // namespace

TEST_CASE("56G-class PAM4 DSP and AEC retimer: their laws and ranges and place between siblings",
          "[power][50g]") {
  const PartPowerSpec dsp = find_part_power("dsp_pam4_7nm_56g");
  CHECK(dsp.kind == "dsp");
  // The law exactly: 7.5 pJ/bit × 53.125 Gb/s = 0.398 W per lane at 25 °C.
  CHECK(part_power_w(dsp, OperatingPoint{k50g_bps, 0, 0, kPowerReferenceK}) ==
        Approx(7.5e-12 * k50g_bps).epsilon(1e-12));
  // An older node than the 5-nm 100G part: more energy per bit (not more watts per lane).
  const PartPowerSpec dsp100 = find_part_power("dsp_pam4_5nm_100g");
  CHECK(pj_per_bit(dsp, k50g_bps, 0) > pj_per_bit(dsp100, k100g_bps, 0));
  CHECK(part_power_w(dsp, {k50g_bps, 0, 0, kPowerReferenceK}) <
        part_power_w(dsp100, {k100g_bps, 0, 0, kPowerReferenceK}));
  // Its range is the 56G class only: family re-rating picks exactly one DSP per class.
  CHECK_THROWS_AS(part_power_w(dsp, OperatingPoint{k100g_bps, 0, 0, kPowerReferenceK}), InputError);
  CHECK_THROWS_AS(part_power_w(dsp100, OperatingPoint{k50g_bps, 0, 0, kPowerReferenceK}),
                  InputError);

  // The AEC retimer at the builds' 20 dB cable: 6.0 + 0.09 × 20 = 7.8 pJ/bit exactly, below the
  // 28G-class retimer (10.9) and above the 112G-class one (6.6): energy per bit falls with each
  // generation (power.toml comments).
  const PartPowerSpec rt = find_part_power("retimer_aec_56g");
  CHECK(pj_per_bit(rt, k50g_bps, 20) == Approx(6.0 + 0.09 * 20).epsilon(1e-12));
  CHECK(pj_per_bit(rt, k50g_bps, 20) <
        pj_per_bit(find_part_power("retimer_aec_28g"), 25.78125e9, 20));
  CHECK(pj_per_bit(rt, k50g_bps, 20) >
        pj_per_bit(find_part_power("retimer_aec_112g"), k100g_bps, 20));
  CHECK_THROWS_AS(part_power_w(rt, OperatingPoint{k100g_bps, 20, 0, kPowerReferenceK}), InputError);
}

TEST_CASE("50G-lane builds lie within the data-sheet power their sources cite", "[power][50g]") {
  // Each build against the published maximum its modules.toml source names; lower bound 60 % of
  // that maximum (a data-sheet maximum covers the hot case and end of life: the same vendor
  // class states 'typical <= 8 W' against a 9.6 W maximum for 400G SR8, 83 %; below 60 % the
  // build would be missing a block).
  struct Case {
    const char *module;
    int lanes;
    double max_w; // published maximum
  };
  const Case cases[] = {
      // 400GBASE-SR8 QSFP-DD: supply current max 2898 mA × 3.3 V (TSCOM data sheet).
      {"dsp_400g_sr8", 8, 2.898 * 3.3},
      // 200GBASE-FR4 QSFP56: '< 6.5 W' (Fibridge FSCRLE31-K02C).
      {"dsp_200g_fr4", 4, 6.5},
      // 400GBASE-LR8 QSFP-DD: '< 12.5 W' (FluxLight QDD-400G-LR8-FL).
      {"dsp_400g_lr8", 8, 12.5},
  };
  for (const auto &c : cases) {
    INFO(c.module);
    const ModuleBuild b = find_module(c.module);
    CHECK(b.lanes == c.lanes);
    CHECK(b.lane_rate_bps == Approx(k50g_bps).epsilon(1e-12));
    REQUIRE(b.dsp);
    CHECK(b.dsp->name == "dsp_pam4_7nm_56g");
    const ModulePower m = module_power(b, ModuleConditions{});
    INFO(m.figures.power_w << " W");
    CHECK(m.figures.power_w <= c.max_w);
    CHECK(m.figures.power_w >= 0.6 * c.max_w);
    CHECK(m.warnings.empty()); // within its power class and form-factor envelope
  }
  // 200GBASE-DR4 QSFP56 (no data-sheet figure cited): within the class-8 6.5 W it declares, and
  // the same order as the FR4 module (same DSP, same lanes; ±25 %: MZM + CW laser against EML).
  const ModulePower dr4 = module_power(find_module("dsp_200g_dr4"), ModuleConditions{});
  CHECK(dr4.warnings.empty());
  CHECK(dr4.figures.power_w == Approx(module_w("dsp_200g_fr4")).epsilon(0.25));
  // An AOC end carries the SR8 module's electronics.
  CHECK(module_w("aoc_400g_sr8") == Approx(module_w("dsp_400g_sr8")).epsilon(1e-12));
  // The AEC end: retimers only, well below the optical end of the same 8 × 50G, within class 3.
  const ModulePower aec = module_power(find_module("aec_400g"), ModuleConditions{});
  CHECK(aec.warnings.empty());
  CHECK(aec.figures.power_w < 0.6 * module_w("aoc_400g_sr8"));
  // Credo's 4-lane QSFP56 Y-split AEC (56G retimers on every port plus an L2 switch) states
  // < 5 W per end: 4 of this build's 8 lanes, with no switch, must draw less.
  CHECK(aec.figures.power_w / 2 < 5.0);
  REQUIRE(find_module("aec_400g").retimer);
  CHECK(find_module("aec_400g").retimer->name == "retimer_aec_56g");
}
