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
  }
}
