// Touchstone read and write of the 2.25 MB 4-port IEEE channel CA_19p75dB_thru.s4p (6001 points),
// from disk (page cache) and from memory (parse only).
#include <linkphy/phy/touchstone.hpp>

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>

namespace {

const std::string kFile = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/CA_19p75dB_thru.s4p";

void BM_ReadTouchstone4Port(benchmark::State &state) {
  for (auto _ : state) {
    auto d = linkphy::read_touchstone(kFile);
    benchmark::DoNotOptimize(d.network.s.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * 2250579);
}
BENCHMARK(BM_ReadTouchstone4Port)->Unit(benchmark::kMillisecond);

// The 4.2 MB magnitude/angle 4-port DPO_4in_Meg7_THRU.s4p (6001 points): adds polar conversion.
void BM_ReadTouchstone4PortMA(benchmark::State &state) {
  const std::string file = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/DPO_4in_Meg7_THRU.s4p";
  for (auto _ : state) {
    auto d = linkphy::read_touchstone(file);
    benchmark::DoNotOptimize(d.network.s.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * 4179978);
}
BENCHMARK(BM_ReadTouchstone4PortMA)->Unit(benchmark::kMillisecond);

void BM_ParseTouchstone4PortInMemory(benchmark::State &state) {
  std::ifstream in(kFile, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  for (auto _ : state) {
    auto d = linkphy::parse_touchstone(text, kFile, 4);
    benchmark::DoNotOptimize(d.network.s.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ParseTouchstone4PortInMemory)->Unit(benchmark::kMillisecond);

// Formatting cost only: the text goes to a stream that discards it.
struct DiscardBuf : std::streambuf {
  std::streamsize written = 0;
  std::streamsize xsputn(const char *, std::streamsize n) override {
    written += n;
    return n;
  }
  int overflow(int c) override {
    ++written;
    return c;
  }
};

void BM_WriteTouchstone4Port(benchmark::State &state) {
  const auto d = linkphy::read_touchstone(kFile);
  DiscardBuf buf;
  std::ostream os(&buf);
  for (auto _ : state) {
    linkphy::write_touchstone(os, d.network);
    benchmark::DoNotOptimize(buf.written);
  }
}
BENCHMARK(BM_WriteTouchstone4Port)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
