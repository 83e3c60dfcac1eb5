// The plan writers (plan_json, plan_csv) with figures that are not finite: JSON carries null,
// CSV inf/-inf/nan (json_text.hpp), and both stay strictly parseable.
#include "../cli/json_strict.hpp"

#include <catch2/catch.hpp>

#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/plan.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;

TEST_CASE("plan JSON and CSV stay strict when a technology's figures are not finite",
          "[plan][strict]") {
  const Plan p = parse_plan(R"(
fidelity = "analytic"

[[group]]
name = "g, \"one\""
count = 4
lanes = 2
rate = "100G"
length = "1 m"
techs = ["dac"]
)",
                            "strict.toml");
  std::map<std::string, TechRateFigures> cache;
  (void)evaluate_plan(p, &cache);
  REQUIRE(cache.size() == 1);
  // The cached figures of the one (technology, rate) pair, as a model with no bound on reach and
  // no payload figure would give them: reach inf, energy per bit power / 0 = inf, and a module
  // power that is not a number.
  TechRateFigures &f = cache.begin()->second;
  f.reach_m = std::numeric_limits<double>::infinity();
  f.lane_payload_bps = 0;
  f.module_power_w = std::numeric_limits<double>::quiet_NaN();
  const PlanResult r = evaluate_plan(p, &cache);
  REQUIRE(r.groups.size() == 1);
  const PlanOption &o = r.groups[0].options.at(0);
  REQUIRE(std::isinf(o.reach_m));
  REQUIRE(std::isnan(o.power_w));

  const std::string json = plan_json(r);
  INFO(json);
  CHECK(linkphy::test::StrictJson::error(json).empty());
  CHECK(json.find("\"reach_m\":null") != std::string::npos);
  CHECK(json.find("\"power_w\":null") != std::string::npos);

  const std::string csv = plan_csv(r);
  INFO(csv);
  std::istringstream in(csv);
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);
  // The group name needs quoting (comma, quotes); then the cells after it are plain.
  REQUIRE(row.rfind("\"g, \"\"one\"\"\",", 0) == 0);
  CHECK(csv.find("null") == std::string::npos);
  // reach_m inf, module_power_w/power_w/heat_w nan (NaN modules), energy nan (NaN / 0).
  CHECK(row.find(",inf,") != std::string::npos);
  CHECK(row.find(",nan,") != std::string::npos);
  std::size_t cells = 0;
  const std::string plain = row.substr(row.find("\",") + 2);
  std::istringstream cs(plain);
  std::string cell;
  while (std::getline(cs, cell, ',')) {
    ++cells;
    if (cell == "true" || cell == "false" || cell == "100G" || cell == "dac")
      continue;
    INFO("cell " << cells << ": " << cell);
    CHECK(linkphy::test::csv_number_cell_error(cell).empty());
  }
  CHECK(cells == 17); // the 18 columns less the group name
}

TEST_CASE("json_number and csv_number: one spelling of non-finite values, digits as before",
          "[strict]") {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const int digits : {12, 10, kShortestDigits}) {
    CHECK(json_number(inf, digits) == "null");
    CHECK(json_number(-inf, digits) == "null");
    CHECK(json_number(nan, digits) == "null");
    CHECK(json_number(-nan, digits) == "null");
    CHECK(csv_number(inf, digits) == "inf");
    CHECK(csv_number(-inf, digits) == "-inf");
    CHECK(csv_number(nan, digits) == "nan");
    CHECK(csv_number(-nan, digits) == "nan"); // std::to_chars would write "-nan"
  }
  // Finite values as the writers formatted them before: %.12g, %.10g, shortest round trip.
  CHECK(json_number(1.0 / 3.0) == "0.333333333333");
  CHECK(json_number(1e-15) == "1e-15");
  CHECK(json_number(1.0 / 3.0, 10) == "0.3333333333");
  CHECK(json_number(200.0, 10) == "200");
  CHECK(json_number(1.0 / 3.0, kShortestDigits) == "0.3333333333333333");
  CHECK(json_number(-0.0, kShortestDigits) == "-0");
  CHECK(csv_number(2.5e10, kShortestDigits) == "2.5e+10");
  // More than 17 digits are 17 (enough for any double): %.40g of 0.1 was cut at 39 characters of
  // its exact binary expansion, 0.1000000000000000055511151231257827021.
  CHECK(json_number(0.1, 40) == "0.10000000000000001");
  CHECK(std::stod(csv_number(1.0 / 3.0, 25)) == 1.0 / 3.0);
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"x\"") == "\"say \"\"x\"\"\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
}

TEST_CASE("the tests' strict JSON check refuses what RFC 8259 refuses", "[strict]") {
  using linkphy::test::StrictJson;
  for (const char *ok : {"{}", "[]", " {\"a\": [1, -0, 2.5e-3, 1E+9, true, false, null]}\n",
                         "\"\\u00e9\\n\\\"\"", "0"}) {
    INFO(ok);
    CHECK(StrictJson::error(ok).empty());
  }
  for (const char *bad :
       {"{\"a\": inf}", "[nan]", "[NaN]", "[-Infinity]", "[1,]", "{\"a\":1,}", "[\"tab\there\"]",
        "[01]", "[+1]", "[1.]", "[.5]", "[-]", "{} {}", "[\"\\x\"]", "{\"a\" 1}", "[1 2]", ""}) {
    INFO(bad);
    CHECK_FALSE(StrictJson::error(bad).empty());
  }
  using linkphy::test::csv_number_cell_error;
  for (const char *ok : {"0", "-1.5", "2.5e+10", "1e-300", "inf", "-inf", "nan", "7."})
    CHECK(csv_number_cell_error(ok).empty());
  for (const char *bad : {"", "-nan", "null", "NaN", "1e", "e5", "1,5", "--1", "Infinity"}) {
    INFO(bad);
    CHECK_FALSE(csv_number_cell_error(bad).empty());
  }
}
