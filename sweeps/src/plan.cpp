// The plan roll-up (plan.hpp): figures once per (technology, rate), then arithmetic over arrays.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/field_names.hpp>
#include <linkphy/sweeps/plan.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include "crossover_internal.hpp"

#include <algorithm>
#include <cmath>

namespace linkphy::sweeps {
namespace {

// Strata of a uniform length distribution: the host SerDes power is piecewise affine in length,
// so 1024 equal-probability strata (midpoints) reproduce its mean to well below 0.1 %.
constexpr std::int64_t kMaxStrata = 1024;

// A group's lengths as a plain array of (length, links) pairs.
struct LengthTable {
  std::vector<double> length_m, links;
};

LengthTable length_table(const PlanGroup &g) {
  LengthTable t;
  if (g.uniform) {
    const std::int64_t n = std::min<std::int64_t>(g.count, kMaxStrata);
    const double a = g.lengths_m[0], b = g.lengths_m[1];
    for (std::int64_t i = 0; i < n; ++i) {
      t.length_m.push_back(a + (static_cast<double>(i) + 0.5) / n * (b - a));
      t.links.push_back(static_cast<double>(g.count) / n);
    }
  } else {
    for (std::size_t i = 0; i < g.lengths_m.size(); ++i) {
      t.length_m.push_back(g.lengths_m[i]);
      t.links.push_back(g.weights[i] * static_cast<double>(g.count));
    }
  }
  return t;
}

std::string cache_key(const std::string &tech, const PlanGroup &g, const Plan &plan) {
  // number_text: exact (std::to_string's 6 decimals made every BER target below 5e-7 "0.000000").
  std::string k = tech + "|" + g.rate + "|" + number_text(plan.ambient_k) + "|" +
                  to_string(plan.fidelity) + "|" + number_text(plan.ber_target);
  for (const auto &s : g.sets)
    k += "|" + s;
  for (const auto &c : plan.catalogs)
    k += "|catalog:" + c;
  return k;
}

} // namespace

double TechRateFigures::host_lane_w(double length_m) const {
  if (!host_tracks_length)
    return host_fixed_w;
  const double il = std::max(0.0, il0_db + il_slope_db_per_m * (length_m - il_len0_m));
  return host_w_at_0db + host_w_per_db * std::min(il, host_max_loss_db);
}

TechRateFigures tech_rate_figures(const std::string &tech, const PlanGroup &g, const Plan &plan) {
  TechRateFigures f;
  // The group's overrides that this technology has a key for (as a crossover study's sets).
  const std::vector<std::string> sets = detail::applicable_sets(tech, g.sets);
  LinkRequest q;
  q.tech = tech;
  q.rate = g.rate;
  q.sets = sets;
  q.catalogs = plan.catalogs;
  q.fidelity = plan.fidelity;
  q.ber_target = plan.ber_target;
  q.temperature_k = plan.ambient_k;
  // Power first: a rate the technology's parts cannot run fails here, before the reach search.
  const Technology t = make_technology(tech, 0, sets);
  const double l0 = t.length_min_m;
  // The channel at the plan's ambient, as in the reach search above (q.temperature_k).
  const TechnologyPower p0 = technology_power(tech, g.lane, 1, l0, sets, plan.ambient_k,
                                              std::nullopt, plan.ambient_k, plan.catalogs);
  f.module = p0.module;
  f.module_lanes = p0.module_lanes;
  f.module_power_w = p0.module_power_w;
  f.module_heat_w = p0.module_heat_w;
  f.module_cable_heat_w = p0.module_cable_heat_w;
  f.cable_per_module_pair = p0.cable_per_module_pair;
  f.lane_payload_bps = p0.lane_payload_bps;
  f.host_fixed_w = p0.host_serdes_lane_w;
  f.host_tracks_length = p0.host_loss_tracks_length;
  f.host_w_at_0db = p0.host_lane_w_at_0db;
  f.host_w_per_db = p0.host_lane_w_per_db;
  f.host_max_loss_db = p0.host_max_loss_db;
  f.il_len0_m = l0;
  f.il0_db = p0.channel_il_db;
  if (f.host_tracks_length) {
    // A second length for the IL slope: 1 m further, within the technology's range.
    const double l1 = std::min(t.length_max_m, l0 + 1.0);
    const TechnologyPower p1 = technology_power(tech, g.lane, 1, l1, sets, plan.ambient_k,
                                                std::nullopt, plan.ambient_k, plan.catalogs);
    f.il_slope_db_per_m = (p1.channel_il_db - p0.channel_il_db) / (l1 - l0);
  }
  const ReachResult reach = find_reach(q, 0.01); // 1 cm: finer than any cabling decision
  f.reach_m = reach.length_m;
  return f;
}

PlanResult evaluate_plan(const Plan &plan, std::map<std::string, TechRateFigures> *cache) {
  std::map<std::string, TechRateFigures> local;
  if (!cache)
    cache = &local;
  PlanResult r;
  r.plan = &plan;
  // Technologies considered: the forced alternatives, then every group's allowed ones.
  std::vector<std::string> techs;
  auto add = [&](const std::string &t) {
    if (std::find(techs.begin(), techs.end(), t) == techs.end())
      techs.push_back(t);
  };
  for (const auto &t : plan.alternatives)
    add(t);
  for (const auto &g : plan.groups)
    for (const auto &t : g.techs)
      add(t);
  // Each override must fit some technology it may reach (the group's or a forced alternative).
  for (const auto &g : plan.groups)
    for (const auto &set : g.sets) {
      bool any = false;
      std::string names;
      for (const auto &t : techs) {
        const bool reaches = std::find(g.techs.begin(), g.techs.end(), t) != g.techs.end() ||
                             std::find(plan.alternatives.begin(), plan.alternatives.end(), t) !=
                                 plan.alternatives.end();
        if (!reaches)
          continue;
        names += (names.empty() ? "" : ", ") + t;
        any = any || !detail::applicable_sets(t, {set}).empty();
      }
      if (!any)
        throw InputError(g.sets_where, "'" + set + "' fits none of the technologies (" + names +
                                           "): no such key, or not key=value");
    }

  // Setup: figures per (technology, rate), once.
  std::vector<std::vector<const TechRateFigures *>> fig(plan.groups.size());
  std::vector<std::vector<std::string>> notes(plan.groups.size());
  for (std::size_t gi = 0; gi < plan.groups.size(); ++gi) {
    const PlanGroup &g = plan.groups[gi];
    for (const auto &t : techs) {
      const std::string key = cache_key(t, g, plan);
      auto it = cache->find(key);
      const TechRateFigures *fp = nullptr;
      std::string note;
      if (it != cache->end()) {
        fp = &it->second;
      } else {
        try {
          fp = &cache->emplace(key, tech_rate_figures(t, g, plan)).first->second;
        } catch (const InputError &e) {
          // The library's names of the link's inputs as the plan's keys (field_names.hpp).
          const std::string why = with_key_names(e.what(), plan_keys());
          const bool allowed = std::find(g.techs.begin(), g.techs.end(), t) != g.techs.end();
          const bool forced = std::find(plan.alternatives.begin(), plan.alternatives.end(), t) !=
                              plan.alternatives.end();
          if (allowed || forced)
            throw InputError(allowed ? g.techs_where : plan.alternatives_where,
                             "technology '" + t + "' cannot run group '" + g.name + "' at " +
                                 g.rate + ": " + why);
          note = why;
        }
      }
      fig[gi].push_back(fp);
      notes[gi].push_back(note);
    }
  }

  // Roll-up: arithmetic over the groups' length tables.
  r.alternatives.resize(techs.size());
  for (std::size_t ti = 0; ti < techs.size(); ++ti) {
    r.alternatives[ti].tech = techs[ti];
    r.alternatives[ti].closes = true;
  }
  for (std::size_t gi = 0; gi < plan.groups.size(); ++gi) {
    const PlanGroup &g = plan.groups[gi];
    const LengthTable lt = length_table(g);
    const double longest = g.max_length_m();
    r.links += g.count;
    r.lanes += g.count * g.lanes;
    PlanGroupResult gr;
    gr.group = &g;
    for (std::size_t ti = 0; ti < techs.size(); ++ti) {
      PlanOption o;
      o.tech = techs[ti];
      o.allowed = std::find(g.techs.begin(), g.techs.end(), o.tech) != g.techs.end();
      const TechRateFigures *f = fig[gi][ti];
      PlanAlternative &alt = r.alternatives[ti];
      if (!f) {
        o.runs = false;
        o.note = notes[gi][ti];
        alt.closes = false;
        gr.options.push_back(std::move(o));
        continue;
      }
      o.module = f->module;
      o.reach_m = f->reach_m;
      o.closes = longest <= f->reach_m;
      if (f->module_lanes > 0) {
        const std::int64_t lanes = g.count * g.lanes;
        const std::int64_t per_end = (lanes + f->module_lanes - 1) / f->module_lanes;
        o.modules = 2 * per_end;
        o.cables = f->cable_per_module_pair ? per_end : 0;
      }
      double host = 0;
      for (std::size_t i = 0; i < lt.length_m.size(); ++i)
        host += lt.links[i] * f->host_lane_w(lt.length_m[i]);
      o.host_serdes_w = 2.0 * g.lanes * host;
      o.module_power_w = static_cast<double>(o.modules) * f->module_power_w;
      o.power_w = o.module_power_w + o.host_serdes_w;
      // The cable-absorbed signal is in the modules' heat; the host SerDes drew it, so it is not
      // host heat too (heat = drawn power for a passive DAC; technology_power does the same).
      const double cable_w = static_cast<double>(o.modules) * f->module_cable_heat_w;
      o.heat_w = static_cast<double>(o.modules) * f->module_heat_w +
                 std::max(0.0, o.host_serdes_w - cable_w);
      o.energy_pj_per_bit =
          o.power_w / (static_cast<double>(g.count) * g.lanes * f->lane_payload_bps) * 1e12;
      alt.closes = alt.closes && o.closes;
      alt.modules += o.modules;
      alt.cables += o.cables;
      alt.module_power_w += o.module_power_w;
      alt.host_serdes_w += o.host_serdes_w;
      alt.power_w += o.power_w;
      alt.heat_w += o.heat_w;
      gr.options.push_back(std::move(o));
    }
    for (std::size_t i = 0; i < gr.options.size(); ++i) {
      const PlanOption &o = gr.options[i];
      if (o.allowed && o.closes &&
          (gr.chosen < 0 || o.power_w < gr.options[static_cast<std::size_t>(gr.chosen)].power_w))
        gr.chosen = static_cast<int>(i);
    }
    if (gr.chosen < 0) {
      r.warnings.push_back("group '" + g.name + "' (" + g.where +
                           "): no allowed technology closes at " + number_text(longest) + " m");
    } else {
      const PlanOption &o = gr.options[static_cast<std::size_t>(gr.chosen)];
      r.chosen.modules += o.modules;
      r.chosen.cables += o.cables;
      r.chosen.module_power_w += o.module_power_w;
      r.chosen.host_serdes_w += o.host_serdes_w;
      r.chosen.power_w += o.power_w;
      r.chosen.heat_w += o.heat_w;
    }
    r.groups.push_back(std::move(gr));
  }
  r.chosen.closes = std::all_of(r.groups.begin(), r.groups.end(),
                                [](const PlanGroupResult &g) { return g.chosen >= 0; });
  return r;
}

} // namespace linkphy::sweeps
