// The `analytic` fidelity: closed-form SNR of an ideal MMSE decision-feedback equaliser (J. Salz,
// "Optimum mean-square decision feedback equalization", Bell Syst. Tech. J. 52(8), 1973:
// SNR = exp(T·∫ ln(1 + SNR_fold(f)) df over |f| < 1/2T) − 1) on a channel whose loss is a
// two-term model fitted to its insertion loss (skin effect ∝ √f, dielectric ∝ f: Bogatin,
// "Signal and Power Integrity – Simplified", 3rd ed., §9.11), with the TX edge filter
// (Annex 93A-46), RX noise η0, TX noise SNR_TX and jitter through a Nyquist-pulse slope.
#pragma once

#include <complex>
#include <span>

namespace linkphy {

/// IL(f) = il_nyquist_db·(skin_fraction·√(f/f_N) + (1 − skin_fraction)·f/f_N), dB ≥ 0.
struct LossModel {
  double il_nyquist_db = 0;      ///< loss at the Nyquist frequency f_N, dB (≥ 0)
  double skin_fraction = 0.5;    ///< share of the √f term at f_N, [0, 1]
  double nyquist_hz = 26.5625e9; ///< f_N = baud/2, Hz (> 0)
  double il_db(double f_hz) const;
};

/// Least-squares fit of the loss model to |h| on (0, f_N] (at least 3 points there); the fit is
/// constrained to skin_fraction ∈ [0, 1]. Throws InputError when the data end below f_N.
LossModel fit_loss_model(std::span<const double> f_hz, std::span<const std::complex<double>> h,
                         double nyquist_hz);

struct AnalyticInput {
  LossModel loss;
  double baud_bd = 53.125e9;       ///< symbol rate, Bd (> 0)
  int levels = 4;                  ///< PAM order M ≥ 2
  double a_v_v = 0.413;            ///< TX amplitude (outer level), V (> 0)
  double eta0_v2_per_hz = 8.2e-18; ///< one-sided RX input noise PSD, V²/Hz (≥ 0)
  double snr_tx_db = 33;           ///< TX SNR, dB (93A-30)
  double sigma_rj_ui = 0.01;       ///< random jitter rms, UI (≥ 0)
  double a_dd_ui = 0.02;           ///< dual-Dirac jitter, UI (≥ 0)
  double t_r_s = 7.5e-12;          ///< TX 20–80 % transition time, s (≥ 0)
  double level_mismatch = 1;       ///< R_LM ∈ (0, 1]
};

struct AnalyticResult {
  double snr_db = 0;     ///< E_s/σ² at the slicer, all terms, dB
  double snr_dfe_db = 0; ///< Salz MMSE-DFE SNR of channel + RX noise alone, dB
  /// MMSE linear-equaliser SNR of the same (1/(T·∫ 1/(1 + SNR_fold) df) − 1; Proakis 5th ed.
  /// §9.4-2), dB: the bound with no decision feedback.
  double snr_le_db = 0;
  double ber = 0; ///< Gray PAM-M BER in Gaussian noise at snr_db (ber.hpp)
};

/// Evaluates the closed form (64-point quadrature; a few µs). Throws InputError on bad input.
AnalyticResult analytic_snr(const AnalyticInput &in);

} // namespace linkphy
