// Receiver decision-feedback equaliser limits as IEEE 802.3 COM parameter tables define them
// (93A-26/27, 802.3ck floating taps).
#pragma once

#include <vector>

namespace linkphy::transceivers {

struct DfeConfig {
  std::vector<double> b_max;  ///< upper limit of fixed taps 1..N_b, normalised to the cursor
  std::vector<double> b_min;  ///< lower limit of fixed taps 1..N_b (same size as b_max)
  int n_bg = 0;               ///< floating tap groups (0 = none)
  int n_bf = 0;               ///< taps per floating group
  int n_f = 0;                ///< floating taps lie in (N_b, N_f], UI
  double b_max_g = 0;         ///< |b| limit of floating taps
  double b_float_rss_max = 0; ///< RSS limit of the taps from n_tail_start on (0 = none)
  int n_tail_start = 0;       ///< first tap of the RSS-limited tail, 1-based (0 = none)
};

} // namespace linkphy::transceivers
