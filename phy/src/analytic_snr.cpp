// Analytic SNR budget (see analytic_snr.hpp for the sources).
#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <sstream>
#include <string>

#if defined(LINKPHY_HAVE_LIBMVEC) && defined(__x86_64__)
#include <immintrin.h>
// glibc libmvec's vector exp (the x86_64 vector function ABI names; max error 4 ulp, glibc
// manual "Errors in Math Functions").
extern "C" __m128d _ZGVbN2v_exp(__m128d);
extern "C" __m256d _ZGVdN4v_exp(__m256d);
#endif

namespace linkphy {

double LossModel::il_db(double f_hz) const {
  const double x = std::max(f_hz, 0.0) / nyquist_hz;
  return il_nyquist_db * (skin_fraction * std::sqrt(x) + (1.0 - skin_fraction) * x);
}

LossFitSums loss_fit_sums(std::span<const double> f, std::span<const std::complex<double>> h,
                          double f_n) {
  if (!(f_n > 0) || !std::isfinite(f_n))
    throw InputError("loss fit", "Nyquist frequency " + number_text(f_n) +
                                     " Hz out of range (accepted: finite, > 0 Hz)");
  if (h.size() != f.size())
    throw InputError("loss fit", std::to_string(f.size()) + " frequencies and " +
                                     std::to_string(h.size()) +
                                     " transfer values (accepted: the same number)");
  for (std::size_t k = 0; k < f.size(); ++k) // the fit stops at the first point above f_N
    if (!std::isfinite(f[k]) || f[k] < 0 || (k > 0 && !(f[k] > f[k - 1])))
      throw InputError("loss fit", "frequency " + number_text(f[k]) + " Hz at index " +
                                       std::to_string(k) +
                                       (k > 0 ? " after " + number_text(f[k - 1]) + " Hz" : "") +
                                       " (accepted: finite, >= 0 Hz, strictly ascending)");
  if (f.empty() || f.back() < f_n) {
    std::ostringstream os;
    os << "data end at " << (f.empty() ? 0.0 : f.back() / 1e9) << " GHz, below the Nyquist "
       << "frequency " << f_n / 1e9 << " GHz";
    throw InputError("loss fit", os.str());
  }
  // Least squares IL ≈ a·√x + b·x, x = f/f_N on (0, 1] (normal equations of a 2×2 system).
  LossFitSums s;
  s.nyquist_hz = f_n;
  for (std::size_t k = 0; k < f.size() && f[k] <= f_n * (1 + 1e-12); ++k) {
    if (f[k] <= 0)
      continue;
    const double x = f[k] / f_n, u = std::sqrt(x);
    const double il = -20.0 * std::log10(std::max(std::abs(h[k]), 1e-300));
    s.s11 += u * u;
    s.s12 += u * x;
    s.s22 += x * x;
    s.r1 += u * il;
    s.r2 += x * il;
    ++s.used;
  }
  if (s.used < 3)
    throw InputError("loss fit", "needs at least 3 frequency points between 0 and Nyquist");
  return s;
}

LossModel fit_loss_model(const LossFitSums &s) {
  if (s.used < 3)
    throw InputError("loss fit", "needs at least 3 frequency points between 0 and Nyquist");
  const double det = s.s11 * s.s22 - s.s12 * s.s12;
  double a = (s.r1 * s.s22 - s.r2 * s.s12) / det, b = (s.s11 * s.r2 - s.s12 * s.r1) / det;
  if (a < 0) { // constrained: one term only
    a = 0;
    b = s.r2 / s.s22;
  } else if (b < 0) {
    b = 0;
    a = s.r1 / s.s11;
  }
  LossModel m;
  m.nyquist_hz = s.nyquist_hz;
  m.il_nyquist_db = std::max(a + b, 0.0);
  m.skin_fraction = m.il_nyquist_db > 0 ? a / (a + b) : 0.5;
  return m;
}

LossModel fit_loss_model(std::span<const double> f, std::span<const std::complex<double>> h,
                         double f_n) {
  return fit_loss_model(loss_fit_sums(f, h, f_n));
}

namespace {

void check_input(const AnalyticInput &in) {
  auto need = [](bool ok, const char *what) {
    if (!ok)
      throw InputError("analytic SNR", what);
  };
  need(in.baud_bd > 0, "baud must be > 0 Bd");
  check_modulation(Modulation{in.levels});
  need(in.a_v_v > 0, "TX amplitude must be > 0 V");
  need(in.eta0_v2_per_hz >= 0, "eta0 must be >= 0 V^2/Hz");
  need(in.sigma_rj_ui >= 0 && in.a_dd_ui >= 0, "jitter must be >= 0 UI");
  need(in.level_mismatch > 0 && in.level_mismatch <= 1, "R_LM must be in (0, 1]");
  need(in.loss.il_nyquist_db >= 0 && in.loss.skin_fraction >= 0 && in.loss.skin_fraction <= 1,
       "loss model needs IL >= 0 dB and skin fraction in [0, 1]");
  need(in.xt_f_hz.size() == in.xt_gain2.size() && (in.xt_f_hz.empty() || in.xt_f_hz.size() >= 3),
       "crosstalk path needs as many |X|^2 samples as frequencies (>= 3)");
  need(in.xt_amplitude_v >= 0 && std::isfinite(in.xt_amplitude_v),
       "crosstalk amplitude must be >= 0 V");
  need(in.xt_f_hz.empty() || in.eta0_v2_per_hz > 0,
       "crosstalk needs eta0 > 0 (the noiseless-receiver case skips the integral)");
  // NaN or inf here would come out as a NaN SNR and BER.
  need(std::isfinite(in.baud_bd) && std::isfinite(in.a_v_v) && std::isfinite(in.eta0_v2_per_hz) &&
           std::isfinite(in.sigma_rj_ui) && std::isfinite(in.a_dd_ui) &&
           std::isfinite(in.loss.il_nyquist_db),
       "baud, amplitude, eta0, jitter and IL must be finite");
  need(std::isfinite(in.snr_tx_db), "TX SNR must be a finite value in dB");
  need(in.t_r_s >= 0 && std::isfinite(in.t_r_s),
       "TX transition time must be a finite value >= 0 s");
}

// The crosstalk path's samples (O(n): analytic_snr(in) and analytic_grid only; the grid variant
// reuses the spans its grid was made from).
void check_crosstalk(const AnalyticInput &in) {
  for (std::size_t k = 0; k < in.xt_f_hz.size(); ++k) {
    if (!(in.xt_f_hz[k] >= 0) || !std::isfinite(in.xt_f_hz[k]) ||
        (k > 0 && !(in.xt_f_hz[k] > in.xt_f_hz[k - 1])))
      throw InputError("analytic SNR", "crosstalk frequencies must be finite, >= 0 Hz and "
                                       "strictly ascending (index " +
                                           std::to_string(k) + ")");
    if (!(in.xt_gain2[k] >= 0) || !std::isfinite(in.xt_gain2[k]))
      throw InputError("analytic SNR",
                       "crosstalk |X|^2 must be finite and >= 0 (index " + std::to_string(k) + ")");
  }
}

// |X(f)|² of the crosstalk path at f ≥ 0: linear interpolation, the end samples held outside.
double xt_gain2_at(const AnalyticInput &in, double f) {
  const auto &fx = in.xt_f_hz;
  const auto &g = in.xt_gain2;
  if (f <= fx.front())
    return g.front();
  if (f >= fx.back())
    return g.back();
  const std::size_t hi = static_cast<std::size_t>(std::upper_bound(fx.begin(), fx.end(), f) -
                                                  fx.begin()); // fx[hi − 1] ≤ f < fx[hi]
  const double w = (f - fx[hi - 1]) / (fx[hi] - fx[hi - 1]);
  return g[hi - 1] + w * (g[hi] - g[hi - 1]);
}

// The folded-SNR weight of one sample without the channel loss: the signal PSD over the noise PSD,
// S/N = var_x·A_v²·T·sinc²·|H_TX|² / (η0/2 + var_x·A_xt²·T·sinc²·|H_TX|²·|X|²); `w0` is the
// weight without crosstalk (scale·sinc²·|H_TX|², scale = var_x·A_v²·T/(η0/2)).
double weight_with_crosstalk(const AnalyticInput &in, double w0, double f) {
  if (in.xt_f_hz.empty() || in.xt_amplitude_v == 0)
    return w0;
  const double r = in.xt_amplitude_v / in.a_v_v;
  return w0 / (1.0 + w0 * r * r * xt_gain2_at(in, f));
}

// v[i] = e^v[i] for i < n (n a multiple of 4): 4 (AVX2) or 2 (SSE2) at a time through libmvec
// when it was found at build time, else std::exp.
#if defined(LINKPHY_HAVE_LIBMVEC) && defined(__x86_64__)
__attribute__((target("avx2"))) void exp_avx2(double *v, int n) {
  for (int i = 0; i < n; i += 4)
    _mm256_storeu_pd(v + i, _ZGVdN4v_exp(_mm256_loadu_pd(v + i)));
}
void exp_array(double *v, int n) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2)
    return exp_avx2(v, n);
  for (int i = 0; i < n; i += 2)
    _mm_storeu_pd(v + i, _ZGVbN2v_exp(_mm_loadu_pd(v + i)));
}
#else
void exp_array(double *v, int n) {
  for (int i = 0; i < n; ++i)
    v[i] = std::exp(v[i]);
}
#endif

double symbol_variance(int levels) {
  const double m = levels;
  return (m * m - 1.0) / (3.0 * (m - 1.0) * (m - 1.0));
}

// The terms after the channel integral: TX noise, jitter, level mismatch, BER.
AnalyticResult finish(const AnalyticInput &in, double snr_dfe, double snr_le) {
  const double var_x = symbol_variance(in.levels);
  const double pi = std::numbers::pi;
  // TX noise σ_tx = h0·10^(−SNR_TX/20) (93A-30) → E_s/σ² = var_x·10^(SNR_TX/10).
  const double snr_tx = var_x * std::pow(10.0, in.snr_tx_db / 10.0);
  // Jitter through the slope of a Nyquist (sinc) pulse: Σ_k (T·p'(kT))² = h0²·π²/3, so with
  // σ_J² = (A_DD² + σ_RJ²)·var_x·Σ h_J² (93A-32): E_s/σ_J² = 3/(π²(A_DD² + σ_RJ²)).
  const double j2 = in.a_dd_ui * in.a_dd_ui + in.sigma_rj_ui * in.sigma_rj_ui;
  const double snr_j = j2 > 0 ? 3.0 / (pi * pi * j2) : 1e30;
  const double snr =
      in.level_mismatch * in.level_mismatch / (1.0 / snr_dfe + 1.0 / snr_tx + 1.0 / snr_j);
  AnalyticResult r;
  r.snr_dfe_db = 10.0 * std::log10(snr_dfe);
  r.snr_le_db = 10.0 * std::log10(std::max(snr_le, 1e-30));
  r.snr_db = 10.0 * std::log10(snr);
  r.ber = pam_ber_from_snr_db(Modulation{in.levels}, r.snr_db);
  return r;
}

} // namespace

AnalyticResult analytic_snr(const AnalyticInput &in) {
  check_input(in);
  check_crosstalk(in);
  const double t = 1.0 / in.baud_bd;
  const double var_x = symbol_variance(in.levels);
  const double pi = std::numbers::pi;
  // Folded SNR(f) = Σ_k var_x·A_v²·T·sinc²((f−k/T)T)·|H(f−k/T)|² / (η0/2), k = −1, 0, 1.
  const double scale =
      in.eta0_v2_per_hz > 0 ? var_x * in.a_v_v * in.a_v_v * t / (0.5 * in.eta0_v2_per_hz) : 0;
  auto snr_one = [&](double f) {
    f = std::abs(f);
    const double x = pi * f * t;
    const double sinc = x == 0 ? 1.0 : std::sin(x) / x;
    const double a = pi * f * in.t_r_s / 1.6832; // 93A-46
    const double htx = std::exp(-2.0 * a * a);
    const double g = std::pow(10.0, -in.loss.il_db(f) / 10.0);
    return weight_with_crosstalk(in, scale * sinc * sinc * htx * htx, f) * g;
  };
  double snr_dfe, snr_le;
  if (in.eta0_v2_per_hz > 0) {
    constexpr int kPoints = AnalyticGrid::kPoints;
    double integral = 0, inv = 0; // T·∫_{−1/2T}^{1/2T} = 2T·∫_0^{1/2T}, midpoint rule
    for (int i = 0; i < kPoints; ++i) {
      const double f = (i + 0.5) / kPoints * 0.5 / t;
      const double s = snr_one(f) + snr_one(f - 1.0 / t) + snr_one(f + 1.0 / t);
      integral += std::log1p(s);
      inv += 1.0 / (1.0 + s);
    }
    snr_dfe = std::expm1(integral / kPoints); // Salz 1973
    snr_le = kPoints / inv - 1.0;             // MMSE-LE
  } else {
    snr_dfe = snr_le = 1e30;
  }
  return finish(in, snr_dfe, snr_le);
}

AnalyticGrid analytic_grid(const AnalyticInput &in) {
  check_input(in);
  check_crosstalk(in);
  if (!(in.loss.nyquist_hz > 0))
    throw InputError("analytic SNR", "loss model needs f_N > 0 Hz");
  AnalyticGrid g;
  g.made_for = in;
  const double t = 1.0 / in.baud_bd;
  const double pi = std::numbers::pi;
  const double scale = in.eta0_v2_per_hz > 0 ? symbol_variance(in.levels) * in.a_v_v * in.a_v_v *
                                                   t / (0.5 * in.eta0_v2_per_hz)
                                             : 0;
  constexpr int kPoints = AnalyticGrid::kPoints;
  for (int i = 0; i < kPoints; ++i) {
    const double f0 = (i + 0.5) / kPoints * 0.5 / t;
    const double fs[3] = {f0, f0 - 1.0 / t, f0 + 1.0 / t};
    for (int c = 0; c < 3; ++c) { // as analytic_snr's snr_one, without the loss
      const double f = std::abs(fs[c]);
      const double x = pi * f * t;
      const double sinc = x == 0 ? 1.0 : std::sin(x) / x;
      const double a = pi * f * in.t_r_s / 1.6832; // 93A-46
      const double htx = std::exp(-2.0 * a * a);
      const int k = 3 * i + c;
      g.weight[k] = weight_with_crosstalk(in, scale * sinc * sinc * htx * htx, f);
      g.x[k] = f / in.loss.nyquist_hz;
      g.sqrt_x[k] = std::sqrt(g.x[k]);
    }
  }
  return g;
}

AnalyticResult analytic_snr(const AnalyticGrid &g, const AnalyticInput &in) {
  const AnalyticInput &m = g.made_for;
  if (in.baud_bd != m.baud_bd || in.levels != m.levels || in.a_v_v != m.a_v_v ||
      in.eta0_v2_per_hz != m.eta0_v2_per_hz || in.t_r_s != m.t_r_s ||
      in.loss.nyquist_hz != m.loss.nyquist_hz || in.xt_amplitude_v != m.xt_amplitude_v ||
      in.xt_f_hz.data() != m.xt_f_hz.data() || in.xt_f_hz.size() != m.xt_f_hz.size() ||
      in.xt_gain2.data() != m.xt_gain2.data())
    return analytic_snr(in);
  check_input(in);
  double snr_dfe, snr_le;
  if (in.eta0_v2_per_hz > 0) {
    // 10^(−IL/10) = exp(c_s·√x + c_l·x) with IL = IL_N·(s·√x + (1 − s)·x) (LossModel::il_db),
    // for all 3·64 (sample, fold) pairs in one vector pass.
    const double k = -std::numbers::ln10 / 10.0 * in.loss.il_nyquist_db;
    const double c_s = k * in.loss.skin_fraction, c_l = k * (1.0 - in.loss.skin_fraction);
    constexpr int kPoints = AnalyticGrid::kPoints;
    constexpr int kAll = 3 * kPoints;
    alignas(64) double e[kAll];
    for (int j = 0; j < kAll; ++j)
      e[j] = c_s * g.sqrt_x[j] + c_l * g.x[j];
    exp_array(e, kAll);
    // Σ ln(1 + s_i) as ln Π(1 + s_i) (one log instead of 64; the product kept in range by
    // splitting off powers of two): each factor 1 + s is rounded by ≤ 1.1e-16 relative, so the
    // sum moves by ≤ 64·2.2e-16 absolute. Samples with s < 1e-3 add ln(1 + s) by its series
    // instead (1 + s would round s by up to 1.1e-13 relative, and a dead channel's s below 1e-16
    // would vanish): each sample's term is then within ~1e-13 relative of log1p(s), far inside
    // the 1e-9 relative the tests hold.
    double prod = 1, inv = 0, small = 0;
    int exponent = 0;
    for (int i = 0; i < kPoints; ++i) {
      const int j = 3 * i;
      const double s = g.weight[j] * e[j] + g.weight[j + 1] * e[j + 1] + g.weight[j + 2] * e[j + 2];
      const double one_s = 1.0 + s;
      inv += 1.0 / one_s;
      if (s < 1e-3) { // ln(1 + s) by its series: remainder s^5/5 < 2e-13·s
        small += s * (1.0 - s * (0.5 - s * (1.0 / 3.0 - 0.25 * s)));
        continue;
      }
      prod *= one_s;
      if (!(prod < 0x1p500)) {
        int ex = 0;
        prod = std::frexp(prod, &ex);
        exponent += ex;
      }
    }
    const double integral = std::log(prod) + exponent * std::numbers::ln2 + small;
    snr_dfe = std::expm1(integral / kPoints); // Salz 1973
    snr_le = kPoints / inv - 1.0;             // MMSE-LE
  } else {
    snr_dfe = snr_le = 1e30;
  }
  return finish(in, snr_dfe, snr_le);
}

} // namespace linkphy
