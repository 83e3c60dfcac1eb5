// Power roll-up hot path: 100,000 links (both ends each) of mixed technologies, each end's module
// power evaluated from its parts at its own inlet temperature and cable loss (target ≤ 1 s).
#include <linkphy/transceivers/module_power.hpp>

#include <benchmark/benchmark.h>

#include <vector>

namespace {

std::vector<linkphy::transceivers::ModuleBuild> builds() {
  using linkphy::transceivers::find_module;
  return {find_module("dsp_800g_dr8"), find_module("lpo_800g_dr8"), find_module("cpo_800g"),
          find_module("acc_800g"),     find_module("aec_800g"),     find_module("dac_800g")};
}

// Numbers only (module_power_figures): the planner's roll-up path.
void BM_rollup_figures_100k_links(benchmark::State &state) {
  const auto b = builds();
  for (auto _ : state) {
    double total = 0;
    for (int link = 0; link < 100000; ++link) {
      const auto &m = b[static_cast<std::size_t>(link) % b.size()];
      for (int end = 0; end < 2; ++end) {
        linkphy::transceivers::ModuleConditions c;
        c.ambient_k = 298.15 + (link % 20) + 5 * end;
        c.cable_loss_db = 5.0 + (link % 15);
        total += linkphy::transceivers::module_power_figures(m, c).power_w;
      }
    }
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_rollup_figures_100k_links)->Unit(benchmark::kMillisecond);

// Full result with the per-part ledger and warnings (strings per entry).
void BM_rollup_ledger_100k_links(benchmark::State &state) {
  const auto b = builds();
  for (auto _ : state) {
    double total = 0;
    for (int link = 0; link < 100000; ++link) {
      const auto &m = b[static_cast<std::size_t>(link) % b.size()];
      for (int end = 0; end < 2; ++end) {
        linkphy::transceivers::ModuleConditions c;
        c.ambient_k = 298.15 + (link % 20) + 5 * end;
        c.cable_loss_db = 5.0 + (link % 15);
        total += linkphy::transceivers::module_power(m, c).ledger.total_power_w();
      }
    }
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_rollup_ledger_100k_links)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
