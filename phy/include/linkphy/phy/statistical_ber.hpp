// Statistical BER of a PAM-M slicer from a symbol-spaced equalised pulse response: the residual
// ISI distribution by convolving per-cursor PMFs (IEEE 802.3 Annex 93A.1.7, 93A-39/40), dual-Dirac
// jitter (93A-40), Gaussian noise integrated exactly per bin (Q-function, Proakis §4.3),
// first-order DFE error propagation as a two-state Markov chain (Kennedy & Anderson, "Recovery
// times of decision feedback equalizers on noiseless channels", IEEE Trans. Commun. 35(10), 1987:
// errors come in bursts; here only the burst continuation through tap 1 is kept).
#pragma once

#include <linkphy/phy/statistical_eye.hpp>

#include <span>

namespace linkphy {

struct StatisticalEyeInput {
  /// UI-spaced samples of the equalised pulse at the sampling phase, V per unit symbol (symbols
  /// ±1 at the outer levels), each finite; cursors_v[main_cursor] is the main cursor (> 0).
  std::span<const double> cursors_v;
  int main_cursor = 0; ///< index into cursors_v, in [0, size) (InputError otherwise)
  int levels = 2;      ///< PAM order M, 2 to 64 (InputError "modulation: …" otherwise)
  /// DFE taps for post-cursors 1..N, V per unit symbol (subtracted from the cursors: residual
  /// r_k = cursor_k − tap_k). Empty: no DFE. Any finite values; taps beyond the last cursor are
  /// ignored.
  std::span<const double> dfe_taps_v;
  double sigma_v = 0; ///< Gaussian noise σ at the decision point, V (≥ 0; InputError otherwise)
  /// Dual-Dirac jitter: per-cursor amplitudes A_DD·h'(t_k)·UI, V (93A-40), each finite; empty for
  /// none.
  std::span<const double> jitter_dd_v;
  /// R_LM ∈ (0, 1] (InputError otherwise): decision distance d = R_LM·h0/(M−1).
  double level_mismatch = 1.0;
  bool error_propagation = true; ///< include DFE burst continuation through tap 1
  /// PMF bin, V. 0: d/1000, coarsened if need be to 2·Σ|terms|/kMaxPmfBins (Σ|terms| =
  /// Σ|cursors other than the main| + Σ|dfe_taps_v| + Σ|jitter_dd_v| bounds the PMF's
  /// half-width). Else from 2·Σ|terms|/kMaxPmfBins (at most 10⁶ bins across the PMF) to d;
  /// InputError naming both bounds otherwise (negative, NaN, infinite, too fine, above d).
  double bin_v = 0;
  /// BER at which eye_height_v is measured, (0, 0.5) (InputError otherwise).
  double target_ber = 1e-12;
};

struct StatisticalEyeResult {
  double d_v = 0;                     ///< half the distance between adjacent levels, V
  double tail_probability = 0;        ///< P(I > d) of interference+noise, one side
  double ser_no_propagation = 0;      ///< symbol error ratio without DFE error propagation, [0, 1]
  double ser = 0;                     ///< symbol error ratio incl. error propagation
  double ber = 0;                     ///< Gray: SER/log2 M
  double propagation_probability = 0; ///< P(error | previous symbol in error), 0 without DFE
  double eye_height_v = 0; ///< vertical opening of one eye at target_ber (negative: closed)
  double snr_db = 0;       ///< the E_s/σ² (dB) that gives `ber` in pure Gaussian noise
};

/// Evaluates the statistical BER. Throws InputError ("statistical BER: ...") on a main cursor
/// index outside cursors_v, a main cursor ≤ 0 V (or NaN), σ < 0, R_LM outside (0, 1],
/// target_ber outside (0, 0.5), a cursor, tap or jitter term not finite or bin_v out of range;
/// ("modulation: ...") on M outside [2, 64].
StatisticalEyeResult statistical_ber(const StatisticalEyeInput &in);

} // namespace linkphy
