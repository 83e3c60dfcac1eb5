// `link` sweep evaluator: one link per point (link_eval.hpp), so `linkphy sweep` can sweep
// length × rate × technology.
#include "link_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_eval.hpp>

namespace linkphy::sweeps {
namespace {

class LinkEvaluator final : public Evaluator {
public:
  std::vector<std::string> columns() const override {
    return {"tech",          "length_m",   "lane_rate_gbps",
            "baud_gbd",      "modulation", "fidelity",
            "il_nyquist_db", "snr_db",     "ber_pre_fec",
            "ber_post_fec",  "fec",        "margin_db",
            "feasible",      "com_db",     "eye_height_mv",
            "power_w",       "limited_by", "energy_pj_per_bit",
            "heat_w"};
  }
  std::vector<std::string> accepted_keys() const override {
    return {"tech", "length", "rate", "modulation", "fidelity", "ber_target", "set"};
  }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    LinkRequest q;
    q.tech = p.text("tech");
    q.length_m = p.quantity("length", Dimension::length);
    p.require_range("length", q.length_m, 0, 100e3, "0 m to 100 km");
    q.rate = p.text("rate");
    q.modulation = p.text_or("modulation");
    const auto fidelity = p.text_or("fidelity");
    q.fidelity = fidelity && *fidelity == "analytic" // the place only for an error message
                     ? Fidelity::analytic
                     : parse_fidelity(fidelity.value_or("statistical"), p.where_key("fidelity"));
    q.ber_target = p.number_or("ber_target", 1e-15, 1e-300, 0.49);
    if (const auto s = p.text_or("set")) { // "key=value;key=value"
      std::size_t i = 0;
      while (i <= s->size()) {
        const auto j = s->find(';', i);
        const std::string part = s->substr(i, j == std::string::npos ? std::string::npos : j - i);
        if (!part.empty())
          q.sets.push_back(part);
        if (j == std::string::npos)
          break;
        i = j + 1;
      }
    }
    LinkReport r; // analytic: the row needs no stage names or warnings (link_analytic.cpp)
    if (!(q.fidelity == Fidelity::analytic && detail::evaluate_link_analytic(q, r, false)))
      r = evaluate_link(q);
    const auto &s = r.summary;
    auto opt = [](const std::optional<double> &v) { return v ? format_value(*v) : "nan"; };
    out = {q.tech,
           format_value(q.length_m),
           format_value(r.lane.line_rate_bps / 1e9),
           format_value(r.lane.baud_bd / 1e9),
           r.lane.modulation.name(),
           to_string(q.fidelity),
           format_value(s.il_nyquist_db),
           format_value(s.snr_db),
           format_value(s.ber_pre_fec),
           format_value(s.ber_post_fec),
           r.lane.fec.name,
           format_value(s.margin_db),
           s.feasible ? "true" : "false",
           opt(r.com_db),
           opt(r.eye_height_mv),
           r.power ? format_value(r.power->power_w) : "nan",
           r.limited_by,
           r.power ? format_value(r.power->energy_pj_per_bit) : "nan",
           r.power ? format_value(r.power->heat_w) : "nan"};
  }
};

} // namespace

std::unique_ptr<Evaluator> make_link_evaluator() { return std::make_unique<LinkEvaluator>(); }

} // namespace linkphy::sweeps
