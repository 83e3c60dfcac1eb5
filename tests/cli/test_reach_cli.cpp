// `linkphy reach` when length_min does not close (issue 6): the JSON reports closes_at_min false
// and the reach the log-spaced scan + bisection found (sweeps::find_reach).
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using linkphy::test::run_program;

namespace {
linkphy::test::CliResult run(const std::vector<std::string> &args) {
  return run_program(LINKPHY_CLI, args);
}

// The number after `"key":` in a flat JSON object (first occurrence).
double json_number(const std::string &json, const std::string &key) {
  const auto at = json.find("\"" + key + "\":");
  REQUIRE(at != std::string::npos);
  return std::stod(json.substr(at + key.size() + 3));
}
} // namespace

TEST_CASE("linkphy reach scans past a failing length_min", "[cli][reach]") {
  // Backplane 100G with the old lumped 45-ohm connectors and com_min 2.5 dB: fails at 1 cm
  // (COM 1.34 dB), closes at 0.29-0.77 m (COM 2.99-3.15-2.53 dB), fails at 1.24 m (-1.67 dB).
  const auto r = run({"reach", "--tech", "backplane", "--rate", "100G", "--set",
                      "connector=connector:l=0.2nH,c=0.1pF,diff=true", "--set", "com_min=2.5dB",
                      "--tolerance", "5cm"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("\"closes_at_min\":false") != std::string::npos);
  CHECK(r.out.find("\"feasible\":true") != std::string::npos);
  const double reach_m = json_number(r.out, "reach_m");
  CHECK(reach_m >= 0.763); // the longest closing scan sample, 0.01·200^(9/11) = 0.7632 m
  CHECK(reach_m < 1.236);  // the next sample, 0.01·200^(10/11) = 1.2352 m, which fails
}

TEST_CASE("linkphy reach reports 0 when no scanned length closes", "[cli][reach]") {
  const auto r = run({"reach", "--tech", "backplane", "--rate", "100G", "--fidelity", "analytic",
                      "--set", "com_min=20dB"});
  REQUIRE(r.exit_code == 0);
  CHECK(json_number(r.out, "reach_m") == 0);
  CHECK(json_number(r.out, "evaluations") == 12);
  CHECK(r.out.find("\"closes_at_min\":false") != std::string::npos);
}
