// The `analytic` fidelity: closed-form SNR of an ideal MMSE decision-feedback equaliser (J. Salz,
// "Optimum mean-square decision feedback equalization", Bell Syst. Tech. J. 52(8), 1973:
// SNR = exp(T·∫ ln(1 + SNR_fold(f)) df over |f| < 1/2T) − 1) on a channel whose loss is a
// two-term model fitted to its insertion loss (skin effect ∝ √f, dielectric ∝ f: Bogatin,
// "Signal and Power Integrity – Simplified", 3rd ed., §9.11), with the TX edge filter
// (Annex 93A-46), RX noise η0, TX noise SNR_TX and jitter through a Nyquist-pulse slope.
#pragma once

#include <array>
#include <complex>
#include <span>

namespace linkphy {

/// IL(f) = il_nyquist_db·(skin_fraction·√(f/f_N) + (1 − skin_fraction)·f/f_N), dB ≥ 0.
struct LossModel {
  double il_nyquist_db = 0;      ///< loss at the Nyquist frequency f_N, dB (≥ 0)
  double skin_fraction = 0.5;    ///< share of the √f term at f_N, [0, 1]
  double nyquist_hz = 26.5625e9; ///< f_N = baud/2, Hz (> 0)
  /// IL at `f_hz` (Hz; any value, below 0 taken as 0), dB.
  double il_db(double f_hz) const;
};

/// Least-squares fit of the loss model to |h| on (0, f_N] (at least 3 points there); the fit is
/// constrained to skin_fraction ∈ [0, 1]. `f_hz` (Hz, finite, ≥ 0, strictly ascending), `h` the
/// transfer function at f_hz (same size), `nyquist_hz` (Hz, finite, > 0). Throws InputError
/// ("loss fit", …) on any of these, when the data end below f_N or when fewer than 3 points lie
/// in (0, f_N].
LossModel fit_loss_model(std::span<const double> f_hz, std::span<const std::complex<double>> h,
                         double nyquist_hz);

/// The normal-equation sums of that fit (IL in dB, x = f/f_N, u = √x): s11 = Σu², s12 = Σu·x,
/// s22 = Σx², r1 = Σu·IL, r2 = Σx·IL over the `used` points of (0, f_N]. r1 and r2 are linear in
/// the IL data, so sums of channels whose IL is affine in a parameter (a line's length) are too.
struct LossFitSums {
  double s11 = 0, s12 = 0, s22 = 0; ///< grid sums (dimensionless)
  double r1 = 0, r2 = 0;            ///< IL-weighted sums, dB
  int used = 0;                     ///< frequency points in (0, f_N] (≥ 3 for a fit)
  double nyquist_hz = 0;            ///< f_N, Hz (> 0)
};
/// The sums of fit_loss_model (same arguments, checks and errors).
LossFitSums loss_fit_sums(std::span<const double> f_hz, std::span<const std::complex<double>> h,
                          double nyquist_hz);
/// The constrained least-squares solution from the sums: fit_loss_model(f, h, f_N) ==
/// fit_loss_model(loss_fit_sums(f, h, f_N)). Throws InputError when sums.used < 3.
LossModel fit_loss_model(const LossFitSums &sums);

struct AnalyticInput {
  LossModel loss;
  double baud_bd = 53.125e9;       ///< symbol rate, Bd (> 0)
  int levels = 4;                  ///< PAM order M, 2 to 64 (InputError "modulation: …")
  double a_v_v = 0.413;            ///< TX amplitude (outer level), V (> 0)
  double eta0_v2_per_hz = 8.2e-18; ///< one-sided RX input noise PSD, V²/Hz (≥ 0)
  double snr_tx_db = 33;           ///< TX SNR, dB (93A-30; finite, 20–60 dB meaningful)
  double sigma_rj_ui = 0.01;       ///< random jitter rms, UI (≥ 0)
  double a_dd_ui = 0.02;           ///< dual-Dirac jitter, UI (≥ 0)
  double t_r_s = 7.5e-12;          ///< TX 20–80 % transition time, s (finite, ≥ 0)
  double level_mismatch = 1;       ///< R_LM ∈ (0, 1]
  /// Crosstalk at the receiver input (none when xt_f_hz is empty): a disturber of amplitude
  /// xt_amplitude_v (V ≥ 0) at the same baud and PAM order, through the same TX edge filter and
  /// the crosstalk path whose |X(f)|² is sampled at xt_f_hz (Hz, ascending, ≥ 3 samples; linear
  /// interpolation, the last sample held above). Its PSD adds to the noise of the Salz integral,
  /// which then uses the noise-whitened folded channel (Cioffi, Dudevoir, Eyuboglu & Forney, "MMSE
  /// decision-feedback equalizers and coding — Part I", IEEE Trans. Commun. 43(10), 1995):
  /// SNR_fold = Σ_k S(f − k/T)/N(f − k/T), N = η0/2 + the disturber's PSD. A stationary Gaussian
  /// stand-in for the disturber (COM takes its worst sampling phase instead, 93A-44). The spans
  /// are not owned: they must outlive the call and every grid made from this input.
  double xt_amplitude_v = 0;
  /// Hz (finite, ≥ 0, strictly ascending, ≥ 3 samples, as many as xt_gain2). Needs
  /// eta0_v2_per_hz > 0 (InputError otherwise).
  std::span<const double> xt_f_hz;
  std::span<const double> xt_gain2; ///< |X(f)|² at xt_f_hz (finite, ≥ 0)
};

struct AnalyticResult {
  double snr_db = 0;     ///< E_s/σ² at the slicer, all terms, dB
  double snr_dfe_db = 0; ///< Salz MMSE-DFE SNR of channel + RX noise alone, dB
  /// MMSE linear-equaliser SNR of the same (1/(T·∫ 1/(1 + SNR_fold) df) − 1; Proakis 5th ed.
  /// §9.4-2), dB: the bound with no decision feedback.
  double snr_le_db = 0;
  double ber = 0; ///< Gray PAM-M BER in Gaussian noise at snr_db (ber.hpp)
};

/// Evaluates the closed form (64-point quadrature; a few µs). Throws InputError on input outside
/// the ranges above (every double finite).
AnalyticResult analytic_snr(const AnalyticInput &in);

/// The parts of analytic_snr's integrand that do not depend on the loss model, per quadrature
/// sample and folded spectrum copy (k = 0, −1, +1): scale·sinc²·|H_TX|² and √x, x of the loss
/// model (x = |f − k/T|/f_N). Made once per (baud, levels, A_v, η0, t_r, f_N), it leaves one exp
/// per sample and copy to each evaluation (sweeps over length).
struct AnalyticGrid {
  static constexpr int kPoints = 64; ///< midpoint-rule samples on (0, 1/2T)
  AnalyticInput made_for;            ///< the input it was made from (its loss: f_N only)
  std::array<double, 3 * kPoints> weight{}, sqrt_x{}, x{};
};
/// The grid of `in` (its loss model's il/skin fraction are ignored; f_N is used). Same checks as
/// analytic_snr.
AnalyticGrid analytic_grid(const AnalyticInput &in);
/// analytic_snr(in) through a grid made for the same input apart from the loss model's
/// il_nyquist_db and skin_fraction (equal to analytic_snr(in) within rounding, ~1e-15 relative);
/// when any other member differs it falls back to analytic_snr(in).
AnalyticResult analytic_snr(const AnalyticGrid &grid, const AnalyticInput &in);

} // namespace linkphy
