// RS codeword error ratio and post-FEC BER for independent bit errors (Sklar, Digital
// Communications 2nd ed. §8.1.5; Cideciyan et al., IEEE Commun. Mag. 51(12), 2013).
#include "text_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace linkphy {
namespace {

constexpr double neg_inf = -std::numeric_limits<double>::infinity();

void check_ber(double ber, const char *where) {
  if (!(ber >= 0.0 && ber <= 1.0))
    throw InputError(where, "BER " + std::to_string(ber) + " out of range (accepted: 0 … 1)");
}

// Running log-sum-exp accumulator.
struct LogSum {
  double lmax = neg_inf;
  double sum = 0.0; // Σ exp(l_i − lmax)
  void add(double l) {
    if (l == neg_inf)
      return;
    if (l > lmax) {
      sum = sum * std::exp(lmax - l) + 1.0;
      lmax = l;
    } else {
      sum += std::exp(l - lmax);
    }
  }
  double log() const { return lmax == neg_inf ? neg_inf : lmax + std::log(sum); }
};

// log C(n, i) = Σ_{j=1}^{i} log((n − i + j)/j).
double log_choose(int n, int i) {
  double c = 0.0;
  for (int j = 1; j <= i; ++j)
    c += std::log(static_cast<double>(n - i + j) / j);
  return c;
}

// log of w_i·C(n,i) p^i (1−p)^{n−i}, with w_i = i/n when `weighted`, else 1.
double log_term(int n, int i, double log_c, double log_p, double log_q, bool weighted) {
  const double l = log_c + i * log_p + (n - i) * log_q;
  return weighted ? l + std::log(static_cast<double>(i) / n) : l;
}

// log Σ_{i=t+1}^{n} w_i · C(n,i) p^i (1−p)^{n−i}, 0 < p < 1. When the binomial mean n·p lies in
// the tail the complement Σ_{i≤t} (small there) is summed instead and subtracted from the total
// (1, or p for the weighted sum since E[i/n] = p), so that near saturation the result keeps its
// absolute accuracy and stays monotone. Terms are summed outward from the threshold and the sum
// stops once, past the mode, they fall 40 nepers (4e-18 relative) below the largest.
double log_binomial_tail(int n, int t, double p, bool weighted) {
  if (t >= n || p <= 0.0)
    return neg_inf;
  if (p >= 1.0)
    return 0.0; // all n symbols wrong: every weight is n/n = 1
  const double log_p = std::log(p);
  const double log_q = std::log1p(-p);
  const double mode = (n + 1) * p;
  LogSum acc;
  if (n * p <= t) { // tail: i = t+1 … n
    double log_c = log_choose(n, t + 1);
    for (int i = t + 1; i <= n; ++i) {
      if (i > t + 1)
        log_c += std::log(static_cast<double>(n - i + 1) / i);
      const double l = log_term(n, i, log_c, log_p, log_q, weighted);
      acc.add(l);
      if (i > mode && l < acc.lmax - 40.0)
        break;
    }
    return std::min(0.0, acc.log()); // a probability: rounding must not exceed 1
  }
  double log_c = log_choose(n, t); // head: i = t … 0
  for (int i = t; i >= 0; --i) {
    if (i < t)
      log_c += std::log(static_cast<double>(i + 1) / (n - i));
    const double l = i == 0 && weighted ? neg_inf : log_term(n, i, log_c, log_p, log_q, weighted);
    acc.add(l);
    if (i < mode && l < acc.lmax - 40.0)
      break;
  }
  const double total = weighted ? p : 1.0;
  const double tail = total - std::exp(acc.log());
  return tail > 0.0 ? std::log(tail) : neg_inf;
}

// Bisection on log(ber) ∈ [log 1e-300, log 0.5] of an increasing log-valued function.
template <class LogF> double invert_increasing(LogF log_f, double target, const char *what) {
  const double log_target = std::log(target);
  double lo = std::log(1e-300);
  double hi = std::log(0.5);
  if (!(target > 0.0) || !(log_f(std::exp(hi)) > log_target) || !(log_f(std::exp(lo)) < log_target))
    throw InputError(what, "target " + std::to_string(target) +
                               " out of range (accepted: between its values at pre-FEC BER "
                               "1e-300 and 0.5)");
  while (hi - lo > 1e-10) {
    const double mid = 0.5 * (lo + hi);
    (log_f(std::exp(mid)) < log_target ? lo : hi) = mid;
  }
  return std::exp(0.5 * (lo + hi));
}

} // namespace

FecCode fec_none() { return FecCode{}; }

FecCode fec_kp4() {
  FecCode c = rs_code(544, 514, 10);
  c.name = "KP4";
  return c;
}

FecCode fec_kr4() {
  FecCode c = rs_code(528, 514, 10);
  c.name = "KR4";
  return c;
}

FecCode rs_code(int n, int k, int m) {
  if (m < 1 || m > 16 || k < 1 || k >= n || n > (1 << m) - 1)
    throw InputError("FEC", "RS(" + std::to_string(n) + "," + std::to_string(k) + ") over GF(2^" +
                                std::to_string(m) +
                                ") is not a valid Reed–Solomon code (accepted: 1 ≤ m ≤ 16, "
                                "1 ≤ k < n ≤ 2^m − 1)");
  return FecCode{"RS(" + std::to_string(n) + "," + std::to_string(k) + ")", n, k, (n - k) / 2, m};
}

FecCode parse_fec(std::string_view text, std::string_view where) {
  const std::string s = text_detail::upper_no_space(text);
  const std::string w = where.empty() ? std::string("FEC") : std::string(where);
  if (s == "NONE")
    return fec_none();
  if (s == "KP4" || s == "RS(544,514)")
    return fec_kp4();
  if (s == "KR4" || s == "RS(528,514)")
    return fec_kr4();
  if (s.size() > 6 && s.compare(0, 3, "RS(") == 0 && s.back() == ')') {
    const auto comma = s.find(',');
    try {
      if (comma != std::string::npos) {
        std::size_t used_n = 0, used_k = 0;
        const std::string ns = s.substr(3, comma - 3);
        const std::string ks = s.substr(comma + 1, s.size() - comma - 2);
        const int n = std::stoi(ns, &used_n);
        const int k = std::stoi(ks, &used_k);
        if (used_n == ns.size() && used_k == ks.size())
          return rs_code(n, k, 10);
      }
    } catch (const InputError &e) {
      throw InputError(w, e.detail());
    } catch (const std::exception &) {
      // fall through to the generic message
    }
  }
  throw InputError(w, "unknown FEC '" + std::string(text) +
                          "' (accepted: KP4, KR4, none, RS(544,514), RS(528,514), RS(n,k))");
}

double symbol_error_probability(int m, double ber) {
  check_ber(ber, "symbol_error_probability");
  if (m < 1)
    throw InputError("symbol_error_probability",
                     "symbol of " + std::to_string(m) + " bits (accepted: m >= 1 bits)");
  return -std::expm1(m * std::log1p(-ber));
}

double log_codeword_error_ratio(const FecCode &fec, double ber_pre) {
  check_ber(ber_pre, "pre-FEC BER");
  if (fec.is_none())
    return std::log(ber_pre);
  return log_binomial_tail(fec.n, fec.t, symbol_error_probability(fec.m, ber_pre), false);
}

double codeword_error_ratio(const FecCode &fec, double ber_pre) {
  return std::exp(log_codeword_error_ratio(fec, ber_pre));
}

double post_fec_ber(const FecCode &fec, double ber_pre) {
  check_ber(ber_pre, "pre-FEC BER");
  if (fec.is_none() || ber_pre == 0.0)
    return ber_pre;
  const double ps = symbol_error_probability(fec.m, ber_pre);
  // SER_out ≤ p_s, hence post ≤ pre; the min only removes rounding overshoot near saturation.
  return std::min(ber_pre, std::exp(log_binomial_tail(fec.n, fec.t, ps, true)) * (ber_pre / ps));
}

double frame_loss_ratio(const FecCode &fec, double ber_pre, double frame_bits) {
  check_ber(ber_pre, "pre-FEC BER");
  if (!(frame_bits > 0.0))
    throw InputError("frame length",
                     std::to_string(frame_bits) + " bits out of range (accepted: > 0 bits)");
  if (fec.is_none())
    return -std::expm1(frame_bits * std::log1p(-ber_pre));
  const double cer = codeword_error_ratio(fec, ber_pre);
  const double codewords = 1.0 + (frame_bits - 1.0) / (static_cast<double>(fec.k) * fec.m);
  return cer >= 1.0 ? 1.0 : -std::expm1(codewords * std::log1p(-cer));
}

double pre_fec_ber_for_post_fec_ber(const FecCode &fec, double target_post_ber) {
  if (fec.is_none()) {
    if (!(target_post_ber > 0.0 && target_post_ber <= 0.5))
      throw InputError("target post-FEC BER",
                       std::to_string(target_post_ber) + " out of range (accepted: 0 < BER ≤ 0.5)");
    return target_post_ber;
  }
  return invert_increasing(
      [&](double ber) {
        const double ps = symbol_error_probability(fec.m, ber);
        return log_binomial_tail(fec.n, fec.t, ps, true) + std::log(ber / ps);
      },
      target_post_ber, "target post-FEC BER");
}

double pre_fec_ber_for_codeword_error_ratio(const FecCode &fec, double target_cer) {
  if (fec.is_none()) {
    if (!(target_cer > 0.0 && target_cer <= 0.5))
      throw InputError("target codeword error ratio",
                       std::to_string(target_cer) + " out of range (accepted: 0 < CER ≤ 0.5)");
    return target_cer;
  }
  return invert_increasing([&](double ber) { return log_codeword_error_ratio(fec, ber); },
                           target_cer, "target codeword error ratio");
}

} // namespace linkphy
