// Text table, JSON and CSV forms of a plan roll-up (plan.hpp; keys in docs/plan.md).
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/plan.hpp>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace linkphy::sweeps {
namespace {

std::string jnum(double v) { return json_number(v); }
std::string cnum(double v) { return csv_number(v); }
std::string jstr(const std::string &s) { return json_string(s); }
const char *jbool(bool b) { return b ? "true" : "false"; }

std::string lengths_text(const PlanGroup &g) {
  char buf[64];
  const double lo = g.uniform ? g.lengths_m[0] : g.max_length_m();
  if (g.lengths_m.size() == 1)
    std::snprintf(buf, sizeof buf, "%.3g", lo);
  else {
    double mn = g.lengths_m[0];
    for (double l : g.lengths_m)
      mn = std::min(mn, l);
    std::snprintf(buf, sizeof buf, "%.3g-%.3g", mn, g.max_length_m());
  }
  return buf;
}

// The fields an option and an alternative share.
std::string power_fields(std::int64_t modules, std::int64_t cables, double module_w, double host_w,
                         double power_w, double heat_w) {
  std::ostringstream o;
  o << "\"modules\":" << modules << ",\"cables\":" << cables
    << ",\"module_power_w\":" << jnum(module_w) << ",\"host_serdes_w\":" << jnum(host_w)
    << ",\"power_w\":" << jnum(power_w) << ",\"heat_w\":" << jnum(heat_w);
  return o.str();
}

} // namespace

std::string plan_json(const PlanResult &r) {
  std::ostringstream o;
  const Plan &p = *r.plan;
  o << "{\"plan\":" << jstr(p.name) << ",\"file\":" << jstr(p.file.string())
    << ",\"ambient_k\":" << jnum(p.ambient_k) << ",\"fidelity\":" << jstr(to_string(p.fidelity))
    << ",\"ber_target\":" << jnum(p.ber_target) << ",\"links\":" << r.links
    << ",\"lanes\":" << r.lanes << ",\"groups\":[";
  for (std::size_t gi = 0; gi < r.groups.size(); ++gi) {
    const PlanGroupResult &gr = r.groups[gi];
    const PlanGroup &g = *gr.group;
    o << (gi ? "," : "") << "{\"name\":" << jstr(g.name) << ",\"count\":" << g.count
      << ",\"lanes\":" << g.lanes << ",\"rate\":" << jstr(g.rate)
      << ",\"lane_rate_gbps\":" << jnum(g.lane.line_rate_bps / 1e9)
      << ",\"length_max_m\":" << jnum(g.max_length_m())
      << ",\"length_mean_m\":" << jnum(g.mean_length_m()) << ",\"tech\":";
    if (gr.chosen >= 0) {
      const PlanOption &c = gr.options[static_cast<std::size_t>(gr.chosen)];
      o << jstr(c.tech) << ",\"module\":" << jstr(c.module) << ","
        << power_fields(c.modules, c.cables, c.module_power_w, c.host_serdes_w, c.power_w, c.heat_w)
        << ",\"energy_pj_per_bit\":" << jnum(c.energy_pj_per_bit);
    } else {
      o << "null";
    }
    o << ",\"options\":[";
    for (std::size_t i = 0; i < gr.options.size(); ++i) {
      const PlanOption &c = gr.options[i];
      o << (i ? "," : "") << "{\"tech\":" << jstr(c.tech) << ",\"allowed\":" << jbool(c.allowed)
        << ",\"runs\":" << jbool(c.runs) << ",\"closes\":" << jbool(c.closes);
      if (c.runs)
        o << ",\"module\":" << jstr(c.module) << ",\"reach_m\":" << jnum(c.reach_m) << ","
          << power_fields(c.modules, c.cables, c.module_power_w, c.host_serdes_w, c.power_w,
                          c.heat_w)
          << ",\"energy_pj_per_bit\":" << jnum(c.energy_pj_per_bit);
      else
        o << ",\"note\":" << jstr(c.note);
      o << "}";
    }
    o << "]}";
  }
  const PlanAlternative &t = r.chosen;
  o << "],\"total\":{\"closes\":" << jbool(t.closes) << ","
    << power_fields(t.modules, t.cables, t.module_power_w, t.host_serdes_w, t.power_w, t.heat_w)
    << "},\"alternatives\":[";
  for (std::size_t i = 0; i < r.alternatives.size(); ++i) {
    const PlanAlternative &a = r.alternatives[i];
    o << (i ? "," : "") << "{\"tech\":" << jstr(a.tech) << ",\"closes\":" << jbool(a.closes) << ","
      << power_fields(a.modules, a.cables, a.module_power_w, a.host_serdes_w, a.power_w, a.heat_w)
      << "}";
  }
  o << "],\"warnings\":[";
  for (std::size_t i = 0; i < r.warnings.size(); ++i)
    o << (i ? "," : "") << jstr(r.warnings[i]);
  o << "]}\n";
  return o.str();
}

std::string plan_csv(const PlanResult &r) {
  std::ostringstream o;
  o << "group,count,lanes,rate,length_max_m,tech,allowed,runs,closes,chosen,reach_m,modules,"
       "cables,module_power_w,host_serdes_w,power_w,heat_w,energy_pj_per_bit\n";
  for (const auto &gr : r.groups) {
    const PlanGroup &g = *gr.group;
    for (std::size_t i = 0; i < gr.options.size(); ++i) {
      const PlanOption &c = gr.options[i];
      o << csv_field(g.name) << ',' << g.count << ',' << g.lanes << ',' << csv_field(g.rate) << ','
        << cnum(g.max_length_m()) << ',' << csv_field(c.tech) << ',' << jbool(c.allowed) << ','
        << jbool(c.runs) << ',' << jbool(c.closes) << ',' << jbool(static_cast<int>(i) == gr.chosen)
        << ',' << cnum(c.reach_m) << ',' << c.modules << ',' << c.cables << ','
        << cnum(c.module_power_w) << ',' << cnum(c.host_serdes_w) << ',' << cnum(c.power_w) << ','
        << cnum(c.heat_w) << ',' << cnum(c.energy_pj_per_bit) << '\n';
    }
  }
  return o.str();
}

std::string plan_table(const PlanResult &r) {
  std::ostringstream o;
  char line[512];
  const Plan &p = *r.plan;
  std::snprintf(line, sizeof line,
                "plan %s: %zu group(s), %lld links, %lld lanes per direction; %.1f degC inlet, "
                "reach by the %s tier at post-FEC BER %.0e\n\n",
                p.name.c_str(), r.groups.size(), static_cast<long long>(r.links),
                static_cast<long long>(r.lanes), p.ambient_k - 273.15,
                to_string(p.fidelity).c_str(), p.ber_target);
  o << line;
  std::snprintf(line, sizeof line, "%-16s %9s %5s %6s %11s  %-12s %8s %8s %10s %10s %8s\n", "group",
                "links", "lanes", "rate", "length_m", "tech", "modules", "cables", "power_kw",
                "heat_kw", "pJ/bit");
  o << line;
  for (const auto &gr : r.groups) {
    const PlanGroup &g = *gr.group;
    if (gr.chosen < 0) {
      std::snprintf(line, sizeof line, "%-16s %9lld %5d %6s %11s  %-12s\n", g.name.c_str(),
                    static_cast<long long>(g.count), g.lanes, g.rate.c_str(),
                    lengths_text(g).c_str(), "(none closes)");
    } else {
      const PlanOption &c = gr.options[static_cast<std::size_t>(gr.chosen)];
      std::snprintf(
          line, sizeof line, "%-16s %9lld %5d %6s %11s  %-12s %8lld %8lld %10.3f %10.3f %8.2f\n",
          g.name.c_str(), static_cast<long long>(g.count), g.lanes, g.rate.c_str(),
          lengths_text(g).c_str(), c.tech.c_str(), static_cast<long long>(c.modules),
          static_cast<long long>(c.cables), c.power_w / 1e3, c.heat_w / 1e3, c.energy_pj_per_bit);
    }
    o << line;
  }
  const PlanAlternative &t = r.chosen;
  std::snprintf(line, sizeof line, "%-16s %9lld %5s %6s %11s  %-12s %8lld %8lld %10.3f %10.3f\n",
                "total", static_cast<long long>(r.links), "", "", "",
                t.closes ? "" : "(incomplete)", static_cast<long long>(t.modules),
                static_cast<long long>(t.cables), t.power_w / 1e3, t.heat_w / 1e3);
  o << line << "\nalternatives (every group on one technology)\n";
  std::snprintf(line, sizeof line, "%-12s %-6s %8s %8s %10s %10s %10s %10s\n", "tech", "closes",
                "modules", "cables", "module_kw", "serdes_kw", "power_kw", "heat_kw");
  o << line;
  for (const auto &a : r.alternatives) {
    std::snprintf(line, sizeof line, "%-12s %-6s %8lld %8lld %10.3f %10.3f %10.3f %10.3f\n",
                  a.tech.c_str(), a.closes ? "yes" : "no", static_cast<long long>(a.modules),
                  static_cast<long long>(a.cables), a.module_power_w / 1e3, a.host_serdes_w / 1e3,
                  a.power_w / 1e3, a.heat_w / 1e3);
    o << line;
  }
  for (const auto &w : r.warnings)
    o << "warning: " << w << "\n";
  return o.str();
}

} // namespace linkphy::sweeps
