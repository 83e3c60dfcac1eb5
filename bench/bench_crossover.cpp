// Crossover search cost: the search's own overhead (scan + bisection over a closed-form model,
// so only the search is timed) and one rate of a real study at the analytic tier (dominated by
// evaluate_link).
#include <benchmark/benchmark.h>

#include <linkphy/sweeps/crossover.hpp>

using namespace linkphy::sweeps;

namespace {

CrossoverStudy stand_in_study() {
  CrossoverStudy s;
  s.rates = {"100G"};
  s.copper = {"pcb"};
  s.optical = {"dac"};
  s.search_min_m = 0.01;
  s.search_max_m = 5;
  s.tolerance = 0.01;
  return s;
}

void BM_CrossoverSearchOverhead(benchmark::State &state) {
  CrossoverModel m;
  m.point = [](const TechQuery &q) {
    TechPoint p;
    p.closes = q.tech == "dac" || q.length_m < 0.3; // closed form: reach 0.3 m
    p.ber_post_fec = p.closes ? 1e-20 : 1e-3;
    return p;
  };
  const auto s = stand_in_study();
  for (auto _ : state)
    benchmark::DoNotOptimize(find_crossovers(s, m, 1));
}
BENCHMARK(BM_CrossoverSearchOverhead);

void BM_CrossoverAnalyticOneRate(benchmark::State &state) {
  const auto s = stand_in_study();
  const auto m = engine_model();
  int evaluations = 0;
  for (auto _ : state) {
    const auto rows = find_crossovers(s, m, 1);
    evaluations += rows[0].evaluations;
  }
  state.counters["evaluations/s"] = benchmark::Counter(evaluations, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CrossoverAnalyticOneRate)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
