// COM (IEEE 802.3 Annex 93A) with the full 802.3ck KR search on the IEEE 4-port channel
// Tp0_Tp5_28p5db_FQSFP_thru.s4p: one package case, the whole `linkphy com` run (two cases and
// ERL), and ERL alone. The IEEE COM reference code needs 1.5–3 minutes under GNU Octave.
#include <linkphy/sweeps/com_run.hpp>

#include <benchmark/benchmark.h>

#include <string>

namespace {
const std::string kThru =
    std::string(LINKPHY_TEST_DATA_DIR) + "/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p";

void BM_ComKrOneCase(benchmark::State &state) {
  linkphy::transceivers::ComTable t = linkphy::transceivers::find_com_table("802.3ck-kr");
  t.cases.resize(1);
  const linkphy::Network ch = linkphy::sweeps::read_channel(kThru);
  for (auto _ : state) {
    const auto r = linkphy::sweeps::run_com(t, ch, {}, {}, t.port_order);
    benchmark::DoNotOptimize(r.cases[0].result.com_db);
    state.counters["com_db"] = r.cases[0].result.com_db;
    state.counters["fom_evaluations"] = static_cast<double>(r.cases[0].result.settings_evaluated);
  }
}
BENCHMARK(BM_ComKrOneCase)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_ComKrCommand(benchmark::State &state) {
  for (auto _ : state) {
    const auto r = linkphy::sweeps::run_com_files("802.3ck-kr", kThru, {}, {});
    benchmark::DoNotOptimize(r.erl_db);
  }
}
BENCHMARK(BM_ComKrCommand)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_Erl(benchmark::State &state) {
  const linkphy::transceivers::ComTable t = linkphy::transceivers::find_com_table("802.3ck-kr");
  const linkphy::Network ch = linkphy::sweeps::read_channel(kThru);
  const auto d = linkphy::sweeps::differential(ch, t.port_order);
  linkphy::com::ErlSettings e;
  e.n_ui = t.erl_n;
  e.n_bx = t.erl_n_bx;
  e.rho_x = t.erl_rho_x;
  for (auto _ : state)
    benchmark::DoNotOptimize(linkphy::com::effective_return_loss(ch.freq_hz, d.s11, e));
}
BENCHMARK(BM_Erl)->Unit(benchmark::kMillisecond)->Iterations(5)->UseRealTime();
} // namespace

BENCHMARK_MAIN();
