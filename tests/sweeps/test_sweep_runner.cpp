// The sweep runner in-process: SweepRows/SweepWriter edge cases the CLI tests do not reach.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <catch2/catch.hpp>

#include "sweep_test_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace linkphy;
using namespace linkphy::sweeps;

namespace {
fs::path dir() { return test::fixed_scratch_dir("linkphy_test_sweep_runner"); }
SweepSpec fec_spec() { return test::fec_spec(dir(), "1e-6", 50); }
} // namespace

TEST_CASE("a resume whose partial file holds every row evaluates nothing", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions o;
  o.output = (dir() / "full.csv").string();
  o.threads = 2;
  REQUIRE(run_sweep(spec, *ev, o).evaluated == 100);
  const std::string expected = test::read_text_file(o.output);
  // A run killed after its last row but before the rename leaves a complete partial file.
  fs::rename(o.output, o.output + ".partial");
  fs::remove(o.output + ".json");
  o.resume = true;
  const SweepSummary s = run_sweep(spec, *ev, o);
  CHECK(s.evaluated == 0);
  CHECK(s.resumed == 100);
  CHECK(test::read_text_file(o.output) == expected);
  CHECK_FALSE(fs::exists(o.output + ".partial"));
  CHECK_THAT(test::read_text_file(o.output + ".json"),
             Catch::Matchers::Contains("\"resumed\": 100"));
}

TEST_CASE("SweepRows formats a point as the header describes", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  const SweepRows rows(spec, *ev);
  CHECK(rows.header_line() == "point,fec,ber_pre,ber_post_fec,codeword_error_ratio,"
                              "frame_loss_ratio");
  std::string line;
  std::vector<std::string> cells;
  rows.append_row(51, line, cells); // second code, second BER: KP4 at 1e-6 · 10^(4/49)
  CHECK(line.rfind("51,KP4,1.20679264064e-06,", 0) == 0);
  CHECK(line.back() == '\n');
  CHECK(std::count(line.begin(), line.end(), ',') == 5);
  // Writer options no backend accepts.
  SweepOptions bad;
  bad.shard_index = 3;
  bad.shard_count = 2;
  CHECK_THROWS_AS(check_sweep_options(bad), InputError);
  bad = {};
  bad.resume = true; // without an output file
  CHECK_THROWS_WITH(check_sweep_options(bad), Catch::Matchers::Contains("SweepOptions.resume"));
}
