// Built-in sweep evaluators. Each is a thin, thread-safe adapter from a point's keys to a model
// of phy/channels/transceivers; the model is named in each class comment.
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fec.hpp>
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
  std::vector<std::string> accepted_keys() const override {
    return {"snr", "modulation", "fidelity"};
  }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    const double snr_db = p.quantity("snr", Dimension::gain);
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
      {"pam", "PAM-M SER/BER in Gaussian noise from snr (keys: snr, modulation)",
       &make<PamEvaluator>},
      {"link",
       "one link per point: SNR, BER pre/post FEC, margin, COM (keys: tech, length, rate, "
       "modulation, fidelity, ber_target, set)",
       &make_link_evaluator},
  };
  return list;
}

std::unique_ptr<Evaluator> make_evaluator(const std::string &name, const std::string &where) {
  std::string known;
  for (const auto &e : evaluators()) {
    if (e.name == name)
      return e.make();
    if (!known.empty())
      known += ", ";
    known += e.name;
  }
  throw InputError(where, "unknown evaluator '" + name + "'; accepted: " + known);
}

std::string format_value(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  // printf's %.12g (a sweep formats a dozen numbers per row, so not through printf). When the
  // shortest round-trip digits of v are ≤ 12, they are %.12g's digits (12-digit decimals are
  // spaced far wider than a normal v's ulp, so rounding v to 12 digits gives them, zero-padded, and
  // %g drops the zeros); they are laid out by %g's rule (fixed for −4 ≤ exponent < 12, else
  // d.ddde±XX). Otherwise std::to_chars with precision 12, which formats as printf does (C++20
  // [charconv]).
  char sci[40];
  const auto rs = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific);
  char *e = std::find(sci, rs.ptr, 'e');
  const bool neg = sci[0] == '-';
  char digits[24];
  int nd = 0;
  for (char *c = sci + (neg ? 1 : 0); c < e; ++c)
    if (*c != '.')
      digits[nd++] = *c;
  const bool subnormal = v != 0 && std::abs(v) < std::numeric_limits<double>::min(); // ulp wide
  if (nd > 12 || e == rs.ptr || subnormal) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 12);
    return std::string(buf, r.ptr);
  }
  int x = 0;
  std::from_chars(e + 1 + (e[1] == '+' ? 1 : 0), rs.ptr, x);
  std::string out;
  if (neg)
    out += '-';
  if (x >= -4 && x < 12) {
    if (x < 0) {
      out += "0.";
      out.append(static_cast<std::size_t>(-x - 1), '0');
      out.append(digits, static_cast<std::size_t>(nd));
    } else if (nd <= x + 1) {
      out.append(digits, static_cast<std::size_t>(nd));
      out.append(static_cast<std::size_t>(x + 1 - nd), '0');
    } else {
      out.append(digits, static_cast<std::size_t>(x + 1));
      out += '.';
      out.append(digits + x + 1, static_cast<std::size_t>(nd - x - 1));
    }
    return out;
  }
  out += digits[0];
  if (nd > 1) {
    out += '.';
    out.append(digits + 1, static_cast<std::size_t>(nd - 1));
  }
  out += 'e';
  out += x < 0 ? '-' : '+';
  const int ax = x < 0 ? -x : x;
  if (ax < 10)
    out += '0';
  out += std::to_string(ax);
  return out;
}

} // namespace linkphy::sweeps
