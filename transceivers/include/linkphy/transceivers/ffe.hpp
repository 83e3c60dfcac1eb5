// Transmitter feed-forward equaliser as IEEE 802.3 COM parameter tables define it (93A-21):
// taps c(−pre)..c(post) on a grid, c(0) = 1 − Σ|c(k)| with a lower bound.
#pragma once

#include <vector>

namespace linkphy::transceivers {

struct TxFfeConfig {
  int pre_taps = 0; ///< number of pre-cursor taps (≥ 0)
  /// Candidate values of each tap except c(0), order c(−pre)..c(−1), c(1)..c(post);
  /// dimensionless, each in [−1, 1].
  std::vector<std::vector<double>> tap_values;
  double c0_min = 0.5; ///< smallest c(0) allowed, in (0, 1]
};

/// The values min, min+step, …, max (inclusive within step/1000); throws InputError naming
/// `where` when step ≤ 0 or max < min.
std::vector<double> tap_grid(double min, double step, double max, const char *where);

} // namespace linkphy::transceivers
