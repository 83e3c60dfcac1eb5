// Library callers get the same range checks as the CLI: a LinkRequest's stage temperature
// (link_eval.hpp, 200–450 K as `linkphy link --temperature`) and technology_power's channel
// temperature; a microstrip pair's spacing (media.hpp, 0–10 mm as stripline).
#include <catch2/catch.hpp>

#include "dac_request.hpp"

#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology_power.hpp>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {
LinkRequest dac_at(double temperature_k) {
  LinkRequest q = linkphy::test::dac_request();
  q.temperature_k = temperature_k;
  return q;
}
} // namespace

TEST_CASE("a link request's stage temperature is checked as the CLI checks it",
          "[link][bad_input]") {
  // 100 K is inside copper's resistivity law (> 51 K) and used to evaluate silently, out of the
  // range every other entry point accepts.
  CHECK_THROWS_AS(evaluate_link(dac_at(100.0)), InputError);
  CHECK_THROWS_WITH(evaluate_link(dac_at(100.0)), Catch::Contains("LinkRequest.temperature_k") &&
                                                      Catch::Contains("200 K to 450 K") &&
                                                      Catch::Contains("got 100 K"));
  CHECK_THROWS_WITH(evaluate_link(dac_at(500.0)), Catch::Contains("got 500 K"));
  // The limits themselves are accepted (inclusive, as the CLI).
  CHECK_NOTHROW(evaluate_link(dac_at(200.0)));
  CHECK_NOTHROW(evaluate_link(dac_at(450.0)));
  // find_reach goes through evaluate_link.
  CHECK_THROWS_AS(find_reach(dac_at(100.0)), InputError);
}

TEST_CASE("technology_power checks the channel temperature it evaluates hop 1 at",
          "[power][bad_input]") {
  const LaneRate lane = lane_rate_class("100G");
  CHECK_THROWS_WITH(technology_power("dac", lane, 8, 1.0, {}, 308.15, std::nullopt, 100.0),
                    Catch::Contains("channel temperature") && Catch::Contains("got 100 K"));
  CHECK_NOTHROW(technology_power("dac", lane, 8, 1.0, {}, 308.15, std::nullopt, 358.15));
}

TEST_CASE("a microstrip pair's spacing is 0 to 10 mm, as a stripline's", "[geometry][bad_input]") {
  using namespace linkphy::channels;
  Dielectric d;
  d.dk = 3.0;
  d.df = 0.002;
  // A negative gap used to build a single-ended line silently; 20 mm was accepted unchecked.
  CHECK_THROWS_WITH(Microstrip(MicrostripGeometry{300e-6, 35e-6, 160e-6, -1e-6}, d, Metal{}, 0.1),
                    Catch::Contains("spacing") && Catch::Contains("10 mm"));
  CHECK_THROWS_WITH(Microstrip(MicrostripGeometry{300e-6, 35e-6, 160e-6, 20e-3}, d, Metal{}, 0.1),
                    Catch::Contains("spacing"));
  CHECK_NOTHROW(Microstrip(MicrostripGeometry{300e-6, 35e-6, 160e-6, 10e-3}, d, Metal{}, 0.1));
  CHECK_NOTHROW(Microstrip(MicrostripGeometry{300e-6, 35e-6, 160e-6, 0.0}, d, Metal{}, 0.1));
}
