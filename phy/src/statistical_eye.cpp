// Amplitude PMFs of IEEE 802.3 Annex 93A.1.7 (93A-37..93A-45).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

namespace linkphy {
namespace {
constexpr double kNegligible = 1e-300; // probability mass of one bin, below any result
} // namespace

AmplitudePmf delta_pmf(double bin_v) {
  AmplitudePmf d;
  d.bin_v = bin_v;
  d.first_bin = 0;
  d.p = {1.0};
  return d;
}

AmplitudePmf gaussian_pmf(double sigma_v, double n_sigma, double bin_v) {
  AmplitudePmf g;
  g.bin_v = bin_v;
  const long half = std::lround(2.0 * n_sigma * sigma_v / bin_v);
  g.first_bin = -half;
  g.p.resize(static_cast<std::size_t>(2 * half + 1));
  // Bins i and 2·half − i sit at y and −y (first_bin = −half: the same integer of opposite sign
  // times bin_v), so y² and the exponential are the same double: computed once for both.
  const std::size_t n = g.p.size();
  for (std::size_t i = 0; i <= static_cast<std::size_t>(half); ++i) {
    const double y = g.y(i);
    g.p[i] = g.p[n - 1 - i] = sigma_v > 0 ? std::exp(-y * y / (2.0 * sigma_v * sigma_v)) : 1.0;
  }
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i)
    sum += g.p[i];
  for (double &v : g.p)
    v /= sum;
  return g;
}

namespace {
// One step of pam_interference_pmf: out[j] = Σ_i prob·src_i[j], i ascending from the first term
// (PAM-2 and PAM-4 spelled out). Compiled for AVX where the CPU has it (run-time dispatch as in
// analytic_snr.cpp) and for the baseline; "avx", not "avx2,fma": no multiply and add can be
// fused, so both round alike (bit-identical).
constexpr std::size_t kMaxGatherLevels = 16;
[[gnu::always_inline]] inline void gather_body(double *__restrict out, const double *const *src,
                                               std::size_t nl, double prob, std::size_t m) {
  if (nl == 2) {
    const double *s0 = src[0], *s1 = src[1];
    for (std::size_t j = 0; j < m; ++j)
      out[j] = prob * s0[j] + prob * s1[j];
  } else if (nl == 4) {
    const double *s0 = src[0], *s1 = src[1], *s2 = src[2], *s3 = src[3];
    for (std::size_t j = 0; j < m; ++j)
      out[j] = ((prob * s0[j] + prob * s1[j]) + prob * s2[j]) + prob * s3[j];
  } else {
    const double *s0 = src[0];
    for (std::size_t j = 0; j < m; ++j)
      out[j] = prob * s0[j];
    for (std::size_t i = 1; i < nl; ++i) {
      const double *si = src[i];
      for (std::size_t j = 0; j < m; ++j)
        out[j] += prob * si[j];
    }
  }
}
void gather_base(double *out, const double *const *src, std::size_t nl, double prob,
                 std::size_t m) {
  gather_body(out, src, nl, prob, m);
}
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
[[gnu::target("avx")]] void gather_avx(double *out, const double *const *src, std::size_t nl,
                                       double prob, std::size_t m) {
  gather_body(out, src, nl, prob, m);
}
#endif
void gather(double *out, const double *const *src, std::size_t nl, double prob, std::size_t m) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  static const bool avx = __builtin_cpu_supports("avx");
  if (avx)
    return gather_avx(out, src, nl, prob, m);
#endif
  gather_base(out, src, nl, prob, m);
}
} // namespace

AmplitudePmf pam_interference_pmf(std::span<const double> samples_v, int levels, double bin_v) {
  const double prob = 1.0 / levels;
  // Shifts in bins of every sample's symbol values 2i/(L−1) − 1 (93A-39), symmetric about 0.
  const auto nl = static_cast<std::size_t>(levels);
  std::vector<long> shifts;
  long reach = 0; // the support grows by [−reach, +reach] in all
  for (double h : samples_v) {
    if (std::abs(h) < bin_v)
      continue;
    for (int i = 0; i < levels; ++i)
      shifts.push_back(std::lround(std::abs(h) * (2.0 * i / (levels - 1) - 1.0) / bin_v));
    reach += std::max(-shifts[shifts.size() - nl], shifts.back());
  }
  // Each step is a gather, next[g] = Σ_i prob·p[g − shift_i] with i ascending: the same sums in
  // the same order as scattering every level into a zeroed array. Bin g lives at g + 2·reach in
  // two buffers used in turn, each kept zero outside its current support.
  const std::size_t cap = static_cast<std::size_t>(4 * reach + 1);
  thread_local std::vector<double> a, b; // kept: repeated calls reuse their pages
  a.assign(cap, 0.0);
  b.assign(cap, 0.0);
  const long off = 2 * reach;
  a[static_cast<std::size_t>(off)] = 1.0;
  long first = 0, last = 0;      // support of a
  long b_first = 0, b_last = -1; // bins of b that may be non-zero
  // Narrow distributions first: the support then grows as late as it can, and every step
  // costs its current width (the result is the same convolution in another order).
  std::vector<std::size_t> order(shifts.size() / nl);
  for (std::size_t g = 0; g < order.size(); ++g)
    order[g] = g;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return shifts[x * nl + nl - 1] - shifts[x * nl] < shifts[y * nl + nl - 1] - shifts[y * nl];
  });
  auto at = [&](std::vector<double> &v, long g) { return v.data() + (g + off); };
  for (const std::size_t g : order) {
    const long *sh = shifts.data() + g * nl;
    const long nfirst = first + sh[0], nlast = last + sh[nl - 1];
    // Clear what b held outside the new support.
    auto clear = [&](long lo, long hi) {
      if (lo <= hi)
        std::fill(at(b, lo), at(b, hi) + 1, 0.0);
    };
    clear(b_first, std::min(b_last, nfirst - 1));
    clear(std::max(b_first, nlast + 1), b_last);
    const auto m = static_cast<std::size_t>(nlast - nfirst + 1);
    std::array<const double *, kMaxGatherLevels> src{};
    if (nl <= kMaxGatherLevels) {
      for (std::size_t i = 0; i < nl; ++i)
        src[i] = at(a, nfirst - sh[i]);
      gather(at(b, nfirst), src.data(), nl, prob, m);
    } else {
      double *out = at(b, nfirst);
      const double *s0 = at(a, nfirst - sh[0]);
      for (std::size_t j = 0; j < m; ++j)
        out[j] = prob * s0[j];
      for (std::size_t i = 1; i < nl; ++i) {
        const double *si = at(a, nfirst - sh[i]);
        for (std::size_t j = 0; j < m; ++j)
          out[j] += prob * si[j];
      }
    }
    // Drop edge bins below 1e-300: they cannot move any probability the engine resolves (at
    // most ~1e-290 in all), and would otherwise turn into subnormals that are slow to multiply.
    long tf = nfirst, tl = nlast;
    while (tf < tl && *at(b, tf) < kNegligible)
      *at(b, tf++) = 0.0;
    while (tl > tf && *at(b, tl) < kNegligible)
      *at(b, tl--) = 0.0;
    a.swap(b);
    b_first = first; // the old support is what b may now hold
    b_last = last;
    first = tf;
    last = tl;
  }
  AmplitudePmf pmf;
  pmf.bin_v = bin_v;
  pmf.first_bin = first;
  pmf.p.assign(at(a, first), at(a, last) + 1);
  return pmf;
}

namespace {
// c[i + j] += a_i·b_j for every a_i ≠ 0, i ascending: each c[k] is its terms added in i order
// from +0 (the baseline).
void convolve_rows(const double *a, std::size_t na, const double *__restrict b, std::size_t nb,
                   double *__restrict c) {
  for (std::size_t i = 0; i < na; ++i) {
    const double ai = a[i];
    if (ai == 0)
      continue;
    double *__restrict dst = c + i;
    for (std::size_t j = 0; j < nb; ++j)
      dst[j] += ai * b[j];
  }
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define LINKPHY_CONVOLVE_AVX 1
typedef double V4 __attribute__((vector_size(32)));

// The same sums with AVX where the CPU has it (run-time dispatch as in analytic_snr.cpp), by
// blocks of 32 outputs held in registers: for each a_i ≠ 0, i ascending, the block adds
// a_i·b[k − i] to every c[k] of it, reading b from a copy padded with zeros, so that an output
// for which b[k − i] lies outside b adds a_i·0 = ±0 — which leaves any sum unchanged (a sum
// that starts at +0 never becomes −0) — instead of skipping the term. Each c[k] is therefore
// the same terms in the same order, with one multiply and one add each ("avx", not
// "avx2,fma": no fused multiply-add): bit-identical to convolve_rows. Needs finite inputs (an
// infinite a_i times a padding zero would give NaN); convolve checks.
[[gnu::target("avx")]] void convolve_blocks_avx(const double *a, std::size_t na, const double *b,
                                                std::size_t nb, double *c) {
  constexpr std::size_t kBlock = 32, kVec = kBlock / 4;
  thread_local std::vector<double> padded;
  padded.assign(nb + 2 * (kBlock - 1), 0.0);
  std::copy(b, b + nb, padded.begin() + (kBlock - 1));
  const std::size_t nc = na + nb - 1;
  std::size_t k0 = 0;
  for (; k0 + kBlock <= nc; k0 += kBlock) {
    // i with some c[k] of the block in reach: k − nb < i ≤ k.
    const std::size_t i_lo = k0 + 1 >= nb ? k0 + 1 - nb : 0;
    const std::size_t i_hi = std::min(na - 1, k0 + kBlock - 1);
    V4 acc[kVec];
    for (std::size_t v = 0; v < kVec; ++v)
      acc[v] = V4{0.0, 0.0, 0.0, 0.0};
    for (std::size_t i = i_lo; i <= i_hi; ++i) {
      const double ai = a[i];
      if (ai == 0)
        continue;
      const V4 va{ai, ai, ai, ai};
      const double *w = padded.data() + (kBlock - 1) + k0 - i; // w[t] = b[k0 + t − i] or 0
      for (std::size_t v = 0; v < kVec; ++v) {
        V4 x;
        std::memcpy(&x, w + 4 * v, sizeof x);
        acc[v] += va * x;
      }
    }
    std::memcpy(c + k0, acc, sizeof acc);
  }
  for (std::size_t k = k0; k < nc; ++k) { // the last outputs, one at a time
    double sum = 0.0;
    for (std::size_t i = k + 1 >= nb ? k + 1 - nb : 0; i <= std::min(na - 1, k); ++i)
      if (a[i] != 0)
        sum += a[i] * b[k - i];
    c[k] = sum;
  }
}
#endif
} // namespace

AmplitudePmf convolve(const AmplitudePmf &a, const AmplitudePmf &b) {
  AmplitudePmf c;
  c.bin_v = a.bin_v;
  c.first_bin = a.first_bin + b.first_bin;
  c.p.assign(a.p.size() + b.p.size() - 1, 0.0);
#ifdef LINKPHY_CONVOLVE_AVX
  static const bool avx = __builtin_cpu_supports("avx");
  auto finite = [](const std::vector<double> &v) {
    return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
  };
  if (avx && finite(a.p) && finite(b.p)) {
    convolve_blocks_avx(a.p.data(), a.p.size(), b.p.data(), b.p.size(), c.p.data());
    return c;
  }
#endif
  convolve_rows(a.p.data(), a.p.size(), b.p.data(), b.p.size(), c.p.data());
  return c;
}

double tail_amplitude(const AmplitudePmf &pmf, double probability) {
  double cdf = 0;
  for (std::size_t i = 0; i < pmf.p.size(); ++i) {
    cdf += pmf.p[i];
    if (cdf > probability)
      return std::abs(pmf.y(i));
  }
  return std::abs(pmf.y(pmf.p.size() - 1));
}

double tail_amplitude_of_sum(const AmplitudePmf &a, const AmplitudePmf &b, double probability) {
  // CDF of the sum at bin k: F(k) = Σ_i a_i·B(k − i) with B the CDF of b, so one bin costs
  // O(|b|) and a bisection over k finds the first bin with F(k) > probability in O(|b|·log n),
  // instead of forming the convolution. Equal to tail_amplitude(convolve(a, b), probability)
  // up to the order of the additions: the answer can only differ if a bin's CDF lies within
  // the rounding (~1e-15 relative) of `probability`, and then by one bin.
  if (a.p.empty() || b.p.empty())
    throw InputError("tail of a sum", "both PMFs need at least one bin");
  const long na = static_cast<long>(a.p.size()), nb = static_cast<long>(b.p.size());
  const long nc = na + nb - 1;
  std::vector<double> a_below(a.p.size() + 1, 0.0), b_cdf(b.p.size());
  for (std::size_t i = 0; i < a.p.size(); ++i)
    a_below[i + 1] = a_below[i] + a.p[i];
  double c = 0;
  for (std::size_t j = 0; j < b.p.size(); ++j)
    b_cdf[j] = c += b.p[j];
  auto cdf = [&](long k) { // Σ_{i+j ≤ k} a_i·b_j
    const long i0 = std::max(0L, k - nb + 1), i1 = std::min(na - 1, k);
    double s = a_below[static_cast<std::size_t>(i0)] * b_cdf.back(); // all of b fits
    for (long i = i0; i <= i1; ++i)
      s += a.p[static_cast<std::size_t>(i)] * b_cdf[static_cast<std::size_t>(k - i)];
    return s;
  };
  long lo = 0, hi = nc - 1; // first k in [lo, hi] with cdf(k) > probability (hi if none)
  while (lo < hi) {
    const long mid = lo + (hi - lo) / 2;
    if (cdf(mid) > probability)
      hi = mid;
    else
      lo = mid + 1;
  }
  const long first = a.first_bin + b.first_bin;
  return std::abs((static_cast<double>(first) + static_cast<double>(lo)) * a.bin_v);
}

double pmf_rms(const AmplitudePmf &pmf) {
  double s = 0;
  for (std::size_t i = 0; i < pmf.p.size(); ++i)
    s += pmf.y(i) * pmf.y(i) * pmf.p[i];
  return std::sqrt(s);
}

} // namespace linkphy
