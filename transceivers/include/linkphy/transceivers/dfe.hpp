// Receiver decision-feedback equaliser limits as IEEE 802.3 COM parameter tables define them
// (93A-26/27, 802.3ck floating taps).
#pragma once

#include <vector>

namespace linkphy::transceivers {

/// The ranges are those load_com_table checks (InputError naming the key); a config built in code
/// is not checked here.
struct DfeConfig {
  /// Upper limit of fixed taps 1..N_b, normalised to the cursor (dimensionless), |b_max| ≤ 2;
  /// N_b = size, 0 to 1000.
  std::vector<double> b_max;
  /// Lower limit of fixed taps 1..N_b (same size as b_max), b_min ≤ b_max, |b_min| ≤ 2 (the
  /// loader checks both).
  std::vector<double> b_min;
  int n_bg = 0; ///< floating tap groups (0 = none), 0 to 100
  int n_bf = 0; ///< taps per floating group, 0 to 100
  int n_f = 0;  ///< floating taps lie in (N_b, N_f], UI; 0 to 10000, ≥ N_b + N_bf if N_bg > 0
  double b_max_g = 0;         ///< |b| limit of floating taps, 0 to 2
  double b_float_rss_max = 0; ///< RSS limit of the taps from n_tail_start on (0 = none), 0 to 2
  int n_tail_start = 0;       ///< first tap of the RSS-limited tail, 1-based (0 = none), 0 to 10000
};

} // namespace linkphy::transceivers
