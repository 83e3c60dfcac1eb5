// Cascade of 2N-port networks by the Redheffer star product of their S matrices (Redheffer,
// J. Math. Phys. 41, 1962; the connection formula of skrf.network.connect / innerconnect_s).
// For A then B with N×N blocks (1 = input side, 2 = output side) and E = (I − A22·B11)⁻¹:
//   S21 = B21·E·A21          S22 = B22 + B21·E·A22·B12
//   S11 = A11 + A12·B11·E·A21  S12 = A12·(B12 + B11·E·A22·B12)
// Unlike a T-matrix product this needs no S21⁻¹, so it holds at DC and for lossless matched lines.
#include "network_detail.hpp"

#include <linkphy/phy/network_ops.hpp>

#include <Eigen/LU>

#include <optional>
#include <string>

namespace linkphy {
namespace {

/// Star product on N×N blocks (N = half the port count), frequency loop inside.
template <int N> struct Star {
  using Blk = Eigen::Matrix<Complex, N, N>;
  using Full = Eigen::Matrix<Complex, (N == Eigen::Dynamic ? Eigen::Dynamic : 2 * N),
                             (N == Eigen::Dynamic ? Eigen::Dynamic : 2 * N), Eigen::RowMajor>;
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

/// 2-port special case in scalars.
inline void star2(Complex *acc, const Complex *b) {
  const Complex a11 = acc[0], a12 = acc[1], a21 = acc[2], a22 = acc[3];
  const Complex e = 1.0 / (1.0 - a22 * b[0]);
  const Complex w = e * a21;
  const Complex v = e * a22 * b[1];
  acc[0] = a11 + a12 * b[0] * w;
  acc[1] = a12 * (b[1] + b[0] * v);
  acc[2] = b[2] * w;
  acc[3] = b[3] + b[2] * v;
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
  } else {
    auto run = [&]<int N>() {
      Star<N> star(h);
      for (std::size_t k = 0; k < nf; ++k) {
        typename Star<N>::FullMap acc(out.s.data() + k * nn, n, n);
        for (std::size_t m = 1; m < chain.size(); ++m)
          star.apply(acc, data[m] + k * nn);
      }
    };
    if (h == 2) {
      run.template operator()<2>();
    } else {
      run.template operator()<Eigen::Dynamic>();
    }
  }
  for (std::size_t idx = 0; idx < out.s.size(); ++idx) {
    if (!std::isfinite(out.s[idx].real()) || !std::isfinite(out.s[idx].imag())) {
      throw InputError("cascade of " + out.name,
                       "the junction resonates without loss at " +
                           std::to_string(out.freq_hz[idx / nn]) +
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
