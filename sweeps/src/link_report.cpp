// JSON and text forms of the link report (DESIGN.md §6 keys).
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace linkphy::sweeps {
namespace {

std::string jnum(double v) { return json_number(v); }
std::string jopt(const std::optional<double> &v) { return v ? jnum(*v) : "null"; }
std::string jstr(const std::string &s) { return json_string(s); }

// The link's lanes: the power model's count, else the request's when it names one (> 0), else
// null — not known without a module build at this rate, and 0 would read as a count.
std::string lanes_json(const LinkReport &r) {
  if (r.power)
    return std::to_string(r.power->lanes);
  return r.request.lanes > 0 ? std::to_string(r.request.lanes) : "null";
}

std::string body(const LinkReport &r) {
  const auto &l = r.lane;
  const auto &s = r.summary;
  std::ostringstream o;
  o << "\"tech\":" << jstr(r.request.tech) << ",\"length_m\":" << jnum(r.request.length_m)
    << ",\"lane_rate_gbps\":" << jnum(l.line_rate_bps / 1e9)
    << ",\"baud_gbd\":" << jnum(l.baud_bd / 1e9) << ",\"modulation\":" << jstr(l.modulation.name())
    << ",\"fidelity\":" << jstr(to_string(r.request.fidelity))
    << ",\"il_nyquist_db\":" << jnum(s.il_nyquist_db) << ",\"snr_db\":" << jnum(s.snr_db)
    << ",\"ber_pre_fec\":" << jnum(s.ber_pre_fec) << ",\"ber_post_fec\":" << jnum(s.ber_post_fec)
    << ",\"ber_target\":" << jnum(r.request.ber_target) << ",\"fec\":" << jstr(l.fec.name)
    << ",\"frame_loss_ratio\":" << jnum(s.frame_loss_ratio)
    << ",\"margin_db\":" << jnum(s.margin_db) << ",\"feasible\":" << (s.feasible ? "true" : "false")
    << ",\"limited_by\":" << jstr(r.limited_by) << ",\"rate_class\":" << jstr(r.rate_class)
    << ",\"lanes\":" << lanes_json(r)
    << ",\"power_w\":" << jopt(r.power ? std::optional(r.power->power_w) : std::nullopt)
    << ",\"energy_pj_per_bit\":"
    << jopt(r.power ? std::optional(r.power->energy_pj_per_bit) : std::nullopt)
    << ",\"heat_w\":" << jopt(r.power ? std::optional(r.power->heat_w) : std::nullopt)
    << ",\"com_db\":" << jopt(r.com_db) << ",\"eye_height_mv\":" << jopt(r.eye_height_mv)
    << ",\"stages\":[";
  for (std::size_t i = 0; i < r.stages.size(); ++i)
    o << (i ? "," : "") << "{\"name\":" << jstr(r.stages[i].name)
      << ",\"kind\":" << jstr(r.stages[i].kind) << ",\"hop\":" << jstr(r.stages[i].hop)
      << ",\"power_w\":" << jnum(r.stages[i].power_w) << "}";
  o << "]";
  if (r.power) {
    const auto &p = *r.power;
    o << ",\"power\":{\"module\":" << jstr(p.module) << ",\"modules\":" << p.modules
      << ",\"cables\":" << p.cables << ",\"host_serdes_w\":" << jnum(p.host_serdes_w)
      << ",\"ledger\":[";
    const auto &e = p.ledger.entries();
    for (std::size_t i = 0; i < e.size(); ++i)
      o << (i ? "," : "") << "{\"name\":" << jstr(e[i].name) << ",\"kind\":" << jstr(e[i].kind)
        << ",\"end\":" << jstr(link_end_name(e[i].end)) << ",\"power_w\":" << jnum(e[i].power_w)
        << ",\"heat_w\":" << jnum(e[i].heat_w) << "}";
    o << "]}";
  }
  o << ",\"hops\":[";
  for (std::size_t i = 0; i < r.hops.size(); ++i) {
    const auto &h = r.hops[i];
    o << (i ? "," : "") << "{\"name\":" << jstr(h.name) << ",\"kind\":" << jstr(h.kind)
      << ",\"serdes\":" << jstr(h.serdes) << ",\"il_nyquist_db\":" << jnum(h.il_nyquist_db)
      << ",\"snr_db\":" << jnum(h.snr_db) << ",\"ber\":" << jnum(h.ber)
      << ",\"com_db\":" << jopt(h.com_db) << ",\"eye_height_mv\":" << jopt(h.eye_height_mv)
      << ",\"snr_margin_der0_db\":" << jopt(h.snr_margin_der0_db);
    if (!h.eq_search.empty())
      o << ",\"eq_search\":" << jstr(h.eq_search)
        << ",\"eq_settings_evaluated\":" << h.eq_settings_evaluated;
    if (!h.pmd.empty())
      o << ",\"pmd\":" << jstr(h.pmd) << ",\"optical_il_db\":" << jopt(h.optical_il_db)
        << ",\"optical_margin_db\":" << jopt(h.optical_margin_db);
    if (h.mc_bit_errors)
      o << ",\"mc_bit_errors\":" << *h.mc_bit_errors << ",\"mc_ber_low\":" << jopt(h.mc_ber_low)
        << ",\"mc_ber_high\":" << jopt(h.mc_ber_high);
    o << "}";
  }
  o << "],\"warnings\":[";
  for (std::size_t i = 0; i < r.warnings.size(); ++i)
    o << (i ? "," : "") << jstr(r.warnings[i]);
  o << "]";
  return o.str();
}

} // namespace

std::string link_report_json(const LinkReport &r) {
  std::string out = "{"; // appended, not "{" + …: GCC 12 raises a false -Wrestrict on that
  out += body(r);
  out += "}\n";
  return out;
}

std::string link_report_text(const LinkReport &r) {
  const auto &s = r.summary;
  char buf[256];
  std::ostringstream o;
  o << "tech            " << r.request.tech << "\n";
  std::snprintf(buf, sizeof buf,
                "length          %.4g m\nlane rate       %.6g Gb/s %s at %.6g GBd\n",
                r.request.length_m, r.lane.line_rate_bps / 1e9, r.lane.modulation.name().c_str(),
                r.lane.baud_bd / 1e9);
  o << buf << "fidelity        " << to_string(r.request.fidelity) << "\n";
  std::snprintf(
      buf, sizeof buf,
      "IL at Nyquist   %.2f dB\nSNR             %.2f dB\nBER pre-FEC     %.3e\n"
      "BER post-FEC    %.3e (%s, target %.1e)\nmargin          %.2f dB\nfeasible        %s%s%s\n",
      s.il_nyquist_db, s.snr_db, s.ber_pre_fec, s.ber_post_fec, r.lane.fec.name.c_str(),
      r.request.ber_target, s.margin_db, s.feasible ? "yes" : "no",
      r.limited_by.empty() ? "" : " (limited by ",
      r.limited_by.empty() ? "" : (r.limited_by + ")").c_str());
  o << buf;
  if (r.com_db) {
    std::snprintf(buf, sizeof buf, "COM             %.2f dB\neye height      %.2f mV\n", *r.com_db,
                  r.eye_height_mv ? *r.eye_height_mv : 0.0);
    o << buf;
  }
  if (r.power) {
    std::snprintf(buf, sizeof buf,
                  "power           %.4g W (%d lane%s, both ends; host SerDes %.4g W), heat %.4g W, "
                  "%.3g pJ/bit\n",
                  r.power->power_w, r.power->lanes, r.power->lanes == 1 ? "" : "s",
                  r.power->host_serdes_w, r.power->heat_w, r.power->energy_pj_per_bit);
    o << buf;
  } else {
    o << "power           not modelled at this rate (see warnings)\n";
  }
  for (const auto &h : r.hops) {
    std::snprintf(buf, sizeof buf, "%s %s [%s]: IL %.2f dB, SNR %.2f dB, BER %.3e", h.name.c_str(),
                  h.kind.c_str(), h.pmd.empty() ? h.serdes.c_str() : h.pmd.c_str(), h.il_nyquist_db,
                  h.snr_db, h.ber);
    o << buf;
    if (h.optical_margin_db) {
      std::snprintf(buf, sizeof buf, ", optical margin %.2f dB", *h.optical_margin_db);
      o << buf;
    }
    if (!h.eq_search.empty())
      o << ", " << h.eq_search << " equaliser search (" << h.eq_settings_evaluated << " settings)";
    o << "\n";
  }
  for (const auto &st : r.stages)
    o << "  stage " << st.hop << ": " << st.name << "\n";
  for (const auto &w : r.warnings)
    o << "warning: " << w << "\n";
  return o.str();
}

std::string reach_report_json(const ReachResult &r) {
  std::ostringstream o;
  o << "{\"reach_m\":" << jnum(r.length_m)
    << ",\"closes_at_min\":" << (r.closes_at_min ? "true" : "false")
    << ",\"closes_at_max\":" << (r.closes_at_max ? "true" : "false")
    << ",\"evaluations\":" << r.evaluations << "," << body(r.at_reach) << "}\n";
  return o.str();
}

} // namespace linkphy::sweeps
