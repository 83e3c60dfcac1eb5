// Energy per bit for the crossover's energy criterion and plots: technology_power.hpp (module
// build at the lane rate, host SerDes, both ends) over the payload of one direction.
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include "crossover_internal.hpp"

namespace linkphy::sweeps {

double technology_energy_pj_per_bit(const TechQuery &q) {
  const LaneRate lane = parse_lane_rate(q.rate, {}, {}, "rate");
  // The channel loss the host SerDes equalises at the study's temperature, as the closure.
  return technology_power(q.tech, lane, q.lanes, q.length_m,
                          detail::applicable_sets(q.tech, q.adjust.sets), 308.15, std::nullopt,
                          q.adjust.temperature_k)
      .energy_pj_per_bit;
}

} // namespace linkphy::sweeps
