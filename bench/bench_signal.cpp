// Hot paths of phy signal math: FFT r2c/c2r, Q and its inverse, RS codeword-error evaluation.
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/fft.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <complex>
#include <vector>

namespace {

using namespace linkphy;

void BM_FftR2c(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  FftBuffer x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = std::sin(0.01 * static_cast<double>(i * i % 1013));
  FftComplexBuffer spec(n / 2 + 1);
  fft_r2c(x, spec); // plan outside the timed loop
  for (auto _ : state) {
    fft_r2c(x, spec);
    benchmark::DoNotOptimize(spec.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_FftR2c)->Arg(8192)->Arg(65536);

// The same transform on a plain std::vector (may be staged through aligned scratch).
void BM_FftR2cVector(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = std::sin(0.01 * static_cast<double>(i * i % 1013));
  std::vector<std::complex<double>> spec(n / 2 + 1);
  fft_r2c(x, spec);
  for (auto _ : state) {
    fft_r2c(x, spec);
    benchmark::DoNotOptimize(spec.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_FftR2cVector)->Arg(8192)->Arg(65536);

void BM_IfftC2r(benchmark::State &state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  FftComplexBuffer spec(n / 2 + 1, std::complex<double>(1.0, 0.5));
  FftBuffer x(n);
  ifft_c2r(spec, x);
  for (auto _ : state) {
    ifft_c2r(spec, x);
    benchmark::DoNotOptimize(x.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(n));
}
BENCHMARK(BM_IfftC2r)->Arg(8192)->Arg(65536);

void BM_QFunction(benchmark::State &state) {
  double x = 3.0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(q_function(x));
    x = x < 30.0 ? x + 0.001 : 3.0;
  }
}
BENCHMARK(BM_QFunction);

void BM_QInverse(benchmark::State &state) {
  double e = 1.0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(q_inverse(std::pow(10.0, -e)));
    e = e < 300.0 ? e + 0.37 : 1.0;
  }
}
BENCHMARK(BM_QInverse);

void BM_Kp4CodewordErrorRatio(benchmark::State &state) {
  const FecCode kp4 = fec_kp4();
  double ber = 1e-5;
  for (auto _ : state) {
    benchmark::DoNotOptimize(codeword_error_ratio(kp4, ber));
    ber = ber < 1e-3 ? ber * 1.01 : 1e-5;
  }
}
BENCHMARK(BM_Kp4CodewordErrorRatio);

void BM_Kp4PostFecBer(benchmark::State &state) {
  const FecCode kp4 = fec_kp4();
  double ber = 1e-5;
  for (auto _ : state) {
    benchmark::DoNotOptimize(post_fec_ber(kp4, ber));
    ber = ber < 1e-3 ? ber * 1.01 : 1e-5;
  }
}
BENCHMARK(BM_Kp4PostFecBer);

void BM_Kp4ThresholdForPostFecBer(benchmark::State &state) {
  const FecCode kp4 = fec_kp4();
  for (auto _ : state)
    benchmark::DoNotOptimize(pre_fec_ber_for_post_fec_ber(kp4, 1e-15));
}
BENCHMARK(BM_Kp4ThresholdForPostFecBer);

} // namespace

BENCHMARK_MAIN();
