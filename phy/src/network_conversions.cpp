// S ↔ Z/Y/H/G/ABCD/T conversions and renormalisation (Pozar, "Microwave Engineering" 4th ed.
// §4.3–4.4; Kurokawa, IEEE T-MTT 13(2) 1965 power waves; skrf.network s2z/s2y/s2h/s2a/s2t).
//
// One formulation serves every family. With real reference impedances the normalised port
// quantities are v = a + b (V = √z0·v), i = a − b (I = i/√z0). A parameter family relates two
// vectors of such quantities, y = M·x, each entry r being ca_r·a_p + cb_r·b_p of one port p
// (Z: y = v, x = i; H: y = [v1, i2], x = [i1, v2]; T: y = [b_in, a_in], x = [a_out, b_out]; …).
// With b = S·a: y = (Ya + Yb·S)·a and x = (Xa + Xb·S)·a, so M = (Ya + Yb·S)(Xa + Xb·S)⁻¹ and,
// back, S = (Yb − M·Xb)⁻¹(M·Xa − Ya). Physical units come from diagonal scalings.
#include "network_detail.hpp"
#include "network_small_solve.hpp"

#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>

#include <Eigen/LU>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace linkphy {
namespace {

/// One entry of a port-quantity vector: ca·a_port + cb·b_port, physical = scale·normalised.
struct Entry {
  int port;
  double ca;
  double cb;
  double scale;
};

struct Family {
  std::vector<Entry> y; ///< the dependent quantities (rows of the parameter matrix)
  std::vector<Entry> x; ///< the independent quantities (columns)
};

Family family_of(ParameterKind kind, const std::vector<double> &z0, const std::string &where) {
  const int n = static_cast<int>(z0.size());
  auto v = [&](int p) { return Entry{p, 1.0, 1.0, std::sqrt(z0[p])}; };
  auto i = [&](int p) { return Entry{p, 1.0, -1.0, 1.0 / std::sqrt(z0[p])}; };
  auto i_out = [&](int p) { return Entry{p, -1.0, 1.0, 1.0 / std::sqrt(z0[p])}; };
  Family f;
  switch (kind) {
  case ParameterKind::S:
    for (int p = 0; p < n; ++p) {
      f.y.push_back({p, 0.0, 1.0, 1.0});
      f.x.push_back({p, 1.0, 0.0, 1.0});
    }
    return f;
  case ParameterKind::Z:
  case ParameterKind::Y:
    for (int p = 0; p < n; ++p) {
      f.y.push_back(kind == ParameterKind::Z ? v(p) : i(p));
      f.x.push_back(kind == ParameterKind::Z ? i(p) : v(p));
    }
    return f;
  case ParameterKind::H:
  case ParameterKind::G:
    if (n != 2) {
      throw InputError(where, std::string(to_string(kind)) + " parameters need a 2-port, not " +
                                  std::to_string(n) + " ports");
    }
    if (kind == ParameterKind::H) {
      f.y = {v(0), i(1)};
      f.x = {i(0), v(1)};
    } else {
      f.y = {i(0), v(1)};
      f.x = {v(0), i(1)};
    }
    return f;
  case ParameterKind::ABCD:
  case ParameterKind::T: {
    if (n % 2 != 0) {
      throw InputError(where, std::string(to_string(kind)) +
                                  " parameters need an even port count (first half inputs, "
                                  "second half outputs), not " +
                                  std::to_string(n) + " ports");
    }
    const int h = n / 2;
    if (kind == ParameterKind::ABCD) {
      // [V_in; I_in] = ABCD · [V_out; −I_out]
      for (int q = 0; q < h; ++q)
        f.y.push_back(v(q));
      for (int q = 0; q < h; ++q)
        f.y.push_back(i(q));
      for (int q = 0; q < h; ++q)
        f.x.push_back(v(h + q));
      for (int q = 0; q < h; ++q)
        f.x.push_back(i_out(h + q));
    } else {
      // [b_in; a_in] = T · [a_out; b_out]
      for (int q = 0; q < h; ++q)
        f.y.push_back({q, 0.0, 1.0, 1.0});
      for (int q = 0; q < h; ++q)
        f.y.push_back({q, 1.0, 0.0, 1.0});
      for (int q = 0; q < h; ++q)
        f.x.push_back({h + q, 1.0, 0.0, 1.0});
      for (int q = 0; q < h; ++q)
        f.x.push_back({h + q, 0.0, 1.0, 1.0});
    }
    return f;
  }
  }
  throw InputError(where, "unknown parameter kind");
}

[[noreturn]] void throw_singular(const std::vector<double> &freq_hz, std::size_t k,
                                 const std::string &where, const std::string &what) {
  throw InputError(where, what + " at " + number_text(freq_hz[k]) +
                              " Hz (singular matrix: the parameters do not exist there)");
}

/// First frequency index whose n×n block holds a non-finite value, or nf.
std::size_t first_non_finite(const std::vector<Complex> &data, std::size_t nn) {
  for (std::size_t idx = 0; idx < data.size(); ++idx) {
    if (!std::isfinite(data[idx].real()) || !std::isfinite(data[idx].imag())) {
      return idx / nn;
    }
  }
  return data.size() / (nn == 0 ? 1 : nn);
}

/// Fixed sizes (n ≤ 4): unrolled elimination on stack arrays (network_small_solve.hpp).
template <int N> struct Kernels {
  static constexpr std::size_t NN = static_cast<std::size_t>(N) * N;

  static double from_s(const Complex *s, Complex *out, std::size_t nf, int, const Family &fam) {
    double poison = 0.0;
    std::array<double, NN> ratio; // scale_y[i] / scale_x[j]
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        ratio[i * N + j] = fam.y[i].scale / fam.x[j].scale;
    // Per-row coefficients hoisted out of the frequency loop.
    std::array<int, N> px, py;
    std::array<double, N> cax, cbx, cay, cby;
    for (int r = 0; r < N; ++r) {
      px[r] = fam.x[r].port;
      py[r] = fam.y[r].port;
      cax[r] = fam.x[r].ca;
      cbx[r] = fam.x[r].cb;
      cay[r] = fam.y[r].ca;
      cby[r] = fam.y[r].cb;
    }
    // Two frequencies per pass, one per SIMD lane (the last one doubled when nf is odd).
    using detail::V2;
    V2 xr[NN], xi[NN], yr[NN], yi[NN];
    V2 poison2 = {0.0, 0.0};
    for (std::size_t k = 0; k < nf; k += 2) {
      const std::size_t k1 = std::min(k + 1, nf - 1);
      const Complex *s0 = s + k * NN;
      const Complex *s1 = s + k1 * NN;
      // Transposed: xt(c, r) = (Xa + Xb S)(r, c); then Xᵀ·Mᵀ = Yᵀ.
      for (int r = 0; r < N; ++r) {
        for (int c = 0; c < N; ++c) {
          const Complex x0 = s0[px[r] * N + c], x1 = s1[px[r] * N + c];
          const Complex y0 = s0[py[r] * N + c], y1 = s1[py[r] * N + c];
          xr[c * N + r] = cbx[r] * V2{x0.real(), x1.real()};
          xi[c * N + r] = cbx[r] * V2{x0.imag(), x1.imag()};
          yr[c * N + r] = cby[r] * V2{y0.real(), y1.real()};
          yi[c * N + r] = cby[r] * V2{y0.imag(), y1.imag()};
        }
        xr[px[r] * N + r] += cax[r];
        yr[py[r] * N + r] += cay[r];
      }
      detail::small_solve_x2<N, N>(xr, xi, yr, yi);
      Complex *o0 = out + k * NN;
      Complex *o1 = out + k1 * NN;
      for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
          const V2 re = yr[j * N + i] * ratio[i * N + j];
          const V2 im = yi[j * N + i] * ratio[i * N + j];
          o0[i * N + j] = Complex(re[0], im[0]);
          o1[i * N + j] = Complex(re[1], im[1]);
          poison2 += re * 0.0 + im * 0.0; // NaN once any entry is inf or NaN
        }
    }
    return poison + poison2[0] + poison2[1];
  }

  static void to_s(const Complex *p, Complex *s, std::size_t nf, int, const Family &fam) {
    std::array<double, NN> ratio; // scale_x[j] / scale_y[i]
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        ratio[i * N + j] = fam.x[j].scale / fam.y[i].scale;
    std::array<Complex, NN> m, l, r;
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex *pk = p + k * NN;
      for (std::size_t e = 0; e < NN; ++e)
        m[e] = pk[e] * ratio[e];
      // l = Yb − M·Xb, r = M·Xa − Ya; then S = l⁻¹·r.
      l.fill(Complex(0.0));
      r.fill(Complex(0.0));
      for (int i = 0; i < N; ++i) {
        l[i * N + fam.y[i].port] += fam.y[i].cb;
        r[i * N + fam.y[i].port] -= fam.y[i].ca;
      }
      for (int c = 0; c < N; ++c) {
        const Entry &ex = fam.x[c];
        for (int i = 0; i < N; ++i) {
          l[i * N + ex.port] -= ex.cb * m[i * N + c];
          r[i * N + ex.port] += ex.ca * m[i * N + c];
        }
      }
      detail::small_solve<N, N>(l, r);
      std::copy(r.begin(), r.end(), s + k * NN);
    }
  }

  static double renorm(const Complex *s, Complex *out, std::size_t nf, int,
                       const std::vector<double> &gamma, const std::vector<double> &kk) {
    double poison = 0.0;
    using detail::V2;
    V2 qr[NN], qi[NN], ar[NN], ai[NN];
    V2 poison2 = {0.0, 0.0};
    for (std::size_t k = 0; k < nf; k += 2) {
      const std::size_t k1 = std::min(k + 1, nf - 1);
      const Complex *s0 = s + k * NN;
      const Complex *s1 = s + k1 * NN;
      // Transposed: qt = (I − ΓS)ᵀ, at = (S − Γ)ᵀ; X·Q = A  ⇔  Qᵀ·Xᵀ = Aᵀ.
      for (int i = 0; i < N; ++i) {
        for (int j = 0; j < N; ++j) {
          const V2 vr = {s0[i * N + j].real(), s1[i * N + j].real()};
          const V2 vi = {s0[i * N + j].imag(), s1[i * N + j].imag()};
          qr[j * N + i] = -gamma[i] * vr;
          qi[j * N + i] = -gamma[i] * vi;
          ar[j * N + i] = vr;
          ai[j * N + i] = vi;
        }
        qr[i * N + i] += 1.0;
        ar[i * N + i] -= gamma[i];
      }
      detail::small_solve_x2<N, N>(qr, qi, ar, ai);
      Complex *o0 = out + k * NN;
      Complex *o1 = out + k1 * NN;
      for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
          const double f = kk[i] / kk[j];
          const V2 re = ar[j * N + i] * f;
          const V2 im = ai[j * N + i] * f;
          o0[i * N + j] = Complex(re[0], im[0]);
          o1[i * N + j] = Complex(re[1], im[1]);
          poison2 += re * 0.0 + im * 0.0;
        }
    }
    return poison + poison2[0] + poison2[1];
  }
};

/// Dynamic sizes (n > 4): Eigen partial-pivoting LU on preallocated workspaces.
template <> struct Kernels<Eigen::Dynamic> {
  static constexpr int N = Eigen::Dynamic;
  using Mat = Eigen::Matrix<Complex, N, N>;

  /// out = parameters M (physical units) from S, for every frequency.
  static double from_s(const Complex *s, Complex *out, std::size_t nf, int n, const Family &fam) {
    double poison = 0.0;
    Mat xt(n, n), yt(n, n), mt(n, n);
    Eigen::PartialPivLU<Mat> lu(n);
    Eigen::Matrix<double, N, N> ratio(n, n); // scale_y[i] / scale_x[j]
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        ratio(i, j) = fam.y[i].scale / fam.x[j].scale;
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex *sk = s + k * nn;
      // Transposed: xt(c, r) = (Xa + Xb S)(r, c).
      for (int r = 0; r < n; ++r) {
        const Entry &ex = fam.x[r];
        const Entry &ey = fam.y[r];
        for (int c = 0; c < n; ++c) {
          xt(c, r) = ex.cb * sk[ex.port * n + c];
          yt(c, r) = ey.cb * sk[ey.port * n + c];
        }
        xt(ex.port, r) += ex.ca;
        yt(ey.port, r) += ey.ca;
      }
      lu.compute(xt);
      mt = lu.solve(yt); // Mᵀ = Xᵀ⁻¹ Yᵀ
      Complex *ok = out + k * nn;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          ok[i * n + j] = mt(j, i) * ratio(i, j);
      poison += mt.sum().real() * 0.0 + mt.sum().imag() * 0.0;
    }
    return poison;
  }

  /// s = S from parameters p (physical units), for every frequency.
  static void to_s(const Complex *p, Complex *s, std::size_t nf, int n, const Family &fam) {
    Mat m(n, n), l(n, n), r(n, n), sk(n, n);
    Eigen::PartialPivLU<Mat> lu(n);
    Eigen::Matrix<double, N, N> ratio(n, n); // scale_x[j] / scale_y[i]
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        ratio(i, j) = fam.x[j].scale / fam.y[i].scale;
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex *pk = p + k * nn;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          m(i, j) = pk[i * n + j] * ratio(i, j);
      // l = Yb − M·Xb, r = M·Xa − Ya
      l.setZero();
      r.setZero();
      for (int i = 0; i < n; ++i) {
        l(i, fam.y[i].port) += fam.y[i].cb;
        r(i, fam.y[i].port) -= fam.y[i].ca;
      }
      for (int c = 0; c < n; ++c) {
        const Entry &ex = fam.x[c];
        if (ex.cb != 0.0)
          l.col(ex.port) -= ex.cb * m.col(c);
        if (ex.ca != 0.0)
          r.col(ex.port) += ex.ca * m.col(c);
      }
      lu.compute(l);
      sk = lu.solve(r);
      Complex *out = s + k * nn;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          out[i * n + j] = sk(i, j);
    }
  }

  /// S' = K(S − Γ)(I − ΓS)⁻¹K⁻¹ for every frequency (see renormalize()).
  static double renorm(const Complex *s, Complex *out, std::size_t nf, int n,
                       const std::vector<double> &gamma, const std::vector<double> &kk) {
    double poison = 0.0;
    Mat qt(n, n), at(n, n), xt(n, n);
    Eigen::PartialPivLU<Mat> lu(n);
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex *sk = s + k * nn;
      // Transposed: qt = (I − ΓS)ᵀ, at = (S − Γ)ᵀ; X·Q = A  ⇔  Qᵀ·Xᵀ = Aᵀ.
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          qt(j, i) = -gamma[i] * sk[i * n + j];
          at(j, i) = sk[i * n + j];
        }
        qt(i, i) += 1.0;
        at(i, i) -= gamma[i];
      }
      lu.compute(qt);
      xt = lu.solve(at);
      Complex *ok = out + k * nn;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          ok[i * n + j] = xt(j, i) * (kk[i] / kk[j]);
      poison += xt.sum().real() * 0.0 + xt.sum().imag() * 0.0;
    }
    return poison;
  }
};

void check_z0(const std::vector<double> &z0, int ports, const std::string &where) {
  if (static_cast<int>(z0.size()) != ports) {
    throw InputError(where, "needs one reference impedance per port (" + std::to_string(ports) +
                                "), got " + std::to_string(z0.size()));
  }
  for (std::size_t p = 0; p < z0.size(); ++p) {
    if (!(z0[p] > 0.0) || !std::isfinite(z0[p])) {
      throw InputError(where, "reference impedance of port " + std::to_string(p + 1) +
                                  " must be a finite value > 0 ohm");
    }
  }
}

} // namespace

std::string_view to_string(ParameterKind kind) {
  switch (kind) {
  case ParameterKind::S:
    return "S";
  case ParameterKind::Z:
    return "Z";
  case ParameterKind::Y:
    return "Y";
  case ParameterKind::H:
    return "H";
  case ParameterKind::G:
    return "G";
  case ParameterKind::ABCD:
    return "ABCD";
  case ParameterKind::T:
    return "T";
  }
  return "?";
}

std::vector<Complex> to_parameters(const Network &net, ParameterKind kind) {
  detail::validate(net, "network");
  const std::string where = detail::where_of(net, "network");
  if (kind == ParameterKind::S) {
    return net.s;
  }
  const Family fam = family_of(kind, net.z0_ohm, where);
  std::vector<Complex> out(net.s.size());
  const double poison = detail::dispatch_size(net.ports, [&]<int N>() {
    return Kernels<N>::from_s(net.s.data(), out.data(), net.frequencies(), net.ports, fam);
  });
  const std::size_t nn = static_cast<std::size_t>(net.ports) * net.ports;
  if (!std::isfinite(poison)) {
    const std::size_t bad = first_non_finite(out, nn);
    throw_singular(net.freq_hz, bad, where,
                   "cannot convert S to " + std::string(to_string(kind)) + " parameters");
  }
  return out;
}

Network from_parameters(ParameterKind kind, std::vector<double> freq_hz, int ports,
                        std::span<const Complex> data, std::vector<double> z0_ohm) {
  const std::string where = std::string(to_string(kind)) + " parameters";
  if (ports < 1) {
    throw InputError(where, "port count must be >= 1, got " + std::to_string(ports));
  }
  check_z0(z0_ohm, ports, where);
  const std::size_t nn = static_cast<std::size_t>(ports) * ports;
  if (data.size() != freq_hz.size() * nn) {
    throw InputError(where, "hold " + std::to_string(data.size()) + " values; expected " +
                                std::to_string(freq_hz.size() * nn) + " (frequencies x " +
                                std::to_string(ports) + " x " + std::to_string(ports) + ")");
  }
  Network net;
  net.freq_hz = std::move(freq_hz);
  net.ports = ports;
  net.z0_ohm = std::move(z0_ohm);
  net.s.assign(data.begin(), data.end());
  detail::validate(net, where.c_str());
  if (kind == ParameterKind::S) {
    return net;
  }
  const Family fam = family_of(kind, net.z0_ohm, where);
  detail::dispatch_size(ports, [&]<int N>() {
    Kernels<N>::to_s(data.data(), net.s.data(), net.frequencies(), ports, fam);
  });
  const std::size_t bad = first_non_finite(net.s, nn);
  if (bad < net.frequencies()) {
    throw_singular(net.freq_hz, bad, where, "cannot convert to S parameters");
  }
  return net;
}

Network renormalize(const Network &net, std::vector<double> z0_ohm) {
  detail::validate(net, "network");
  const std::string where = "renormalisation of " + detail::where_of(net, "network");
  check_z0(z0_ohm, net.ports, where);
  const auto n = static_cast<std::size_t>(net.ports);
  std::vector<double> gamma(n), kk(n);
  for (std::size_t p = 0; p < n; ++p) {
    const double z = net.z0_ohm[p];
    const double zn = z0_ohm[p];
    gamma[p] = (zn - z) / (zn + z);
    kk[p] = (z + zn) / (2.0 * std::sqrt(z * zn));
  }
  Network out = net;
  out.z0_ohm = std::move(z0_ohm);
  const double poison = detail::dispatch_size(net.ports, [&]<int N>() {
    return Kernels<N>::renorm(net.s.data(), out.s.data(), net.frequencies(), net.ports, gamma, kk);
  });
  if (!std::isfinite(poison)) {
    const std::size_t bad = first_non_finite(out.s, n * n);
    throw_singular(net.freq_hz, bad, where, "cannot renormalise");
  }
  return out;
}

} // namespace linkphy
