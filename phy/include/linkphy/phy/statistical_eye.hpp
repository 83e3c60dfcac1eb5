// Statistical amplitude distributions of interference and noise, IEEE 802.3 Annex 93A.1.7:
// a probability mass function on a uniform voltage grid, built by convolving per-cursor PAM-L
// distributions (93A-39, 93A-40), Gaussian noise (93A-42), and combined (93A-43..45).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace linkphy {

/// Most PMF bins across the span 2·Σ|terms| of an interference PMF that statistical_ber and
/// effective_return_loss accept from a caller's bin (InputError beyond): 10⁶ bins (8 MB per
/// buffer), the size up to which statistical_ber's tail sums' early stop is exact
/// (statistical_ber.cpp, tail()). statistical_ber's default bin d/1000 needs 10⁶ bins only when
/// the terms sum to 500·d, an eye closed many times over.
inline constexpr std::size_t kMaxPmfBins = 1'000'000;

/// A probability mass function on the voltage grid y_i = (first_bin + i)·bin_v, Σ p = 1.
struct AmplitudePmf {
  double bin_v = 1e-5;   ///< bin width, volts, > 0
  long first_bin = 0;    ///< index of p[0] on the grid
  std::vector<double> p; ///< probability of each bin (≥ 0, summing to 1)
  double y(std::size_t i) const {
    return (static_cast<double>(first_bin) + static_cast<double>(i)) * bin_v;
  }
};

/// A unit mass at 0 V on bins of `bin_v` (V, > 0; not checked).
AmplitudePmf delta_pmf(double bin_v);
/// Gaussian of standard deviation `sigma_v` (≥ 0 V) truncated at ±2·`n_sigma`·σ, normalised, on
/// bins of `bin_v` (V, > 0); `n_sigma` (> 0, dimensionless). Not checked here.
AmplitudePmf gaussian_pmf(double sigma_v, double n_sigma, double bin_v);
/// Σ_n h(n)·x_n with independent equiprobable PAM-`levels` symbols x ∈ {2i/(L−1) − 1}
/// (93A-39/40): successive convolution of the per-sample distributions. Samples with
/// |h| < bin_v are dropped, as in the reference code; so are edge bins below 1e-300 (their
/// total stays below ~1e-290, under any probability the engine reports). `levels` ≥ 2, `bin_v`
/// (V, > 0); not checked here.
AmplitudePmf pam_interference_pmf(std::span<const double> samples_v, int levels, double bin_v);
/// Convolution of two PMFs on the same bin width (93A-43..45).
AmplitudePmf convolve(const AmplitudePmf &a, const AmplitudePmf &b);
/// The magnitude of the first grid voltage y0 (from below) whose cumulative probability exceeds
/// `probability` (93A-37: A_ni from DER_0; (0, 1) meaningful, not checked).
double tail_amplitude(const AmplitudePmf &pmf, double probability);
/// tail_amplitude(convolve(a, b), probability) without forming the convolution: bisection on
/// the CDF of the sum, Σ a_i·CDF_b(k − i). The same bin unless a bin's CDF lies within rounding
/// (~1e-15 relative) of `probability`. `a` and `b` share the bin width; InputError if either
/// is empty.
double tail_amplitude_of_sum(const AmplitudePmf &a, const AmplitudePmf &b, double probability);
/// Standard deviation of a PMF, volts.
double pmf_rms(const AmplitudePmf &pmf);

} // namespace linkphy
