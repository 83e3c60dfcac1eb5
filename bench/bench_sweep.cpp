// Sweep throughput (issue 7, Done means): whole sweeps (`run_sweep`: points evaluated, rows
// formatted and written to a file in point order, renamed onto OUT) on the analytic tier with 1
// and 2 threads (target: 2 threads ≥ 1.8× the points/s of 1), and per-core points/s of one point
// after another on the analytic tier (target ≥ 200,000 points/s; plans made before timing, their
// cost in BM_analytic_plan_setup) and the statistical tier (target ≥ 200 points/s). The items/s
// column is points/s.
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {
namespace fs = std::filesystem;
using namespace linkphy::sweeps;

fs::path scratch() {
  const auto d = fs::temp_directory_path() / ("linkphy_bench_sweep_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

SweepSpec spec_from(const std::string &name, const std::string &text) {
  const auto p = scratch() / name;
  std::ofstream(p) << text;
  return read_sweep_spec(p);
}

// The analytic tier: copper links (DAC, backplane, PCB) × 3 lane rates × 100 lengths.
SweepSpec analytic_spec() {
  return spec_from("analytic.toml", "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n"
                                    "[axes]\ntech = [\"dac\", \"backplane\", \"pcb\"]\n"
                                    "rate = [\"50G\", \"100G\", \"200G\"]\n"
                                    "length = { lin = [\"0.25 m\", \"4 m\"], points = 100 }\n");
}

// The statistical tier (Annex 93A engine: pulse response, equaliser search, statistical eye).
SweepSpec statistical_spec() {
  return spec_from("statistical.toml", "[sweep]\nevaluator = \"link\"\nfidelity = "
                                       "\"statistical\"\n[axes]\ntech = [\"dac\"]\n"
                                       "rate = [\"100G\"]\n"
                                       "length = { lin = [\"0.5 m\", \"3 m\"], points = 16 }\n");
}

// Closed forms only (RS post-FEC BER): the cost of the sweep machinery itself.
SweepSpec fec_spec() {
  return spec_from("fec.toml", "[sweep]\nevaluator = \"fec\"\n[axes]\nfec = [\"KR4\", \"KP4\"]\n"
                               "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 5000 }\n");
}

// One point after another on one thread: per-core throughput of a tier. `warm`: every point once
// before timing, so the analytic tier's per-(tech, rate) plans (link_analytic.cpp) are made
// outside the timed loop (BM_analytic_plan_setup times them).
void points(benchmark::State &state, const SweepSpec &spec, bool warm = false) {
  const auto ev = make_evaluator(spec.evaluator, "bench");
  const SweepRows rows(spec, *ev);
  const std::uint64_t n = spec.point_count();
  std::string out;
  std::vector<std::string> cells;
  if (warm)
    for (std::uint64_t k = 0; k < n; ++k)
      rows.append_row(k, out, cells);
  std::uint64_t i = 0;
  for (auto _ : state) {
    out.clear();
    rows.append_row(i, out, cells);
    benchmark::DoNotOptimize(out.data());
    i = (i + 1) % n;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_point_link_analytic(benchmark::State &state) { points(state, analytic_spec(), true); }
BENCHMARK(BM_point_link_analytic)->Unit(benchmark::kMicrosecond);

// One copper technology over length (issue 7's figure): dac at 100G, 0.1–10 m, 2000 lengths.
SweepSpec dac_spec() {
  return spec_from("dac.toml", "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n"
                               "[axes]\ntech = [\"dac\"]\nrate = [\"100G\"]\n"
                               "length = { lin = [\"0.1 m\", \"10 m\"], points = 2000 }\n");
}
void BM_point_link_analytic_dac(benchmark::State &state) { points(state, dac_spec(), true); }
BENCHMARK(BM_point_link_analytic_dac)->Unit(benchmark::kMicrosecond);

// The analytic tier's one-time setup per (tech, rate, sets): a new `set` value each iteration
// (host_length in nm steps, so every plan is new) makes and checks a DAC 100G plan.
void BM_analytic_plan_setup(benchmark::State &state) {
  const auto ev = make_evaluator("link", "bench");
  std::vector<std::string> cells;
  static long k = 0; // across repetitions too: every plan new
  for (auto _ : state) {
    linkphy::ParamSet p;
    p.set("tech", "dac");
    p.set("rate", "100G");
    p.set("length", "2 m");
    p.set("fidelity", "analytic");
    p.set("set", "host_length=" + std::to_string(101600000 + k++) + " nm");
    ev->evaluate(p, cells);
  }
}
BENCHMARK(BM_analytic_plan_setup)->Unit(benchmark::kMillisecond);

// The default equaliser search (serdes.eq_search = "local": one thread, a pattern search over
// the grid; docs/com.md).
void BM_point_link_statistical(benchmark::State &state) { points(state, statistical_spec()); }
BENCHMARK(BM_point_link_statistical)->Unit(benchmark::kMillisecond);

// The same points with the Annex 93A search over the whole grid (serdes.eq_search =
// "exhaustive"; on a 1-thread sweep its second worker runs on another core when there is one).
SweepSpec statistical_exhaustive_spec() {
  return spec_from("statistical_exhaustive.toml",
                   "[sweep]\nevaluator = \"link\"\nfidelity = \"statistical\"\n"
                   "[fixed]\nset = \"serdes.eq_search=exhaustive\"\n[axes]\ntech = [\"dac\"]\n"
                   "rate = [\"100G\"]\nlength = { lin = [\"0.5 m\", \"3 m\"], points = 16 }\n");
}
void BM_point_link_statistical_exhaustive(benchmark::State &state) {
  points(state, statistical_exhaustive_spec());
}
BENCHMARK(BM_point_link_statistical_exhaustive)->Unit(benchmark::kMillisecond);

void BM_point_fec(benchmark::State &state) { points(state, fec_spec()); }
BENCHMARK(BM_point_fec)->Unit(benchmark::kMicrosecond);

// A whole sweep with state.range(0) threads, rows written to a file. state.range(1) = 1: each
// run writes a new OUT (the previous run's files are removed while the timer is paused), as a
// sweep into a new file does; 0: each run replaces the previous run's OUT, which ext4 makes wait
// for the writeback of the new file's blocks when the rename replaces a file (auto_da_alloc).
void sweep(benchmark::State &state, const SweepSpec &spec) {
  const auto ev = make_evaluator(spec.evaluator, "bench");
  SweepOptions o;
  o.output = (scratch() / "out.csv").string();
  o.threads = static_cast<unsigned>(state.range(0));
  const bool fresh = state.range(1) != 0;
  for (auto _ : state) {
    if (fresh) {
      state.PauseTiming();
      fs::remove(o.output);
      fs::remove(o.output + ".json");
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(run_sweep(spec, *ev, o).evaluated);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(spec.point_count()));
}

// The analytic sweep at 10× the points (9,000): with µs points, the per-run work that does not
// split over threads (opening OUT.partial, the last write, the rename, the sidecar) needs a sweep
// of this size to stay a small part of it.
SweepSpec analytic_spec_large() {
  return spec_from("analytic_large.toml",
                   "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n"
                   "[axes]\ntech = [\"dac\", \"backplane\", \"pcb\"]\n"
                   "rate = [\"50G\", \"100G\", \"200G\"]\n"
                   "length = { lin = [\"0.25 m\", \"4 m\"], points = 1000 }\n");
}

void BM_sweep_link_analytic(benchmark::State &state) { sweep(state, analytic_spec()); }
BENCHMARK(BM_sweep_link_analytic)
    ->ArgsProduct({{1, 2}, {1, 0}})
    ->ArgNames({"threads", "fresh_out"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
void BM_sweep_link_analytic_9000(benchmark::State &state) { sweep(state, analytic_spec_large()); }
BENCHMARK(BM_sweep_link_analytic_9000)
    ->ArgsProduct({{1, 2}, {1, 0}})
    ->ArgNames({"threads", "fresh_out"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

void BM_sweep_fec(benchmark::State &state) { sweep(state, fec_spec()); }
BENCHMARK(BM_sweep_fec)
    ->ArgsProduct({{1, 2}, {1, 0}})
    ->ArgNames({"threads", "fresh_out"})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

} // namespace
int main(int argc, char **argv) {
  linkphy::sweeps::keep_freed_memory(); // as `linkphy sweep` does
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  fs::remove_all(scratch(), ec); // specs and outputs of this run
  return 0;
}
