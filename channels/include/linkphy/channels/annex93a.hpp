// IEEE 802.3 Annex 93A parametric transmission line (used by COM for package and host-board
// traces): γ(f) = γ0 + a1·(1+j)·√f + a2·(1 − j(2/π)·ln f)·f + j2πτf, f in GHz, γ in 1/mm, with a
// frequency-independent characteristic impedance Zc. IEEE Std 802.3-2022, 93A.1.2.3 eq. (93A-15)
// (the ln f term is the Kramers–Kronig partner of the a2·f loss term; f normalised to 1 GHz).
#pragma once

#include <linkphy/channels/line.hpp>

namespace linkphy::channels {

struct Annex93aLine {
  double gamma0_per_mm = 0.0;      ///< γ0, 1/mm (≥ 0)
  double a1_per_mm_sqrt_ghz = 0.0; ///< a1, 1/(mm·√GHz) (≥ 0)
  double a2_per_mm_ghz = 0.0;      ///< a2, 1/(mm·GHz) (≥ 0)
  double tau_ns_per_mm = 0.0;      ///< τ, ns/mm (> 0)
  double zc_ohm = 100.0;           ///< characteristic impedance, ohm (> 0)

  /// γ(f) in 1/m at `freq_hz` (≥ 0 Hz; at 0 Hz only γ0 remains).
  Complex gamma_per_m(double freq_hz) const;
  /// The line constants (Z' = γZc, Y' = γ/Zc) on a grid `freq_hz` (Hz, ≥ 0; not checked).
  LineConstants constants(std::span<const double> freq_hz) const;
};

/// The 802.3ck host-board line: γ0 = 0, a1 = 3.8206e-4, a2 = 9.5909e-5, τ = 5.79e-3 ns/mm
/// (IEEE 802.3ck, 162.9.3.x / Table 93A-3 values used by COM for the host PCB). `zc_ohm`: ohm,
/// above 0 (not checked here).
Annex93aLine annex93a_board_802_3ck(double zc_ohm = 100.0);

} // namespace linkphy::channels
