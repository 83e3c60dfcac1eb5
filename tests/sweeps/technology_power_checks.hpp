// Helpers shared by the per-class technology power tests (test_technology_power*.cpp): which
// technologies run a lane-rate class, a length inside each one's built range, module energy per
// bit and the link report at one class.
#pragma once

#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include <algorithm>
#include <string>

namespace linkphy::test {

/// True when technology `tech` lists lane-rate class `cls` ("25G", …) among its rates.
inline bool runs(const std::string &tech, const std::string &cls) {
  const sweeps::Technology t = sweeps::make_technology(tech, 1.0);
  return std::find(t.rates.begin(), t.rates.end(), cls) != t.rates.end();
}

/// A length inside the technology's built range (twice its minimum), m.
inline double length_of(const std::string &tech) {
  return 2 * sweeps::make_technology(tech, 1.0).length_min_m;
}

/// The modules' power over the payload they carry, pJ/bit.
inline double module_pj_per_bit(const sweeps::TechnologyPower &r) {
  return r.module_power_w / (r.module_lanes * r.lane_payload_bps) * 1e12;
}

/// The analytic-tier link report of `tech` at `length_m` (m) and lane-rate class `rate`.
inline sweeps::LinkReport analytic_link(const std::string &tech, double length_m,
                                        const std::string &rate) {
  sweeps::LinkRequest q;
  q.tech = tech;
  q.length_m = length_m;
  q.rate = rate;
  q.fidelity = sweeps::Fidelity::analytic;
  return sweeps::evaluate_link(q);
}

/// True when no warning of `rep` starts "power not modelled".
inline bool no_power_warning(const sweeps::LinkReport &rep) {
  return std::none_of(rep.warnings.begin(), rep.warnings.end(),
                      [](const std::string &w) { return w.rfind("power not modelled", 0) == 0; });
}

} // namespace linkphy::test
