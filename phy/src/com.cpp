// Channel Operating Margin, IEEE 802.3-2022 Annex 93A (+802.3ck): equaliser search by figure of
// merit (93A.1.6) and statistical COM (93A.1.7). Where this differs from the standard or from the
// IEEE COM reference code, the comment says so (and docs/com.md lists it).
#include "com_internal.hpp"
#include "ui_correlation.hpp"

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fft.hpp>
#include <linkphy/phy/pulse_response.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <numbers>
#include <sstream>
#include <thread>

namespace linkphy::com {

// RX Butterworth filter, 93A-20.
Complex rx_filter(double f, double f_r) {
  const double x = f / f_r;
  return 1.0 / Complex(1.0 - 3.414214 * x * x + x * x * x * x, 2.613126 * (x - x * x * x));
}
// RX raised-cosine roll-off of the 802.3df/dj COM workbooks (Raised_Cosine, RC_Start, RC_end; e.g.
// config_com_ieee8023_93a=df_200G_PAM4_RCos_CAKR_11_2022.xlsx), in the taper form Annex 93A uses
// for its ERL window (93A.5, com_erl.cpp): the workbook gives only its two corner frequencies.
double rx_raised_cosine(double f, double start, double end) {
  if (!(end > 0) || f <= start)
    return 1.0;
  if (f >= end)
    return 0.0;
  return 0.5 * (1.0 + std::cos(std::numbers::pi * (f - start) / (end - start)));
}
// TX edge filter (Gaussian, T_r 20–80 %), 93A-46.
double tx_filter(double f, double t_r) {
  const double a = std::numbers::pi * f * t_r / 1.6832;
  return std::exp(-2.0 * a * a);
}
namespace {
// CTLE, 93A-22 with the 802.3ck low-frequency pole-zero stage (120F-3 / 162A), at linear gains
// g = 10^(g_dB/20) (computed once per setting by the callers in loops).
Complex ctle_linear(double f, const Settings &s, double g_dc, double g_hp) {
  const Complex jf(0.0, f);
  Complex h = (g_dc + jf / s.f_z_hz) / ((1.0 + jf / s.f_p1_hz) * (1.0 + jf / s.f_p2_hz));
  if (s.f_hp_pz_hz > 0)
    h *= (g_hp + jf / s.f_hp_pz_hz) / (1.0 + jf / s.f_hp_pz_hz);
  return h;
}
} // namespace

Complex ctle(double f, const Settings &s, double g_dc_db, double g_hp_db) {
  return ctle_linear(f, s, std::pow(10.0, g_dc_db / 20.0), std::pow(10.0, g_hp_db / 20.0));
}

// The FFE'd pulse at absolute sample t: Σ_j c_j p(t − (j − pre)·M), circular.
double ffe_sample(const std::vector<double> &p, const std::vector<double> &c, int pre, int m,
                  long t) {
  const long n = static_cast<long>(p.size());
  double s = 0;
  for (std::size_t j = 0; j < c.size(); ++j) {
    if (c[j] == 0)
      continue;
    long u = (t - (static_cast<long>(j) - pre) * m) % n;
    if (u < 0)
      u += n;
    s += c[j] * p[static_cast<std::size_t>(u)];
  }
  return s;
}

namespace {
constexpr double kPi = std::numbers::pi;

// Inverse of erfc by bisection (only needed once per evaluation).
double erfc_inv(double y) {
  double lo = 0, hi = 10;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (std::erfc(mid) > y ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

struct TapSet {
  std::vector<double> c; // c(−pre)..c(post) with c(0)
  // Lag products a_l = Σ_i c_i·c_(i+l) (doubled for l > 0), so that cᵀRc = Σ_l r_l·a_l for a
  // Toeplitz R; set when c has at most kMaxLags taps (lags_set), else computed on demand.
  static constexpr std::size_t kMaxLags = 16;
  std::array<double, kMaxLags> lag{};
  bool lags_set = false;
  // The setting's leading `prefix_taps` taps (precursors before c(−1)) as an index into the
  // distinct such tap tuples of the grid (-1: none), so that the search computes their part of
  // the FFE'd pulse once per CTLE setting (CtleState::prefix_win) instead of once per setting.
  int prefix = -1;
  std::size_t prefix_taps = 0;
  void set_lags() {
    const std::size_t nl = c.size();
    lags_set = nl <= kMaxLags;
    for (std::size_t l = 0; l < nl && lags_set; ++l) {
      double a = 0;
      for (std::size_t i = 0; i + l < nl; ++i)
        a += c[i] * c[i + l];
      lag[l] = l == 0 ? a : 2.0 * a;
    }
  }
};

// Every TX FFE setting with c(0) >= c0_min, tap 0 varying fastest. `grid` (if given): for each
// point of the full tap grid (linear index Σ idx[i]·Π_{k<i} n_k), its index in the result or -1.
std::vector<TapSet> tx_combinations(const Settings &s, std::vector<long> *grid = nullptr) {
  std::vector<TapSet> out;
  const std::size_t n = s.tx_tap_values.size();
  std::vector<std::size_t> idx(n, 0);
  long linear = 0;
  if (grid) {
    std::size_t points = 1;
    for (const auto &v : s.tx_tap_values)
      points *= v.size();
    grid->assign(points, -1);
  }
  for (;;) {
    TapSet t;
    double sum_abs = 0;
    t.c.reserve(n + 1);
    for (std::size_t i = 0; i < n; ++i) {
      if (i == static_cast<std::size_t>(s.tx_pre_taps))
        t.c.push_back(0.0);
      const double v = s.tx_tap_values[i][idx[i]];
      t.c.push_back(v);
      sum_abs += std::abs(v);
    }
    if (n == static_cast<std::size_t>(s.tx_pre_taps))
      t.c.push_back(0.0);
    t.c[static_cast<std::size_t>(s.tx_pre_taps)] = 1.0 - sum_abs;
    if (1.0 - sum_abs >= s.c0_min - 1e-9) {
      t.set_lags();
      if (grid)
        (*grid)[static_cast<std::size_t>(linear)] = static_cast<long>(out.size());
      out.push_back(std::move(t));
    }
    ++linear;
    std::size_t i = 0;
    while (i < n && ++idx[i] == s.tx_tap_values[i].size())
      idx[i++] = 0;
    if (i == n)
      break;
  }
  return out;
}

// Numbers each setting's leading taps c(−pre)..c(−2) (TapSet::prefix); returns the distinct
// tuples, in order of first appearance.
std::vector<std::vector<double>> assign_prefixes(std::vector<TapSet> &combos, int pre) {
  std::vector<std::vector<double>> out;
  if (pre < 2)
    return out;
  const auto np = static_cast<std::size_t>(pre - 1);
  for (TapSet &t : combos) {
    const std::vector<double> key(t.c.begin(), t.c.begin() + static_cast<long>(np));
    auto it = std::find(out.begin(), out.end(), key);
    if (it == out.end()) {
      out.push_back(key);
      it = out.end() - 1;
    }
    t.prefix = static_cast<int>(it - out.begin());
    t.prefix_taps = np;
  }
  return out;
}

// One pulse response (N samples, circular) with per-phase UI-rate autocorrelations.
struct PulseData {
  std::vector<double> p;              // N samples
  std::size_t n_ui = 0;               // N / M
  std::vector<std::vector<double>> r; // [phase][lag] Σ_n P_φ[n]·P_φ[n+lag]
};

// The sums of ui_cross_correlation (each in n order from 0, terms past the record's end left
// out), regrouped as [phase][lag].
void autocorrelate(PulseData &d, int m, int max_lag) {
  const auto mm = static_cast<std::size_t>(m);
  const auto nl = static_cast<std::size_t>(max_lag) + 1;
  d.n_ui = d.p.size() / mm;
  thread_local std::vector<double> acc;
  acc.resize(nl * mm);
  linkphy::detail::ui_cross_correlation(d.p.data(), d.p.data(), d.n_ui, mm, nl, acc.data());
  d.r.assign(mm, std::vector<double>(nl, 0.0));
  for (std::size_t ph = 0; ph < mm; ++ph)
    for (std::size_t l = 0; l < nl; ++l)
      d.r[ph][l] = acc[l * mm + ph];
}

// c^T R c with R Toeplitz from autocorrelation lags r[0..c.size()).
double quad(const std::vector<double> &c, const double *r) {
  double s = 0;
  for (std::size_t i = 0; i < c.size(); ++i)
    for (std::size_t j = 0; j < c.size(); ++j)
      s += c[i] * c[j] * r[i > j ? i - j : j - i];
  return s;
}
double quad(const std::vector<double> &c, const std::vector<double> &r) {
  return quad(c, r.data());
}

// Floating DFE tap placement: N_bg groups of N_bf adjacent taps among taps (N_b, N_f], chosen
// greedily by the energy they remove (the reference code's findbankloc criterion; its
// tie-breaking between adjacent banks is not replicated). Marks chosen taps in `floating`.
void floating_taps(const std::vector<double> &h, double h0, const Settings &s,
                   std::vector<char> &floating) {
  const int first = static_cast<int>(s.b_max.size()) + 1, last = s.n_f;
  if (s.n_bg <= 0 || s.n_bf <= 0 || last - first + 1 < s.n_bf)
    return;
  const int windows = last - first + 1 - s.n_bf + 1;
  const auto taps = static_cast<std::size_t>(last - first + 1);
  thread_local std::vector<double> gain, tap_gain;
  gain.resize(static_cast<std::size_t>(windows));
  tap_gain.resize(taps);
  // Per tap the energy it removes (a² − rem², rem = max(0, a − b_max_g·h0)); a window's gain is
  // the sum of its taps' in tap order from 0, the same sums as term by term per window.
  const double lim = s.b_max_g * h0;
  for (std::size_t k = 0; k < taps; ++k) {
    const double a = std::abs(h[static_cast<std::size_t>(first) + k]);
    const double d = a - lim;
    const double rem = d > 0.0 ? d : 0.0;
    tap_gain[k] = a * a - rem * rem;
  }
  for (int w = 0; w < windows; ++w) {
    double g = 0;
    for (int k = 0; k < s.n_bf; ++k)
      g += tap_gain[static_cast<std::size_t>(w + k)];
    gain[static_cast<std::size_t>(w)] = g;
  }
  // Greedy: the first window of largest gain among those not yet used (used ones: −inf, never
  // chosen while an unused one remains; the count stops the loop when none does).
  constexpr double kUsed = -std::numeric_limits<double>::infinity();
  int unused = windows;
  for (int g = 0; g < s.n_bg && unused > 0; ++g) {
    int best = 0;
    for (int w = 1; w < windows; ++w)
      if (gain[static_cast<std::size_t>(w)] > gain[static_cast<std::size_t>(best)])
        best = w;
    while (gain[static_cast<std::size_t>(best)] == kUsed) // (only if no gain beats −inf)
      ++best;
    for (int k = 0; k < s.n_bf; ++k)
      floating[static_cast<std::size_t>(first + best + k)] = 1;
    for (int w = std::max(0, best - s.n_bf + 1); w <= std::min(windows - 1, best + s.n_bf - 1); ++w)
      if (gain[static_cast<std::size_t>(w)] != kUsed) {
        gain[static_cast<std::size_t>(w)] = kUsed;
        --unused;
      }
  }
}

// DFE taps (93A-26) for postcursors h[1..], cursor h0: fixed taps clipped to [b_min, b_max],
// floating taps to ±b_max_g, the tail from n_tail_start limited in RSS. Writes b[1..span].
void dfe_taps(const std::vector<double> &h, double h0, const Settings &s, std::vector<double> &b) {
  const std::size_t nb = s.b_max.size();
  const std::size_t span =
      std::max<std::size_t>(nb, s.n_bg > 0 ? static_cast<std::size_t>(s.n_f) : nb);
  b.assign(span + 1, 0.0);
  for (std::size_t k = 1; k <= nb; ++k)
    b[k] = std::clamp(h[k] / h0, s.b_min[k - 1], s.b_max[k - 1]);
  if (s.n_bg > 0) {
    thread_local std::vector<char> floating;
    floating.assign(span + 1, 0);
    floating_taps(h, h0, s, floating);
    for (std::size_t k = nb + 1; k <= span; ++k)
      if (floating[k])
        b[k] = std::clamp(h[k] / h0, -s.b_max_g, s.b_max_g);
  }
  if (s.n_tail_start > 0 && s.b_float_rss_max > 0 &&
      static_cast<std::size_t>(s.n_tail_start) <= span) {
    double rss = 0;
    for (std::size_t k = static_cast<std::size_t>(s.n_tail_start); k <= span; ++k)
      rss += b[k] * b[k];
    rss = std::sqrt(rss);
    if (rss >= s.b_float_rss_max)
      for (std::size_t k = static_cast<std::size_t>(s.n_tail_start); k <= span; ++k)
        b[k] *= s.b_float_rss_max / rss;
  }
}

// Sampling point by the Mueller–Müller criterion with DFE (93A-25 as in the reference code's
// cursor_sample_index): from the last 1 %-of-peak upward crossing within 4 UI before the peak,
// over 2 UI, minimise |h(t−T) − max(h(t+T) − b_max(1)·h(t), 0)|. Returns −1 if no crossing.
// (The pulse is smooth at M ≥ 16 samples per UI, so both searches run coarse-to-fine: every
// 4th sample, then the neighbourhood; the sampled points are the same as an exhaustive scan's
// unless the pulse wiggles within 4 samples.)
// In two parts: mm_crossing finds the crossing (−1 if none, or if the metric's samples would
// leave the window), mm_cursor_from the cursor from it, within [zx, zx + 2 UI].
template <class Sample> long mm_crossing(Sample &&win, long win_size, long peak_rel, int m) {
  const double thr = 0.01 * win(peak_rel);
  const long stop = std::max(0L, peak_rel - 4L * m);
  long zx = -1; // the last upward crossing before the peak: search backwards from it
  long t = peak_rel - 4;
  while (t >= stop && win(t) >= thr)
    t -= 4;
  for (long u = std::min(peak_rel - 1, t + 4); u >= std::max(stop, t); --u) {
    const double a = win(u) - thr, b = win(u + 1) - thr;
    if ((a < 0 && b >= 0) || (a == 0 && b > 0)) {
      zx = u;
      break;
    }
  }
  if (zx < 0 || zx - m < 0 || zx + 3L * m >= win_size)
    return -1;
  return zx;
}
template <class Sample>
long mm_cursor_from(Sample &&win, long zx, long win_start, int m, double bmax1) {
  auto metric = [&](long u) {
    return std::abs(win(u - m) - std::max(win(u + m) - bmax1 * win(u), 0.0));
  };
  long best = zx;
  double best_metric = metric(zx);
  for (long u = zx + 4; u <= zx + 2L * m; u += 4)
    if (const double v = metric(u); v < best_metric) {
      best_metric = v;
      best = u;
    }
  const long lo = std::max(zx, best - 3), hi = std::min(zx + 2L * m, best + 3);
  for (long u = lo; u <= hi; ++u)
    if (const double v = metric(u); v < best_metric || (v == best_metric && u < best)) {
      best_metric = v;
      best = u;
    }
  return win_start + best;
}

// dst[i] = init[i] (or 0) + Σ_q cs[q]·src[q][i] for i in [from, to), summed in q order (the
// tap order of ffe_sample), one sample at a time with the taps in registers.
template <std::size_t K>
void fir_fixed(double *dst, const double *init, const double *const *src, const double *cs,
               std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    double a = init ? init[i] : 0.0;
    for (std::size_t q = 0; q < K; ++q)
      a += cs[q] * src[q][i];
    dst[i] = a;
  }
}
void fir_block(double *dst, const double *init, const double *const *src, const double *cs,
               std::size_t k, std::size_t from, std::size_t to) {
  switch (k) {
  case 0:
    return fir_fixed<0>(dst, init, src, cs, from, to);
  case 1:
    return fir_fixed<1>(dst, init, src, cs, from, to);
  case 2:
    return fir_fixed<2>(dst, init, src, cs, from, to);
  case 3:
    return fir_fixed<3>(dst, init, src, cs, from, to);
  case 4:
    return fir_fixed<4>(dst, init, src, cs, from, to);
  case 5:
    return fir_fixed<5>(dst, init, src, cs, from, to);
  default:
    for (std::size_t i = from; i < to; ++i) {
      double a = init ? init[i] : 0.0;
      for (std::size_t q = 0; q < k; ++q)
        a += cs[q] * src[q][i];
      dst[i] = a;
    }
  }
}

struct FomParts {
  double fom, a_s, s_isi, s_j, s_xt, s_n, s_tx;
  long cursor;
};

// A CTLE as a weighted sum of four fixed responses, so that pulses and their correlations are
// computed once: H_ctf = g1·g2·A + g1·B + g2·C + E with g = 10^(g_dB/20) and
// A = 1/D, B = (jf/f_HP)/D, C = (jf/f_z)/D, E = (jf/f_z)(jf/f_HP)/D,
// D = (1 + jf/f_p1)(1 + jf/f_p2)(1 + jf/f_HP) (93A-22 with the 802.3ck second stage; without
// it, g2 = 1 and B = E = 0).
constexpr int kBasis = 4;
constexpr int kRhoSteps = 64; // grid of the joint cursor/first-precursor bound (CtleState::g_rho)
void ctle_basis(double f, const Settings &s, Complex out[kBasis]) {
  const Complex jf(0.0, f);
  Complex d = (1.0 + jf / s.f_p1_hz) * (1.0 + jf / s.f_p2_hz);
  if (s.f_hp_pz_hz > 0) {
    d *= 1.0 + jf / s.f_hp_pz_hz;
    out[0] = 1.0 / d;
    out[1] = (jf / s.f_hp_pz_hz) / d;
    out[2] = (jf / s.f_z_hz) / d;
    out[3] = (jf / s.f_z_hz) * (jf / s.f_hp_pz_hz) / d;
  } else {
    out[0] = 1.0 / d;
    out[1] = 0.0;
    out[2] = (jf / s.f_z_hz) / d;
    out[3] = 0.0;
  }
}
std::array<double, kBasis> ctle_weights(const Settings &s, double g_dc_db, double g_hp_db) {
  const double g1 = std::pow(10.0, g_dc_db / 20.0);
  const double g2 = s.f_hp_pz_hz > 0 ? std::pow(10.0, g_hp_db / 20.0) : 1.0;
  return {g1 * g2, g1, g2, 1.0};
}

// The four CTLE basis responses on the uniform grid k·df, k < k_points, [basis][k]: computed
// once per grid and CTLE pole/zero set and kept per thread (hops of a sweep share them).
const std::array<std::vector<Complex>, kBasis> &ctle_basis_grid(std::size_t k_points, double df,
                                                                const Settings &s) {
  struct Cache {
    std::size_t k_points = 0;
    std::array<double, 5> key{};
    std::array<std::vector<Complex>, kBasis> v;
  };
  thread_local Cache c;
  const std::array<double, 5> key{df, s.f_z_hz, s.f_p1_hz, s.f_p2_hz, s.f_hp_pz_hz};
  if (c.k_points != k_points || c.key != key) {
    c.k_points = 0; // invalid until complete
    for (auto &v : c.v)
      v.resize(k_points);
    Complex x[kBasis];
    for (std::size_t k = 0; k < k_points; ++k) {
      ctle_basis(df * static_cast<double>(k), s, x);
      for (std::size_t b = 0; b < kBasis; ++b)
        c.v[b][k] = x[b];
    }
    c.k_points = k_points;
    c.key = key;
  }
  return c.v;
}

// The noise Gram matrix of the CTLE basis on the channel's frequency points (93A-35 as the
// reference code integrates it): G_ab = Σ_k |H_r(f_k)|²·Re(X_a(f_k)·conj X_b(f_k))·(f_k − f_k−1),
// so that Σ_k |H_r·H_ctf|²·Δf_k = wᵀGw for the CTLE weights w (ctle_weights). Kept per thread for
// the last grid and filter set (hops of a sweep share them). H_r includes the raised-cosine
// roll-off when the table has one (rx_raised_cosine).
const std::array<double, kBasis * kBasis> &noise_gram(const std::vector<double> &f,
                                                      const Settings &s) {
  struct Cache {
    std::vector<double> f;
    std::array<double, 7> key{};
    std::array<double, kBasis * kBasis> g{};
  };
  thread_local Cache c;
  const std::array<double, 7> key{s.f_r_hz,     s.f_z_hz,      s.f_p1_hz,  s.f_p2_hz,
                                  s.f_hp_pz_hz, s.rc_start_hz, s.rc_end_hz};
  if (c.key != key || c.f != f) {
    c.g.fill(0.0);
    Complex x[kBasis];
    for (std::size_t k = 1; k < f.size(); ++k) {
      ctle_basis(f[k], s, x);
      const double rc = rx_raised_cosine(f[k], s.rc_start_hz, s.rc_end_hz);
      const double r2 = std::norm(rx_filter(f[k], s.f_r_hz)) * rc * rc * (f[k] - f[k - 1]);
      for (std::size_t a = 0; a < kBasis; ++a)
        for (std::size_t b = 0; b < kBasis; ++b)
          c.g[a * kBasis + b] += r2 * (x[a].real() * x[b].real() + x[a].imag() * x[b].imag());
    }
    c.f = f;
    c.key = key;
  }
  return c.g;
}

// The TX filter, RX filter and RX raised cosine (93A-19) on a path's data grid, per thread for
// the last grid and filter set (the paths of a hop and the hops of a sweep share one grid): the
// same factors as computed in place, so the products built from them are unchanged.
struct DataGridFilters {
  std::vector<double> f_hz;
  std::array<double, 4> key{};
  std::vector<double> tx, rc;
  std::vector<Complex> rx;
};
const DataGridFilters &data_grid_filters(const std::vector<double> &f, const Settings &s) {
  thread_local DataGridFilters c;
  const std::array<double, 4> key{s.t_r_s, s.f_r_hz, s.rc_start_hz, s.rc_end_hz};
  // Compared bit for bit (== would take −0 for +0).
  const bool same = c.f_hz.size() == f.size() && std::memcmp(&c.key, &key, sizeof key) == 0 &&
                    (f.empty() || std::memcmp(c.f_hz.data(), f.data(), f.size() * 8) == 0);
  if (!same) {
    c.f_hz.clear(); // invalid until complete
    c.tx.resize(f.size());
    c.rx.resize(f.size());
    c.rc.resize(f.size());
    for (std::size_t k = 0; k < f.size(); ++k) {
      c.tx[k] = tx_filter(f[k], s.t_r_s);
      c.rx[k] = rx_filter(f[k], s.f_r_hz);
      c.rc[k] = rx_raised_cosine(f[k], s.rc_start_hz, s.rc_end_hz);
    }
    c.key = key;
    c.f_hz = f;
  }
  return c;
}

// One path's basis pulses and their per-phase UI-rate cross-correlations.
struct PathBasis {
  std::vector<std::vector<double>> p; // [basis][N] pulse responses (amplitude applied)
  int lags = 0;
  int m = 0;
  std::vector<double> x;  // [phase][a][b][lag]: Σ_k P_a,φ[k]·P_b,φ[k+lag]
  std::vector<double> xd; // same for D_φ[k] = p[φ+1+kM] − p[φ−1+kM] (thru only)
  // What the pulses and sums above were built from (Evaluator::prepare): an aggressor slot whose
  // inputs equal these is reused as it stands. `built` is false until a build completed.
  // Compared bit for bit (not with ==, for which −0 equals +0).
  struct Key {
    bool built = false;
    std::vector<double> f_hz;
    std::vector<Complex> h21;
    std::array<double, 14> params{};
    bool same(const std::vector<double> &f, const std::vector<Complex> &h,
              const std::array<double, 14> &q) const {
      auto eq = [](const auto &x, const auto &y) {
        return x.size() == y.size() &&
               (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0);
      };
      return built && eq(params, q) && eq(f_hz, f) && eq(h21, h);
    }
  } key;
  double &at(std::vector<double> &v, int ph, int a, int b, int l) {
    return v[((static_cast<std::size_t>(ph) * kBasis + static_cast<std::size_t>(a)) * kBasis +
              static_cast<std::size_t>(b)) *
                 static_cast<std::size_t>(lags + 1) +
             static_cast<std::size_t>(l)];
  }
};

// `zero[a]`: basis a is identically zero (no second CTLE stage), its correlations stay 0.
// The pulse p[t], t = k·M + φ, is already laid out as [UI k][phase φ], so all M phases of a lag
// accumulate side by side (ui_cross_correlation), each phase's sum in k order from 0 with the
// terms past the record's end (zeros) left out: the same sums, term for term, as one phase at a
// time.
void correlate(PathBasis &pb, bool with_derivative, const std::array<bool, kBasis> &zero) {
  const std::size_t n = pb.p[0].size();
  const auto mm = static_cast<std::size_t>(pb.m);
  const std::size_t n_ui = n / mm;
  const std::size_t per = static_cast<std::size_t>(kBasis * kBasis * (pb.lags + 1));
  pb.x.assign(mm * per, 0.0);
  if (with_derivative)
    pb.xd.assign(mm * per, 0.0);
  else
    pb.xd.clear();
  const auto nl = static_cast<std::size_t>(pb.lags) + 1;
  // Derivative sequences D[t] = p[t + 1] − p[t − 1] (circular neighbours), same layout.
  thread_local std::vector<std::vector<double>> deriv;
  if (with_derivative) {
    deriv.resize(kBasis);
    for (std::size_t a = 0; a < static_cast<std::size_t>(kBasis); ++a) {
      if (zero[a])
        continue;
      const auto &pa = pb.p[a];
      deriv[a].resize(n);
      double *d = deriv[a].data();
      if (n < 2) {
        for (std::size_t t = 0; t < n; ++t)
          d[t] = pa[t + 1 == n ? 0 : t + 1] - pa[t == 0 ? n - 1 : t - 1];
        continue;
      }
      d[0] = pa[1] - pa[n - 1];
      for (std::size_t t = 1; t + 1 < n; ++t) // the inner samples in one vectorisable loop
        d[t] = pa[t + 1] - pa[t - 1];
      d[n - 1] = pa[0] - pa[n - 2];
    }
  }
  thread_local std::vector<double> acc;
  acc.resize(nl * mm);
  auto pair = [&](const double *sa, const double *sb, std::vector<double> &out, int a, int b) {
    linkphy::detail::ui_cross_correlation(sa, sb, n_ui, mm, nl, acc.data()); // acc: [lag][phase]
    for (std::size_t ph = 0; ph < mm; ++ph)
      for (std::size_t l = 0; l < nl; ++l)
        pb.at(out, static_cast<int>(ph), a, b, static_cast<int>(l)) = acc[l * mm + ph];
  };
  for (int a = 0; a < kBasis; ++a)
    for (int b = 0; b < kBasis; ++b) {
      if (zero[static_cast<std::size_t>(a)] || zero[static_cast<std::size_t>(b)])
        continue;
      pair(pb.p[static_cast<std::size_t>(a)].data(), pb.p[static_cast<std::size_t>(b)].data(), pb.x,
           a, b);
      if (with_derivative)
        pair(deriv[static_cast<std::size_t>(a)].data(), deriv[static_cast<std::size_t>(b)].data(),
             pb.xd, a, b);
    }
}

// Per-phase autocorrelation of the combined pulse Σ w_a p_a into out[phase·(lags + 1) + lag]:
// Σ_(a,b) w_a·w_b·x_ab summed over the pairs (a, b) in order from 0, all lags of a phase side by
// side.
void combine_corr(const PathBasis &pb, const std::vector<double> &x,
                  const std::array<double, kBasis> &w, double *out) {
  const auto nl = static_cast<std::size_t>(pb.lags) + 1;
  std::array<double, kBasis * kBasis> ww;
  for (std::size_t a = 0; a < kBasis; ++a)
    for (std::size_t b = 0; b < kBasis; ++b)
      ww[a * kBasis + b] = w[a] * w[b];
  for (std::size_t ph = 0; ph < static_cast<std::size_t>(pb.m); ++ph) {
    double *o = out + ph * nl;
    std::fill(o, o + nl, 0.0);
    const double *xs = x.data() + ph * kBasis * kBasis * nl;
    for (std::size_t ab = 0; ab < kBasis * kBasis; ++ab, xs += nl)
      for (std::size_t l = 0; l < nl; ++l)
        o[l] += ww[ab] * xs[l];
  }
}

// The thru pulse near its peak and the correlations for one CTLE setting.
struct CtleState {
  std::vector<double> local; // thru pulse on [local_lo, local_lo + size)
  long local_lo = 0;
  long peak = 0;
  // Per-phase UI-rate autocorrelations, nph phases of nlag lags: r [path][phase][lag], rd the
  // thru derivative's [phase][lag].
  std::size_t paths = 0, nph = 0, nlag = 0;
  std::vector<double> r, rd;
  const double *corr(std::size_t path, std::size_t ph) const {
    return r.data() + (path * nph + ph) * nlag;
  }
  const double *dcorr(std::size_t ph) const { return rd.data() + ph * nlag; }
  // [path]: a NEXT aggressor's worst-phase energy (its TX FFE is off, so it does not depend on
  // the victim's taps); -1 for FEXT aggressors (computed per TX setting). Entry 0 unused.
  std::vector<double> xt_fixed;
  // Per TX tap j (shift (j − pre) UI): the largest and smallest pulse sample it can weight at
  // any cursor the MM search may return, t_s ∈ [peak − 7 UI, peak + 5 UI) (Evaluator::fom).
  std::vector<double> tap_hi, tap_lo;
  // The same for the cursors outside the window's peak range: t_s ∈ [peak − 7, peak − 3) ∪
  // (peak + 3, peak + 5) UI.
  std::vector<double> out_hi, out_lo;
  // g(ρ) = max over the same cursors of p(t) + ρ·p(t + 1 UI) on the grid ρ_k = −1 + k/kRhoSteps
  // ·2 (the cursor tap with the first precursor tap, c(−1)/c(0) = ρ). g is convex in ρ (a
  // maximum of linear functions), so between grid points it is below the larger end value.
  std::vector<double> g_rho;
  double sigma_n = 0;
  // Per leading-tap tuple (assign_prefixes): Σ_j c_j·p(t − (j − pre)·M) over those taps on the
  // FOM window [peak − 8 UI, peak + 6 UI], summed in tap order from 0 exactly as Evaluator::fom
  // sums them (so the window it completes is bit-identical). Empty: not computed.
  std::vector<std::vector<double>> prefix_win;
  // rd transposed, [lag][phase] (the jitter bound takes its minimum over the phases), and the
  // local pulse decimated by M, [residue][k] = local[residue + k·M] with dec_n entries per
  // residue (UI-spaced samples as contiguous runs).
  std::vector<double> rd_t, dec;
  std::vector<double> rd_lo, rd_hi; // per lag: rd's smallest and largest value over the phases
  std::size_t dec_n = 0;
  double at(long t) const { return local[static_cast<std::size_t>(t - local_lo)]; }
};

// The large buffers of one evaluation, kept per thread: repeated evaluations (sweeps) reuse
// them instead of taking fresh pages from the OS each time, which would cost more than the
// arithmetic. An evaluation runs on one thread (its search workers only read them).
struct Workspace {
  std::vector<PathBasis> basis;  // [path]; 0 = thru
  std::vector<PulseData> pulses; // full pulses for the final COM
  std::vector<Complex> h, vtf;
};
Workspace &workspace() {
  thread_local Workspace w;
  return w;
}

struct CtleSetting {
  double gdc, ghp; // dB
};
// The best setting of a search: index into the CTLE settings and the TX FFE combinations.
struct SearchBest {
  double fom = -1e300;
  std::size_t ctle = 0, tx = 0;
  long evaluated = 0; // FOM evaluations (exhaustive: every setting counted, pruned or not)
};

class Evaluator {
public:
  Evaluator(const Settings &s, const PathTransfer &thru, std::span<const PathTransfer> aggr)
      : s_(s), thru_(thru), aggr_(aggr), tx_noise_(std::pow(10.0, -s.snr_tx_db / 20.0)) {}
  Result run();
  /// The FOM of every setting as the exhaustive search computes it (no pruning), CTLE settings
  /// in table order, TX FFE settings fastest; -inf where the setting has no valid cursor.
  std::vector<double> search_foms();
  /// The thru pulse at the chosen CTLE (after run(); valid until the thread's next evaluation).
  const std::vector<double> &thru_pulse() const { return pulses_[0].p; }

private:
  void prepare();
  // Fills `st` for one CTLE setting (every member set; its buffers' capacity reused).
  void ctle_state(double g_dc, double g_hp, CtleState &st) const;
  CtleState ctle_state(double g_dc, double g_hp) const {
    CtleState st;
    ctle_state(g_dc, g_hp, st);
    return st;
  }
  void fill_prefixes(CtleState &st, const std::vector<std::vector<double>> &prefixes) const;
  void full_pulses(double g_dc, double g_hp);
  bool fom(const CtleState &st, const TapSet &tx, double floor_db, FomParts &out) const;
  // `floor0`: the FOM of some setting of the grid (or -1e300): prunes from the start.
  SearchBest exhaustive_search(const std::vector<CtleSetting> &ctles,
                               const std::vector<TapSet> &combos,
                               const std::vector<std::vector<double>> &prefixes,
                               double floor0) const;
  SearchBest local_search(const std::vector<CtleSetting> &ctles, std::size_t n_gdc,
                          const std::vector<TapSet> &combos, const std::vector<long> &grid) const;
  double sigma_n(double g_dc, double g_hp) const;

  const Settings &s_;
  const PathTransfer &thru_;
  std::span<const PathTransfer> aggr_;
  double tx_noise_; // σ_TX / h(0) = 10^(−SNR_TX/20) (93A-30)
  // The noise Gram matrix of this channel (noise_gram), copied once before the searches so that
  // sigma_n() need not look it up per CTLE setting (the search workers only read it).
  std::array<double, kBasis * kBasis> gram_{};
  bool gram_set_ = false;
  void fetch_gram() {
    gram_ = noise_gram(thru_.f_hz, s_);
    gram_set_ = true;
  }
  std::size_t k_points_ = 0;
  double df_ = 0;
  Workspace &ws_ = workspace();
  std::vector<PathBasis> &basis_ = ws_.basis;   // [path]; 0 = thru
  long centre_ = 0;                             // peak of the thru pulse at 0 dB CTLE gains
  double sigma_n_ = 0;                          // of the chosen CTLE
  std::vector<PulseData> &pulses_ = ws_.pulses; // full pulses for the final COM
  std::vector<std::string> warnings_;
};

void Evaluator::prepare() {
  const auto &f = thru_.f_hz;
  if (f.size() < 10)
    throw InputError(thru_.name, "channel has " + std::to_string(f.size()) +
                                     " frequency points; accepted: at least 10");
  const double nyquist = s_.f_b_hz / 2;
  if (f.back() < nyquist) {
    std::ostringstream os;
    os << "channel data end at " << f.back() / 1e9 << " GHz, below the Nyquist frequency "
       << nyquist / 1e9 << " GHz; COM needs the band up to at least f_b/2";
    throw InputError(thru_.name, os.str());
  }
  if (f.back() < s_.f_b_hz) {
    std::ostringstream os;
    os << thru_.name << ": data end at " << f.back() / 1e9
       << " GHz, below f_b = " << s_.f_b_hz / 1e9 << " GHz; extrapolated above";
    warnings_.push_back(os.str());
  }
  for (const auto &a : aggr_) {
    if (a.f_hz.size() < 10)
      throw InputError(a.name, "crosstalk channel has " + std::to_string(a.f_hz.size()) +
                                   " frequency points; accepted: at least 10");
    if (a.f_hz.back() < nyquist) {
      std::ostringstream os;
      os << "crosstalk channel data end at " << a.f_hz.back() / 1e9
         << " GHz, below the Nyquist frequency " << nyquist / 1e9
         << " GHz; COM needs the band up to at least f_b/2";
      throw InputError(a.name, os.str());
    }
    if (a.f_hz.back() < s_.f_b_hz) {
      std::ostringstream os;
      os << a.name << ": data end at " << a.f_hz.back() / 1e9
         << " GHz, below f_b = " << s_.f_b_hz / 1e9 << " GHz; extrapolated above";
      warnings_.push_back(os.str());
    }
  }
  // Non-finite transfer values (S-parameters that overflow the package cascade) would turn the
  // pulse responses into NaN, on which the search indexes out of bounds: refused here.
  auto check_finite = [](const PathTransfer &p) {
    for (std::size_t k = 0; k < p.h21.size(); ++k)
      if (!std::isfinite(p.h21[k].real()) || !std::isfinite(p.h21[k].imag())) {
        std::ostringstream os;
        os << "the path's transfer function (package, channel and terminations) is not finite at "
           << p.f_hz[k] / 1e9 << " GHz: the S-parameters overflow its arithmetic";
        throw InputError(p.name, os.str());
      }
  };
  check_finite(thru_);
  for (const auto &a : aggr_)
    check_finite(a);
  const double step = f[2] - f[1]; // the reference code's frequency step
  const double f_max = s_.samples_per_ui * s_.f_b_hz / 2;
  const std::size_t intervals = fft_grid_intervals(f_max, step, thru_.name);
  k_points_ = intervals + 1;
  df_ = f_max / static_cast<double>(intervals);
  InverseRealFft ifft(k_points_);
  const auto &ctf = ctle_basis_grid(k_points_, df_, s_);
  const int lags = static_cast<int>(s_.tx_tap_values.size());
  // Without the low-frequency stage the B and E responses are zero (ctle_basis).
  const bool one_stage = !(s_.f_hp_pz_hz > 0);
  const std::array<bool, kBasis> zero{false, one_stage, false, one_stage};
  auto &h = ws_.h, &vtf = ws_.vtf;
  // Everything a path's build reads besides its transfer: the TX/RX filters, the grid, the CTLE
  // basis (ctle_basis_grid's key), M, the lags, the amplitude and the derivative flag.
  auto params = [&](double amp, bool thru) {
    return std::array<double, 14>{s_.t_r_s,
                                  s_.f_r_hz,
                                  s_.rc_start_hz,
                                  s_.rc_end_hz,
                                  df_,
                                  static_cast<double>(k_points_),
                                  s_.f_z_hz,
                                  s_.f_p1_hz,
                                  s_.f_p2_hz,
                                  s_.f_hp_pz_hz,
                                  static_cast<double>(s_.samples_per_ui),
                                  static_cast<double>(lags),
                                  amp,
                                  thru ? 1.0 : 0.0};
  };
  // A basis response's spectrum (overwritten by the inverse FFT) and each one's impulse
  // response: FFT-aligned buffers kept per thread.
  thread_local FftComplexBuffer spec;
  thread_local std::array<FftBuffer, kBasis> irs;
  auto build = [&](PathBasis &pb, const PathTransfer &p, double amp, bool thru) {
    pb.key.built = false; // until this build completes
    const DataGridFilters &fl = data_grid_filters(p.f_hz, s_);
    h.resize(p.f_hz.size());
    for (std::size_t k = 0; k < h.size(); ++k) // H_t · H21 · H_r on the data grid (93A-19)
      h[k] = fl.tx[k] * p.h21[k] * fl.rx[k] * fl.rc[k];
    vtf.resize(k_points_);
    resample_transfer(p.f_hz, h, df_, std::span<Complex>(vtf));
    pb.m = s_.samples_per_ui;
    pb.lags = lags;
    pb.p.resize(kBasis);
    std::array<const double *, kBasis> ir_p{};
    std::array<double *, kBasis> pulse_p{};
    std::size_t used = 0;
    spec.resize(k_points_);
    for (std::size_t b = 0; b < kBasis; ++b) {
      auto &pulse = pb.p[b];
      if (zero[b]) { // left empty: stands for a zero pulse
        pulse.clear();
        continue;
      }
      // spec = vtf·X_b, the product written out as the compiler's complex multiply computes it
      // (re = ac − bd, im = ad + bc, each product and sum rounded: no fused multiply-add) so
      // that the loop vectorises; where both parts are NaN the library's operator (its recovery
      // of infinities, C99 Annex G) gives the value, as before.
      const Complex *cb = ctf[b].data();
      for (std::size_t k = 0; k < k_points_; ++k) {
        const double a = vtf[k].real(), bi = vtf[k].imag(), c = cb[k].real(), d = cb[k].imag();
        spec[k] = Complex(a * c - bi * d, a * d + bi * c);
      }
      for (std::size_t k = 0; k < k_points_; ++k)
        if (std::isnan(spec[k].real()) && std::isnan(spec[k].imag()))
          spec[k] = vtf[k] * cb[k];
      spec.front() = spec.front().real();
      spec.back() = spec.back().real();
      irs[b].resize(ifft.time_points());
      ifft_c2r_destroy(spec, irs[b]); // as ifft.run(spec, ·), without a staging copy
      pulse.resize(irs[b].size());
      ir_p[used] = irs[b].data();
      pulse_p[used++] = pulse.data();
    }
    pulse_from_impulses(std::span(ir_p.data(), used), ifft.time_points(), s_.samples_per_ui, amp,
                        std::span(pulse_p.data(), used)); // 93A-24
    if (!thru) // (the thru's pulse is checked where its peak is found, below)
      for (std::size_t b = 0; b < used; ++b)
        for (std::size_t t = 0; t < ifft.time_points(); ++t)
          if (!std::isfinite(pulse_p[b][t]))
            throw InputError(p.name, "the crosstalk pulse response is not finite: the "
                                     "S-parameters overflow its computation");
    correlate(pb, thru, zero);
  };
  basis_.resize(1 + aggr_.size());
  build(basis_[0], thru_, s_.a_v_v, true);
  // An aggressor equal in every input to the one this thread's last evaluation built in the same
  // slot is kept as it is (a sweep's points share their crosstalk path, e.g. the cable's NEXT
  // model, and only the thru changes with length); the same inputs give the same sums, so this is
  // exact. The thru is always rebuilt.
  for (std::size_t i = 0; i < aggr_.size(); ++i) {
    PathBasis &pb = basis_[i + 1];
    const PathTransfer &a = aggr_[i];
    const double amp = a.kind == PathKind::next ? s_.a_ne_v : s_.a_fe_v;
    if (pb.key.same(a.f_hz, a.h21, params(amp, false)))
      continue;
    build(pb, a, amp, false);
    pb.key.f_hz = a.f_hz;
    pb.key.h21 = a.h21;
    pb.key.params = params(amp, false);
    pb.key.built = true;
  }
  const auto &p0 = basis_[0].p;
  double best = -1e300;
  for (std::size_t t = 0; t < p0[0].size(); ++t) {
    double v = p0[0][t]; // Σ of the basis pulses (empty ones are zero)
    for (std::size_t b = 1; b < kBasis; ++b)
      if (!p0[b].empty())
        v += p0[b][t];
    if (!std::isfinite(v))
      throw InputError(thru_.name, "the pulse response is not finite: the S-parameters overflow "
                                   "its computation");
    if (v > best) {
      best = v;
      centre_ = static_cast<long>(t);
    }
  }
}

double Evaluator::sigma_n(double g_dc, double g_hp) const {
  // 93A-35 over the channel's frequency points, as the reference code: σ_N² = η0·Σ_k |H_r·H_ctf|²
  // Δf_k, with H_ctf = Σ_a w_a X_a (ctle_basis) expanded as the quadratic form η0·wᵀGw.
  // (The Gram matrix as fetched before the search, gram(): noise_gram compares the channel's
  // frequency grid with its cache's on every call.)
  const auto &g = gram_set_ ? gram_ : noise_gram(thru_.f_hz, s_);
  const auto w = ctle_weights(s_, g_dc, g_hp);
  double acc = 0;
  for (std::size_t a = 0; a < kBasis; ++a)
    for (std::size_t b = 0; b < kBasis; ++b)
      acc += w[a] * w[b] * g[a * kBasis + b];
  return std::sqrt(s_.eta0_v2_per_hz * std::max(acc, 0.0));
}

void Evaluator::ctle_state(double g_dc, double g_hp, CtleState &st) const {
  const auto w = ctle_weights(s_, g_dc, g_hp);
  const int m = s_.samples_per_ui;
  const long n = static_cast<long>(basis_[0].p[0].size());
  st.prefix_win.clear(); // fill_prefixes' (none yet)
  st.local_lo = std::max(0L, centre_ - 60L * m);
  const long hi = std::min(n - 1, centre_ + 90L * m);
  st.local.resize(static_cast<std::size_t>(hi - st.local_lo + 1));
  {
    // Σ_b w_b·p_b over the non-empty (non-zero) responses, summed in b order from 0.
    std::array<const double *, kBasis> src;
    std::array<double, kBasis> wb;
    std::size_t nb = 0;
    for (std::size_t b = 0; b < kBasis; ++b)
      if (!basis_[0].p[b].empty()) {
        src[nb] = basis_[0].p[b].data() + st.local_lo;
        wb[nb++] = w[b];
      }
    double *dst = st.local.data();
    if (nb == kBasis) // the common case first: a loop the compiler vectorises
      for (std::size_t i = 0; i < st.local.size(); ++i)
        dst[i] =
            0.0 + wb[0] * src[0][i] + wb[1] * src[1][i] + wb[2] * src[2][i] + wb[3] * src[3][i];
    else
      for (std::size_t i = 0; i < st.local.size(); ++i) {
        double v = 0.0;
        for (std::size_t b = 0; b < nb; ++b)
          v += wb[b] * src[b][i];
        dst[i] = v;
      }
  }
  {
    // The first largest sample within ±20 UI of the centre: the maximum over four independent
    // lanes, then its first occurrence (what a serial first-strictly-greater scan returns).
    const long a = std::max(st.local_lo, centre_ - 20L * m), b = std::min(hi, centre_ + 20L * m);
    const double *x = st.local.data() + (a - st.local_lo);
    const auto n = static_cast<std::size_t>(b - a + 1);
    double lane[4] = {x[0], x[0], x[0], x[0]};
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
      for (std::size_t q = 0; q < 4; ++q)
        lane[q] = lane[q] > x[i + q] ? lane[q] : x[i + q];
    for (; i < n; ++i)
      lane[0] = std::max(lane[0], x[i]);
    const double top = std::max(std::max(lane[0], lane[1]), std::max(lane[2], lane[3]));
    std::size_t k = 0;
    while (x[k] != top)
      ++k;
    st.peak = a + static_cast<long>(k);
  }
  st.paths = basis_.size();
  st.nph = static_cast<std::size_t>(m);
  st.nlag = static_cast<std::size_t>(basis_[0].lags) + 1;
  const std::size_t nph = st.nph, nlag = st.nlag;
  st.r.resize(st.paths * nph * nlag);
  for (std::size_t i = 0; i < basis_.size(); ++i)
    combine_corr(basis_[i], basis_[i].x, w, st.r.data() + i * nph * nlag);
  st.rd.resize(nph * nlag);
  combine_corr(basis_[0], basis_[0].xd, w, st.rd.data());
  st.rd_t.resize(nph * nlag);
  st.rd_lo.assign(nlag, 1e300);
  st.rd_hi.assign(nlag, -1e300);
  for (std::size_t ph = 0; ph < nph; ++ph)
    for (std::size_t l = 0; l < nlag; ++l) {
      const double v = st.dcorr(ph)[l];
      st.rd_t[l * nph + ph] = v;
      st.rd_lo[l] = std::min(st.rd_lo[l], v);
      st.rd_hi[l] = std::max(st.rd_hi[l], v);
    }
  const auto mm = static_cast<std::size_t>(m);
  st.dec_n = (st.local.size() + mm - 1) / mm;
  st.dec.assign(mm * st.dec_n, 0.0);
  {
    // Only the UIs fom() reads: from the cursor (within [peak − 8 UI, peak + 6 UI]) the taps'
    // shifts −post..pre and the DFE span (a UI of slack either side), and the first UIs of each
    // row (where a read past a row's end would land, as before). Read in order, one UI at a
    // time, each sample to its residue's row.
    const long taps = static_cast<long>(s_.tx_tap_values.size()) + 1;
    const long pre = s_.tx_pre_taps, post = taps - 1 - pre;
    const auto span = static_cast<long>(std::max(
        s_.b_max.size(), s_.n_bg > 0 ? static_cast<std::size_t>(s_.n_f) : s_.b_max.size()));
    const long k_lo = (st.peak - 8L * m - st.local_lo) / m - post - 1;
    const long k_hi = (st.peak + 6L * m - st.local_lo) / m + pre + span + 2;
    auto copy = [&](long from, long to) { // UIs [from, to) ∩ [0, dec_n)
      const auto a = static_cast<std::size_t>(std::max(from, 0L));
      const auto b = std::min(st.dec_n, static_cast<std::size_t>(std::max(to, 0L)));
      for (std::size_t k = a; k < b; ++k) {
        const std::size_t u0 = k * mm;
        const std::size_t nr = std::min(mm, st.local.size() - u0);
        for (std::size_t r = 0; r < nr; ++r)
          st.dec[r * st.dec_n + k] = st.local[u0 + r];
      }
    };
    copy(0, std::min(4L, std::max(k_lo, 0L)));
    copy(k_lo, k_hi);
  }
  st.sigma_n = sigma_n(g_dc, g_hp);
  st.xt_fixed.assign(basis_.size(), -1.0);
  for (std::size_t i = 1; i < basis_.size(); ++i)
    if (aggr_[i - 1].kind == PathKind::next) {
      double best = 0; // quad(unity, r) = r[0]
      for (std::size_t ph = 0; ph < nph; ++ph)
        best = std::max(best, st.corr(i, ph)[0]);
      st.xt_fixed[i] = best;
    }
  const long taps = static_cast<long>(s_.tx_tap_values.size()) + 1;
  st.tap_hi.assign(static_cast<std::size_t>(taps), -1e300);
  st.tap_lo.assign(static_cast<std::size_t>(taps), 1e300);
  st.g_rho.clear();
  if (s_.tx_pre_taps >= 1) {
    static const std::array<double, kRhoSteps + 1> rhos = [] {
      std::array<double, kRhoSteps + 1> v{};
      for (int k = 0; k <= kRhoSteps; ++k)
        v[static_cast<std::size_t>(k)] = -1.0 + 2.0 * k / kRhoSteps;
      return v;
    }();
    // Only the samples whose largest value over ρ ∈ [−1, 1], p0 + |p1|, reaches the largest
    // smallest one, max_t (p0 − |p1|), can be the maximum at some ρ (less 1e-9 of the peak
    // sample for the rounding of either side: the others fall short by far more than rounding,
    // so the table is the same).
    const long t0 = std::max(st.peak - 7L * m, st.local_lo);
    const long t1 = std::min(st.peak + 5L * m, hi - m + 1); // [t0, t1): t + m <= hi
    double floor_v = -1e300;
    for (long t = t0; t < t1; ++t)
      floor_v = std::max(floor_v, st.at(t) - std::abs(st.at(t + m)));
    floor_v -= 1e-9 * (std::abs(floor_v) + std::abs(st.at(st.peak)));
    std::array<double, kRhoSteps + 1> g;
    g.fill(-1e300);
    for (long t = t0; t < t1; ++t) {
      const double p0 = st.at(t), p1 = st.at(t + m);
      if (p0 + std::abs(p1) < floor_v)
        continue;
      for (std::size_t k = 0; k <= kRhoSteps; ++k) {
        const double v = p0 + rhos[k] * p1;
        g[k] = g[k] > v ? g[k] : v;
      }
    }
    st.g_rho.assign(g.begin(), g.end());
  }
  st.out_hi.assign(static_cast<std::size_t>(taps), -1e300);
  st.out_lo.assign(static_cast<std::size_t>(taps), 1e300);
  // Largest and smallest of local over the samples u = t − shift, t in [a, b), within the record
  // (four independent lanes: the same extremes as a serial scan).
  auto extremes = [&](long a, long b, long shift, double &vmax, double &vmin) {
    a = std::max(a - shift, st.local_lo);
    b = std::min(b - shift, hi + 1);
    if (a >= b)
      return;
    const double *x = st.local.data() + (a - st.local_lo);
    const auto n = static_cast<std::size_t>(b - a);
    double mx[4] = {vmax, vmax, vmax, vmax}, mn[4] = {vmin, vmin, vmin, vmin};
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
      for (std::size_t q = 0; q < 4; ++q) {
        mx[q] = mx[q] > x[i + q] ? mx[q] : x[i + q];
        mn[q] = mn[q] < x[i + q] ? mn[q] : x[i + q];
      }
    for (; i < n; ++i) {
      mx[0] = std::max(mx[0], x[i]);
      mn[0] = std::min(mn[0], x[i]);
    }
    vmax = std::max(std::max(mx[0], mx[1]), std::max(mx[2], mx[3]));
    vmin = std::min(std::min(mn[0], mn[1]), std::min(mn[2], mn[3]));
  };
  for (long j = 0; j < taps; ++j) {
    const long shift = (j - s_.tx_pre_taps) * m;
    const auto uj = static_cast<std::size_t>(j);
    extremes(st.peak - 7L * m, st.peak - 3L * m, shift, st.out_hi[uj], st.out_lo[uj]);
    extremes(st.peak + 3L * m + 1, st.peak + 5L * m, shift, st.out_hi[uj], st.out_lo[uj]);
    extremes(st.peak - 7L * m, st.peak + 5L * m, shift, st.tap_hi[uj], st.tap_lo[uj]);
  }
}

void Evaluator::fill_prefixes(CtleState &st,
                              const std::vector<std::vector<double>> &prefixes) const {
  st.prefix_win.clear();
  const long m = s_.samples_per_ui, pre = s_.tx_pre_taps;
  const long post = static_cast<long>(s_.tx_tap_values.size()) - pre;
  const long lo = st.local_lo, hi = st.local_lo + static_cast<long>(st.local.size()) - 1;
  const long w0 = st.peak - 8 * m, w1 = st.peak + 6 * m;
  if (prefixes.empty() || w0 - post * m < lo || w1 + pre * m > hi) // fom() gives up there
    return;
  const auto wn = static_cast<std::size_t>(w1 - w0 + 1);
  const double *base = st.local.data() + (w0 - lo);
  st.prefix_win.resize(prefixes.size());
  for (std::size_t p = 0; p < prefixes.size(); ++p) {
    auto &w = st.prefix_win[p];
    w.assign(wn, 0.0);
    for (std::size_t j = 0; j < prefixes[p].size(); ++j) { // as fom(): tap order, from 0
      const double cj = prefixes[p][j];
      if (cj == 0)
        continue;
      const double *src = base - (static_cast<long>(j) - pre) * m;
      for (std::size_t i = 0; i < wn; ++i)
        w[i] += cj * src[i];
    }
  }
}

void Evaluator::full_pulses(double g_dc, double g_hp) {
  const auto w = ctle_weights(s_, g_dc, g_hp);
  pulses_.resize(basis_.size());
  for (std::size_t i = 0; i < basis_.size(); ++i) {
    // p[t] = Σ_b w_b·p_b[t] over the non-empty (non-zero) responses, added in basis order from
    // +0, in one pass over the record.
    auto &p = pulses_[i].p;
    const std::size_t n = basis_[i].p[0].size();
    p.resize(n);
    std::array<const double *, kBasis> src{};
    std::array<double, kBasis> wb{};
    std::size_t used = 0;
    for (std::size_t b = 0; b < kBasis; ++b)
      if (!basis_[i].p[b].empty()) { // empty: a zero response
        src[used] = basis_[i].p[b].data();
        wb[used++] = w[b];
      }
    double *out = p.data();
    if (used == 4) {
      const double *s0 = src[0], *s1 = src[1], *s2 = src[2], *s3 = src[3];
      for (std::size_t t = 0; t < n; ++t)
        out[t] = (((0.0 + wb[0] * s0[t]) + wb[1] * s1[t]) + wb[2] * s2[t]) + wb[3] * s3[t];
    } else if (used == 2) {
      const double *s0 = src[0], *s1 = src[1];
      for (std::size_t t = 0; t < n; ++t)
        out[t] = (0.0 + wb[0] * s0[t]) + wb[1] * s1[t];
    } else {
      std::fill(out, out + n, 0.0);
      for (std::size_t u = 0; u < used; ++u)
        for (std::size_t t = 0; t < n; ++t)
          out[t] += wb[u] * src[u][t];
    }
    if (i > 0) // the final COM reads the aggressors' correlations only (run())
      autocorrelate(pulses_[i], s_.samples_per_ui, static_cast<int>(s_.tx_tap_values.size()));
  }
}

bool Evaluator::fom(const CtleState &st, const TapSet &tx, double floor_db, FomParts &o) const {
  const std::vector<double> &c = tx.c;
  const int m = s_.samples_per_ui;
  const long pre = s_.tx_pre_taps;
  const long post = static_cast<long>(c.size()) - 1 - pre;
  const std::size_t span =
      std::max(s_.b_max.size(), s_.n_bg > 0 ? static_cast<std::size_t>(s_.n_f) : s_.b_max.size());
  const long lo = st.local_lo, hi = st.local_lo + static_cast<long>(st.local.size()) - 1;
  const long w0 = st.peak - 8L * m, w1 = st.peak + 6L * m;
  if (w0 - post * m < lo || w1 + pre * m > hi ||
      st.peak + (3L + static_cast<long>(span) + pre) * m > hi)
    return false;
  const double var_x =
      (s_.levels * s_.levels - 1.0) / (3.0 * (s_.levels - 1.0) * (s_.levels - 1.0));
  // The bounds below compare A_s²/σ² with 10^((floor − 1e-9 dB)/10) instead of the FOM in dB
  // with the floor (no logarithm per setting; the 1e-9 dB margin covers the rounding of either
  // form, so a setting whose FOM reaches the floor is never dropped).
  thread_local double last_floor = -1e300, floor_pow = 0;
  if (floor_db != last_floor) {
    last_floor = floor_db;
    floor_pow = floor_db < -1e299 ? 0.0 : std::pow(10.0, (floor_db - 1e-9) / 10.0);
  }
  bool have_lb = false; // lb_others: a lower bound of σ_J² + σ_XT² + σ_N² at any cursor
  double lb_others = 0;
  {
    // Before the cursor search, an upper bound of the FOM valid at any cursor: h(0) at most
    // Σ_j c_j·(largest or smallest sample tap j can weight), the jitter at least its smallest
    // value over the sampling phases, crosstalk exact (it takes the worst phase anyway), ISI
    // >= 0. The FOM grows with h(0) at fixed other terms (σ_TX ∝ h(0)), so the bound holds; the
    // quadratic forms go through the lag products a_l = Σ_i c_i·c_(i+l) (rounding differs from
    // quad() by ~1e-16, within the 1e-9 dB margin).
    double h_max = 0;
    const auto main = static_cast<std::size_t>(pre);
    std::size_t joint = c.size(); // the first precursor tap, bounded jointly with the cursor
    if (!st.g_rho.empty() && c[main] > 0) {
      const double rho = c[main - 1] / c[main];
      if (rho >= -1.0 && rho <= 1.0) {
        const double x = (rho + 1.0) * 0.5 * kRhoSteps;
        const auto k = std::min(static_cast<std::size_t>(x), static_cast<std::size_t>(kRhoSteps));
        const double g =
            std::max(st.g_rho[k], st.g_rho[std::min(k + 1, static_cast<std::size_t>(kRhoSteps))]);
        h_max += c[main] * (g + 1e-12 * std::abs(g)); // (rounding of ρ and of the grid)
        joint = main - 1;
      }
    }
    for (std::size_t j = 0; j < c.size(); ++j)
      if (joint == c.size() || (j != main && j != joint))
        h_max += c[j] * (c[j] >= 0 ? st.tap_hi[j] : st.tap_lo[j]);
    if (h_max <= 0)
      return false;
    const std::size_t nl = c.size();
    const auto &lag = tx.lag; // entries [0, nl) set by TapSet::set_lags
    const bool small = tx.lags_set;
    auto lag_quad = [&](const double *r) {
      double q = 0;
      for (std::size_t l = 0; l < nl; ++l)
        q += r[l] * lag[l];
      return q;
    };
    if (small) {
      have_lb = true;
      double xt = 0;
      for (std::size_t i = 1; i < st.paths; ++i) {
        double best = st.xt_fixed[i];
        if (best < 0) {
          best = 0;
          for (std::size_t ph = 0; ph < st.nph; ++ph)
            best = std::max(best, lag_quad(st.corr(i, ph)));
        }
        xt += var_x * best;
      }
      const double s_tx = h_max * tx_noise_;
      const double a_max = s_.r_lm * h_max / (s_.levels - 1);
      const double others = xt + st.sigma_n * st.sigma_n + s_tx * s_tx;
      if (a_max * a_max < floor_pow * others) // without jitter first: cheaper, often enough
        return false;
      const double k_j = (s_.a_dd_ui * s_.a_dd_ui + s_.sigma_rj_ui * s_.sigma_rj_ui) * var_x *
                         (m / 2.0) * (m / 2.0);
      if (st.rd_lo.size() >= nl) {
        // A cheaper lower bound first: Σ_l a_l·r_l(φ) >= Σ_l a_l·(r_l's minimum over the phases
        // if a_l >= 0, else its maximum) at every phase φ.
        double q = 0;
        for (std::size_t l = 0; l < nl; ++l)
          q += lag[l] * (lag[l] >= 0 ? st.rd_lo[l] : st.rd_hi[l]);
        if (a_max * a_max < floor_pow * (others + k_j * std::max(q, 0.0)))
          return false;
      }
      double jit = 1e300;
      const std::size_t nph = st.nph;
      if (nph <= 64 && st.rd_t.size() >= nl * nph) {
        // All phases at once (the same products and sums per phase as lag_quad).
        // (q starts from lag 0's products rather than from zeros: the same sums bar the sign of
        // an exact zero, which the max(·, 0) below removes.)
        std::array<double, 64> q;
        for (std::size_t ph = 0; ph < nph; ++ph)
          q[ph] = st.rd_t[ph] * lag[0];
        for (std::size_t l = 1; l < nl; ++l) {
          const double *row = st.rd_t.data() + l * nph;
          const double a = lag[l];
          for (std::size_t ph = 0; ph < nph; ++ph)
            q[ph] += row[ph] * a;
        }
        double lane[4] = {1e300, 1e300, 1e300, 1e300}; // independent minima
        std::size_t ph = 0;
        for (; ph + 4 <= nph; ph += 4)
          for (std::size_t u = 0; u < 4; ++u)
            lane[u] = lane[u] < q[ph + u] ? lane[u] : q[ph + u];
        for (; ph < nph; ++ph)
          lane[0] = std::min(lane[0], q[ph]);
        jit = std::min(std::min(lane[0], lane[1]), std::min(lane[2], lane[3]));
      } else {
        for (std::size_t ph = 0; ph < nph; ++ph)
          jit = std::min(jit, lag_quad(st.dcorr(ph)));
      }
      const double s_j2 = k_j * std::max(jit, 0.0);
      if (a_max * a_max < floor_pow * (others + s_j2))
        return false;
      lb_others = xt + st.sigma_n * st.sigma_n + s_j2;
    }
  }
  // FFE'd pulse (93A-21 as shifted copies) on the fine window around the peak, computed in
  // blocks as the searches need them (loops the compiler vectorises; each sample sums the taps
  // in the same order as ffe_sample): the peak range first, then the cursor search's range.
  const auto wn = static_cast<std::size_t>(w1 - w0 + 1);
  thread_local std::vector<double> win;
  win.resize(wn);
  const double *base = st.local.data() + (w0 - lo);
  // The leading taps' part from the CTLE's prefix table (the same sums, see prefix_win), then
  // the other non-zero taps (a zero tap adds exact zeros: skipping it changes no sample).
  const double *init = nullptr;
  std::size_t j0 = 0;
  if (tx.prefix >= 0 && !st.prefix_win.empty()) {
    init = st.prefix_win[static_cast<std::size_t>(tx.prefix)].data();
    j0 = tx.prefix_taps;
  }
  // (Only the first k entries are read: left uninitialised, as zeroing them cost ~5 % of a
  // pruned evaluation.)
  std::array<double, TapSet::kMaxLags> cs;
  std::array<const double *, TapSet::kMaxLags> srcs;
  std::size_t k = 0;
  const bool fits = c.size() <= TapSet::kMaxLags;
  for (std::size_t j = j0; j < c.size() && fits; ++j)
    if (c[j] != 0) {
      cs[k] = c[j];
      srcs[k++] = base - (static_cast<long>(j) - pre) * m;
    }
  auto compute = [&](std::size_t from, std::size_t to) { // [from, to)
    if (fits) {
      fir_block(win.data(), init, srcs.data(), cs.data(), k, from, to);
      return;
    }
    std::fill(win.begin() + static_cast<long>(from), win.begin() + static_cast<long>(to), 0.0);
    for (std::size_t j = 0; j < c.size(); ++j) {
      const double cj = c[j];
      if (cj == 0)
        continue;
      const double *src = base - (static_cast<long>(j) - pre) * m;
      double *dst = win.data();
      for (std::size_t i = from; i < to; ++i)
        dst[i] += cj * src[i];
    }
  };
  const auto um = static_cast<std::size_t>(m);
  compute(5 * um, 11 * um + 1);
  auto sample = [&](long i) { return win[static_cast<std::size_t>(i)]; };
  // Peak within ±3 UI of the unequalised one: coarse pass every 4 samples, then refine (the
  // pulse is smooth at M ≥ 16 samples per UI).
  // (The coarse maximum over four independent lanes, then its first sample: the sample the
  // serial first-strictly-greater scan returns, without its chain of dependent compares.)
  long peak_rel = 5L * m;
  double peak_v = sample(peak_rel);
  {
    double lane[4] = {peak_v, peak_v, peak_v, peak_v};
    long t = 5L * m + 4;
    for (; t + 12 <= 11L * m; t += 16)
      for (long u = 0; u < 4; ++u)
        lane[u] = std::max(lane[u], sample(t + 4 * u));
    for (; t <= 11L * m; t += 4)
      lane[0] = std::max(lane[0], sample(t));
    const double top = std::max(std::max(lane[0], lane[1]), std::max(lane[2], lane[3]));
    if (top > peak_v) {
      long u = 5L * m + 4;
      while (sample(u) != top)
        u += 4;
      peak_rel = u;
      peak_v = top;
    }
  }
  for (long t = std::max(5L * m, peak_rel - 3); t <= std::min(11L * m, peak_rel + 3); ++t) {
    const double v = sample(t);
    if (v > peak_v) {
      peak_v = v;
      peak_rel = t;
    }
  }
  if (have_lb) {
    // The same bound with h(0) at most the largest sample of the window's peak range [5, 11] UI
    // (computed) or, for cursors in [1, 5) or (11, 13) UI, the per-tap bound there.
    double lane[4] = {0, 0, 0, 0}; // four independent maxima (no serial dependency)
    std::size_t i = 5 * um;
    for (; i + 4 <= 11 * um + 1; i += 4)
      for (std::size_t q = 0; q < 4; ++q)
        lane[q] = lane[q] > win[i + q] ? lane[q] : win[i + q];
    for (; i <= 11 * um; ++i)
      lane[0] = std::max(lane[0], win[i]);
    double h_max = std::max(std::max(lane[0], lane[1]), std::max(lane[2], lane[3]));
    double h_out = 0;
    for (std::size_t j = 0; j < c.size(); ++j)
      h_out += c[j] * (c[j] >= 0 ? st.out_hi[j] : st.out_lo[j]);
    h_max = std::max(h_max, h_out);
    const double s_tx = h_max * tx_noise_;
    const double a_max = s_.r_lm * h_max / (s_.levels - 1);
    if (a_max * a_max < floor_pow * (lb_others + s_tx * s_tx))
      return false;
  }
  {
    // mm_cursor reads [peak − 5 UI, peak + 3 UI) of the window (the crossing within 4 UI before
    // the peak, the MM metric ±1 UI around up to 2 UI after it).
    const auto from = static_cast<std::size_t>(std::max(0L, peak_rel - 5L * m));
    const auto to = std::min(wn, static_cast<std::size_t>(peak_rel + 3L * m));
    if (from < 5 * um)
      compute(from, 5 * um);
    if (to > 11 * um + 1)
      compute(11 * um + 1, to);
  }
  const double bmax1 = s_.b_max.empty() ? 0.0 : s_.b_max[0];
  const long zx = mm_crossing(sample, static_cast<long>(wn), peak_rel, m);
  if (zx < 0)
    return false;
  if (have_lb) {
    // The cursor lies in [zx, zx + 2 UI] (mm_cursor_from), often well before the peak (on the
    // link evaluator's DAC hops h(0) is below 0.9 of the peak for most settings): the bound
    // above once more with h(0) at most the largest sample there.
    double lane[4] = {-1e300, -1e300, -1e300, -1e300};
    const auto a = static_cast<std::size_t>(zx), b = static_cast<std::size_t>(zx + 2L * m) + 1;
    std::size_t i = a;
    for (; i + 4 <= b; i += 4)
      for (std::size_t q = 0; q < 4; ++q)
        lane[q] = lane[q] > win[i + q] ? lane[q] : win[i + q];
    for (; i < b; ++i)
      lane[0] = std::max(lane[0], win[i]);
    const double h_max = std::max(std::max(lane[0], lane[1]), std::max(lane[2], lane[3]));
    if (h_max <= 0)
      return false;
    const double s_tx = h_max * tx_noise_;
    const double a_max = s_.r_lm * h_max / (s_.levels - 1);
    if (a_max * a_max < floor_pow * (lb_others + s_tx * s_tx))
      return false;
  }
  const long ts = mm_cursor_from(sample, zx, w0, m, bmax1);
  const auto phase = static_cast<std::size_t>(((ts % m) + m) % m);
  // UI-spaced samples of the FFE'd pulse from the cursor on (93A-21).
  // UI-spaced samples d = 0, 1, … from the decimated pulse: sample d sums the non-zero taps in
  // tap order as ffe_sample does (a zero tap adds exact zeros), c_j·p(t_s + (d + pre − j)·M).
  thread_local std::vector<double> h;
  h.resize(span + 1); // every entry is written by ui_samples before it is read
  std::array<double, TapSet::kMaxLags> ucs; // the first uk entries are set (as cs, srcs)
  std::array<const double *, TapSet::kMaxLags> usrc;
  std::size_t uk = 0;
  const auto ub = static_cast<std::size_t>(ts - lo);
  const double *dec_row = st.dec.data() + (ub % um) * st.dec_n;
  for (std::size_t j = 0; j < c.size() && fits; ++j)
    if (c[j] != 0) {
      ucs[uk] = c[j];
      usrc[uk++] = dec_row + static_cast<long>(ub / um) + pre - static_cast<long>(j);
    }
  auto ui_samples = [&](std::size_t from, std::size_t to) { // h[d] for d in [from, to)
    if (fits) {
      fir_block(h.data(), nullptr, usrc.data(), ucs.data(), uk, from, to);
      return;
    }
    for (std::size_t d = from; d < to; ++d) {
      double acc = 0;
      for (std::size_t j = 0; j < c.size(); ++j)
        acc += c[j] * st.at(ts + static_cast<long>(d) * m - (static_cast<long>(j) - pre) * m);
      h[d] = acc;
    }
  };
  ui_samples(0, 1);
  const double h0 = h[0];
  if (h0 <= 0)
    return false;
  o.a_s = s_.r_lm * h0 / (s_.levels - 1); // 93A.1.6 c
  // The terms that do not depend on the DFE first: jitter, TX noise, RX noise, crosstalk.
  const double hj2 = quad(c, st.dcorr(phase)) * (m / 2.0) * (m / 2.0); // 93A-28
  o.s_j = std::sqrt((s_.a_dd_ui * s_.a_dd_ui + s_.sigma_rj_ui * s_.sigma_rj_ui) * var_x *
                    hj2);  // 93A-32
  o.s_tx = h0 * tx_noise_; // 93A-30
  o.s_n = st.sigma_n;
  double xt = 0; // 93A-33, 93A-34: each aggressor at its worst phase (NEXT: without TX FFE)
  for (std::size_t i = 1; i < st.paths; ++i) {
    double best = st.xt_fixed[i];
    if (best < 0) {
      best = 0;
      for (std::size_t ph = 0; ph < st.nph; ++ph)
        best = std::max(best, quad(c, st.corr(i, ph)));
    }
    xt += var_x * best;
  }
  o.s_xt = std::sqrt(xt);
  const double others = o.s_j * o.s_j + o.s_xt * o.s_xt + o.s_n * o.s_n + o.s_tx * o.s_tx;
  // Upper bounds of the FOM (the ISI term is >= 0, and at least the energy outside the DFE
  // span): a setting that cannot beat the best FOM so far is not the optimum, so skipping it
  // never changes the result.
  if (o.a_s * o.a_s < floor_pow * others)
    return false;
  ui_samples(1, span + 1);
  double energy = quad(c, st.corr(0, phase)) - h0 * h0;
  {
    double outside = energy;
    for (std::size_t d = 1; d <= span; ++d)
      outside -= h[d] * h[d];
    if (o.a_s * o.a_s < floor_pow * (var_x * std::max(outside, 0.0) + others))
      return false;
  }
  thread_local std::vector<double> b;
  dfe_taps(h, h0, s_, b);
  for (std::size_t d = 1; d <= span; ++d) {
    const double ex = h[d] - b[d] * h0;
    energy += ex * ex - h[d] * h[d];
  }
  o.s_isi = std::sqrt(var_x * std::max(energy, 0.0)); // 93A-31
  const double total =
      o.s_isi * o.s_isi + o.s_j * o.s_j + o.s_xt * o.s_xt + o.s_n * o.s_n + o.s_tx * o.s_tx;
  o.fom = 20.0 * std::log10(o.a_s / std::sqrt(total)); // 93A-36
  o.cursor = ts;
  return true;
}

SearchBest Evaluator::exhaustive_search(const std::vector<CtleSetting> &ctles,
                                        const std::vector<TapSet> &combos,
                                        const std::vector<std::vector<double>> &prefixes,
                                        double floor0) const {
  // Each worker takes every n-th CTLE setting; the best is the highest FOM, ties to the first
  // setting in table order (deterministic whatever the thread count).
  const unsigned hw = s_.threads > 0
                          ? static_cast<unsigned>(s_.threads)
                          : std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
  const auto workers = static_cast<std::size_t>(std::min<std::size_t>(hw, ctles.size()));
  std::vector<SearchBest> bests(workers);
  // Pruning floor shared by the workers: a setting whose bound is below the best FOM found so
  // far cannot be the optimum, so skipping it never changes the result.
  // (floor0 less 1e-9 dB, so that rounding in the bounds never prunes a setting whose FOM
  // equals floor0.)
  std::atomic<double> shared_best{floor0 - 1e-9};
  const double k_tx = (s_.levels - 1) / s_.r_lm * tx_noise_;
  auto work = [&](std::size_t w) {
    SearchBest &b = bests[w];
    CtleState st; // reused across this worker's CTLE settings
    for (std::size_t i = w; i < ctles.size(); i += workers) {
      ctle_state(ctles[i].gdc, ctles[i].ghp, st);
      // Bound for the whole CTLE setting: h(0) ≤ max|p| since Σ|c| = 1, and the FOM cannot
      // exceed A_s/√(σ_N² + σ_TX²), which grows with A_s (σ_TX = k·A_s, 93A-30).
      double pmax = 0;
      for (double v : st.local)
        pmax = std::max(pmax, std::abs(v));
      const double a_max = s_.r_lm * pmax / (s_.levels - 1);
      const double bound =
          20.0 *
          std::log10(a_max / std::sqrt(st.sigma_n * st.sigma_n + k_tx * k_tx * a_max * a_max));
      b.evaluated += static_cast<long>(combos.size());
      if (bound < std::max(b.fom, shared_best.load(std::memory_order_relaxed)))
        continue;
      fill_prefixes(st, prefixes);
      for (std::size_t t = 0; t < combos.size(); ++t) {
        FomParts parts{};
        const double floor = std::max(b.fom, shared_best.load(std::memory_order_relaxed));
        if (!fom(st, combos[t], floor, parts))
          continue;
        if (parts.fom > b.fom) {
          b.fom = parts.fom;
          b.ctle = i;
          b.tx = t;
          double cur = shared_best.load(std::memory_order_relaxed);
          while (cur < b.fom &&
                 !shared_best.compare_exchange_weak(cur, b.fom, std::memory_order_relaxed)) {
          }
        }
      }
    }
  };
  std::vector<std::thread> pool;
  std::exception_ptr failure;
  std::mutex failure_mutex;
  for (std::size_t w = 1; w < workers; ++w)
    pool.emplace_back([&, w] {
      try {
        work(w);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        failure = std::current_exception();
      }
    });
  work(0);
  for (auto &t : pool)
    t.join();
  if (failure)
    std::rethrow_exception(failure);
  SearchBest best;
  for (const SearchBest &b : bests) {
    best.evaluated += b.evaluated;
    if (b.fom > best.fom || (b.fom == best.fom && b.ctle < best.ctle)) {
      const long evaluated = best.evaluated;
      best = b;
      best.evaluated = evaluated;
    }
  }
  return best;
}

// The local search's FOM cache, keyed by grid point k = CTLE index · TX settings + TX index:
// open addressing with linear probing from slot k mod size (neighbouring TX settings share cache
// lines), kept per thread and zeroed per search (a small table: cheaper than an unordered_map
// per CTLE setting, and than a large table that leaves the cache between searches). Per point:
// state 0 not evaluated, 1 FOM in `value`, 2 no better than the floor in `value` (or no valid
// cursor, with value = -1e300).
class PointCache {
public:
  struct Entry {
    std::uint64_t word = 0; // 0: empty; else (k + 1) | state << 62
    double value = 0;
    int state() const { return static_cast<int>(word >> 62); }
    void set(int st, double v) {
      word = (word & kKeyMask) | static_cast<std::uint64_t>(st) << 62;
      value = v;
    }
  };
  void reset() {
    if (t_.size() < 4096)
      t_.resize(4096);
    std::fill(t_.begin(), t_.end(), Entry{});
    n_ = 0;
  }
  // The entry of `key`, created (state 0) if absent; valid until the next call.
  Entry &at(std::uint64_t key) {
    if (2 * (n_ + 1) > t_.size())
      grow();
    const std::size_t mask = t_.size() - 1;
    const std::uint64_t k1 = key + 1;
    for (std::size_t i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
      Entry &e = t_[i];
      if (e.word == 0) {
        e.word = k1;
        ++n_;
        return e;
      }
      if ((e.word & kKeyMask) == k1)
        return e;
    }
  }

private:
  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << 62) - 1;
  void grow() {
    std::vector<Entry> old(t_.size() * 2);
    old.swap(t_);
    const std::size_t mask = t_.size() - 1;
    for (const Entry &e : old)
      if (e.word != 0) {
        std::size_t i = static_cast<std::size_t>((e.word & kKeyMask) - 1) & mask;
        while (t_[i].word != 0)
          i = (i + 1) & mask;
        t_[i] = e;
      }
  }
  std::vector<Entry> t_; // size a power of 2, at most half full
  std::size_t n_ = 0;
};
PointCache &point_cache() {
  thread_local PointCache c;
  return c;
}

SearchBest Evaluator::local_search(const std::vector<CtleSetting> &ctles, std::size_t n_gdc,
                                   const std::vector<TapSet> &combos,
                                   const std::vector<long> &grid) const {
  // The setting grid: g_DC (n_gdc values, fastest in `ctles`), g_DC_HP, then one axis per TX
  // tap (tap 0 fastest in `grid`). A point is usable if its TX setting satisfies c0_min.
  const std::size_t n_hp = ctles.size() / n_gdc;
  std::vector<std::size_t> dims{n_gdc, n_hp};
  for (const auto &v : s_.tx_tap_values)
    dims.push_back(v.size());
  const std::size_t nd = dims.size();
  using Point = std::vector<std::size_t>;
  auto ctle_of = [&](const Point &x) { return x[1] * n_gdc + x[0]; };
  auto combo_of = [&](const Point &x) {
    std::size_t lin = 0, stride = 1;
    for (std::size_t d = 2; d < nd; ++d) {
      lin += x[d] * stride;
      stride *= dims[d];
    }
    return grid.empty() ? 0L : grid[lin];
  };
  // The CTLE states of the settings visited, from a per-thread pool (their buffers reused by the
  // next search on this thread).
  thread_local std::vector<std::unique_ptr<CtleState>> pool;
  std::size_t n_states = 0;
  std::vector<CtleState *> states(ctles.size(), nullptr);
  PointCache &cache = point_cache();
  cache.reset();
  const auto n_combos = static_cast<std::uint64_t>(combos.size());
  SearchBest best;
  // FOM of a point, or -1e300 if it has no valid cursor or cannot beat `floor`.
  auto eval = [&](const Point &x, double floor) {
    const std::size_t ci = ctle_of(x);
    const long t = combo_of(x);
    if (t < 0)
      return -1e300;
    PointCache::Entry &cc =
        cache.at(static_cast<std::uint64_t>(ci) * n_combos + static_cast<std::uint64_t>(t));
    if (cc.state() == 1)
      return cc.value;
    if (cc.state() == 2 && floor >= cc.value)
      return -1e300;
    if (!states[ci]) {
      if (n_states == pool.size())
        pool.push_back(std::make_unique<CtleState>());
      states[ci] = pool[n_states++].get();
      ctle_state(ctles[ci].gdc, ctles[ci].ghp, *states[ci]);
    }
    FomParts parts{};
    ++best.evaluated;
    if (!fom(*states[ci], combos[static_cast<std::size_t>(t)], floor, parts)) {
      cc.set(2, floor);
      return -1e300;
    }
    cc.set(1, parts.fom);
    return parts.fom;
  };
  // Better: higher FOM, ties to the setting first in table order (as the exhaustive search).
  auto better = [&](double f, std::size_t ci, long t, double bf, std::size_t bci, long bt) {
    return f > bf || (f == bf && (ci < bci || (ci == bci && t < bt)));
  };
  Point best_x;
  auto consider = [&](const Point &x, double f) {
    const std::size_t ci = ctle_of(x);
    const long t = combo_of(x);
    if (f > -1e299 && better(f, ci, t, best.fom, best.ctle, static_cast<long>(best.tx))) {
      best.fom = f;
      best.ctle = ci;
      best.tx = static_cast<std::size_t>(t);
      best_x = x;
      return true;
    }
    return false;
  };
  // No TX FFE: every tap at its value nearest 0.
  Point start(nd, 0);
  for (std::size_t d = 2; d < nd; ++d) {
    const auto &v = s_.tx_tap_values[d - 2];
    for (std::size_t k = 1; k < v.size(); ++k)
      if (std::abs(v[k]) < std::abs(v[start[d]]))
        start[d] = k;
  }
  // Moves coordinate d of x by ±1 in place; false (x unchanged) at the grid's edge.
  auto shift = [&](Point &x, std::size_t d, int delta) {
    if ((delta < 0 && x[d] == 0) || (delta > 0 && x[d] + 1 >= dims[d]))
      return false;
    x[d] = delta < 0 ? x[d] - 1 : x[d] + 1;
    return true;
  };
  // Compass search over the TX FFE taps at x's CTLE setting: the moves of one tap by ±1 step
  // first; only when none of them improves, the moves of two taps at once (along the c(0) >=
  // c0_min edge, where growing one tap needs another to shrink). To the best improving move
  // each time, until none improves. Moves are made in place and undone (no copies).
  auto tx_compass = [&](Point &x, double &fx) {
    for (;;) {
      double fs = fx;
      std::size_t bd = 0, be = 0; // best move: tap bd by bdd (and tap be by bde if be > 0)
      int bdd = 0, bde = 0;
      auto try_here = [&](std::size_t d, int dd, std::size_t e, int de) {
        const double fy = eval(x, fs);
        if (fy > fs) {
          fs = fy;
          bd = d;
          bdd = dd;
          be = e;
          bde = de;
        }
      };
      for (std::size_t d = 2; d < nd; ++d)
        for (int dd : {-1, 1})
          if (shift(x, d, dd)) {
            try_here(d, dd, 0, 0);
            shift(x, d, -dd);
          }
      if (bdd == 0)
        for (std::size_t d = 2; d < nd; ++d)
          for (int dd : {-1, 1}) {
            if (!shift(x, d, dd))
              continue;
            for (std::size_t e = d + 1; e < nd; ++e)
              for (int de : {-1, 1})
                if (shift(x, e, de)) {
                  try_here(d, dd, e, de);
                  shift(x, e, -de);
                }
            shift(x, d, -dd);
          }
      if (bdd == 0)
        return;
      shift(x, bd, bdd);
      if (bde != 0)
        shift(x, be, bde);
      fx = fs;
    }
  };
  // The profile of a CTLE setting (g_DC index a, g_DC_HP index b): the best TX FFE setting the
  // compass search reaches there from `warm`'s taps (or, if that point has no valid cursor, from
  // no TX FFE); computed once per setting.
  std::vector<char> seen(ctles.size(), 0);
  std::vector<double> prof(ctles.size(), -1e300);
  std::vector<Point> prof_x(ctles.size());
  auto profile = [&](std::size_t a, std::size_t b, const Point &warm) {
    const std::size_t ci = b * n_gdc + a;
    if (seen[ci])
      return ci;
    seen[ci] = 1;
    Point x = warm;
    x[0] = a;
    x[1] = b;
    double fx = eval(x, -1e300);
    if (fx <= -1e299) {
      x = start;
      x[0] = a;
      x[1] = b;
      fx = eval(x, -1e300);
      if (fx <= -1e299)
        return ci;
    }
    tx_compass(x, fx);
    prof[ci] = fx;
    prof_x[ci] = x;
    consider(x, fx);
    return ci;
  };
  // The profiled CTLE settings, best profile first (ties in table order).
  auto ranking = [&] {
    std::vector<std::size_t> order;
    for (std::size_t ci = 0; ci < ctles.size(); ++ci)
      if (!prof_x[ci].empty())
        order.push_back(ci);
    std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
      return prof[i] > prof[j] || (prof[i] == prof[j] && i < j);
    });
    return order;
  };
  // Pattern search on the profile over the CTLE grid from setting ci: its neighbours at steps
  // (sa, sb) in g_DC and g_DC_HP (the diagonal ones only at steps (1, 1)), each profiled from
  // ci's taps; to the best improving one; the steps halve when none improves, down to 1.
  auto ctle_search = [&](std::size_t ci, std::size_t sa, std::size_t sb) {
    for (;;) {
      std::size_t next = ci;
      for (int db = -1; db <= 1; ++db)
        for (int da = -1; da <= 1; ++da) {
          if ((da == 0 && db == 0) || (da != 0 && db != 0 && (sa > 1 || sb > 1)))
            continue;
          const long na = static_cast<long>(ci % n_gdc) + da * static_cast<long>(sa);
          const long nb = static_cast<long>(ci / n_gdc) + db * static_cast<long>(sb);
          if (na < 0 || nb < 0 || na >= static_cast<long>(n_gdc) || nb >= static_cast<long>(n_hp))
            continue;
          const std::size_t nj =
              profile(static_cast<std::size_t>(na), static_cast<std::size_t>(nb), prof_x[ci]);
          if (prof[nj] > prof[next])
            next = nj;
        }
      if (next != ci) {
        ci = next;
        continue;
      }
      if (sa == 1 && sb == 1)
        return;
      sa = std::max<std::size_t>(1, sa / 2);
      sb = std::max<std::size_t>(1, sb / 2);
    }
  };
  // Every point within r steps of `centre` in each coordinate from `first` on (the others kept;
  // floor: the best FOM so far), again around each better point found, until the box holds
  // nothing better. first = 2: the TX FFE box at centre's CTLE setting; 0: all coordinates.
  auto box = [&](const Point &centre0, std::size_t first, int r) {
    Point centre = centre0;
    for (bool moved = true; moved; centre = best_x) {
      moved = false;
      Point y = centre;
      std::vector<int> off(nd, -r);
      for (;;) {
        bool ok = true;
        for (std::size_t d = first; d < nd && ok; ++d) {
          const long v = static_cast<long>(centre[d]) + off[d];
          ok = v >= 0 && v < static_cast<long>(dims[d]);
          y[d] = static_cast<std::size_t>(std::max(v, 0L));
        }
        if (ok && consider(y, eval(y, best.fom)))
          moved = true;
        std::size_t d = first;
        while (d < nd && ++off[d] > r)
          off[d++] = -r;
        if (d == nd)
          break;
      }
    }
  };
  // 1. A coarse scan of the CTLE grid: g_DC in steps of a fifth of its range (and its last
  //    value), g_DC_HP in steps of half of it (and its last value), in serpentine order, each
  //    setting profiled from the taps of the one before (the first from no TX FFE).
  const std::size_t step_a = std::max<std::size_t>(1, n_gdc / 5);
  const std::size_t step_b = std::max<std::size_t>(1, n_hp / 2);
  std::vector<std::size_t> as, bs;
  for (std::size_t a = 0; a < n_gdc; a += step_a)
    as.push_back(a);
  if (as.back() != n_gdc - 1)
    as.push_back(n_gdc - 1);
  for (std::size_t b = 0; b < n_hp; b += step_b)
    bs.push_back(b);
  if (bs.back() != n_hp - 1)
    bs.push_back(n_hp - 1);
  Point warm = start;
  for (std::size_t j = 0; j < bs.size(); ++j)
    for (std::size_t i = 0; i < as.size(); ++i) {
      const std::size_t ci = profile(j % 2 == 0 ? as[i] : as[as.size() - 1 - i], bs[j], warm);
      if (!prof_x[ci].empty())
        warm = prof_x[ci];
    }
  // 2. The pattern search from the two best settings of the scan, at half its steps.
  {
    const std::vector<std::size_t> order = ranking();
    for (std::size_t k = 0; k < order.size() && k < 2; ++k)
      ctle_search(order[k], std::max<std::size_t>(1, step_a / 2),
                  std::max<std::size_t>(1, step_b / 2));
  }
  if (best_x.empty())
    return best;
  // 3. The neighbours of the best CTLE setting (±1 step in g_DC and g_DC_HP) once more, each by a
  //    compass search from the best point's taps (a profile depends on where it starts).
  {
    const Point centre = best_x;
    for (int db = -1; db <= 1; ++db)
      for (int da = -1; da <= 1; ++da) {
        const long a = static_cast<long>(centre[0]) + da, b = static_cast<long>(centre[1]) + db;
        if ((da == 0 && db == 0) || a < 0 || b < 0 || a >= static_cast<long>(n_gdc) ||
            b >= static_cast<long>(n_hp))
          continue;
        Point x = centre;
        x[0] = static_cast<std::size_t>(a);
        x[1] = static_cast<std::size_t>(b);
        double fx = eval(x, -1e300);
        if (fx <= -1e299)
          continue;
        tx_compass(x, fx);
        consider(x, fx);
      }
  }
  // 4. The TX FFE box of ±2 steps at the second- to fourth-best profiled settings (the compass
  //    search can stop on a ridge of the TX FFE grid), then at the best point.
  {
    const std::vector<std::size_t> order = ranking();
    for (std::size_t k = 1; k < order.size() && k < 4; ++k)
      box(prof_x[order[k]], 2, 2);
  }
  box(best_x, 2, 2);
  // 5. Polish: every point within one step of the best in every coordinate (3^dims), again
  //    around each better point found, until the box holds nothing better.
  box(best_x, 0, 1);
  return best;
}

// The TX FFE settings of a tap grid with their grid index and leading-tap tuples, per thread for
// the last grid (the hops of a sweep share it; enumerating 4,345 settings per hop was ~1.5 % of a
// statistical point).
struct TxGrid {
  std::vector<long> grid;
  std::vector<TapSet> combos;
  std::vector<std::vector<double>> prefixes;
};
const TxGrid &tx_grid(const Settings &s) {
  struct Cache {
    std::vector<std::vector<double>> values;
    int pre = -1;
    double c0_min = -1;
    TxGrid g;
  };
  thread_local Cache c;
  if (c.values != s.tx_tap_values || c.pre != s.tx_pre_taps || c.c0_min != s.c0_min) {
    c.pre = -1; // invalid until the grid below is complete (an exception leaves it invalid)
    c.g.grid.clear();
    c.g.combos = tx_combinations(s, &c.g.grid);
    c.g.prefixes = assign_prefixes(c.g.combos, s.tx_pre_taps);
    c.values = s.tx_tap_values;
    c.pre = s.tx_pre_taps;
    c.c0_min = s.c0_min;
  }
  return c.g;
}

Result Evaluator::run() {
  prepare();
  fetch_gram();
  const TxGrid &txg = tx_grid(s_);
  const std::vector<long> &grid = txg.grid;
  const std::vector<TapSet> &combos = txg.combos;
  const std::vector<std::vector<double>> &prefixes = txg.prefixes;
  if (combos.empty())
    throw InputError("TX FFE", "no tap combination satisfies c(0) >= c0_min");
  std::vector<double> hp = s_.g_dc_hp_db.empty() ? std::vector<double>{0.0} : s_.g_dc_hp_db;
  Result r;
  std::vector<CtleSetting> ctles;
  for (double ghp : hp)
    for (double gdc : s_.g_dc_db)
      ctles.push_back({gdc, ghp});
  // The local search first: its FOM is that of a setting of the grid, so the exhaustive search
  // may prune from the start everything whose bound is below it (the optimum never is: its
  // bound is >= its FOM >= the local one, and ties are kept), which makes it several times
  // faster without changing its result.
  // (Not for small grids, e.g. fixed equalisers, where it would only repeat the work.)
  SearchBest best;
  if (s_.search == Settings::Search::local || ctles.size() * combos.size() > 64)
    best = local_search(ctles, s_.g_dc_db.size(), combos, grid);
  if (s_.search == Settings::Search::exhaustive || best.fom <= -1e299) {
    const long evaluated = best.evaluated;
    best = exhaustive_search(ctles, combos, prefixes, best.fom);
    best.evaluated += evaluated;
    r.exhaustive_chose = true;
  }
  r.settings_evaluated = best.evaluated;
  const double best_gdc = ctles[best.ctle].gdc, best_ghp = ctles[best.ctle].ghp;
  if (best.fom <= -1e299)
    throw EqualiserSearchError(thru_.name,
                               "equaliser search failed: no setting gives a pulse with a "
                               "zero crossing before its peak");
  // Full COM at the chosen setting (93A.1.7).
  const CtleState chosen = ctle_state(best_gdc, best_ghp);
  sigma_n_ = chosen.sigma_n;
  full_pulses(best_gdc, best_ghp);
  const std::vector<double> &c = combos[best.tx].c;
  FomParts parts{};
  fom(chosen, combos[best.tx], -1e300, parts);
  const int m = s_.samples_per_ui;
  const int pre = s_.tx_pre_taps;
  const long n = static_cast<long>(pulses_[0].p.size());
  const long ts = parts.cursor;
  // UI-spaced samples through the cursor, within the record (no wrap-around): k_pre before it.
  const long k_pre = ts / m, k_post = (n - 1 - ts) / m;
  const auto n_ui = k_pre + k_post + 1;
  std::vector<double> all(static_cast<std::size_t>(n_ui)), hj(static_cast<std::size_t>(n_ui));
  for (long k = -k_pre; k <= k_post; ++k) {
    const long t = ts + k * m;
    all[static_cast<std::size_t>(k + k_pre)] = ffe_sample(pulses_[0].p, c, pre, m, t);
    hj[static_cast<std::size_t>(k + k_pre)] =
        (ffe_sample(pulses_[0].p, c, pre, m, t + 1) - ffe_sample(pulses_[0].p, c, pre, m, t - 1)) *
        m / 2.0; // 93A-28
  }
  std::vector<double> seq(all.begin() + k_pre, all.end()); // cursor and postcursors
  const double h0 = seq[0];
  const std::size_t span =
      std::max(s_.b_max.size(), s_.n_bg > 0 ? static_cast<std::size_t>(s_.n_f) : s_.b_max.size());
  std::vector<double> b;
  dfe_taps(seq, h0, s_, b);
  std::vector<double> resid(all.begin(), all.begin() + k_pre); // precursors
  for (std::size_t k = 1; k < seq.size(); ++k)
    resid.push_back(k <= span ? seq[k] - b[k] * h0 : seq[k]); // 93A-27
  const double a_s = s_.r_lm * h0 / (s_.levels - 1);
  double bin = std::min(a_s / 1000.0, s_.pdf_bin_v); // 93A.1.7.1 note: ≤ A_s/1000
  {
    // A pathological channel (interference ≫ signal) would need millions of bins; cap the PMF
    // at 2·10^5 bins (COM is then far below 0 dB anyway) and say so.
    double span_v = 0;
    for (double v : resid)
      span_v += std::abs(v);
    if (span_v / bin > 2e5) {
      bin = span_v / 2e5;
      warnings_.push_back(thru_.name + ": interference spans " + number_text(span_v / a_s) +
                          " A_s; PDF bin coarsened to " + number_text(bin * 1e6) + " uV");
    }
  }
  const double var_x =
      (s_.levels * s_.levels - 1.0) / (3.0 * (s_.levels - 1.0) * (s_.levels - 1.0));
  double hj_norm2 = 0;
  for (double v : hj)
    hj_norm2 += v * v;
  const double s_rj = s_.sigma_rj_ui * std::sqrt(var_x * hj_norm2);
  const double s_tx = h0 * std::pow(10.0, -s_.snr_tx_db / 20.0);
  const double s_g = std::sqrt(s_rj * s_rj + sigma_n_ * sigma_n_ + s_tx * s_tx); // 93A-41
  const double q = std::sqrt(2.0) * erfc_inv(2.0 * s_.der0);
  AmplitudePmf noise = gaussian_pmf(s_g, q, bin); // 93A-42
  std::vector<double> dd(hj.size());
  for (std::size_t k = 0; k < hj.size(); ++k)
    dd[k] = s_.a_dd_ui * hj[k];
  noise = convolve(noise, pam_interference_pmf(dd, s_.levels, bin)); // 93A-40, 93A-43
  AmplitudePmf total = pam_interference_pmf(resid, s_.levels, bin);  // ISI
  // Crosstalk: each aggressor at its worst phase (largest rms), 93A-44.
  std::vector<double> unity(c.size(), 0.0);
  unity[static_cast<std::size_t>(pre)] = 1.0;
  double xt_var = 0;
  for (std::size_t i = 1; i < pulses_.size(); ++i) {
    const auto &cc = aggr_[i - 1].kind == PathKind::next ? unity : c;
    std::size_t best_ph = 0;
    double best_e = -1;
    for (std::size_t ph = 0; ph < pulses_[i].r.size(); ++ph) {
      const double e = quad(cc, pulses_[i].r[ph]);
      if (e > best_e) {
        best_e = e;
        best_ph = ph;
      }
    }
    std::vector<double> xs;
    for (long t = static_cast<long>(best_ph); t < n; t += m)
      xs.push_back(ffe_sample(pulses_[i].p, cc, pre, m, t));
    const AmplitudePmf x = pam_interference_pmf(xs, s_.levels, bin);
    xt_var += pmf_rms(x) * pmf_rms(x);
    total = convolve(total, x);
  }
  // 93A-45: the lower tail of total ⊛ noise, formed only up to the DER_0 point.
  const double a_ni = tail_amplitude_of_sum(total, noise, s_.der0);
  r.com_db = 20.0 * std::log10(a_s / a_ni);
  r.fom_db = parts.fom;
  r.a_s_v = a_s;
  r.a_ni_v = a_ni;
  r.g_dc_db = best_gdc;
  r.g_dc_hp_db = best_ghp;
  r.tx_taps = c;
  r.dfe_taps.assign(b.begin() + 1, b.end());
  r.sigma_tx_v = s_tx;
  r.sigma_isi_v = parts.s_isi;
  r.sigma_j_v = parts.s_j;
  r.sigma_xt_v = std::sqrt(xt_var);
  r.sigma_n_v = sigma_n_;
  r.cursor_sample = static_cast<int>(ts);
  r.warnings = warnings_;
  return r;
}

std::vector<double> Evaluator::search_foms() {
  prepare();
  fetch_gram();
  std::vector<TapSet> combos = tx_combinations(s_);
  const std::vector<std::vector<double>> prefixes = assign_prefixes(combos, s_.tx_pre_taps);
  const std::vector<double> hp = s_.g_dc_hp_db.empty() ? std::vector<double>{0.0} : s_.g_dc_hp_db;
  std::vector<double> out;
  for (double ghp : hp)
    for (double gdc : s_.g_dc_db) {
      CtleState st = ctle_state(gdc, ghp);
      fill_prefixes(st, prefixes);
      for (const TapSet &t : combos) {
        FomParts parts{};
        out.push_back(fom(st, t, -1e300, parts) ? parts.fom
                                                : -std::numeric_limits<double>::infinity());
      }
    }
  return out;
}

void validate(const Settings &s) {
  auto need = [](bool ok, const char *key, const char *accepted) {
    if (!ok)
      throw InputError(std::string("COM setting '") + key + "'", accepted);
  };
  // Every value finite (NaN fails each comparison below) and, where 93A divides by it, > 0.
  auto finite = [](double v) { return std::isfinite(v); };
  need(s.f_b_hz > 0 && finite(s.f_b_hz), "f_b", "must be a finite value > 0");
  check_modulation(Modulation{s.levels});
  need(s.pdf_bin_v > 0 && finite(s.pdf_bin_v), "pdf_bin", "must be a finite value > 0 V");
  need(s.samples_per_ui >= 4, "M", "must be >= 4");
  need(s.der0 > 0 && s.der0 < 0.5, "DER_0", "must be in (0, 0.5)");
  need(s.r_lm > 0 && s.r_lm <= 1, "R_LM", "must be in (0, 1]");
  need(s.f_r_hz > 0 && finite(s.f_r_hz), "f_r", "must be a finite value > 0");
  need(s.a_v_v > 0 && finite(s.a_v_v), "A_v", "must be a finite value > 0");
  need(s.a_fe_v >= 0 && finite(s.a_fe_v) && s.a_ne_v >= 0 && finite(s.a_ne_v), "A_fe/A_ne",
       "must be finite values >= 0");
  need(s.t_r_s >= 0 && finite(s.t_r_s), "T_r", "must be a finite value >= 0");
  need(s.eta0_v2_per_hz >= 0 && finite(s.eta0_v2_per_hz), "eta_0", "must be a finite value >= 0");
  need(s.snr_tx_db >= kSnrTxMinDb && finite(s.snr_tx_db), "SNR_TX",
       "must be a finite value >= 10 dB (below, the TX noise spans more PDF bins than memory "
       "holds)");
  need(s.sigma_rj_ui >= 0 && finite(s.sigma_rj_ui) && s.a_dd_ui >= 0 && finite(s.a_dd_ui),
       "sigma_RJ/A_DD", "must be finite values >= 0");
  need(s.f_z_hz > 0 && finite(s.f_z_hz) && s.f_p1_hz > 0 && finite(s.f_p1_hz) && s.f_p2_hz > 0 &&
           finite(s.f_p2_hz),
       "f_z/f_p1/f_p2", "CTLE zero and poles must be finite values > 0 Hz");
  need(s.f_hp_pz_hz >= 0 && finite(s.f_hp_pz_hz), "f_HP_PZ",
       "must be a finite value >= 0 Hz (0: no low-frequency stage)");
  for (const auto *g : {&s.g_dc_db, &s.g_dc_hp_db})
    for (double v : *g)
      need(v >= -60 && v <= 60, "g_DC/g_DC_HP", "CTLE gains must lie in -60 dB to 60 dB");
  const std::size_t n_hp = std::max<std::size_t>(s.g_dc_hp_db.size(), 1);
  need(s.g_dc_db.size() <= kMaxCtleSettings / n_hp, "g_DC/g_DC_HP",
       "the CTLE grid may hold at most 10000 settings");
  if (!(s.rc_start_hz == 0 && s.rc_end_hz == 0) &&
      !(s.rc_start_hz >= kRxCornerMinFb * s.f_b_hz && s.rc_end_hz > s.rc_start_hz &&
        s.rc_end_hz <= kRxCornerMaxFb * s.f_b_hz))
    throw InputError(
        "COM setting 'RC_start/RC_end'",
        "RC_start " + number_text(s.rc_start_hz / 1e9) + " GHz, RC_end " +
            number_text(s.rc_end_hz / 1e9) +
            " GHz out of range (accepted: both 0 for no raised-cosine stage, or " +
            number_text(kRxCornerMinFb * s.f_b_hz / 1e9) +
            " GHz <= RC_start < RC_end <= " + number_text(kRxCornerMaxFb * s.f_b_hz / 1e9) +
            " GHz: 0.01 to 10 × f_b, f_b = " + number_text(s.f_b_hz / 1e9) + " GBd)");
  need(!s.g_dc_db.empty(), "g_DC", "needs at least one value");
  need(s.b_max.size() == s.b_min.size(), "b_min", "must have as many taps as b_max");
  for (std::size_t k = 0; k < s.b_max.size(); ++k)
    need(s.b_min[k] <= s.b_max[k], "b_min", "each b_min(n) must be <= b_max(n)");
  need(s.tx_pre_taps >= 0 && static_cast<std::size_t>(s.tx_pre_taps) <= s.tx_tap_values.size(),
       "tx taps", "pre-cursor count exceeds the taps given");
  std::size_t tx_settings = 1;
  for (const auto &v : s.tx_tap_values) {
    need(!v.empty(), "tx taps", "every TX FFE tap needs at least one value");
    for (double c : v)
      need(c >= -1 && c <= 1, "tx taps", "TX FFE tap values must lie in [-1, 1]");
    need(v.size() <= kMaxTxFfeSettings / tx_settings, "tx taps",
         "the TX FFE grid may hold at most 1000000 tap settings");
    tx_settings *= v.size();
  }
  for (const auto *b : {&s.b_max, &s.b_min})
    for (double v : *b)
      need(finite(v), "b_max/b_min", "DFE limits must be finite");
  need(s.c0_min > 0 && s.c0_min <= 1, "c(0)", "minimum must be in (0, 1]");
  need(s.threads >= 0, "threads", "must be >= 0 (0: all cores)");
  need(s.n_bg >= 0 && s.n_bg <= 100, "N_bg", "floating tap groups must be 0 to 100");
  need(s.n_bf >= 0 && s.n_bf <= 100, "N_bf", "taps per floating group must be 0 to 100");
  need(s.n_bg == 0 || s.n_f > static_cast<int>(s.b_max.size()), "N_f",
       "floating-tap span must exceed N_b");
}

} // namespace

Result detail::evaluate_with_pulse(const Settings &settings, const PathTransfer &thru,
                                   std::span<const PathTransfer> aggressors,
                                   const std::vector<double> *&pulse_v) {
  validate(settings);
  if (thru.kind != PathKind::thru)
    throw InputError(thru.name, "the victim path must be a thru channel");
  if (thru.f_hz.size() != thru.h21.size())
    throw InputError(thru.name, "frequency and transfer arrays differ in size");
  Evaluator e(settings, thru, aggressors);
  Result r = e.run();
  pulse_v = &e.thru_pulse();
  return r;
}

std::vector<double> detail::search_foms(const Settings &settings, const PathTransfer &thru,
                                        std::span<const PathTransfer> aggressors) {
  validate(settings);
  Evaluator e(settings, thru, aggressors);
  return e.search_foms();
}

Result evaluate(const Settings &settings, const PathTransfer &thru,
                std::span<const PathTransfer> aggressors) {
  const std::vector<double> *pulse = nullptr;
  return detail::evaluate_with_pulse(settings, thru, aggressors, pulse);
}

} // namespace linkphy::com
