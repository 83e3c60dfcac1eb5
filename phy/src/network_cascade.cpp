// Cascade of 2N-port networks by the Redheffer star product of their S matrices (Redheffer,
// J. Math. Phys. 41, 1962; the connection formula of skrf.network.connect / innerconnect_s).
// For A then B with N×N blocks (1 = input side, 2 = output side) and E = (I − A22·B11)⁻¹:
//   S21 = B21·E·A21          S22 = B22 + B21·E·A22·B12
//   S11 = A11 + A12·B11·E·A21  S12 = A12·(B12 + B11·E·A22·B12)
// Unlike a T-matrix product this needs no S21⁻¹, so it holds at DC and for lossless matched lines.
#include "network_detail.hpp"
#include "network_small_solve.hpp"

#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>

#include <Eigen/LU>

#include <array>
#include <optional>
#include <string>

namespace linkphy {
namespace {

/// Star product on h×h blocks (h = half the port count, > 2), Eigen on preallocated workspaces.
struct Star {
  using Blk = Eigen::MatrixXcd;
  using Full = Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using FullMap = Eigen::Map<Full>;
  using FullCMap = Eigen::Map<const Full>;

  int h;
  Blk a11, a12, a21, a22, b11, b12, b21, b22, e, w, v, tmp;
  Eigen::PartialPivLU<Blk> lu;

  explicit Star(int half)
      : h(half), a11(half, half), a12(half, half), a21(half, half), a22(half, half),
        b11(half, half), b12(half, half), b21(half, half), b22(half, half), e(half, half),
        w(half, half), v(half, half), tmp(half, half), lu(half) {}

  /// acc ← acc ⋆ b (acc holds the running cascade, 2h×2h).
  template <typename Acc> void apply(Acc &acc, const Complex *b) {
    const FullCMap bm(b, 2 * h, 2 * h);
    a11 = acc.topLeftCorner(h, h);
    a12 = acc.topRightCorner(h, h);
    a21 = acc.bottomLeftCorner(h, h);
    a22 = acc.bottomRightCorner(h, h);
    b11 = bm.topLeftCorner(h, h);
    b12 = bm.topRightCorner(h, h);
    b21 = bm.bottomLeftCorner(h, h);
    b22 = bm.bottomRightCorner(h, h);
    tmp.noalias() = -a22 * b11;
    tmp.diagonal().array() += Complex(1.0);
    lu.compute(tmp);
    w = lu.solve(a21); // E·A21
    e.noalias() = a22 * b12;
    v = lu.solve(e); // E·A22·B12
    // S11 = A11 + A12·B11·W; S12 = A12·(B12 + B11·V)
    tmp.noalias() = b11 * w;
    acc.topLeftCorner(h, h).noalias() = a12 * tmp;
    acc.topLeftCorner(h, h) += a11;
    e = b12;
    e.noalias() += b11 * v;
    acc.topRightCorner(h, h).noalias() = a12 * e;
    acc.bottomLeftCorner(h, h).noalias() = b21 * w;
    acc.bottomRightCorner(h, h) = b22;
    acc.bottomRightCorner(h, h).noalias() += b21 * v;
  }
};

/// 4-port (2×2 blocks) special case on stack arrays, row-major 4×4 acc and b.
inline void star4(Complex *acc, const Complex *b) {
  using detail::cmul;
  // 2×2 block (r, c) of a row-major 4×4 matrix starts at 8·r + 2·c, rows 4 apart.
  auto blk = [](const Complex *m, int r, int c) {
    const Complex *p = m + 8 * r + 2 * c;
    return std::array<Complex, 4>{p[0], p[1], p[4], p[5]};
  };
  auto mul = [](const std::array<Complex, 4> &x, const std::array<Complex, 4> &y) {
    return std::array<Complex, 4>{
        cmul(x[0], y[0]) + cmul(x[1], y[2]), cmul(x[0], y[1]) + cmul(x[1], y[3]),
        cmul(x[2], y[0]) + cmul(x[3], y[2]), cmul(x[2], y[1]) + cmul(x[3], y[3])};
  };
  auto put = [](Complex *m, int r, int c, const std::array<Complex, 4> &x) {
    Complex *p = m + 8 * r + 2 * c;
    p[0] = x[0];
    p[1] = x[1];
    p[4] = x[2];
    p[5] = x[3];
  };
  const auto a11 = blk(acc, 0, 0), a12 = blk(acc, 0, 1), a21 = blk(acc, 1, 0), a22 = blk(acc, 1, 1);
  const auto b11 = blk(b, 0, 0), b12 = blk(b, 0, 1), b21 = blk(b, 1, 0), b22 = blk(b, 1, 1);
  // (I − A22·B11)·[W | V] = [A21 | A22·B12]
  std::array<Complex, 4> t = mul(a22, b11);
  for (Complex &x : t)
    x = -x;
  t[0] += 1.0;
  t[3] += 1.0;
  const auto a22b12 = mul(a22, b12);
  std::array<Complex, 8> wv = {a21[0], a21[1], a22b12[0], a22b12[1],
                               a21[2], a21[3], a22b12[2], a22b12[3]};
  detail::small_solve<2, 4>(t, wv);
  const std::array<Complex, 4> w = {wv[0], wv[1], wv[4], wv[5]};
  const std::array<Complex, 4> v = {wv[2], wv[3], wv[6], wv[7]};
  std::array<Complex, 4> s11 = mul(a12, mul(b11, w));
  std::array<Complex, 4> inner = mul(b11, v);
  for (int e = 0; e < 4; ++e) {
    s11[e] += a11[e];
    inner[e] += b12[e];
  }
  std::array<Complex, 4> s22 = mul(b21, v);
  for (int e = 0; e < 4; ++e)
    s22[e] += b22[e];
  put(acc, 0, 0, s11);
  put(acc, 0, 1, mul(a12, inner));
  put(acc, 1, 0, mul(b21, w));
  put(acc, 1, 1, s22);
}

/// 2-port special case in scalars.
inline void star2(Complex *acc, const Complex *b) {
  const Complex a11 = acc[0], a12 = acc[1], a21 = acc[2], a22 = acc[3];
  using detail::cmul;
  const Complex e = detail::crecip(1.0 - cmul(a22, b[0]));
  const Complex w = cmul(e, a21);
  const Complex v = cmul(e, cmul(a22, b[1]));
  acc[0] = a11 + cmul(a12, cmul(b[0], w));
  acc[1] = cmul(a12, b[1] + cmul(b[0], v));
  acc[2] = cmul(b[2], w);
  acc[3] = b[3] + cmul(b[2], v);
}

void check_pair(const Network &a, const Network &b) {
  const std::string where =
      "cascade of " + detail::where_of(a, "network") + " and " + detail::where_of(b, "network");
  if (a.ports != b.ports) {
    throw InputError(where, "port counts differ (" + std::to_string(a.ports) + " vs " +
                                std::to_string(b.ports) +
                                "); cascade needs two 2N-ports with the same N");
  }
  if (a.ports % 2 != 0) {
    throw InputError(where, "needs an even port count (first half inputs, second half "
                            "outputs), not " +
                                std::to_string(a.ports));
  }
  detail::check_same_grid(a, b, "cascade");
}

Network cascade_chain(const std::vector<const Network *> &nets) {
  struct View {
    const std::vector<const Network *> &v;
    std::size_t size() const { return v.size(); }
    bool empty() const { return v.empty(); }
    const Network &operator[](std::size_t i) const { return *v[i]; }
    const Network &front() const { return *v.front(); }
  } chain{nets};
  if (chain.empty()) {
    throw InputError("cascade", "needs at least one network");
  }
  for (const Network *net : nets) {
    detail::validate(*net, "network");
  }
  for (std::size_t m = 1; m < chain.size(); ++m) {
    check_pair(chain[m - 1], chain[m]);
  }
  const int n = chain.front().ports;
  const int h = n / 2;
  // Joined ports with different reference impedances: renormalise the right-hand network's input
  // side to the left-hand network's output side (the physical junction). Only then copied.
  std::vector<std::optional<Network>> renormed(chain.size());
  std::vector<const Complex *> data(chain.size());
  std::vector<double> z0_out = chain.front().z0_ohm; // output-side z0 of the running cascade
  data[0] = chain.front().s.data();
  for (std::size_t m = 1; m < chain.size(); ++m) {
    const Network &b = chain[m];
    bool differs = false;
    for (int q = 0; q < h; ++q) {
      differs = differs || b.z0_ohm[q] != z0_out[h + q];
    }
    if (differs) {
      std::vector<double> z = b.z0_ohm;
      for (int q = 0; q < h; ++q)
        z[q] = z0_out[h + q];
      renormed[m] = renormalize(b, std::move(z));
      data[m] = renormed[m]->s.data();
    } else {
      data[m] = b.s.data();
    }
    for (int q = 0; q < h; ++q)
      z0_out[h + q] = b.z0_ohm[h + q];
  }

  Network out = chain.front();
  out.z0_ohm = z0_out;
  if (chain.size() > 1) {
    std::string name;
    for (const Network *net : nets)
      if (!net->name.empty())
        name += (name.empty() ? "" : "*") + net->name;
    out.name = name;
  }
  const std::size_t nf = out.frequencies();
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  if (h == 1) {
    for (std::size_t k = 0; k < nf; ++k) {
      Complex *acc = out.s.data() + k * nn;
      for (std::size_t m = 1; m < chain.size(); ++m)
        star2(acc, data[m] + k * nn);
    }
  } else if (h == 2) {
    for (std::size_t k = 0; k < nf; ++k) {
      Complex *acc = out.s.data() + k * nn;
      for (std::size_t m = 1; m < chain.size(); ++m)
        star4(acc, data[m] + k * nn);
    }
  } else {
    Star star(h);
    for (std::size_t k = 0; k < nf; ++k) {
      Star::FullMap acc(out.s.data() + k * nn, n, n);
      for (std::size_t m = 1; m < chain.size(); ++m)
        star.apply(acc, data[m] + k * nn);
    }
  }
  for (std::size_t idx = 0; idx < out.s.size(); ++idx) {
    if (!std::isfinite(out.s[idx].real()) || !std::isfinite(out.s[idx].imag())) {
      throw InputError(out.name.empty() ? std::string("cascade") : "cascade of " + out.name,
                       "the junction resonates without loss at " +
                           number_text(out.freq_hz[idx / nn]) +
                           " Hz (I - S22·S11 is singular); the cascade does not exist there");
    }
  }
  return out;
}

} // namespace

Network cascade(std::span<const Network> chain) {
  std::vector<const Network *> nets;
  nets.reserve(chain.size());
  for (const Network &net : chain)
    nets.push_back(&net);
  return cascade_chain(nets);
}

Network cascade(const Network &a, const Network &b) { return cascade_chain({&a, &b}); }

} // namespace linkphy
