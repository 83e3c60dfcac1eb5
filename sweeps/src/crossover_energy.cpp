// Energy per bit for the crossover's energy criterion: technology_power.hpp (the `plan` work of
// issue 6). Until that implementation is in this build, energy is reported unavailable.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover.hpp>

namespace linkphy::sweeps {

double technology_energy_pj_per_bit(const TechQuery &q) {
  throw InputError("energy of '" + q.tech + "'",
                   "power models are not in this build yet (technology_power); use --criterion "
                   "feasible");
}

} // namespace linkphy::sweeps
