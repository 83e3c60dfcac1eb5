// A C++ caller's bad LinkRequest is named by the request's field (link_eval.hpp "Names in
// errors"), not by a `linkphy` option the caller never typed: evaluate_link, find_reach,
// make_technology and technology_rate_class.
#include <catch2/catch.hpp>

#include "../error_where.hpp"
#include "dac_request.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>

#include <functional>
#include <string>

using namespace linkphy::sweeps;

namespace {
using linkphy::test::dac_request;
using linkphy::test::where_of;

std::string link_where(const LinkRequest &q) {
  return where_of([&] { (void)evaluate_link(q); });
}
std::string reach_where(const LinkRequest &q) {
  return where_of([&] { (void)find_reach(q); });
}

} // namespace

TEST_CASE("evaluate_link and find_reach name the LinkRequest field at fault",
          "[link][bad_input][names]") {
  LinkRequest rate = dac_request();
  rate.rate = "73G";
  CHECK(link_where(rate) == "LinkRequest.rate");
  CHECK(reach_where(rate) == "LinkRequest.rate");

  LinkRequest modulation = dac_request();
  modulation.modulation = "QAM16";
  CHECK(link_where(modulation) == "LinkRequest.modulation");
  CHECK(reach_where(modulation) == "LinkRequest.modulation");

  LinkRequest length = dac_request();
  length.length_m = -1;
  CHECK(link_where(length) == "LinkRequest.length_m");

  LinkRequest malformed = dac_request();
  malformed.sets = {"awg"};
  CHECK(link_where(malformed) == "LinkRequest.sets 'awg'");
  CHECK(reach_where(malformed) == "LinkRequest.sets 'awg'");
  LinkRequest unknown = dac_request();
  unknown.sets = {"no_such_key=1"};
  CHECK(link_where(unknown) == "LinkRequest.sets 'no_such_key=1'");

  // A rate the technology cannot run (technology_rate_class), at either fidelity's path.
  LinkRequest cannot = dac_request();
  cannot.tech = "dsp-sr";
  cannot.rate = "400G";
  CHECK(link_where(cannot) == "LinkRequest.rate");
  cannot.fidelity = Fidelity::statistical;
  CHECK(link_where(cannot) == "LinkRequest.rate");

  // The other checked fields.
  LinkRequest ber = dac_request();
  ber.ber_target = 0.7;
  CHECK(link_where(ber) == "LinkRequest.ber_target");
  LinkRequest temperature = dac_request();
  temperature.temperature_k = 100;
  CHECK(link_where(temperature) == "LinkRequest.temperature_k");
  LinkRequest symbols = dac_request();
  symbols.mc_symbols = 10;
  CHECK(link_where(symbols) == "LinkRequest.mc_symbols");
  LinkRequest power = dac_request();
  power.with_power = true;
  power.lanes = 5000;
  CHECK(link_where(power) == "LinkRequest.lanes");
  power.lanes = 0;
  power.ambient_k = 500;
  CHECK(link_where(power) == "LinkRequest.ambient_k");
}

TEST_CASE("make_technology names its arguments after the LinkRequest fields they come from",
          "[technology][bad_input][names]") {
  CHECK(where_of([] { (void)make_technology("dac", -1.0); }) == "LinkRequest.length_m");
  CHECK(where_of([] { (void)make_technology("dac", 1.0, {"=3"}); }) == "LinkRequest.sets '=3'");
  CHECK(where_of([] { (void)make_technology("dac", 1.0, {"nokey=3"}); }) ==
        "LinkRequest.sets 'nokey=3'");
  const Technology dsp = make_technology("dsp-sr", 10.0);
  CHECK(where_of([&] { (void)technology_rate_class(dsp, linkphy::lane_rate_class("400G")); }) ==
        "LinkRequest.rate");
  // The warning about a set key nothing uses at the rate starts with the entry's name.
  const Technology t = make_technology("dac", 1.0, {"host_length=3in"}, "100G");
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].rfind("LinkRequest.sets 'host_length=3in' has no effect at 100G", 0) == 0);
}
