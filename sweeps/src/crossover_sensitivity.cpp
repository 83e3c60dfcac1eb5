// Sensitivity of the crossover: each knob value applied on top of the study's base adjustment,
// the crossover recomputed at every rate, knobs ranked by the largest relative change.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/field_names.hpp>

#include "crossover_internal.hpp"

#include <algorithm>
#include <cmath>

namespace linkphy::sweeps {
namespace {

// The study with one knob set to one value.
CrossoverStudy with_knob(const CrossoverStudy &s, const CrossoverStudy::Knob &k,
                         const std::string &value) {
  CrossoverStudy t = s;
  if (k.key == "ber_target") {
    const double b = parse_quantity_as(value, Dimension::dimensionless, k.where);
    if (!(b > 0 && b < 0.5))
      throw InputError(k.where, "ber_target '" + value + "' must be in (0, 0.5)");
    t.base.ber_target = b;
  } else if (k.key == "temperature") {
    t.base.temperature_k = parse_quantity_as(value, Dimension::temperature, k.where);
    if (!(t.base.temperature_k >= 200 && t.base.temperature_k <= 400))
      throw InputError(k.where, "temperature '" + value + "' must be 200–400 K");
  } else {
    const std::string set = k.key + "=" + value;
    bool any = false;
    for (const auto *list : {&s.copper, &s.optical})
      for (const auto &tech : *list)
        any = any || !detail::applicable_sets(tech, {set}).empty();
    if (!any)
      throw InputError(k.where, "sensitivity key '" + k.key + "' = '" + value +
                                    "' applies to no technology of the study (not a key of "
                                    "any, or a value none accepts); accepted: ber_target, "
                                    "temperature, or a technology key");
    for (const auto *list : {&s.copper, &s.optical})
      for (const auto &tech : *list)
        if (!detail::applicable_sets(tech, {set}).empty())
          if (const std::string why = detail::set_value_error(tech, set, s.base.catalogs);
              !why.empty())
            // The value is the [sensitivity] entry's, not the study's `sets` (field_names.hpp).
            throw InputError(
                k.where, "sensitivity value " + set + " is refused by technology '" + tech + "': " +
                             with_key_names(
                                 rename_fields(why, {{"LinkRequest.sets", "[sensitivity] entry"}}),
                                 study_keys()));
    std::erase_if(t.base.sets, [&](const std::string &x) { return x.rfind(k.key + "=", 0) == 0; });
    t.base.sets.push_back(set);
  }
  return t;
}

} // namespace

std::vector<SensitivityRow> crossover_sensitivity(const CrossoverStudy &s, const CrossoverModel &m,
                                                  const std::vector<CrossoverRow> &base,
                                                  unsigned threads) {
  std::vector<SensitivityRow> rows;
  for (const auto &k : s.sensitivity)
    for (const auto &v : k.values) {
      const auto cross = find_crossovers(with_knob(s, k, v), m, threads);
      for (std::size_t i = 0; i < cross.size(); ++i) {
        SensitivityRow r;
        r.knob = k.key;
        r.value = v;
        r.rate = cross[i].rate;
        r.lane_rate_gbps = cross[i].lane_rate_gbps;
        r.crossover_m = cross[i].crossover_m;
        r.base_m = i < base.size() ? base[i].crossover_m : std::nan("");
        r.bound = cross[i].bound;
        r.base_bound = i < base.size() ? base[i].bound : "";
        // A distance clipped at search_min/search_max (or none) measures the search range, not
        // the physics: no relative change from or to it, so it cannot lead the ranking.
        if (r.bound.empty() && r.base_bound.empty())
          r.change_pct = 100 * (r.crossover_m - r.base_m) / r.base_m;
        rows.push_back(r);
      }
    }
  return rows;
}

std::vector<KnobRank> rank_knobs(const std::vector<SensitivityRow> &rows) {
  std::vector<KnobRank> ranks;
  for (const auto &r : rows) {
    auto it = std::find_if(ranks.begin(), ranks.end(),
                           [&](const KnobRank &k) { return k.knob == r.knob; });
    if (it == ranks.end()) {
      ranks.push_back({r.knob, 0, r.value, r.rate});
      it = ranks.end() - 1;
    }
    if (std::isfinite(r.change_pct) && std::abs(r.change_pct) > it->max_abs_change_pct) {
      it->max_abs_change_pct = std::abs(r.change_pct);
      it->at_value = r.value;
      it->at_rate = r.rate;
    }
  }
  std::stable_sort(ranks.begin(), ranks.end(), [](const KnobRank &a, const KnobRank &b) {
    return a.max_abs_change_pct > b.max_abs_change_pct;
  });
  return ranks;
}

} // namespace linkphy::sweeps
