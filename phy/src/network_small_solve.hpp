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

/// As small_solve, on split storage (real and imaginary parts in separate row-major arrays), which
/// the compiler schedules better (≈25 % faster for 4×4 here).
template <int N, int M>
inline void small_solve_split(double *ar, double *ai, double *br, double *bi) {
  double ipr[N], ipi[N];
  for (int c = 0; c < N; ++c) {
    int p = c;
    double best = std::abs(ar[c * N + c]) + std::abs(ai[c * N + c]);
    for (int r = c + 1; r < N; ++r) {
      const double v = std::abs(ar[r * N + c]) + std::abs(ai[r * N + c]);
      if (v > best) {
        best = v;
        p = r;
      }
    }
    if (p != c) {
      for (int j = c; j < N; ++j) {
        std::swap(ar[c * N + j], ar[p * N + j]);
        std::swap(ai[c * N + j], ai[p * N + j]);
      }
      for (int j = 0; j < M; ++j) {
        std::swap(br[c * M + j], br[p * M + j]);
        std::swap(bi[c * M + j], bi[p * M + j]);
      }
    }
    const double d = ar[c * N + c] * ar[c * N + c] + ai[c * N + c] * ai[c * N + c];
    const double pr = ar[c * N + c] / d;
    const double pi = -ai[c * N + c] / d;
    ipr[c] = pr;
    ipi[c] = pi;
    for (int r = c + 1; r < N; ++r) {
      const double fr = ar[r * N + c] * pr - ai[r * N + c] * pi;
      const double fi = ar[r * N + c] * pi + ai[r * N + c] * pr;
      for (int j = c + 1; j < N; ++j) {
        const double xr = ar[c * N + j];
        const double xi = ai[c * N + j];
        ar[r * N + j] -= fr * xr - fi * xi;
        ai[r * N + j] -= fr * xi + fi * xr;
      }
      for (int j = 0; j < M; ++j) {
        const double xr = br[c * M + j];
        const double xi = bi[c * M + j];
        br[r * M + j] -= fr * xr - fi * xi;
        bi[r * M + j] -= fr * xi + fi * xr;
      }
    }
  }
  for (int c = N - 1; c >= 0; --c) {
    for (int j = 0; j < M; ++j) {
      double xr = br[c * M + j];
      double xi = bi[c * M + j];
      for (int k = c + 1; k < N; ++k) {
        const double yr = br[k * M + j];
        const double yi = bi[k * M + j];
        xr -= ar[c * N + k] * yr - ai[c * N + k] * yi;
        xi -= ar[c * N + k] * yi + ai[c * N + k] * yr;
      }
      br[c * M + j] = xr * ipr[c] - xi * ipi[c];
      bi[c * M + j] = xr * ipi[c] + xi * ipr[c];
    }
  }
}

} // namespace linkphy::detail
