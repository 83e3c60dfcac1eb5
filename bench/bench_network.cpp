// Hot paths of the network operations (phy/network_ops.hpp): cascade of 16 4-ports, mixed-mode
// conversion and S→Z over 4,096 frequencies. scripts/reference/bench_skrf_network.py times
// scikit-rf doing the same work on the same sizes.
#include <linkphy/phy/network_ops.hpp>

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

constexpr std::size_t kPoints = 4096;

/// A random network with all singular values < 1 at every frequency (entries scaled so that the
/// Frobenius norm is 0.9), like a lossy channel; deterministic per seed.
linkphy::Network random_network(int ports, unsigned seed) {
  std::vector<double> f(kPoints);
  for (std::size_t k = 0; k < kPoints; ++k)
    f[k] = 1e7 * static_cast<double>(k + 1);
  linkphy::Network net(f, ports);
  std::mt19937 rng(seed);
  std::normal_distribution<double> g;
  const std::size_t nn = static_cast<std::size_t>(ports) * ports;
  for (std::size_t k = 0; k < kPoints; ++k) {
    double norm2 = 0.0;
    for (std::size_t e = 0; e < nn; ++e) {
      net.s[k * nn + e] = linkphy::Complex(g(rng), g(rng));
      norm2 += std::norm(net.s[k * nn + e]);
    }
    for (std::size_t e = 0; e < nn; ++e)
      net.s[k * nn + e] *= 0.9 / std::sqrt(norm2);
  }
  return net;
}

void BM_Cascade16(benchmark::State &state) {
  const int ports = static_cast<int>(state.range(0));
  std::vector<linkphy::Network> chain;
  for (unsigned m = 0; m < 16; ++m)
    chain.push_back(random_network(ports, 100 + m));
  for (auto _ : state) {
    linkphy::Network out = linkphy::cascade(chain);
    benchmark::DoNotOptimize(out.s.data());
  }
  state.SetItemsProcessed(state.iterations() * 15 * static_cast<long>(kPoints));
}
BENCHMARK(BM_Cascade16)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_MixedMode4(benchmark::State &state) {
  const linkphy::Network net = random_network(4, 1);
  const auto pairs = linkphy::parse_port_pairs("1-3:2-4");
  for (auto _ : state) {
    linkphy::Network out = linkphy::to_mixed_mode(net, pairs);
    benchmark::DoNotOptimize(out.s.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(kPoints));
}
BENCHMARK(BM_MixedMode4)->Unit(benchmark::kMillisecond);

void BM_SToZ(benchmark::State &state) {
  const linkphy::Network net = random_network(static_cast<int>(state.range(0)), 2);
  for (auto _ : state) {
    std::vector<linkphy::Complex> z = linkphy::to_parameters(net, linkphy::ParameterKind::Z);
    benchmark::DoNotOptimize(z.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(kPoints));
}
BENCHMARK(BM_SToZ)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond);

void BM_Renormalize4(benchmark::State &state) {
  const linkphy::Network net = random_network(4, 3);
  for (auto _ : state) {
    linkphy::Network out = linkphy::renormalize(net, {40.0, 45.0, 55.0, 60.0});
    benchmark::DoNotOptimize(out.s.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(kPoints));
}
BENCHMARK(BM_Renormalize4)->Unit(benchmark::kMillisecond);

void BM_Interpolate4(benchmark::State &state) {
  const linkphy::Network net = random_network(4, 4);
  std::vector<double> f(kPoints);
  for (std::size_t k = 0; k < kPoints; ++k)
    f[k] = 1e7 + (net.freq_hz.back() - 1e7) * static_cast<double>(k) / (kPoints - 1.0);
  for (auto _ : state) {
    linkphy::Network out = linkphy::interpolate(net, f);
    benchmark::DoNotOptimize(out.s.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(kPoints));
}
BENCHMARK(BM_Interpolate4)->Unit(benchmark::kMillisecond);

void BM_Passivity4(benchmark::State &state) {
  const linkphy::Network net = random_network(4, 5);
  for (auto _ : state) {
    benchmark::DoNotOptimize(linkphy::check_passivity(net).max_singular_value);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<long>(kPoints));
}
BENCHMARK(BM_Passivity4)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
