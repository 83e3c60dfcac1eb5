// Hop evaluation: packaged path transfer (93A-15/18), Annex 93A equaliser search (com.hpp), then
// the equalised pulse at the chosen setting (as COM built it) for the statistical BER and Monte
// Carlo.
#include "ascending_check.hpp"
#include "com_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/quantity.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace linkphy {
namespace {
using com::Complex;

using com::ffe_sample;

bool same_side(const com::PackageSide &a, const com::PackageSide &b) {
  return a.c_d_f == b.c_d_f && a.l_s_h == b.l_s_h && a.c_b_f == b.c_b_f && a.c_p_f == b.c_p_f &&
         a.z_c_ohm == b.z_c_ohm && a.length_mm == b.length_mm;
}

// The TX and (flipped) RX package 2-ports of the last few (grid, package) pairs, per thread: the
// hops of a sweep share their packages and grid, so each point would otherwise rebuild the same
// networks (about 5 % of a statistical point). Exact: the same inputs give the same networks.
struct PackagePair {
  com::TwoPort tx, rx;
};
const PackagePair &package_pair(std::span<const double> f_hz, const HopPackage &pkg) {
  struct Entry {
    std::vector<double> f;
    HopPackage pkg;
    PackagePair pair;
  };
  thread_local std::vector<Entry> cache; // most recent last, at most 4
  for (std::size_t i = 0; i < cache.size(); ++i) {
    const Entry &e = cache[i];
    if (e.pkg.r0_ohm == pkg.r0_ohm && same_side(e.pkg.tx, pkg.tx) && same_side(e.pkg.rx, pkg.rx) &&
        e.pkg.line.gamma0_per_mm == pkg.line.gamma0_per_mm &&
        e.pkg.line.a1_per_mm_sqrt_ghz == pkg.line.a1_per_mm_sqrt_ghz &&
        e.pkg.line.a2_per_mm_ghz == pkg.line.a2_per_mm_ghz &&
        e.pkg.line.tau_ns_per_mm == pkg.line.tau_ns_per_mm &&
        std::equal(e.f.begin(), e.f.end(), f_hz.begin(), f_hz.end())) {
      if (i + 1 != cache.size())
        std::rotate(cache.begin() + static_cast<long>(i), cache.begin() + static_cast<long>(i) + 1,
                    cache.end());
      return cache.back().pair;
    }
  }
  if (cache.size() == 4)
    cache.erase(cache.begin());
  Entry e{std::vector<double>(f_hz.begin(), f_hz.end()), pkg, {}};
  e.pair.tx = com::package(f_hz, pkg.tx, pkg.line, pkg.r0_ohm);
  e.pair.rx = com::flipped(com::package(f_hz, pkg.rx, pkg.line, pkg.r0_ohm));
  cache.push_back(std::move(e));
  return cache.back().pair;
}
} // namespace

double il_at_db(std::span<const double> f, std::span<const Complex> h, double f0) {
  if (f.empty() || h.size() != f.size())
    throw InputError("il_at_db", std::to_string(f.size()) + " frequencies and " +
                                     std::to_string(h.size()) +
                                     " transfer values (accepted: the same number, at least 1)");
  if (!std::isfinite(f0))
    throw InputError("il_at_db", "frequency " + number_text(f0) + " Hz is not finite");
  detail::check_ascending(f, "il_at_db");
  for (std::size_t k = 1; k < f.size(); ++k)
    if (f[k] >= f0) {
      const double t = (f0 - f[k - 1]) / (f[k] - f[k - 1]);
      const double m = std::abs(h[k - 1]) + t * (std::abs(h[k]) - std::abs(h[k - 1]));
      return -20.0 * std::log10(std::max(m, 1e-300));
    }
  return -20.0 * std::log10(std::max(std::abs(h.back()), 1e-300));
}

com::PathTransfer hop_transfer(std::span<const double> f_hz, const com::TwoPort &channel,
                               const HopPackage &pkg, com::PathKind kind, const std::string &name) {
  const std::size_t n = f_hz.size();
  if (channel.s21.size() != n || channel.s11.size() != n || channel.s12.size() != n ||
      channel.s22.size() != n)
    throw InputError(name, "channel S-parameters and frequency grid differ in size");
  if (n < 10)
    throw InputError(name, "channel needs at least 10 frequency points");
  if (!(pkg.r0_ohm > 0 && pkg.r_d_tx_ohm > 0 && pkg.r_d_rx_ohm > 0))
    throw InputError(name, "package reference and die terminations must be > 0 ohm");
  com::TwoPort path = channel;
  if (pkg.enabled) {
    const PackagePair &pp = package_pair(f_hz, pkg);
    path = com::cascade(com::cascade(pp.tx, channel), pp.rx);
  }
  const double g1 = (pkg.r_d_tx_ohm - pkg.r0_ohm) / (pkg.r_d_tx_ohm + pkg.r0_ohm);
  const double g2 = (pkg.r_d_rx_ohm - pkg.r0_ohm) / (pkg.r_d_rx_ohm + pkg.r0_ohm);
  com::PathTransfer t;
  t.kind = kind;
  t.f_hz.assign(f_hz.begin(), f_hz.end());
  t.h21 = com::terminated_transfer(path, g1, g2); // 93A-18
  t.name = name;
  return t;
}

HopResult evaluate_hop_statistical(const HopInput &in) {
  HopResult r;
  com::Settings s = in.settings;
  s.search = in.local_search ? com::Settings::Search::local : com::Settings::Search::exhaustive;
  // The pulse of the thru path at the chosen CTLE (93A-19, 93A-24), on COM's time grid.
  const std::vector<double> *pulse = nullptr;
  r.com = com::detail::evaluate_with_pulse(s, in.thru, in.aggressors, pulse);
  const std::vector<double> &p = *pulse;
  r.warnings = r.com.warnings;
  r.il_nyquist_db = il_at_db(in.thru.f_hz, in.thru.h21, s.f_b_hz / 2);

  const int m = s.samples_per_ui;
  const int pre = s.tx_pre_taps;
  const long n = static_cast<long>(p.size());
  const long ts = r.com.cursor_sample;
  const long k_pre = ts / m, k_post = (n - 1 - ts) / m;
  EqualisedPulse &e = r.pulse;
  e.levels = s.levels;
  e.level_mismatch = s.r_lm;
  e.main_cursor = static_cast<int>(k_pre);
  const auto &c = r.com.tx_taps;
  double hj2 = 0;
  for (long k = -k_pre; k <= k_post; ++k) {
    const long t = ts + k * m;
    e.cursors_v.push_back(ffe_sample(p, c, pre, m, t));
    const double hj = (ffe_sample(p, c, pre, m, t + 1) - ffe_sample(p, c, pre, m, t - 1)) * m /
                      2.0; // 93A-28: slope, V per UI
    hj2 += hj * hj;
    e.jitter_dd_v.push_back(s.a_dd_ui * hj); // 93A-40
  }
  const double h0 = e.cursors_v[static_cast<std::size_t>(e.main_cursor)];
  for (double b : r.com.dfe_taps)
    e.dfe_taps_v.push_back(b * h0);
  const double var_x = (s.levels * s.levels - 1.0) / (3.0 * (s.levels - 1.0) * (s.levels - 1.0));
  e.sigma_rj_v = s.sigma_rj_ui * std::sqrt(var_x * hj2); // 93A-41
  if (in.adc_enob < 0 || in.adc_enob > 16)
    throw InputError("ADC", "effective bits must be in [0, 16]");
  if (in.adc_enob > 0) { // uniform quantiser: σ² = LSB²/12 (Bennett 1948)
    double full_scale = 0;
    for (double v : e.cursors_v)
      full_scale += 2.0 * std::abs(v);
    e.sigma_adc_v = full_scale / std::pow(2.0, in.adc_enob) / std::sqrt(12.0);
  }
  // Gaussian part (93A-41) plus crosstalk as its rms (COM convolves the crosstalk PMF instead).
  e.sigma_gauss_v = std::sqrt(e.sigma_rj_v * e.sigma_rj_v + r.com.sigma_n_v * r.com.sigma_n_v +
                              r.com.sigma_tx_v * r.com.sigma_tx_v +
                              r.com.sigma_xt_v * r.com.sigma_xt_v + e.sigma_adc_v * e.sigma_adc_v);

  StatisticalEyeInput si;
  si.cursors_v = e.cursors_v;
  si.main_cursor = e.main_cursor;
  si.levels = e.levels;
  si.dfe_taps_v = e.dfe_taps_v;
  si.sigma_v = e.sigma_gauss_v;
  si.jitter_dd_v = e.jitter_dd_v;
  si.level_mismatch = e.level_mismatch;
  si.error_propagation = in.error_propagation;
  si.target_ber = in.target_ber;
  r.eye = statistical_ber(si);
  return r;
}

MonteCarloResult evaluate_hop_montecarlo(const HopResult &hop, std::uint64_t symbols,
                                         std::uint64_t seed) {
  const EqualisedPulse &e = hop.pulse;
  if (e.main_cursor < 0 || static_cast<std::size_t>(e.main_cursor) >= e.cursors_v.size())
    throw InputError("montecarlo", "hop pulse has no main cursor (index " +
                                       std::to_string(e.main_cursor) + " of " +
                                       std::to_string(e.cursors_v.size()) +
                                       " cursors; accepted: a HopResult from "
                                       "evaluate_hop_statistical)");
  // Keep the cursors that matter (|h| ≥ 1e-4 of the cursor) to bound the simulated span.
  const double h0 = e.cursors_v[static_cast<std::size_t>(e.main_cursor)];
  long first = e.main_cursor, last = e.main_cursor;
  for (long k = 0; k < static_cast<long>(e.cursors_v.size()); ++k)
    if (std::abs(e.cursors_v[static_cast<std::size_t>(k)]) >= 1e-4 * h0) {
      first = std::min(first, k);
      last = std::max(last, k);
    }
  last = std::max(last, e.main_cursor + static_cast<long>(e.dfe_taps_v.size()));
  last = std::min(last, static_cast<long>(e.cursors_v.size()) - 1);
  const std::vector<double> cur(e.cursors_v.begin() + first, e.cursors_v.begin() + last + 1);
  MonteCarloInput in;
  in.cursors_v = cur;
  in.main_cursor = static_cast<int>(e.main_cursor - first);
  in.levels = e.levels;
  in.noise_rms_v = e.sigma_gauss_v;
  in.dfe_taps_v = e.dfe_taps_v;
  in.symbols = symbols;
  in.seed = seed;
  return run_montecarlo(in);
}

} // namespace linkphy
