// Statistical BER of a PAM slicer against closed forms (Proakis §4.3) and physical limits.
#include <catch2/catch.hpp>

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/statistical_ber.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <cmath>
#include <random>
#include <vector>

using namespace linkphy;

TEST_CASE("flat lossless channel with Gaussian noise gives exactly the PAM-M formula",
          "[statistical_ber]") {
  for (int m : {2, 4, 8}) {
    for (double d_over_sigma : {1.0, 3.0, 5.0, 7.0}) {
      const double h0 = 0.4;
      const double d = h0 / (m - 1);
      const std::vector<double> cursors{h0};
      StatisticalEyeInput in;
      in.cursors_v = cursors;
      in.levels = m;
      in.sigma_v = d / d_over_sigma;
      const auto r = statistical_ber(in);
      const Modulation mod{m};
      // Single cursor: the PMF is one delta, the Gaussian tail is integrated exactly, so only
      // floating-point rounding separates the two (1e-9 relative).
      CHECK(r.ser == Approx(pam_ser(mod, d_over_sigma)).epsilon(1e-9));
      CHECK(r.ber == Approx(pam_ber(mod, d_over_sigma)).epsilon(1e-9));
      CHECK(r.snr_db ==
            Approx(10 * std::log10(snr_from_d_over_sigma(mod, d_over_sigma))).margin(1e-6));
    }
  }
}

TEST_CASE("eye height at a target BER matches the Gaussian closed form", "[statistical_ber]") {
  const std::vector<double> cursors{0.3};
  StatisticalEyeInput in;
  in.cursors_v = cursors;
  in.levels = 4;
  in.sigma_v = 0.005;
  in.target_ber = 1e-6;
  const auto r = statistical_ber(in);
  // BER = (2(M−1)/M)/log2 M · Q(y/σ) → y = σ·Q⁻¹(target·M·log2M/(2(M−1))); height 2(d − y).
  const double y = in.sigma_v * q_inverse(1e-6 * 4 * 2 / (2 * 3.0));
  // Bisection stops at 1e-4·d; the tolerance is that.
  CHECK(r.eye_height_v == Approx(2 * (0.1 - y)).margin(2e-4 * 0.1));
  // No noise: the eye is fully open (2d).
  in.sigma_v = 0;
  CHECK(statistical_ber(in).eye_height_v == Approx(0.2).margin(1e-4));
}

TEST_CASE("ISI and dual-Dirac jitter add as independent terms", "[statistical_ber]") {
  // NRZ, cursor 1 V, one ISI cursor 0.1 V and one dual-Dirac term 0.2 V (93A-39/40), both on
  // the bin grid (d/1000): the interference takes ±0.1 ± 0.2 with probability 1/4 each, so
  // P(I + n > d) = ¼·Σ Q((d − s)/σ) (Proakis §4.3 per level). Exact per bin: rounding only.
  const std::vector<double> cursors{1.0, 0.1};
  const std::vector<double> jitter{0.2};
  StatisticalEyeInput in;
  in.cursors_v = cursors;
  in.jitter_dd_v = jitter;
  in.levels = 2;
  in.error_propagation = false;
  for (double sigma : {0.05, 0.1, 0.2}) {
    in.sigma_v = sigma;
    auto q = [&](double s) { return 0.5 * std::erfc((1.0 - s) / sigma / std::sqrt(2.0)); };
    const double tail = 0.25 * (q(0.3) + q(0.1) + q(-0.1) + q(-0.3));
    INFO("sigma " << sigma);
    CHECK(statistical_ber(in).tail_probability == Approx(tail).epsilon(1e-9));
  }
}

TEST_CASE("the DFE removes post-cursor ISI it has taps for", "[statistical_ber]") {
  const double h0 = 0.3;
  const std::vector<double> cursors{0.05 * h0, h0, 0.4 * h0, 0.2 * h0, 0.1 * h0};
  const std::vector<double> only_pre{0.05 * h0, h0};
  const std::vector<double> taps{0.4 * h0, 0.2 * h0, 0.1 * h0};
  StatisticalEyeInput in;
  in.cursors_v = cursors;
  in.main_cursor = 1;
  in.levels = 4;
  in.sigma_v = h0 / 3 / 4.5;
  in.error_propagation = false;
  const double no_dfe = statistical_ber(in).ber;
  in.dfe_taps_v = taps;
  const double with_dfe = statistical_ber(in).ber;
  StatisticalEyeInput ref = in;
  ref.cursors_v = only_pre;
  ref.dfe_taps_v = {};
  const double pre_only = statistical_ber(ref).ber;
  // Fully cancelled post-cursors: identical PMFs, equal to rounding (PMF bins of d/1000 at most
  // shift each cursor by half a bin; 1e-6 relative).
  CHECK(with_dfe == Approx(pre_only).epsilon(1e-6));
  CHECK(no_dfe > 10 * with_dfe); // residual ISI of 0.7·h0 peak closes most of the eye
  // Error propagation can only add errors, and with a strong tap 1 it does.
  in.error_propagation = true;
  const auto prop = statistical_ber(in);
  CHECK(prop.ber > with_dfe);
  CHECK(prop.propagation_probability > 0);
}

TEST_CASE("statistical BER rejects bad input with a clear message", "[statistical_ber]") {
  const std::vector<double> bad{-0.1};
  StatisticalEyeInput in;
  in.cursors_v = bad;
  CHECK_THROWS_AS(statistical_ber(in), InputError);
  const std::vector<double> ok{0.1};
  in.cursors_v = ok;
  in.levels = 1;
  CHECK_THROWS_AS(statistical_ber(in), InputError);
  in.levels = 2;
  in.main_cursor = 3;
  CHECK_THROWS_AS(statistical_ber(in), InputError);
}

namespace {
// The eye height as statistical_ber defined it before its tail sums could stop early: every
// bisection step compares the full tail sum (Σ p_i·Q from the top bin down, until the lower bins
// cannot change it) with the target. The PMF is the engine's own (pam_interference_pmf, edge
// bins below 1e-300 trimmed as statistical_ber does).
double eye_height_full_sums(const linkphy::StatisticalEyeInput &in, double d) {
  std::vector<double> terms;
  for (std::size_t k = 0; k < in.cursors_v.size(); ++k) {
    const long post = static_cast<long>(k) - in.main_cursor;
    if (post == 0)
      continue;
    double v = in.cursors_v[k];
    if (post > 0 && static_cast<std::size_t>(post) <= in.dfe_taps_v.size())
      v -= in.dfe_taps_v[static_cast<std::size_t>(post - 1)];
    terms.push_back(v);
  }
  const std::size_t n_resid = terms.size();
  terms.insert(terms.end(), in.jitter_dd_v.begin(), in.jitter_dd_v.end());
  const double bin = d / 1000.0;
  linkphy::AmplitudePmf pmf = linkphy::pam_interference_pmf(terms, in.levels, bin);
  std::size_t lo = 0, hi = pmf.p.size();
  for (double cut = 0; lo < hi && cut + pmf.p[lo] < 1e-300; ++lo)
    cut += pmf.p[lo];
  for (double cut = 0; hi > lo && cut + pmf.p[hi - 1] < 1e-300; --hi)
    cut += pmf.p[hi - 1];
  pmf.p = std::vector<double>(pmf.p.begin() + static_cast<long>(lo),
                              pmf.p.begin() + static_cast<long>(hi));
  pmf.first_bin += static_cast<long>(lo);
  std::vector<double> above(pmf.p.size() + 1, 0.0), below(pmf.p.size());
  for (std::size_t i = pmf.p.size(); i-- > 0;)
    above[i] = above[i + 1] + pmf.p[i];
  double c = 0;
  for (std::size_t i = 0; i < pmf.p.size(); ++i)
    below[i] = c += pmf.p[i];
  auto tail = [&](double y) {
    const double inv = 1.0 / (in.sigma_v * std::sqrt(2.0));
    std::size_t i = pmf.p.size();
    while (i > 0 && (y - pmf.y(i - 1)) * inv < -8.0)
      --i;
    double acc = above[i];
    while (i-- > 0) {
      const double x = (y - pmf.y(i)) * inv;
      const double q = 0.5 * std::erfc(x);
      acc += pmf.p[i] * q;
      if (q * (i > 0 ? below[i - 1] : 0.0) <= 1e-17 * acc || x > 27.3)
        break;
    }
    return acc;
  };
  const double mm = in.levels;
  const double want = in.target_ber * mm * std::log2(mm) / (2.0 * (mm - 1.0));
  double span = 40.0 * in.sigma_v + 2.0 * bin;
  for (std::size_t k = 0; k < n_resid; ++k)
    span += std::abs(terms[k]);
  for (double v : in.jitter_dd_v)
    span += std::abs(v);
  double lo_y = -span, hi_y = span;
  for (int it = 0; it < 48 && hi_y - lo_y > 1e-4 * d; ++it) {
    const double mid = 0.5 * (lo_y + hi_y);
    (tail(mid) > want ? lo_y : hi_y) = mid;
  }
  return 2.0 * (d - 0.5 * (lo_y + hi_y));
}
} // namespace

TEST_CASE("the eye height equals the bisection on full tail sums bit for bit",
          "[statistical_ber]") {
  // Tail sums stop once their side of the target is certain (statistical_ber.cpp); the eye
  // height must be the same double as with every sum complete. Random pulses, PAM-2/4, noise
  // from small to large against the ISI, targets 1e-4..1e-15.
  std::mt19937_64 rng(17);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int levels : {2, 4})
    for (double sigma : {1e-4, 3e-3, 2e-2})
      for (double target : {1e-4, 1e-9, 1e-15}) {
        std::vector<double> cursors(40), dd(40);
        for (std::size_t k = 0; k < cursors.size(); ++k) {
          cursors[k] = 0.05 * u(rng) / (1.0 + std::abs(static_cast<double>(k) - 5.0));
          dd[k] = 0.002 * u(rng);
        }
        cursors[5] = 0.4;
        const std::vector<double> dfe{cursors[6], cursors[7]};
        linkphy::StatisticalEyeInput in;
        in.cursors_v = cursors;
        in.main_cursor = 5;
        in.levels = levels;
        in.dfe_taps_v = dfe;
        in.sigma_v = sigma;
        in.jitter_dd_v = dd;
        in.target_ber = target;
        const auto r = linkphy::statistical_ber(in);
        INFO("PAM-" << levels << ", sigma " << sigma << ", target " << target);
        CHECK(r.eye_height_v == eye_height_full_sums(in, r.d_v));
      }
}
