// The link report's power (link_eval.hpp → technology_power.hpp): the same figures as the
// technology's power model at the link's lanes, energy = power / payload, and an honest null
// with a warning where the parts have no model at the rate.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include <algorithm>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {
LinkRequest request(const std::string &tech, double length_m, const std::string &rate) {
  LinkRequest q;
  q.tech = tech;
  q.length_m = length_m;
  q.rate = rate;
  q.fidelity = Fidelity::analytic;
  return q;
}
} // namespace

TEST_CASE("link power is the technology's power at one module's lanes", "[link][power]") {
  const LinkReport r = evaluate_link(request("dsp-dr", 100, "100G"));
  REQUIRE(r.power);
  const LaneRate lane = lane_rate_class("100G");
  const TechnologyPower p = technology_power("dsp-dr", lane, 8, 100);
  CHECK(r.power->lanes == 8); // an 800G build carries 8 × 100G lanes per end
  CHECK(r.power->power_w == Approx(p.power_w).epsilon(1e-12));
  CHECK(r.power->modules == 2); // one module per end
  // Energy per bit over the payload of one direction: 8 lanes × 100 Gb/s (KP4 strips 6.25 %).
  CHECK(r.power->energy_pj_per_bit == Approx(r.power->power_w / 800e9 * 1e12).epsilon(1e-9));
  // At 200G the same 800G build has 4 lanes.
  const LinkReport r200 = evaluate_link(request("dsp-dr", 100, "200G"));
  REQUIRE(r200.power);
  CHECK(r200.power->lanes == 4);
}

TEST_CASE("link power: --lanes scales the host SerDes and module count", "[link][power]") {
  LinkRequest q = request("dac", 1, "100G");
  q.lanes = 16;
  const LinkReport r = evaluate_link(q);
  REQUIRE(r.power);
  CHECK(r.power->lanes == 16);
  CHECK(r.power->modules == 4); // two 8-lane cable ends per 8 lanes
  // A passive cable: the ends draw (almost) nothing, the host SerDes is the power.
  CHECK(r.power->host_serdes_w / r.power->power_w > 0.99);
  // Its host SerDes equalises the channel: a longer cable costs more host power.
  q.length_m = 2.5;
  const LinkReport longer = evaluate_link(q);
  REQUIRE(longer.power);
  CHECK(longer.power->host_serdes_w > r.power->host_serdes_w);
}

TEST_CASE("link power: a rate without part models is null with a warning", "[link][power]") {
  // No SerDes power entry runs 400G lanes (power.toml stops at 256 Gb/s). (This was 25G lanes
  // until the 25G-lane class of power.toml gave them a model.)
  const LinkReport r = evaluate_link(request("dac", 1, "400G"));
  CHECK_FALSE(r.power);
  CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string &w) {
    return w.rfind("power not modelled:", 0) == 0 && w.find("serdes") != std::string::npos;
  }));
  const std::string json = link_report_json(r);
  CHECK(json.find("\"power_w\":null") != std::string::npos);
  // The lane count is not known without a module build either: null, not 0 (a count of none).
  CHECK(json.find("\"lanes\":null") != std::string::npos);
  // A count the request names is known.
  LinkRequest eight = request("dac", 1, "400G");
  eight.lanes = 8;
  CHECK(link_report_json(evaluate_link(eight)).find("\"lanes\":8,") != std::string::npos);
}

TEST_CASE("link power bad input: lanes and ambient out of range", "[link][power][bad-input]") {
  LinkRequest q = request("dac", 1, "100G");
  q.lanes = 2000;
  CHECK_THROWS_WITH(evaluate_link(q), Catch::Contains("LinkRequest.lanes"));
  q.lanes = 0;
  q.ambient_k = 500;
  CHECK_THROWS_WITH(evaluate_link(q), Catch::Contains("LinkRequest.ambient_k"));
}

TEST_CASE("link power: a channel beyond the host SerDes' reach warns with losses to 0.1 dB",
          "[link][power]") {
  // 10 m of 26 AWG at 100G is ≈ 59 dB at Nyquist, past the LR SerDes' 35 dB (power.toml).
  const LinkReport r = evaluate_link(request("dac", 10, "100G"));
  const auto w = std::find_if(r.warnings.begin(), r.warnings.end(), [](const std::string &s) {
    return s.find("power charged at its maximum") != std::string::npos;
  });
  REQUIRE(w != r.warnings.end());
  CHECK(w->find("equalises at most 35.0 dB; the channel has ") != std::string::npos);
  CHECK(w->find(".000000") == std::string::npos); // not printf's %f
}
