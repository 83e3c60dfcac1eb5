// Receiver continuous-time linear equaliser families as IEEE 802.3 COM parameter tables define
// them: Annex 93A (93A-22) with the 802.3ck low-frequency pole-zero stage (120F, 162, 163).
#pragma once

#include <vector>

namespace linkphy::transceivers {

/// H(f) = (g_DC + jf/f_z)/((1 + jf/f_p1)(1 + jf/f_p2)) · (g_DC_HP + jf/f_HP_PZ)/(1 + jf/f_HP_PZ)
/// with the gains as linear values of the dB lists below.
struct CtleFamily {
  double f_z_hz = 0;              ///< zero, Hz (> 0)
  double f_p1_hz = 0;             ///< first pole, Hz (> 0)
  double f_p2_hz = 0;             ///< second pole, Hz (> 0)
  double f_hp_pz_hz = 0;          ///< low-frequency pole-zero, Hz (≥ 0; 0 = no second stage)
  std::vector<double> g_dc_db;    ///< candidate DC gains, dB (≤ 0), searched by COM
  std::vector<double> g_dc_hp_db; ///< candidate low-frequency gains, dB (≤ 0); {0} if no stage
};

} // namespace linkphy::transceivers
