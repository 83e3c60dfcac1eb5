// Per-phase UI-rate cross-correlations (ui_correlation.hpp): blocks of phases accumulate in
// registers, with the 256-bit AVX registers where the CPU has them (run-time dispatch as in
// analytic_snr.cpp). "avx" and not "avx2,fma" on purpose: without FMA instructions the compiler
// cannot fuse a multiply and an add, so every path rounds each product and each sum as the plain
// loop does.
#include "ui_correlation.hpp"

#include <cstring>

namespace linkphy::detail {
namespace {

// Phases [ph0, ph1) of ui_cross_correlation, one phase row at a time per (k, lag).
void plain(const double *a, const double *b, std::size_t n_ui, std::size_t m, std::size_t lags,
           std::size_t ph0, std::size_t ph1, double *out) {
  for (std::size_t l = 0; l < lags; ++l)
    for (std::size_t ph = ph0; ph < ph1; ++ph)
      out[l * m + ph] = 0.0;
  for (std::size_t k = 0; k < n_ui; ++k)
    for (std::size_t l = 0; l < lags && k + l < n_ui; ++l)
      for (std::size_t ph = ph0; ph < ph1; ++ph)
        out[l * m + ph] += a[k * m + ph] * b[(k + l) * m + ph];
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define LINKPHY_UI_CORR_VECTOR 1
typedef double V4 __attribute__((vector_size(32)));

// Unaligned loads and stores (by reference: a V4 passed by value would change the ABI between
// the AVX and the SSE2 instantiations).
[[gnu::always_inline]] inline void load4(V4 &v, const double *p) { std::memcpy(&v, p, sizeof v); }
[[gnu::always_inline]] inline void store4(double *p, const V4 &v) { std::memcpy(p, &v, sizeof v); }

// Phases [ph0, ph0 + 4·W) for L lags: L·W vector accumulators, each lane one (lag, phase) sum
// in k order from +0.
template <int L, int W>
[[gnu::always_inline]] inline void block(const double *a, const double *b, std::size_t n_ui,
                                         std::size_t m, std::size_t ph0, double *out) {
  V4 acc[L][W];
  for (int l = 0; l < L; ++l)
    for (int w = 0; w < W; ++w)
      acc[l][w] = V4{0.0, 0.0, 0.0, 0.0};
  const std::size_t full = n_ui >= static_cast<std::size_t>(L) ? n_ui - L + 1 : 0;
  std::size_t k = 0;
  for (; k < full; ++k) { // every lag's partner inside the record
    V4 x[W], y;
    for (int w = 0; w < W; ++w)
      load4(x[w], a + k * m + ph0 + 4 * w);
    for (int l = 0; l < L; ++l) {
      const double *rb = b + (k + static_cast<std::size_t>(l)) * m + ph0;
      for (int w = 0; w < W; ++w) {
        load4(y, rb + 4 * w);
        acc[l][w] += x[w] * y;
      }
    }
  }
  for (; k < n_ui; ++k) { // the last L − 1 UI: lags past the record's end left out
    V4 x[W], y;
    for (int w = 0; w < W; ++w)
      load4(x[w], a + k * m + ph0 + 4 * w);
    for (int l = 0; l < L; ++l) {
      if (k + static_cast<std::size_t>(l) >= n_ui)
        break;
      const double *rb = b + (k + static_cast<std::size_t>(l)) * m + ph0;
      for (int w = 0; w < W; ++w) {
        load4(y, rb + 4 * w);
        acc[l][w] += x[w] * y;
      }
    }
  }
  for (int l = 0; l < L; ++l)
    for (int w = 0; w < W; ++w)
      store4(out + static_cast<std::size_t>(l) * m + ph0 + 4 * w, acc[l][w]);
}

// W = 2 (8 phases) while the accumulators fit the 16 AVX registers; 4 phases otherwise (and
// on SSE2, whose registers hold half a V4).
template <int L, bool Avx>
[[gnu::always_inline]] inline void run(const double *a, const double *b, std::size_t n_ui,
                                       std::size_t m, double *out) {
  constexpr int w = Avx && L <= 6 ? 2 : 1;
  std::size_t ph = 0;
  for (; ph + 4 * w <= m; ph += 4 * w)
    block<L, w>(a, b, n_ui, m, ph, out);
  for (; ph + 4 <= m; ph += 4)
    block<L, 1>(a, b, n_ui, m, ph, out);
  if (ph < m)
    plain(a, b, n_ui, m, static_cast<std::size_t>(L), ph, m, out);
}

template <int L>
[[gnu::target("avx")]] void run_avx(const double *a, const double *b, std::size_t n_ui,
                                    std::size_t m, double *out) {
  run<L, true>(a, b, n_ui, m, out);
}
template <int L>
void run_base(const double *a, const double *b, std::size_t n_ui, std::size_t m, double *out) {
  run<L, false>(a, b, n_ui, m, out);
}

template <int L>
void dispatch(const double *a, const double *b, std::size_t n_ui, std::size_t m, double *out) {
  static const bool avx = __builtin_cpu_supports("avx");
  if (avx)
    run_avx<L>(a, b, n_ui, m, out);
  else
    run_base<L>(a, b, n_ui, m, out);
}
#endif
} // namespace

void ui_cross_correlation(const double *a, const double *b, std::size_t n_ui, std::size_t m,
                          std::size_t lags, double *out) {
#ifdef LINKPHY_UI_CORR_VECTOR
  switch (lags) {
  case 1:
    return dispatch<1>(a, b, n_ui, m, out);
  case 2:
    return dispatch<2>(a, b, n_ui, m, out);
  case 3:
    return dispatch<3>(a, b, n_ui, m, out);
  case 4:
    return dispatch<4>(a, b, n_ui, m, out);
  case 5:
    return dispatch<5>(a, b, n_ui, m, out);
  case 6:
    return dispatch<6>(a, b, n_ui, m, out);
  case 7:
    return dispatch<7>(a, b, n_ui, m, out);
  case 8:
    return dispatch<8>(a, b, n_ui, m, out);
  default:
    break;
  }
#endif
  plain(a, b, n_ui, m, lags, 0, m, out);
}

} // namespace linkphy::detail
