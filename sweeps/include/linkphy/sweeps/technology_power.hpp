// Power and heat of one link of a technology (DESIGN.md §3 "Power and heat"): the technology's
// module build (its `module` key, naming an entry of transceivers/catalog/modules.toml) evaluated
// at the link's lane rate, lane count and length through transceivers/module_power.hpp, plus the
// host SerDes that drive it. Technologies without a module (pcb, backplane) draw host SerDes only.
#pragma once

#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/power.hpp>

#include <string>
#include <vector>

namespace linkphy::sweeps {

struct TechnologyPower {
  std::string tech;             ///< technology name
  std::string module;           ///< module build used ("" when host SerDes only)
  int lanes = 1;                ///< lanes of the link, one direction (≥ 1)
  int modules = 0;              ///< modules, cable ends or optical engines for the link, both ends
  int cables = 0;               ///< cables (copper or fibre) for the link
  double power_w = 0;           ///< whole link, both ends, including host SerDes, W
  double heat_w = 0;            ///< heat dissipated (power − optical power leaving), W
  double host_serdes_w = 0;     ///< share of power_w drawn by host SerDes, W
  double energy_pj_per_bit = 0; ///< power_w over the payload of one direction, pJ/bit
  PowerLedger ledger;           ///< every part, per end
  std::vector<std::string> warnings; ///< power class exceeded, case temperature, …
};

/// Power of one link of technology `tech` (technology.hpp; `sets` as there) carrying `lanes`
/// (1–1024) lanes of `lane` at `length_m` (≥ 0) with inlet air at `ambient_k` (200–400 K).
/// Throws InputError for an unknown technology, a lane rate its parts cannot run (naming the
/// part and its range), or out-of-range arguments.
TechnologyPower technology_power(const std::string &tech, const LaneRate &lane, int lanes,
                                 double length_m, const std::vector<std::string> &sets = {},
                                 double ambient_k = 308.15);

} // namespace linkphy::sweeps
