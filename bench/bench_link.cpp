// Hot paths of the link engine: a statistical hop with fixed equalisers (target ≤ 5 ms), the
// statistical BER alone, its PMF kernels (ISI distribution, tail of a sum), the analytic tier
// (target ≤ 10 µs; through its per-sweep grid, the analytic sweep's path), one Monte Carlo
// million, and whole optical/linear/DAC links.
#include <benchmark/benchmark.h>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/statistical_eye.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <vector>

namespace {
using namespace linkphy;

std::vector<double> grid() {
  std::vector<double> f; // 53.125 GBd: df = baud/1000, to 1.2·baud (as link_eval.cpp)
  for (int k = 1; k <= 1200; ++k)
    f.push_back(53.125e6 * k);
  return f;
}

HopInput fixed_hop() {
  const auto f = grid();
  HopPackage p;
  com::PackageSide s;
  s.c_d_f = 1.2e-13;
  s.l_s_h = 0.12e-9;
  s.c_b_f = 0.3e-13;
  s.c_p_f = 0.87e-13;
  s.z_c_ohm = {87.5, 92.5};
  s.length_mm = {12, 1.8};
  p.tx = s;
  p.rx = s;
  p.line = {0, 9.909e-4, 2.772e-4, 6.141e-3};
  const com::LineModel board{0, 1.2e-3, 3.0e-4, 6.2e-3};
  const auto ch = com::transmission_line(f, board, 95.0, 150.0, 50.0);
  HopInput in;
  in.thru = hop_transfer(f, ch, p, com::PathKind::thru, "trace");
  com::Settings &st = in.settings; // fixed equalisers: one candidate each
  st.samples_per_ui = 16;
  st.f_hp_pz_hz = 0;
  st.g_dc_db = {-8};
  st.g_dc_hp_db = {0};
  st.tx_pre_taps = 1;
  st.tx_tap_values = {{-0.1}, {-0.05}};
  st.c0_min = 0.6;
  st.b_max = {0.7, 0.3, 0.2, 0.1};
  st.b_min = {-0.7, -0.3, -0.2, -0.1};
  return in;
}

void BM_statistical_hop_fixed_eq(benchmark::State &state) {
  const HopInput in = fixed_hop();
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate_hop_statistical(in).eye.ber);
}
BENCHMARK(BM_statistical_hop_fixed_eq)->Unit(benchmark::kMillisecond);

void BM_com_evaluate_fixed_eq(benchmark::State &state) {
  const HopInput in = fixed_hop();
  for (auto _ : state)
    benchmark::DoNotOptimize(com::evaluate(in.settings, in.thru, {}).com_db);
}
BENCHMARK(BM_com_evaluate_fixed_eq)->Unit(benchmark::kMillisecond);

void BM_statistical_ber_only(benchmark::State &state) {
  const HopResult h = evaluate_hop_statistical(fixed_hop());
  StatisticalEyeInput si;
  si.cursors_v = h.pulse.cursors_v;
  si.main_cursor = h.pulse.main_cursor;
  si.levels = h.pulse.levels;
  si.dfe_taps_v = h.pulse.dfe_taps_v;
  si.sigma_v = h.pulse.sigma_gauss_v;
  si.jitter_dd_v = h.pulse.jitter_dd_v;
  for (auto _ : state)
    benchmark::DoNotOptimize(statistical_ber(si).ber);
}
BENCHMARK(BM_statistical_ber_only)->Unit(benchmark::kMillisecond);

// The residual ISI after the DFE of the fixed hop, and its PMF bin (d/1000, as statistical_ber).
struct Residual {
  std::vector<double> v;
  double bin_v = 0;
  double sigma_v = 0;
};
Residual residual() {
  const HopResult h = evaluate_hop_statistical(fixed_hop());
  const EqualisedPulse &e = h.pulse;
  Residual r;
  for (std::size_t k = 0; k < e.cursors_v.size(); ++k) {
    const long post = static_cast<long>(k) - e.main_cursor;
    double v = e.cursors_v[k];
    if (post > 0 && static_cast<std::size_t>(post) <= e.dfe_taps_v.size())
      v -= e.dfe_taps_v[static_cast<std::size_t>(post - 1)];
    if (post != 0)
      r.v.push_back(v);
  }
  r.bin_v = e.cursors_v[static_cast<std::size_t>(e.main_cursor)] / (e.levels - 1) / 1000.0;
  r.sigma_v = e.sigma_gauss_v;
  return r;
}

void BM_isi_pmf(benchmark::State &state) {
  const Residual r = residual();
  for (auto _ : state)
    benchmark::DoNotOptimize(pam_interference_pmf(r.v, 4, r.bin_v).p.data());
}
BENCHMARK(BM_isi_pmf)->Unit(benchmark::kMicrosecond);

void BM_tail_of_sum(benchmark::State &state) { // COM's A_ni at DER_0 = 1e-4 (93A-45, 93A-37)
  const Residual r = residual();
  const AmplitudePmf isi = pam_interference_pmf(r.v, 4, r.bin_v);
  const AmplitudePmf noise = gaussian_pmf(r.sigma_v, 3.719, r.bin_v);
  for (auto _ : state)
    benchmark::DoNotOptimize(tail_amplitude_of_sum(isi, noise, 1e-4));
}
BENCHMARK(BM_tail_of_sum)->Unit(benchmark::kMicrosecond);

void BM_analytic(benchmark::State &state) {
  AnalyticInput a;
  a.loss.il_nyquist_db = 25;
  a.loss.skin_fraction = 0.3;
  a.loss.nyquist_hz = 26.5625e9;
  double x = 0;
  for (auto _ : state) {
    a.loss.il_nyquist_db = 25 + 1e-9 * x; // defeat hoisting
    x += analytic_snr(a).snr_db;
  }
  benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_analytic)->Unit(benchmark::kMicrosecond);

// The equaliser search with the 802.3ck CR grid (147 CTLE × 4,345 TX FFE settings, 12-tap DFE
// with floating taps; transceivers/catalog/com/802.3ck-cr-ca.toml) on the fixed hop's channel,
// exhaustive (the default, as `linkphy com` and the link evaluator) and local (opt-in). Process
// CPU time: the exhaustive search runs on worker threads.
HopInput searched_hop(bool local) {
  HopInput in = fixed_hop();
  com::Settings &st = in.settings;
  st.f_hp_pz_hz = 0.6640625e9;
  st.g_dc_db.clear();
  for (int g = -20; g <= 0; ++g)
    st.g_dc_db.push_back(g);
  st.g_dc_hp_db = {-6, -5, -4, -3, -2, -1, 0};
  auto range = [](int lo, int hi) { // in steps of 0.02
    std::vector<double> v;
    for (int k = lo; k <= hi; ++k)
      v.push_back(0.02 * k);
    return v;
  };
  st.tx_pre_taps = 3;
  st.tx_tap_values = {range(-3, 0), range(0, 6), range(-17, 0), range(-10, 0)};
  st.c0_min = 0.54;
  st.b_max = {0.85, 0.3, 0.2, 0.2, 0.2, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1, 0.1};
  st.b_min = {0.3, 0.05, -0.03, -0.03, -0.03, -0.03, -0.03, -0.03, -0.03, -0.03, -0.03, -0.03};
  st.n_bg = 3;
  st.n_bf = 3;
  st.n_f = 40;
  st.b_max_g = 0.03;
  st.b_float_rss_max = 0.02;
  st.n_tail_start = 25;
  in.local_search = local;
  return in;
}

void BM_statistical_hop_search_exhaustive(benchmark::State &state) {
  const HopInput in = searched_hop(false);
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate_hop_statistical(in).eye.ber);
}
BENCHMARK(BM_statistical_hop_search_exhaustive)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

void BM_statistical_hop_search_local(benchmark::State &state) {
  const HopInput in = searched_hop(true);
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate_hop_statistical(in).eye.ber);
}
BENCHMARK(BM_statistical_hop_search_local)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

// One statistical link point as the sweeps evaluate it: 26 AWG DAC, 2 m, 100G (channel and
// packages built, full 802.3ck CR search with the cable's NEXT, statistical eye, FEC).
void BM_statistical_link_point_dac100g(benchmark::State &state) {
  sweeps::LinkRequest q;
  q.tech = "dac";
  q.length_m = 2;
  q.rate = "100G";
  q.fidelity = sweeps::Fidelity::statistical;
  for (auto _ : state)
    benchmark::DoNotOptimize(sweeps::evaluate_link(q).summary.ber_pre_fec);
}
BENCHMARK(BM_statistical_link_point_dac100g)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();
// The same through the grid made once per (baud, levels, A_v, η0, t_r) (link_analytic.cpp's path).
void BM_analytic_grid(benchmark::State &state) {
  AnalyticInput a;
  a.loss.il_nyquist_db = 25;
  a.loss.skin_fraction = 0.3;
  a.loss.nyquist_hz = 26.5625e9;
  const AnalyticGrid g = analytic_grid(a);
  double x = 0;
  for (auto _ : state) {
    a.loss.il_nyquist_db = 25 + 1e-9 * x; // defeat hoisting
    x += analytic_snr(g, a).snr_db;
  }
  benchmark::DoNotOptimize(x);
}
BENCHMARK(BM_analytic_grid)->Unit(benchmark::kMicrosecond);

void BM_montecarlo_1M_symbols(benchmark::State &state) {
  const HopResult h = evaluate_hop_statistical(fixed_hop());
  for (auto _ : state)
    benchmark::DoNotOptimize(evaluate_hop_montecarlo(h, 1'000'000).ber);
}
BENCHMARK(BM_montecarlo_1M_symbols)->Unit(benchmark::kMillisecond);

} // namespace
// Whole links through evaluate_link at the analytic tier: a DSP optical module pair (two C2M
// hops + the optical PMD-budget hop) and a linear (LPO) hop.
static void BM_link_dsp_dr_analytic(benchmark::State &state) {
  linkphy::sweeps::LinkRequest q;
  q.tech = "dsp-dr";
  q.length_m = 300;
  q.rate = "100G";
  q.fidelity = linkphy::sweeps::Fidelity::analytic;
  for (auto _ : state)
    benchmark::DoNotOptimize(linkphy::sweeps::evaluate_link(q).summary.ber_pre_fec);
}
BENCHMARK(BM_link_dsp_dr_analytic)->Unit(benchmark::kMillisecond);

static void BM_link_lpo_analytic(benchmark::State &state) {
  linkphy::sweeps::LinkRequest q;
  q.tech = "lpo";
  q.length_m = 300;
  q.rate = "100G";
  q.fidelity = linkphy::sweeps::Fidelity::analytic;
  for (auto _ : state)
    benchmark::DoNotOptimize(linkphy::sweeps::evaluate_link(q).summary.ber_pre_fec);
}
BENCHMARK(BM_link_lpo_analytic)->Unit(benchmark::kMillisecond);

// A DAC at 100G over lengths 0.25–5 m through evaluate_link's full report (stage names, power
// ledger, warnings) at the analytic tier: with the plan cache (the default; the plan made once,
// before timing) and without it (every point from scratch, the tier before the cache).
static void dac_lengths(benchmark::State &state, bool cached) {
  linkphy::sweeps::LinkRequest q;
  q.tech = "dac";
  q.rate = "100G";
  q.fidelity = linkphy::sweeps::Fidelity::analytic;
  q.analytic_cache = cached;
  benchmark::DoNotOptimize(linkphy::sweeps::evaluate_link(q).summary.snr_db); // the plan
  int i = 0;
  for (auto _ : state) {
    q.length_m = 0.25 + 0.00475 * (i++ % 1000);
    benchmark::DoNotOptimize(linkphy::sweeps::evaluate_link(q).summary.ber_pre_fec);
  }
  state.SetItemsProcessed(state.iterations());
}
static void BM_link_dac_analytic(benchmark::State &state) { dac_lengths(state, true); }
BENCHMARK(BM_link_dac_analytic)->Unit(benchmark::kMicrosecond);
static void BM_link_dac_analytic_uncached(benchmark::State &state) { dac_lengths(state, false); }
BENCHMARK(BM_link_dac_analytic_uncached)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
