// `link` sweep evaluator: one link per point (link_eval.hpp), so `linkphy sweep` can sweep
// length × rate × technology.
#include "link_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include <algorithm>

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
  std::vector<std::string> text_columns() const override { // as fill_row writes them
    return {"tech", "modulation", "fidelity", "fec", "feasible", "limited_by"};
  }
  std::vector<std::string> accepted_keys() const override {
    return {"tech", "length", "rate", "modulation", "fidelity", "ber_target", "set", "catalog"};
  }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    evaluate_with(p, out, {});
  }
  void check_value(const std::string &key, const std::string &value,
                   const std::string &where) const override {
    if (key == "tech") {
      const auto known = technology_names();
      if (std::find(known.begin(), known.end(), value) == known.end()) {
        throw InputError(where, "unknown technology '" + value + "'; known: " + join_list(known));
      }
    } else if (key == "fidelity") {
      (void)parse_fidelity(value, where);
    } else if (key == "length") {
      const double l = parse_quantity_as(value, Dimension::length, where);
      if (!(l >= 0 && l <= 100e3))
        throw InputError(where, "'" + value + "' is out of range; accepted: 0 m to 100 km");
    }
  }
  std::vector<FieldName> field_keys() const override { // the fields request_of sets
    return {{"LinkRequest.rate", "rate"},        {"LinkRequest.modulation", "modulation"},
            {"LinkRequest.length_m", "length"},  {"LinkRequest.sets", "set"},
            {"LinkRequest.catalogs", "catalog"}, {"LinkRequest.ber_target", "ber_target"}};
  }
  std::vector<std::string> setup_keys() const override {
    return {"tech", "rate", "modulation", "set", "catalog"};
  }
  std::vector<std::string> check_setup(const ParamSet &p) const override {
    const LinkRequest q = request_of(p, {});
    for (const auto &c : q.catalogs) // "KIND=FILE" named by the spec's key
      (void)parse_user_catalog(c, p.where_key("catalog"));
    try {
      (void)detail::channel_context(q.catalogs); // each file read and checked once, here
    } catch (const InputError &e) {
      throw InputError(p.where_key("catalog"),
                       (e.where().empty() ? "" : e.where() + ": ") + e.detail());
    }
    try {
      return build_stages(q);
    } catch (const InputError &e) {
      if (q.sets.empty() || !builds_without_sets(q))
        throw;
      // The spec's `set` made the technology or a stage fail: its line. A key the technology
      // lacks is named by the library as "LinkRequest.sets 'k=v'", which says nothing here.
      const bool named_set = e.where().rfind("LinkRequest.sets", 0) == 0;
      throw InputError(p.where_key("set"),
                       (named_set || e.where().empty() ? "" : e.where() + ": ") + e.detail());
    }
  }
  void prepare(const ParamSet &p) const override {
    try {
      const LinkRequest q = request_of(p, {});
      if (q.fidelity == Fidelity::analytic && q.length_m >= 0)
        (void)detail::analytic_plan_range(q); // makes the plan (link_analytic.cpp) if new
    } catch (const std::exception &) {        // the points report it
    }
  }
  void evaluate_with(const ParamSet &p, std::vector<std::string> &out,
                     const EvaluationContext &context) const override {
    const LinkRequest q = request_of(p, context);
    LinkReport r; // analytic: the row needs no stage names or warnings (link_analytic.cpp)
    if (!(q.fidelity == Fidelity::analytic && detail::evaluate_link_analytic(q, r, false)))
      r = evaluate_link(q);
    fill_row(q, r, out);
  }

private:
  // The technology (its rate class, the sets' keys) and every stage of its hops built as a point
  // builds them (each stage's keys and values judged), without evaluating the link; the
  // technology's warnings (a set key with no effect at this rate).
  static std::vector<std::string> build_stages(const LinkRequest &q) {
    const Technology tech = detail::link_technology(q, q.length_m);
    const ChannelContext &ctx = detail::channel_context(q.catalogs);
    double peaking_db = 0;
    for (const auto &hop : tech.hops)
      if (hop.kind != HopKind::optical) // as evaluate_link builds an electrical or linear hop
        for (const auto &spec : hop.stage_specs)
          (void)detail::hop_stage(spec, ctx, peaking_db);
    return tech.warnings;
  }
  static bool builds_without_sets(LinkRequest q) {
    q.sets.clear();
    try {
      (void)build_stages(q);
      return true;
    } catch (const InputError &) {
      return false;
    }
  }
  static void split_into(const std::optional<std::string> &s, std::vector<std::string> &out) {
    if (!s)
      return;
    std::size_t i = 0;
    while (i <= s->size()) {
      const auto j = s->find(';', i);
      const std::string part = s->substr(i, j == std::string::npos ? std::string::npos : j - i);
      if (!part.empty())
        out.push_back(part);
      if (j == std::string::npos)
        break;
      i = j + 1;
    }
  }
  static LinkRequest request_of(const ParamSet &p, const EvaluationContext &context) {
    LinkRequest q;
    q.search_threads = context.point_threads;
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
    split_into(p.text_or("set"), q.sets);         // "key=value;key=value"
    split_into(p.text_or("catalog"), q.catalogs); // "KIND=FILE;KIND=FILE"
    return q;
  }
  static void fill_row(const LinkRequest &q, const LinkReport &r, std::vector<std::string> &out) {
    const auto &s = r.summary;
    // Cells assigned in place: their buffers are reused point after point (no allocation).
    out.resize(19);
    auto num = [&](std::size_t k, double v) { format_value_into(v, out[k]); };
    auto opt = [&](std::size_t k, const std::optional<double> &v) {
      if (v)
        num(k, *v);
      else
        out[k].assign("nan");
    };
    out[0].assign(q.tech);
    num(1, q.length_m);
    // Rate and baud repeat from row to row of a sweep: formatted when they change.
    thread_local double last_rate = -1, last_baud = -1;
    thread_local std::string rate_text, baud_text;
    if (r.lane.line_rate_bps / 1e9 != last_rate) {
      last_rate = r.lane.line_rate_bps / 1e9;
      format_value_into(last_rate, rate_text);
    }
    if (r.lane.baud_bd / 1e9 != last_baud) {
      last_baud = r.lane.baud_bd / 1e9;
      format_value_into(last_baud, baud_text);
    }
    out[2].assign(rate_text);
    out[3].assign(baud_text);
    out[4].assign(r.lane.modulation.name());
    out[5].assign(to_string(q.fidelity));
    num(6, s.il_nyquist_db);
    num(7, s.snr_db);
    num(8, s.ber_pre_fec);
    num(9, s.ber_post_fec);
    out[10].assign(r.lane.fec.name);
    num(11, s.margin_db);
    out[12].assign(s.feasible ? "true" : "false");
    opt(13, r.com_db);
    opt(14, r.eye_height_mv);
    opt(15, r.power ? std::optional(r.power->power_w) : std::nullopt);
    out[16].assign(r.limited_by);
    opt(17, r.power ? std::optional(r.power->energy_pj_per_bit) : std::nullopt);
    opt(18, r.power ? std::optional(r.power->heat_w) : std::nullopt);
  }
};

} // namespace

std::unique_ptr<Evaluator> make_link_evaluator() { return std::make_unique<LinkEvaluator>(); }

} // namespace linkphy::sweeps
