// Internal to phy: per-phase UI-rate cross-correlations of two sampled pulses (the sums of
// IEEE 802.3 Annex 93A's FOM, 93A-36 via com.cpp's Toeplitz forms).
#pragma once

#include <cstddef>

namespace linkphy::detail {

/// Two pulses of n_ui·m samples laid out [UI k][phase φ] (sample t = k·m + φ):
/// out[l·m + φ] = Σ_k a[k·m + φ]·b[(k + l)·m + φ] over k + l < n_ui, for l < lags, each sum in
/// k order from 0 with one multiply and one add per term (no fused multiply-add): the same sums,
/// bit for bit, as a plain loop over k for each (l, φ), on every instruction set it runs on.
void ui_cross_correlation(const double *a, const double *b, std::size_t n_ui, std::size_t m,
                          std::size_t lags, double *out);

} // namespace linkphy::detail
