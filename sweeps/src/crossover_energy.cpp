// Energy per bit for the crossover's energy criterion and plots: technology_power.hpp (module
// build at the lane rate, host SerDes, both ends; the channel loss the host SerDes equalises read
// with the query's user channel catalogs) over the payload of one direction.
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include "crossover_internal.hpp"

#include <algorithm>

namespace linkphy::sweeps {

double technology_energy_pj_per_bit(const TechQuery &q) {
  const LaneRate lane = parse_lane_rate(q.rate, {}, {}, "rate");
  const auto sets = detail::applicable_sets(q.tech, q.adjust.sets);
  // Lanes 0: one module's lanes at this rate (a full module: an 800G build re-run at 50G carries
  // 16 lanes, so 8 lanes would pay a whole module for half its payload).
  const int lanes =
      q.lanes > 0 ? q.lanes : std::max(1, technology_module_lanes(q.tech, lane, sets, 308.15));
  // The channel loss the host SerDes equalises at the study's temperature, as the closure.
  return technology_power(q.tech, lane, lanes, q.length_m, sets, 308.15, std::nullopt,
                          q.adjust.temperature_k, q.adjust.catalogs)
      .energy_pj_per_bit;
}

} // namespace linkphy::sweeps
