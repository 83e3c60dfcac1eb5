// Built-in sweep evaluators. Each is a thin, thread-safe adapter from a point's keys to a model
// of phy/channels/transceivers; the model is named in each class comment.
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace linkphy::sweeps {
namespace {

// `fec`: RS post-FEC performance for random errors (phy/fec.hpp: Sklar §8.1.5, Cideciyan 2013).
class FecEvaluator final : public Evaluator {
public:
  std::vector<std::string> columns() const override {
    return {"fec", "ber_post_fec", "codeword_error_ratio", "frame_loss_ratio"};
  }
  std::vector<std::string> text_columns() const override { return {"fec"}; }
  std::vector<std::string> accepted_keys() const override {
    return {"ber_pre", "fec", "frame_bits", "fidelity"};
  }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    const double ber = p.number("ber_pre", 0.0, 0.5);
    const FecCode code = parse_fec(p.text_or("fec").value_or("KP4"), p.where_key("fec"));
    const double frame_bits = p.number_or("frame_bits", 512.0, 1.0, 1e9);
    (void)p.text_or("fidelity");
    out = {code.name, format_value(post_fec_ber(code, ber)),
           format_value(codeword_error_ratio(code, ber)),
           format_value(frame_loss_ratio(code, ber, frame_bits))};
  }
};

// `pam`: PAM-M symbol and bit error ratios in Gaussian noise vs SNR (phy/ber.hpp: Proakis §4.3).
class PamEvaluator final : public Evaluator {
public:
  std::vector<std::string> columns() const override {
    return {"modulation", "d_over_sigma", "ser", "ber"};
  }
  std::vector<std::string> text_columns() const override { return {"modulation"}; }
  std::vector<std::string> accepted_keys() const override {
    return {"snr", "modulation", "fidelity"};
  }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    const double snr_db = p.quantity("snr", Dimension::gain);
    // Beyond ±100s of dB no channel exists, and 10^(SNR/10) overflows to inf past ~3083 dB.
    p.require_range("snr", snr_db, -100.0, 200.0, "-100 dB to 200 dB (e.g. 20 dB)");
    const Modulation mod =
        parse_modulation(p.text_or("modulation").value_or("PAM4"), p.where_key("modulation"));
    (void)p.text_or("fidelity");
    out = {mod.name(), format_value(d_over_sigma_from_snr(mod, std::pow(10.0, snr_db / 10.0))),
           format_value(pam_ser_from_snr_db(mod, snr_db)),
           format_value(pam_ber_from_snr_db(mod, snr_db))};
  }
};

template <class T> std::unique_ptr<Evaluator> make() { return std::make_unique<T>(); }

} // namespace

const std::vector<EvaluatorInfo> &evaluators() {
  static const std::vector<EvaluatorInfo> list{
      {"fec",
       "post-FEC BER, codeword error and frame loss ratio from ber_pre (keys: ber_pre, fec, "
       "frame_bits)",
       &make<FecEvaluator>},
      {"pam", "PAM-M SER/BER in Gaussian noise from snr (keys: snr -100 dB to 200 dB, modulation)",
       &make<PamEvaluator>},
      {"link",
       "one link per point: SNR, BER pre/post FEC, margin, COM (keys: tech, length, rate, "
       "modulation, fidelity, ber_target, set)",
       &make_link_evaluator},
  };
  return list;
}

std::unique_ptr<Evaluator> make_evaluator(const std::string &name, const std::string &where) {
  for (const auto &e : evaluators())
    if (e.name == name)
      return e.make();
  throw InputError(where, "unknown evaluator '" + name +
                              "'; accepted: " + join_list(evaluators(), &EvaluatorInfo::name));
}

std::string format_value(double v) {
  std::string out;
  format_value_into(v, out);
  return out;
}

namespace {

// The exponent of to_chars' scientific form: "e+05", "e-300" from `e` to `end`.
int exponent_of(const char *e, const char *end) {
  int x = 0;
  for (const char *c = e + 2; c < end; ++c)
    x = 10 * x + (*c - '0');
  return e[1] == '-' ? -x : x;
}

} // namespace

void format_value_into(double v, std::string &text) {
  if (std::isnan(v)) {
    text.assign("nan");
    return;
  }
  if (std::isinf(v)) {
    text.assign(v > 0 ? "inf" : "-inf");
    return;
  }
  // printf's %.12g without printf (a sweep formats a dozen numbers per row): the 12 significant
  // digits, laid out by %g's rule (C11 7.21.6.1: fixed when −4 ≤ exponent < 12, else d.ddde±XX;
  // trailing zeros and a trailing point removed). The digits come from the shortest round-trip
  // form (std::to_chars, fast) when it decides them: with ≤ 12 digits it is them (12-digit
  // decimals are spaced far wider than a normal double's ulp); with ≥ 14 no 12-digit rounding
  // boundary (≤ 13 digits) lies between it and v (else that shorter string would round-trip
  // and be the shortest), so rounding its digits rounds v. Otherwise (13 digits, subnormals)
  // std::to_chars with precision 11 in scientific form, which rounds v as printf's %.11e does.
  char sci[48];
  auto rs = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific);
  const char *e = std::find(sci, rs.ptr, 'e');
  const bool neg = sci[0] == '-';
  char digits[24];
  int nd = 0;
  for (const char *c = sci + (neg ? 1 : 0); c < e && nd < 24; ++c)
    if (*c != '.')
      digits[nd++] = *c;
  int x = 0;
  x = exponent_of(e, rs.ptr);
  const bool subnormal = v != 0 && std::abs(v) < std::numeric_limits<double>::min();
  if (nd >= 14 && !subnormal) { // round the digits to 12, half up (no tie: see above)
    const bool up = digits[12] >= '5';
    nd = 12;
    if (up) {
      int k = 11;
      while (k >= 0 && digits[k] == '9')
        digits[k--] = '0';
      if (k >= 0) {
        ++digits[k];
      } else { // 9.99…95 → 10.0…: one more digit before the point
        digits[0] = '1';
        ++x;
      }
    }
  } else if (nd > 12 || subnormal) {
    rs = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific, 11);
    e = std::find(sci, rs.ptr, 'e');
    nd = 0;
    for (const char *c = sci + (neg ? 1 : 0); c < e && nd < 24; ++c)
      if (*c != '.')
        digits[nd++] = *c;
    x = exponent_of(e, rs.ptr);
  }
  while (nd > 1 && digits[nd - 1] == '0')
    --nd;
  char out[48];
  char *o = out;
  if (neg)
    *o++ = '-';
  if (x >= -4 && x < 12) {
    if (x < 0) {
      *o++ = '0';
      *o++ = '.';
      for (int k = 0; k < -x - 1; ++k)
        *o++ = '0';
      for (int k = 0; k < nd; ++k)
        *o++ = digits[k];
    } else {
      for (int k = 0; k <= x; ++k)
        *o++ = k < nd ? digits[k] : '0';
      if (nd > x + 1) {
        *o++ = '.';
        for (int k = x + 1; k < nd; ++k)
          *o++ = digits[k];
      }
    }
  } else {
    *o++ = digits[0];
    if (nd > 1) {
      *o++ = '.';
      for (int k = 1; k < nd; ++k)
        *o++ = digits[k];
    }
    *o++ = 'e';
    *o++ = x < 0 ? '-' : '+';
    const int ax = x < 0 ? -x : x;
    if (ax < 10)
      *o++ = '0';
    o = std::to_chars(o, out + sizeof out, ax).ptr;
  }
  text.assign(out, o); // reuses the caller's buffer
}

} // namespace linkphy::sweeps
