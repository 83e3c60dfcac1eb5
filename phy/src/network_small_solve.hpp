// Small dense complex linear solves for the per-frequency hot loops of the network operations:
// Gaussian elimination with partial pivoting (Golub & Van Loan, "Matrix Computations" 4th ed.,
// Alg. 3.4.1; pivot by |re| + |im| as LAPACK izamax), sizes fixed at compile time so that the
// loops unroll, and complex products written out in real arithmetic (std::complex's operator*
// guards against NaN/inf per C Annex G; here non-finite results are detected once per operation).
#pragma once

#include <linkphy/phy/network.hpp>

#include <array>
#include <cmath>
#include <utility>

namespace linkphy::detail {

inline Complex cmul(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
/// 1/a; a = 0 gives inf/NaN, which the callers' finiteness check reports.
inline Complex crecip(Complex a) {
  const double d = a.real() * a.real() + a.imag() * a.imag();
  return {a.real() / d, -a.imag() / d};
}

/// Solves A·X = B in place (B ← X) for N×N A and N×M B, both row-major. A is overwritten.
template <int N, int M>
inline void small_solve(std::array<Complex, N * N> &a, std::array<Complex, N * M> &b) {
  std::array<Complex, N> inv_pivot;
  for (int c = 0; c < N; ++c) {
    int p = c;
    double best = std::abs(a[c * N + c].real()) + std::abs(a[c * N + c].imag());
    for (int r = c + 1; r < N; ++r) {
      const double v = std::abs(a[r * N + c].real()) + std::abs(a[r * N + c].imag());
      if (v > best) {
        best = v;
        p = r;
      }
    }
    if (p != c) {
      for (int j = c; j < N; ++j)
        std::swap(a[c * N + j], a[p * N + j]);
      for (int j = 0; j < M; ++j)
        std::swap(b[c * M + j], b[p * M + j]);
    }
    const Complex ip = crecip(a[c * N + c]);
    inv_pivot[c] = ip;
    for (int r = c + 1; r < N; ++r) {
      const Complex f = cmul(a[r * N + c], ip);
      for (int j = c + 1; j < N; ++j)
        a[r * N + j] -= cmul(f, a[c * N + j]);
      for (int j = 0; j < M; ++j)
        b[r * M + j] -= cmul(f, b[c * M + j]);
    }
  }
  for (int c = N - 1; c >= 0; --c) {
    for (int j = 0; j < M; ++j) {
      Complex x = b[c * M + j];
      for (int k = c + 1; k < N; ++k)
        x -= cmul(a[c * N + k], b[k * M + j]);
      b[c * M + j] = cmul(x, inv_pivot[c]);
    }
  }
}

/// Two doubles in one SSE2 register (GCC/Clang vector extension): lane 0 and lane 1 hold the same
/// matrix entry at two different frequencies, so one elimination serves two frequencies.
typedef double V2 __attribute__((vector_size(16)));
typedef long long M2 __attribute__((vector_size(16)));

inline V2 v2abs(V2 x) {
  return reinterpret_cast<V2>(reinterpret_cast<M2>(x) &
                              M2{0x7fffffffffffffffLL, 0x7fffffffffffffffLL});
}
/// mask ? b : a, per lane.
inline V2 v2select(M2 mask, V2 a, V2 b) {
  return reinterpret_cast<V2>((reinterpret_cast<M2>(a) & ~mask) | (reinterpret_cast<M2>(b) & mask));
}

/// small_solve for two systems at once (one per lane), real and imaginary parts in separate
/// row-major arrays (≈2× faster than small_solve per 4×4 system on SSE2). Partial pivoting per
/// lane: each row below the diagonal is swapped up, lane by lane, when its pivot candidate is
/// larger, which leaves the largest |re| + |im| on the diagonal as Alg. 3.4.1 does.
template <int N, int M> inline void small_solve_x2(V2 *ar, V2 *ai, V2 *br, V2 *bi) {
  V2 ipr[N], ipi[N];
  for (int c = 0; c < N; ++c) {
    for (int r = c + 1; r < N; ++r) {
      const V2 cur = v2abs(ar[c * N + c]) + v2abs(ai[c * N + c]);
      const V2 cand = v2abs(ar[r * N + c]) + v2abs(ai[r * N + c]);
      const M2 sw = cand > cur;
      if (!(sw[0] | sw[1]))
        continue;
      for (int j = c; j < N; ++j) {
        const V2 xr = ar[c * N + j], yr = ar[r * N + j];
        ar[c * N + j] = v2select(sw, xr, yr);
        ar[r * N + j] = v2select(sw, yr, xr);
        const V2 xi = ai[c * N + j], yi = ai[r * N + j];
        ai[c * N + j] = v2select(sw, xi, yi);
        ai[r * N + j] = v2select(sw, yi, xi);
      }
      for (int j = 0; j < M; ++j) {
        const V2 xr = br[c * M + j], yr = br[r * M + j];
        br[c * M + j] = v2select(sw, xr, yr);
        br[r * M + j] = v2select(sw, yr, xr);
        const V2 xi = bi[c * M + j], yi = bi[r * M + j];
        bi[c * M + j] = v2select(sw, xi, yi);
        bi[r * M + j] = v2select(sw, yi, xi);
      }
    }
    const V2 d = ar[c * N + c] * ar[c * N + c] + ai[c * N + c] * ai[c * N + c];
    const V2 pr = ar[c * N + c] / d;
    const V2 pi = -ai[c * N + c] / d;
    ipr[c] = pr;
    ipi[c] = pi;
    for (int r = c + 1; r < N; ++r) {
      const V2 fr = ar[r * N + c] * pr - ai[r * N + c] * pi;
      const V2 fi = ar[r * N + c] * pi + ai[r * N + c] * pr;
      for (int j = c + 1; j < N; ++j) {
        const V2 xr = ar[c * N + j];
        const V2 xi = ai[c * N + j];
        ar[r * N + j] -= fr * xr - fi * xi;
        ai[r * N + j] -= fr * xi + fi * xr;
      }
      for (int j = 0; j < M; ++j) {
        const V2 xr = br[c * M + j];
        const V2 xi = bi[c * M + j];
        br[r * M + j] -= fr * xr - fi * xi;
        bi[r * M + j] -= fr * xi + fi * xr;
      }
    }
  }
  for (int c = N - 1; c >= 0; --c) {
    for (int j = 0; j < M; ++j) {
      V2 xr = br[c * M + j];
      V2 xi = bi[c * M + j];
      for (int k = c + 1; k < N; ++k) {
        const V2 yr = br[k * M + j];
        const V2 yi = bi[k * M + j];
        xr -= ar[c * N + k] * yr - ai[c * N + k] * yi;
        xi -= ar[c * N + k] * yi + ai[c * N + k] * yr;
      }
      br[c * M + j] = xr * ipr[c] - xi * ipi[c];
      bi[c * M + j] = xr * ipi[c] + xi * ipr[c];
    }
  }
}

} // namespace linkphy::detail
