// Statistical BER of a PAM-M slicer (see statistical_ber.hpp for the sources).
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/statistical_ber.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace linkphy {
namespace {

// A PMF with its running sums, for tail().
struct TailPmf {
  const AmplitudePmf &pmf;
  std::vector<double> above; // above[i] = Σ_{k ≥ i} p_k, added from the top (above[n] = 0)
  std::vector<double> below; // below[i] = Σ_{k ≤ i} p_k
  bool nonnegative = true;   // every p_k ≥ 0 (tail_exceeds may stop early)
  explicit TailPmf(const AmplitudePmf &p) : pmf(p), above(p.p.size() + 1, 0.0), below(p.p.size()) {
    for (std::size_t i = p.p.size(); i-- > 0;)
      above[i] = above[i + 1] + p.p[i];
    double c = 0;
    for (std::size_t i = 0; i < p.p.size(); ++i) {
      below[i] = c += p.p[i];
      nonnegative = nonnegative && p.p[i] >= 0;
    }
  }
};

// P(I > y) for I = (PMF on a grid) + N(0, σ²): Σ p_i·Q((y − y_i)/σ), exact per bin. With a
// finite `level` (non-negative PMFs only) it may return a partial sum on the same side of
// `level` as the full one, so that tail_exceeds below gives tail(...) > level exactly:
//  - as soon as the running sum exceeds it: the terms p_i·Q are ≥ 0 and adding a non-negative
//    double never lowers a sum (round to nearest), so the full sum would exceed it too;
//  - as soon as the sum plus a bound on every remaining term stays at or below it: the bins
//    below have Q at most the current one's (x only grows; the computed erfc is within a few
//    ulps of the monotone function) and mass below[i − 1], and n additions of non-negative
//    terms round the exact sum up by at most a factor (1 + 2⁻⁵³)ⁿ; kSlack = 1 + 1e-9 covers
//    both for fewer than 10⁶ bins (n·2⁻⁵³ ≤ 1.2e-10, erfc's error ~1e-15) with room to spare.
double tail(const TailPmf &t, double sigma, double y,
            double level = std::numeric_limits<double>::infinity()) {
  const AmplitudePmf &pmf = t.pmf;
  if (!t.nonnegative)
    level = std::numeric_limits<double>::infinity();
  constexpr double kSlack = 1.0 + 1e-9;
  const bool bound_below = std::isfinite(level) && pmf.p.size() < 1000000;
  double acc = 0;
  if (sigma <= 0) {
    for (std::size_t i = 0; i < pmf.p.size(); ++i) {
      const double yi = pmf.y(i);
      if (yi > y)
        acc += pmf.p[i];
      else if (yi == y)
        acc += 0.5 * pmf.p[i];
    }
    return acc;
  }
  const double inv = 1.0 / (sigma * std::sqrt(2.0));
  std::size_t i = pmf.p.size(); // from the top: x grows as i falls
  // Bins with x < −8 have Q = erfc(x)/2 = 1 exactly in double (erfc(8) ≈ 1e-29): their sum,
  // added from the top as the loop below would, is above[i].
  while (i > 0 && (y - pmf.y(i - 1)) * inv < -8.0)
    --i;
  acc = t.above[i];
  if (acc > level)
    return acc;
  while (i-- > 0) {
    const double x = (y - pmf.y(i)) * inv;
    const double q = 0.5 * std::erfc(x);
    acc += pmf.p[i] * q;
    if (acc > level)
      return acc;
    if (bound_below && (acc + q * (i > 0 ? t.below[i - 1] : 0.0) * kSlack) * kSlack <= level)
      return acc; // ≤ level, as the full sum
    // Every lower bin has a smaller Q: once Q times their whole mass is below 1e-17 of the sum
    // (under half an ulp), they cannot change it. Also ends the sum where erfc underflows.
    if (q * (i > 0 ? t.below[i - 1] : 0.0) <= 1e-17 * acc || x > 27.3)
      break;
  }
  return acc;
}

// tail(t, sigma, y) > level, without the terms past the point where the sum exceeds `level`.
bool tail_exceeds(const TailPmf &t, double sigma, double y, double level) {
  return tail(t, sigma, y, level) > level;
}

// Σ|v| over `v` except index `skip`; InputError naming `what` on a value that is not finite.
double abs_sum(std::span<const double> v, const char *what, std::size_t skip = SIZE_MAX) {
  double sum = 0;
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (!std::isfinite(v[k]))
      throw InputError("statistical BER",
                       std::string(what) + " must be finite V (got " + number_text(v[k]) + ")");
    if (k != skip)
      sum += std::abs(v[k]);
  }
  return sum;
}

// The PMF bin, V: in.bin_v when given (> 0), else d/1000; checked so that the PMF, which spans
// ±Σ|ISI and jitter terms| (pam_interference_pmf), holds at most kMaxPmfBins bins.
double pmf_bin(const StatisticalEyeInput &in, double d_v) {
  // Each residual |cursor_k − tap_k| ≤ |cursor_k| + |tap_k|: a bound on the PMF's half-width.
  double reach = abs_sum(in.cursors_v, "cursors", static_cast<std::size_t>(in.main_cursor));
  reach += abs_sum(in.dfe_taps_v, "DFE taps");
  reach += abs_sum(in.jitter_dd_v, "dual-Dirac jitter terms");
  const double finest = 2.0 * reach / static_cast<double>(kMaxPmfBins);
  if (in.bin_v == 0)
    return std::max(d_v / 1000.0, finest);
  const std::string accepted =
      " (accepted: 0 for d/1000 = " + number_text(d_v / 1000.0) + " V, or " + number_text(finest) +
      " V <= bin_v <= d = " + number_text(d_v) +
      " V: the PMF spans 2·Σ|ISI and jitter terms| = " + number_text(2.0 * reach) +
      " V in at most " + std::to_string(kMaxPmfBins) + " bins)";
  if (!(in.bin_v >= finest && in.bin_v <= d_v))
    throw InputError("statistical BER",
                     "PMF bin_v " + number_text(in.bin_v) + " V is out of range" + accepted);
  return in.bin_v;
}

} // namespace

StatisticalEyeResult statistical_ber(const StatisticalEyeInput &in) {
  const int m = in.levels;
  check_modulation(Modulation{m});
  if (in.main_cursor < 0 || static_cast<std::size_t>(in.main_cursor) >= in.cursors_v.size())
    throw InputError("statistical BER", "main cursor index outside the pulse response");
  const double h0 = in.cursors_v[static_cast<std::size_t>(in.main_cursor)];
  if (!(h0 > 0))
    throw InputError("statistical BER", "main cursor must be > 0 V (eye closed by the channel)");
  if (!(in.sigma_v >= 0))
    throw InputError("statistical BER", "noise sigma must be >= 0 V");
  if (!(in.level_mismatch > 0 && in.level_mismatch <= 1))
    throw InputError("statistical BER", "level mismatch R_LM must be in (0, 1]");
  if (!(in.target_ber > 0 && in.target_ber < 0.5))
    throw InputError("statistical BER", "target BER must be in (0, 0.5)");

  StatisticalEyeResult r;
  r.d_v = in.level_mismatch * h0 / (m - 1);
  const double bin = pmf_bin(in, r.d_v);

  // Residual interference after the DFE (93A-27).
  std::vector<double> resid;
  resid.reserve(in.cursors_v.size() + in.jitter_dd_v.size());
  for (std::size_t k = 0; k < in.cursors_v.size(); ++k) {
    const long post = static_cast<long>(k) - in.main_cursor;
    if (post == 0)
      continue;
    double v = in.cursors_v[k];
    if (post > 0 && static_cast<std::size_t>(post) <= in.dfe_taps_v.size())
      v -= in.dfe_taps_v[static_cast<std::size_t>(post - 1)];
    resid.push_back(v);
  }
  // ISI (93A-39) and dual-Dirac jitter (93A-40) are both sums of independent PAM terms, so one
  // PMF of all the samples is their convolution (and cheaper to form).
  std::vector<double> terms = resid;
  terms.insert(terms.end(), in.jitter_dd_v.begin(), in.jitter_dd_v.end());
  AmplitudePmf pmf = pam_interference_pmf(terms, m, bin);
  // Drop negligible mass at the edges (keeps the tail sums short).
  {
    std::size_t lo = 0, hi = pmf.p.size();
    double cut = 0;
    while (lo < hi && cut + pmf.p[lo] < 1e-300) {
      cut += pmf.p[lo];
      ++lo;
    }
    cut = 0;
    while (hi > lo && cut + pmf.p[hi - 1] < 1e-300) {
      cut += pmf.p[hi - 1];
      --hi;
    }
    if (lo > 0 || hi < pmf.p.size()) {
      pmf.p = std::vector<double>(pmf.p.begin() + static_cast<long>(lo),
                                  pmf.p.begin() + static_cast<long>(hi));
      pmf.first_bin += static_cast<long>(lo);
    }
  }

  const TailPmf tp(pmf);
  const double mm = static_cast<double>(m);
  const double bits = std::log2(mm);
  // SER for a symbol whose decision is offset by δ: inner levels err on both sides, outer on
  // one: ((M−1)/M)·[T(d−δ) + T(d+δ)] with T symmetric (Proakis §4.3 for δ = 0).
  auto ser_at = [&](double delta) {
    return (mm - 1.0) / mm *
           (tail(tp, in.sigma_v, r.d_v - delta) + tail(tp, in.sigma_v, r.d_v + delta));
  };
  r.tail_probability = tail(tp, in.sigma_v, r.d_v);
  r.ser_no_propagation = 2.0 * (mm - 1.0) / mm * r.tail_probability;
  r.ser = r.ser_no_propagation;
  if (in.error_propagation && !in.dfe_taps_v.empty()) {
    // A wrong decision by one level step (2/(M−1) in symbol units) leaves tap 1's cancellation
    // off by δ = |b1|·2/(M−1) on the next symbol, in a random direction.
    const double delta = std::abs(in.dfe_taps_v[0]) * 2.0 / (mm - 1.0);
    r.propagation_probability = std::min(ser_at(delta), 1.0);
    // Stationary error rate e of the chain e = SER0·(1 − e) + p·e.
    r.ser = r.ser_no_propagation / (1.0 - r.propagation_probability + r.ser_no_propagation);
  }
  r.ber = r.ser / bits;

  // Eye height at the target BER: the level y with BER(y) = target, height 2·(d − y).
  {
    const double want = in.target_ber * mm * bits / (2.0 * (mm - 1.0));
    double span = 40.0 * in.sigma_v + 2.0 * bin;
    for (double v : resid)
      span += std::abs(v);
    for (double v : in.jitter_dd_v)
      span += std::abs(v);
    double lo = -span, hi = span; // T(lo) ≥ want ≥ T(hi)
    for (int it = 0; it < 48 && hi - lo > 1e-4 * r.d_v; ++it) {
      const double mid = 0.5 * (lo + hi);
      (tail_exceeds(tp, in.sigma_v, mid, want) ? lo : hi) = mid;
    }
    r.eye_height_v = 2.0 * (r.d_v - 0.5 * (lo + hi));
  }

  // Equivalent Gaussian SNR (E_s/σ², dB) of this BER.
  const Modulation mod{m};
  const double ber_cap = 0.999 * (1.0 - 1.0 / mm) / bits;
  const double ber_eq = std::clamp(r.ber, 1e-300, ber_cap);
  r.snr_db = snr_db_for_ber(mod, ber_eq);
  return r;
}

} // namespace linkphy
