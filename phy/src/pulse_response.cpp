// Pulse response from a transfer function (IEEE 802.3 Annex 93A.1.5, 93A-24) with the
// out-of-band extension policies of the IEEE 802.3 COM reference code (interp_Sparam).
#include "ascending_check.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/pulse_response.hpp>
#include <linkphy/phy/quantity.hpp>

#include <linkphy/phy/fft.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace linkphy {
namespace {
// Least-squares line through (x, y).
std::pair<double, double> fit_line(std::span<const double> x, std::span<const double> y) {
  const double n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  const double den = n * sxx - sx * sx;
  const double slope = den != 0 ? (n * sxy - sx * sy) / den : 0.0;
  return {slope, (sy - slope * sx) / n};
}
} // namespace

std::vector<std::complex<double>> resample_transfer(std::span<const double> f_hz,
                                                    std::span<const std::complex<double>> h,
                                                    double df_hz, std::size_t n_out) {
  if (n_out < 2 || n_out > kMaxFftGridPoints) // before allocating the output
    throw InputError("transfer function", "resampled grid of " + std::to_string(n_out) +
                                              " points (accepted: 2 to " +
                                              std::to_string(kMaxFftGridPoints) + ")");
  std::vector<std::complex<double>> out(n_out);
  resample_transfer(f_hz, h, df_hz, std::span<std::complex<double>>(out));
  return out;
}

void resample_transfer(std::span<const double> f_hz, std::span<const std::complex<double>> h,
                       double df_hz, std::span<std::complex<double>> out) {
  const std::size_t n_out = out.size();
  const std::size_t n = f_hz.size();
  if (n < 10 || h.size() != n)
    throw InputError("transfer function", "needs at least 10 frequency points");
  detail::check_ascending(f_hz, "resample_transfer");
  if (!(df_hz > 0) || !std::isfinite(df_hz))
    throw InputError("transfer function", "resampling step " + number_text(df_hz) +
                                              " Hz out of range (accepted: finite, > 0 Hz)");
  if (n_out < 2 || n_out > kMaxFftGridPoints)
    throw InputError("transfer function", "resampled grid of " + std::to_string(n_out) +
                                              " points (accepted: 2 to " +
                                              std::to_string(kMaxFftGridPoints) + ")");
  std::vector<double> mag(n), ph(n);
  for (std::size_t i = 0; i < n; ++i) {
    mag[i] = std::max(std::abs(h[i]), 1e-300);
    ph[i] = std::arg(h[i]);
  }
  for (std::size_t i = 1; i < n; ++i) { // unwrap
    double d = ph[i] - ph[i - 1];
    d -= 2.0 * std::numbers::pi * std::round(d / (2.0 * std::numbers::pi));
    ph[i] = ph[i - 1] + d;
  }
  // Magnitude trends: low end from the first 10 points, high end from the upper half.
  const auto [lo_slope, lo_icpt] = fit_line(f_hz.subspan(0, 10), std::span(mag).subspan(0, 10));
  const std::size_t mid = n / 2;
  const auto [hi_slope, hi_icpt] =
      fit_line(f_hz.subspan(mid), std::span<const double>(mag).subspan(mid));
  const double f_last = f_hz[n - 1];
  const double f_end = df_hz * static_cast<double>(n_out - 1);
  double hf_end = hi_slope * f_end + hi_icpt;
  hf_end = std::clamp(hf_end, 1e-300, mag[n - 1]);
  // Phase beyond the band: median group delay (seconds·2π) of the data.
  std::vector<double> gd(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i)
    gd[i] = -(ph[i + 1] - ph[i]) / (f_hz[i + 1] - f_hz[i]);
  std::nth_element(gd.begin(), gd.begin() + static_cast<long>(gd.size() / 2), gd.end());
  const double median_gd = gd[gd.size() / 2];
  const double lo_ph_slope = (ph[1] - ph[0]) / (f_hz[1] - f_hz[0]);

  std::size_t j = 0;
  for (std::size_t k = 0; k < n_out; ++k) {
    const double f = df_hz * static_cast<double>(k);
    double m, p;
    if (f < f_hz[0]) {
      m = std::max(lo_slope * f + lo_icpt, 1e-300);
      p = ph[0] + lo_ph_slope * (f - f_hz[0]);
    } else if (f <= f_last) {
      while (j + 2 < n && f_hz[j + 1] < f)
        ++j;
      const double t = (f - f_hz[j]) / (f_hz[j + 1] - f_hz[j]);
      m = mag[j] + t * (mag[j + 1] - mag[j]);
      p = ph[j] + t * (ph[j + 1] - ph[j]);
    } else {
      const double t = f_end > f_last ? (f - f_last) / (f_end - f_last) : 0.0;
      m = mag[n - 1] + t * (hf_end - mag[n - 1]);
      p = ph[n - 1] - median_gd * (f - f_last);
    }
    out[k] = std::polar(m, p);
  }
  out.front() = out.front().real();
  out.back() = out.back().real();
}

struct InverseRealFft::Impl {};

InverseRealFft::InverseRealFft(std::size_t one_sided_points)
    : n_(2 * (one_sided_points - 1)), impl_(std::make_unique<Impl>()) {
  if (one_sided_points < 2)
    throw InputError("inverse FFT", "needs at least 2 one-sided points");
}

InverseRealFft::~InverseRealFft() = default;

void InverseRealFft::run(std::span<const std::complex<double>> spectrum, std::span<double> out) {
  ifft_c2r(spectrum.subspan(0, n_ / 2 + 1), out.subspan(0, n_)); // phy/fft.hpp: 1/N-normalised
}

std::vector<double> pulse_from_impulse(std::span<const double> ir, int samples_per_ui,
                                       double amplitude) {
  std::vector<double> p(ir.size());
  pulse_from_impulse(ir, samples_per_ui, amplitude, p);
  return p;
}

void pulse_from_impulse(std::span<const double> ir, int samples_per_ui, double amplitude,
                        std::span<double> p) {
  double acc = 0;
  const auto m = static_cast<std::size_t>(samples_per_ui);
  for (std::size_t i = 0; i < ir.size(); ++i) {
    acc += ir[i];
    if (i >= m)
      acc -= ir[i - m];
    p[i] = amplitude * acc;
  }
}

namespace {
// C running sums side by side: the same additions, in the same order, as one at a time.
template <int C>
void running_sums(const double *const *ir, std::size_t n, std::size_t m, double amplitude,
                  double *const *p) {
  double acc[C] = {};
  for (std::size_t i = 0; i < n && i < m; ++i)
    for (int c = 0; c < C; ++c) {
      acc[c] += ir[c][i];
      p[c][i] = amplitude * acc[c];
    }
  for (std::size_t i = m; i < n; ++i)
    for (int c = 0; c < C; ++c) {
      acc[c] += ir[c][i];
      acc[c] -= ir[c][i - m];
      p[c][i] = amplitude * acc[c];
    }
}
} // namespace

void pulse_from_impulses(std::span<const double *const> irs, std::size_t n, int samples_per_ui,
                         double amplitude, std::span<double *const> pulses) {
  const auto m = static_cast<std::size_t>(samples_per_ui);
  for (std::size_t g = 0; g < irs.size() && g < pulses.size(); g += 4) {
    const double *const *ir = irs.data() + g;
    double *const *p = pulses.data() + g;
    switch (std::min<std::size_t>(4, std::min(irs.size(), pulses.size()) - g)) {
    case 4:
      running_sums<4>(ir, n, m, amplitude, p);
      break;
    case 3:
      running_sums<3>(ir, n, m, amplitude, p);
      break;
    case 2:
      running_sums<2>(ir, n, m, amplitude, p);
      break;
    default:
      running_sums<1>(ir, n, m, amplitude, p);
      break;
    }
  }
}

} // namespace linkphy
