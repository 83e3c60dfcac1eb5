// Receiver continuous-time linear equaliser families as IEEE 802.3 COM parameter tables define
// them: Annex 93A (93A-22) with the 802.3ck low-frequency pole-zero stage (120F, 162, 163).
#pragma once

#include <vector>

namespace linkphy::transceivers {

/// H(f) = (g_DC + jf/f_z)/((1 + jf/f_p1)(1 + jf/f_p2)) · (g_DC_HP + jf/f_HP_PZ)/(1 + jf/f_HP_PZ)
/// with the gains as linear values of the dB lists below. The ranges are those load_com_table
/// checks (InputError "FILE:LINE: key 'ctle.K': out of range; accepted: ..."); a family built in
/// code is not checked here.
struct CtleFamily {
  double f_z_hz = 0;     ///< zero, Hz (1 MHz to 10 THz)
  double f_p1_hz = 0;    ///< first pole, Hz (1 MHz to 10 THz)
  double f_p2_hz = 0;    ///< second pole, Hz (1 MHz to 10 THz)
  double f_hp_pz_hz = 0; ///< low-frequency pole-zero, Hz (0 = no second stage, or 1 MHz to 10 THz)
  /// Candidate DC gains, dB, searched by COM: a grid {min, step, max} (tap_grid) with values in
  /// −60 to 60 dB (the IEEE tables use ≤ 0); |g_DC| × |g_DC_HP| ≤ com::kMaxCtleSettings.
  std::vector<double> g_dc_db;
  /// Candidate low-frequency gains, dB (−60 to 60, as g_dc_db); {0} if no stage.
  std::vector<double> g_dc_hp_db;
};

} // namespace linkphy::transceivers
