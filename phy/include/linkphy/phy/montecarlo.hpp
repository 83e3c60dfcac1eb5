// Monte Carlo referee for the statistical evaluator (DESIGN.md §2): PRBS symbols through a
// symbol-spaced pulse response with Gaussian noise and a decision-feedback equaliser that feeds
// back its own decisions (so DFE error propagation is in the count); errors counted with confidence
// bounds.
#pragma once

#include <cstdint>
#include <span>

namespace linkphy {

/// Most symbols run_montecarlo simulates: 1e9 (minutes of CPU; 1e18 would never end), the upper
/// bound of `linkphy link --mc-symbols` and the link file key mc_symbols.
inline constexpr std::uint64_t kMaxMonteCarloSymbols = 1'000'000'000;

struct MonteCarloInput {
  /// Symbol-spaced samples of the equalised pulse response at the sampling phase (V per unit symbol
  /// amplitude, symbols normalised to ±1 outer levels), each finite. cursors_v[main_cursor] is the
  /// main cursor (> 0 V).
  std::span<const double> cursors_v;
  int main_cursor = 0;      ///< index of the main cursor in cursors_v (0 ≤ main_cursor < size)
  int levels = 2;           ///< PAM order M: 2 (NRZ), 4, 8, … 64 (power of two, Gray-coded)
  double noise_rms_v = 0.0; ///< Gaussian noise σ at the decision point, V (≥ 0, finite)
  /// DFE tap weights for post-cursors 1..N (V per unit symbol); each subtracts the *decided*
  /// symbol times the tap; each finite. Empty for no DFE.
  std::span<const double> dfe_taps_v;
  /// symbols to simulate, 1 to kMaxMonteCarloSymbols (1e9, the bound of the link's mc_symbols)
  std::uint64_t symbols = 1'000'000;
  std::uint64_t seed = 1; ///< noise RNG seed (the PRBS always starts from all ones)
};

struct MonteCarloResult {
  std::uint64_t symbols = 0;       ///< symbols counted (after the warm-up of one pulse span)
  std::uint64_t symbol_errors = 0; ///< wrong symbol decisions
  std::uint64_t bit_errors = 0;    ///< wrong bits after Gray demapping
  double ser = 0.0;                ///< symbol_errors / symbols
  double ber = 0.0;                ///< bit_errors / (symbols · log2 M)
  double ber_low = 0.0;            ///< 95 % Wilson score interval on the BER, lower bound
  double ber_high = 0.0;           ///< upper bound
};

/// Runs the simulation. Symbols come from PRBS31 (x^31 + x^28 + 1, ITU-T O.150), log2(M) bits per
/// symbol, Gray-mapped to levels (2i − (M−1))/(M−1); decision thresholds sit midway between the
/// levels scaled by the main cursor. Throws InputError ("montecarlo: …", or "modulation: PAM<M> is
/// not supported …" for M outside [2, 64]) on any input outside the ranges above.
MonteCarloResult run_montecarlo(const MonteCarloInput &in);

/// Wilson score interval (Wilson 1927) for k successes in n trials at normal quantile z (finite,
/// > 0, e.g. 1.96 for 95 %); k ≤ n; n = 0 gives [0, 1] (no information). InputError
/// ("wilson_interval", …) for k > n or z outside its range.
void wilson_interval(std::uint64_t k, std::uint64_t n, double z, double &low, double &high);

} // namespace linkphy
