// Optics hot paths: one analytic IEEE 802.3 link-model budget (target ≤ 5 µs) and one fibre
// stage's intensity response over 8,192 frequency points.
#include <linkphy/channels/fibre.hpp>
#include <linkphy/phy/optical_link_model.hpp>

#include <benchmark/benchmark.h>

#include <complex>
#include <vector>

namespace {

void BM_optical_link_model(benchmark::State &state) {
  const linkphy::OpticalLinkInputs in; // defaults = sheet 850S50_500
  double length_km = 0.082;
  for (auto _ : state) {
    const auto r = linkphy::evaluate_optical_link(in, length_km);
    benchmark::DoNotOptimize(r.margin_db);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_optical_link_model);

void BM_fibre_intensity_response(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const linkphy::channels::Fibre fibre(linkphy::channels::find_fibre("g652d"), 2000, 2);
  const linkphy::OpticalCarrier carrier{1311e-9, 0.05e-9, 3.0};
  std::vector<double> freq(n);
  for (std::size_t i = 0; i < n; ++i)
    freq[i] = 100e9 * static_cast<double>(i) / static_cast<double>(n - 1);
  std::vector<std::complex<double>> h(n);
  for (auto _ : state) {
    fibre.intensity_response(freq, carrier, h);
    benchmark::DoNotOptimize(h.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_fibre_intensity_response)->Arg(8192);

} // namespace

BENCHMARK_MAIN();
