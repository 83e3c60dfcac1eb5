// Copper media hot paths: line constants + S-parameters on a dense grid (issue 3 target: a 1 m
// differential stripline over 8,192 frequency points in ≤ 1 ms).
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>

#include <benchmark/benchmark.h>

#include <vector>

namespace {
using namespace linkphy;
using namespace linkphy::channels;

std::vector<double> grid(std::size_t n) {
  std::vector<double> f(n);
  for (std::size_t k = 0; k < n; ++k)
    f[k] = 10e6 + (120e9 - 10e6) * static_cast<double>(k) / static_cast<double>(n - 1);
  return f;
}

void run_spec(benchmark::State &state, const char *spec) {
  const auto cats = ChannelCatalogs::builtin();
  const auto medium = make_copper_medium(parse_spec(spec), cats);
  const auto f = grid(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    Network n = medium->network(f, Conditions{});
    benchmark::DoNotOptimize(n.s.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_DiffStripline1m(benchmark::State &state) {
  run_spec(state, "stripline:material=megtron7,foil=hvlp,width=5mil,height=5mil,spacing=6mil,"
                  "length=1m");
}
void BM_Twinax26Awg2m(benchmark::State &state) { run_spec(state, "twinax:awg=26,length=2m"); }
void BM_Microstrip(benchmark::State &state) {
  run_spec(state, "microstrip:material=fr4,width=0.3mm,height=0.16mm,length=10cm");
}
void BM_Annex93a(benchmark::State &state) { run_spec(state, "annex93a:length=6in"); }

// Building the medium (catalog lookups, geometry, Wheeler derivatives) — setup, not hot path.
void BM_BuildStripline(benchmark::State &state) {
  const auto cats = ChannelCatalogs::builtin();
  const Spec spec =
      parse_spec("stripline:material=megtron7,width=5mil,height=5mil,spacing=6mil,length=1m");
  for (auto _ : state)
    benchmark::DoNotOptimize(make_copper_medium(spec, cats));
}
} // namespace

BENCHMARK(BM_DiffStripline1m)->Arg(8192)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Twinax26Awg2m)->Arg(8192)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Microstrip)->Arg(8192)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Annex93a)->Arg(8192)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildStripline)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
