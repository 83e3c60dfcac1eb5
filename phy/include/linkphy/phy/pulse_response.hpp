// Pulse response of a linear channel from its transfer function, in the manner of IEEE 802.3
// Annex 93A.1.5 (93A-24): the transfer function on a uniform grid 0..f_max is extended beyond the
// measured band, inverse-FFT'd to an impulse response at M samples per UI, and convolved with a
// one-UI rectangle.
#pragma once

#include <complex>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace linkphy {

/// Resamples a transfer function given at ascending `f_hz` (need not start at DC) onto the uniform
/// grid k·`df_hz`, k = 0..`n_out`−1. Inside the band: linear interpolation of magnitude and of
/// unwrapped phase. Below the first point: magnitude linear trend of the first 10 points, phase
/// linear extrapolation. Above the band: magnitude follows the linear trend of the upper half of
/// the band, clamped to [1e-300, last magnitude]; phase follows the median group delay of the
/// data (the IEEE 802.3 COM reference code's 'linear_trend_to_DC' /
/// 'extrap_cubic_to_dc_linear_to_inf' policies). DC and the last point are made real (93A-24
/// needs a real impulse response). `f_hz` (Hz, ascending) must hold ≥ 10 points, as many as `h`;
/// `df_hz` (Hz) finite and > 0; `n_out` 2 to kMaxFftGridPoints (fft.hpp, 2^22). InputError
/// ("transfer function", …) otherwise; `f_hz` not finite and strictly ascending: InputError
/// "resample_transfer f_hz[K]: …" at the first index K out of order (checked once on entry, O(n)).
std::vector<std::complex<double>> resample_transfer(std::span<const double> f_hz,
                                                    std::span<const std::complex<double>> h,
                                                    double df_hz, std::size_t n_out);
/// The same into `out` (n_out = out.size(), same range), for callers that reuse their buffers.
void resample_transfer(std::span<const double> f_hz, std::span<const std::complex<double>> h,
                       double df_hz, std::span<std::complex<double>> out);

/// Inverse real FFT of size N = 2·(K−1) for one-sided spectra of K points (phy/fft.hpp: plans
/// cached per size, thread-safe). Output x[n] = (1/N)·Σ X[k]·e^{+j2πkn/N}, i.e. the
/// impulse response sampled at 1/(N·df) when X is H(k·df).
class InverseRealFft {
public:
  /// `one_sided_points` K ≥ 2 (InputError otherwise).
  explicit InverseRealFft(std::size_t one_sided_points);
  ~InverseRealFft();
  InverseRealFft(const InverseRealFft &) = delete;
  InverseRealFft &operator=(const InverseRealFft &) = delete;
  std::size_t time_points() const { return n_; }
  /// `spectrum` has one_sided_points values; `out` receives time_points() samples.
  void run(std::span<const std::complex<double>> spectrum, std::span<double> out);

private:
  struct Impl;
  std::size_t n_;
  std::unique_ptr<Impl> impl_;
};

/// Pulse response p[n] = amplitude · Σ_{m=0}^{M−1} ir[n−m] (a rectangle of one UI, M samples),
/// as the COM reference code's filter(ones(1,M),1,ir). `samples_per_ui` ≥ 1 (not checked),
/// `amplitude` in the unit wanted for p (V for a transfer of V/V; any value).
std::vector<double> pulse_from_impulse(std::span<const double> ir, int samples_per_ui,
                                       double amplitude);
/// The same into `pulse` (ir.size() samples), for callers that reuse their buffers.
void pulse_from_impulse(std::span<const double> ir, int samples_per_ui, double amplitude,
                        std::span<double> pulse);
/// The same for several impulse responses of `n` samples at once, pulses[i] from irs[i] (their
/// running sums interleaved: each pulse bit-identical to pulse_from_impulse's, in less time).
void pulse_from_impulses(std::span<const double *const> irs, std::size_t n, int samples_per_ui,
                         double amplitude, std::span<double *const> pulses);

} // namespace linkphy
