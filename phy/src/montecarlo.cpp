#include <linkphy/phy/error.hpp>
#include <linkphy/phy/montecarlo.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/signalling.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace linkphy {
namespace {

// PRBS31 generator, x^31 + x^28 + 1 (ITU-T O.150 §5.8), one bit per call.
class Prbs31 {
public:
  int next() {
    const std::uint32_t bit = ((state_ >> 30) ^ (state_ >> 27)) & 1u;
    state_ = ((state_ << 1) | bit) & 0x7fffffffu;
    return static_cast<int>(bit);
  }

private:
  std::uint32_t state_ = 0x7fffffffu;
};

} // namespace

void wilson_interval(std::uint64_t k, std::uint64_t n, double z, double &low, double &high) {
  if (k > n)
    throw InputError("wilson_interval", std::to_string(k) + " successes in " + std::to_string(n) +
                                            " trials (accepted: successes <= trials)");
  if (!(z > 0.0) || !std::isfinite(z))
    throw InputError("wilson_interval", "normal quantile z " + number_text(z) +
                                            " out of range (accepted: finite, > 0; 1.96 for 95 %)");
  if (n == 0) {
    low = 0.0;
    high = 1.0;
    return;
  }
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(k) / nn;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  low = std::max(0.0, centre - half);
  high = std::min(1.0, centre + half);
}

MonteCarloResult run_montecarlo(const MonteCarloInput &in) {
  const int m = in.levels;
  check_modulation(Modulation{m});
  if (!std::has_single_bit(static_cast<unsigned>(m)))
    throw InputError("montecarlo", Modulation{m}.name() +
                                       " has no per-symbol Gray mapping (accepted: NRZ, PAM4, "
                                       "PAM8, PAM16, PAM32, PAM64)");
  if (in.cursors_v.empty() || in.main_cursor < 0 ||
      in.main_cursor >= static_cast<int>(in.cursors_v.size()))
    throw InputError("montecarlo", "main cursor index " + std::to_string(in.main_cursor) +
                                       " outside the pulse response (accepted: 0 to " +
                                       std::to_string(static_cast<long>(in.cursors_v.size()) - 1) +
                                       ")");
  if (!(in.noise_rms_v >= 0.0) || !std::isfinite(in.noise_rms_v))
    throw InputError("montecarlo", "noise rms " + number_text(in.noise_rms_v) +
                                       " V out of range (accepted: finite, >= 0 V)");
  if (in.symbols < 1 || in.symbols > kMaxMonteCarloSymbols) // a run of 1e9 takes minutes
    throw InputError("montecarlo", "symbols " + std::to_string(in.symbols) +
                                       " out of range (accepted: 1 to 1e9; link mc_symbols: "
                                       "1000 to 1e9)");
  const double h0 = in.cursors_v[static_cast<std::size_t>(in.main_cursor)];
  if (!(h0 > 0.0) || !std::isfinite(h0))
    throw InputError("montecarlo", "main cursor " + number_text(h0) +
                                       " V out of range (accepted: finite, > 0 V)");
  for (std::span<const double> v : {in.cursors_v, in.dfe_taps_v})
    for (double x : v)
      if (!std::isfinite(x))
        throw InputError("montecarlo",
                         "cursors and DFE taps must be finite V (got " + number_text(x) + ")");

  const int bits_per_symbol = std::countr_zero(static_cast<unsigned>(m));
  std::vector<double> level(static_cast<std::size_t>(m));
  std::vector<int> gray_of_index(static_cast<std::size_t>(m));
  std::vector<int> index_of_gray(static_cast<std::size_t>(m));
  for (int i = 0; i < m; ++i) {
    const Modulation mod = Modulation::pam(m);
    const int bits = static_cast<int>(gray_index_to_bits(mod, i));
    level[static_cast<std::size_t>(i)] = symbol_level(mod, i);
    gray_of_index[static_cast<std::size_t>(i)] = bits;
    index_of_gray[static_cast<std::size_t>(bits)] = i;
  }

  const std::size_t span = in.cursors_v.size();
  const std::size_t pre = static_cast<std::size_t>(in.main_cursor);
  const std::size_t ndfe = in.dfe_taps_v.size();
  // Ring buffers of transmitted symbol indices and decided symbol indices.
  const std::size_t hist = std::bit_ceil(std::max(span, ndfe + 1) + 1);
  const std::size_t mask = hist - 1;
  std::vector<int> sent(hist, 0), decided(hist, 0);

  Prbs31 prbs;
  std::mt19937_64 rng(in.seed);
  std::normal_distribution<double> gauss(0.0, 1.0);
  const double step = 2.0 / (m - 1); // level spacing

  MonteCarloResult r;
  const std::uint64_t warmup = span + ndfe;
  const std::uint64_t total = in.symbols + warmup;
  // Symbol t is decided at time t + pre (when its main cursor arrives); we generate symbol t+pre.
  for (std::uint64_t t = 0; t < total + pre; ++t) {
    int word = 0;
    for (int b = 0; b < bits_per_symbol; ++b)
      word = (word << 1) | prbs.next();
    sent[t & mask] = index_of_gray[static_cast<std::size_t>(word)];
    if (t < pre)
      continue;
    const std::uint64_t d = t - pre; // symbol being decided
    double y = 0.0;
    for (std::size_t k = 0; k < span; ++k) {
      // cursor k multiplies the symbol sent at time d + pre - k
      const std::uint64_t idx = d + pre - k;
      if (d + pre < k)
        break;
      y += in.cursors_v[k] * level[static_cast<std::size_t>(sent[idx & mask])];
    }
    y += in.noise_rms_v * gauss(rng);
    for (std::size_t k = 1; k <= ndfe && k <= d; ++k)
      y -= in.dfe_taps_v[k - 1] * level[static_cast<std::size_t>(decided[(d - k) & mask])];
    // Slice: nearest level scaled by h0.
    int q = static_cast<int>(std::floor((y / h0 + 1.0) / step + 0.5));
    q = std::clamp(q, 0, m - 1);
    decided[d & mask] = q;
    if (d < warmup)
      continue;
    ++r.symbols;
    const int truth = sent[d & mask];
    if (q != truth) {
      ++r.symbol_errors;
      r.bit_errors += static_cast<std::uint64_t>(
          std::popcount(static_cast<unsigned>(gray_of_index[static_cast<std::size_t>(q)] ^
                                              gray_of_index[static_cast<std::size_t>(truth)])));
    }
    if (r.symbols == in.symbols)
      break;
  }
  const double nbits = static_cast<double>(r.symbols) * bits_per_symbol;
  r.ser = static_cast<double>(r.symbol_errors) / static_cast<double>(r.symbols);
  r.ber = static_cast<double>(r.bit_errors) / nbits;
  wilson_interval(r.bit_errors, r.symbols * static_cast<std::uint64_t>(bits_per_symbol), 1.959964,
                  r.ber_low, r.ber_high);
  return r;
}

} // namespace linkphy
