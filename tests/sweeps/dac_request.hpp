// The LinkRequest the tests of a request's checks start from: 1 m of DAC at 100G, analytic tier,
// no power model (quick to evaluate); each test changes the field it checks. Header-only.
#pragma once

#include <linkphy/sweeps/link_eval.hpp>

namespace linkphy::test {

inline sweeps::LinkRequest dac_request() {
  sweeps::LinkRequest q;
  q.tech = "dac";
  q.length_m = 1.0;
  q.rate = "100G";
  q.fidelity = sweeps::Fidelity::analytic;
  q.with_power = false;
  return q;
}

} // namespace linkphy::test
