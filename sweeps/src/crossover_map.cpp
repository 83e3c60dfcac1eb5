// The technology map: every technology of the study at every (rate, distance) cell, and the best
// one per cell.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover.hpp>

#include "crossover_internal.hpp"

#include <cmath>

namespace linkphy::sweeps {

std::vector<MapPoint> evaluate_map(const CrossoverStudy &s, const CrossoverModel &m,
                                   bool with_energy, unsigned threads) {
  if (s.criterion != Criterion::cost)
    detail::check_study(s);
  if (s.map_distances_m.empty())
    throw InputError(s.file.empty() ? "map" : s.file, "the technology map needs distances");
  std::vector<std::pair<std::string, Family>> techs;
  for (const auto &t : s.copper)
    techs.emplace_back(t, Family::copper);
  for (const auto &t : s.optical)
    techs.emplace_back(t, Family::optical);
  const std::size_t nd = s.map_distances_m.size(), nt = techs.size();
  std::vector<MapPoint> points(s.rates.size() * nd * nt);
  detail::parallel_for(s.rates.size() * nd, threads, [&](std::size_t cell) {
    const std::size_t r = cell / nd, d = cell % nd;
    const double gbps = detail::lane_rate_gbps(s.rates[r]);
    for (std::size_t t = 0; t < nt; ++t) {
      MapPoint &p = points[cell * nt + t];
      p.rate = s.rates[r];
      p.lane_rate_gbps = gbps;
      p.distance_m = s.map_distances_m[d];
      p.tech = techs[t].first;
      p.family = techs[t].second;
      TechQuery q;
      q.tech = p.tech;
      q.rate = p.rate;
      q.length_m = p.distance_m;
      q.fidelity = s.fidelity;
      q.lanes = s.lanes;
      q.adjust = s.base;
      p.point = m.point(q);
      if (with_energy && m.energy && p.point.in_range) {
        try {
          p.point.energy_pj_per_bit = m.energy(q);
        } catch (const InputError &) {
          // energy unavailable for this technology/rate: left NaN (the map says so)
        }
      }
    }
  });
  return points;
}

std::vector<MapCell> best_per_cell(const CrossoverStudy &s, const std::vector<MapPoint> &points) {
  std::vector<MapCell> cells;
  const std::size_t nt = s.copper.size() + s.optical.size();
  for (std::size_t i = 0; i + nt <= points.size(); i += nt) {
    MapCell c;
    c.rate = points[i].rate;
    c.lane_rate_gbps = points[i].lane_rate_gbps;
    c.distance_m = points[i].distance_m;
    c.best_tech = "none";
    for (std::size_t t = i; t < i + nt; ++t) {
      const MapPoint &p = points[t];
      if (!p.point.closes)
        continue;
      const double e = p.point.energy_pj_per_bit;
      const bool better =
          !c.closes ||
          (!std::isnan(e) && (std::isnan(c.energy_pj_per_bit) || e < c.energy_pj_per_bit));
      if (better) {
        c.closes = true;
        c.best_tech = p.tech;
        c.family = p.family;
        c.energy_pj_per_bit = e;
      }
    }
    cells.push_back(c);
  }
  return cells;
}

} // namespace linkphy::sweeps
