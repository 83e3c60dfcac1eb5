// Transmitter feed-forward equaliser as IEEE 802.3 COM parameter tables define it (93A-21):
// taps c(−pre)..c(post) on a grid, c(0) = 1 − Σ|c(k)| with a lower bound.
#pragma once

#include <vector>

namespace linkphy::transceivers {

/// The ranges are those load_com_table checks (InputError); a config built in code is not checked.
struct TxFfeConfig {
  int pre_taps = 0; ///< number of pre-cursor taps, 0 to 8
  /// Candidate values of each tap except c(0), order c(−pre)..c(−1), c(1)..c(post);
  /// dimensionless, each in [−1, 1]; each a tap_grid, and the product of their sizes at most
  /// com::kMaxTxFfeSettings.
  std::vector<std::vector<double>> tap_values;
  double c0_min = 0.5; ///< smallest c(0) allowed, dimensionless, 0.001 to 1
};

/// Most points one grid of a COM table may hold: the IEEE tables' grids have at most 21 (g_DC
/// from −20 to 0 dB in 1 dB steps); 1000 leaves room for finer studies while a mistyped step
/// (1e-9) is an error before anything is allocated.
inline constexpr long kMaxGridPoints = 1000;

/// The values min, min+step, …, max (inclusive within step/1000; the last may exceed max by up
/// to step/1000; values within 1e-12 of 0 are written as 0), in the unit of the bounds; throws
/// InputError naming `where` when a bound is not finite, step ≤ 0, max < min or the grid would
/// hold more than kMaxGridPoints values.
std::vector<double> tap_grid(double min, double step, double max, const char *where);

} // namespace linkphy::transceivers
