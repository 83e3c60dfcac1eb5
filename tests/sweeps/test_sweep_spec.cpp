#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>

using namespace linkphy;
using namespace linkphy::sweeps;
using Catch::Matchers::Contains;

namespace {
std::filesystem::path write_spec(const std::string &name, const std::string &text) {
  const auto dir = std::filesystem::temp_directory_path() / "linkphy_test_sweep_spec";
  std::filesystem::create_directories(dir);
  const auto p = dir / name;
  std::ofstream(p) << text;
  return p;
}
} // namespace

TEST_CASE("sweep specs expand axes as products and zips", "[sweep]") {
  const auto p = write_spec("product.toml", R"([sweep]
name = "t"
evaluator = "fec"
fidelity = "analytic"
[fixed]
fec = "KP4"
[axes]
length = { lin = ["0.5 m", "5 m"], points = 10 }
ber_pre = { log = ["1e-6", "1e-2"], points = 5 }
modulation = ["NRZ", "PAM4"]
)");
  const SweepSpec s = read_sweep_spec(p);
  REQUIRE(s.axes.size() == 3);
  CHECK(s.point_count() == 100);
  CHECK(s.axes[0].values.front() == "0.5 m");
  CHECK(s.axes[0].values.back() == "5 m");
  CHECK(s.axes[1].values[2] == "0.0001"); // geometric midpoint of 1e-6 … 1e-2
  CHECK(s.axes[0].dimension == Dimension::length);
  CHECK(s.axes[1].dimension == Dimension::dimensionless);
  CHECK_FALSE(s.axes[2].dimension.has_value());
  CHECK(column_name("length", s.axes[0].dimension) == "length_m");
  CHECK(column_name("channel.awg", Dimension::dimensionless) == "channel_awg");
  // The last axis varies fastest: point 1 is length[0], ber[0], modulation[1].
  const ParamSet p1 = s.point(1);
  CHECK(p1.text("modulation") == "PAM4");
  CHECK(p1.text("length") == "0.5 m");
  CHECK(p1.text("fec") == "KP4");
  CHECK(p1.text("fidelity") == "analytic");
  CHECK(s.point(99).text("length") == "5 m");

  const auto z = write_spec("zip.toml", R"([sweep]
evaluator = "pam"
combine = "zip"
[axes]
snr = ["10 dB", "20 dB", "30 dB"]
modulation = ["NRZ", "PAM4", "PAM8"]
)");
  const SweepSpec sz = read_sweep_spec(z);
  CHECK(sz.point_count() == 3);
  CHECK(sz.point(2).text("modulation") == "PAM8");
  CHECK(sz.point(2).text("snr") == "30 dB");
  // A range whose ends use different units keeps the start's unit.
  const auto u = write_spec("units.toml", R"([sweep]
evaluator = "pam"
[axes]
length = { lin = ["500 mm", "1 m"], points = 3 }
)");
  CHECK(read_sweep_spec(u).axes[0].values[2] == "1000 mm");
  // Past the last point: out_of_range (a zip read past its axis values, a product wrapped round).
  CHECK_THROWS_AS(sz.point(3), std::out_of_range);
  CHECK_THROWS_AS(s.point(100), std::out_of_range);
  CHECK_THROWS_AS(s.point_indices(100), std::out_of_range);
  // A spec built in code with an empty product axis has no points (it divided by zero).
  SweepSpec e;
  e.axes.push_back(Axis{"length", {"1 m"}, std::nullopt, ""});
  e.axes.push_back(Axis{"rate", {}, std::nullopt, ""});
  CHECK(e.point_count() == 0);
  CHECK_THROWS_AS(e.point(0), std::out_of_range);
}

TEST_CASE("bad sweep specs give one line with file:line", "[sweep][bad-input]") {
  const auto expect = [](const std::string &name, const std::string &text,
                         const std::string &message, const std::string &line) {
    const auto p = write_spec(name, text);
    CHECK_THROWS_WITH(read_sweep_spec(p), Contains(message) && Contains(name + ":" + line));
  };
  expect("unknown_key.toml", "[sweep]\nevaluator = \"fec\"\ncolour = \"red\"\n",
         "unknown key 'colour' in [sweep]", "3");
  expect("unknown_table.toml", "[sweep]\nevaluator = \"fec\"\n[axis]\nx = [1]\n",
         "unknown table 'axis'", "3");
  // A key above the first table was called a table ("unknown table 'evaluator'").
  expect("top_key.toml", "evaluator = \"fec\"\n[sweep]\nevaluator = \"fec\"\n",
         "key 'evaluator' is outside every table; accepted: [sweep], [fixed], [axes]", "1");
  expect("empty_axis.toml", "[sweep]\nevaluator = \"fec\"\n[axes]\nber_pre = []\n",
         "axis 'ber_pre' is empty (accepted: one value or more)", "4");
  expect("unitless_range.toml",
         "[sweep]\nevaluator = \"fec\"\n[axes]\nlength = { lin = [0.5, \"5 m\"], points = 3 }\n",
         "different dimensions", "4");
  expect("zip_unequal.toml",
         "[sweep]\nevaluator = \"pam\"\ncombine = \"zip\"\n[axes]\na = [1, 2]\nb = [1, 2, 3]\n",
         "axes of equal length", "6");
  expect("broken.toml", "[sweep]\nevaluator = = \"fec\"\n", "", "2");
  expect("huge.toml",
         "[sweep]\nevaluator = \"pam\"\n[axes]\na = { lin = [\"1 m\", \"2 m\"], points = 1000 }\n"
         "b = { lin = [\"1 m\", \"2 m\"], points = 1000 }\nc = { lin = [\"1 m\", \"2 m\"], "
         "points = 1000 }\n",
         "1000000000 points in [axes] (accepted: up to 100000000 without --force); pass --force",
         "3"); // the line of [axes]
  // With --force the 1e9-point spec is accepted (nothing is evaluated here).
  const auto p = write_spec("huge2.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\na = { lin = "
                                          "[\"1 m\", \"2 m\"], points = 1000 }\nb = { lin = [\"1 "
                                          "m\", \"2 m\"], points = 1000000 }\n");
  CHECK(read_sweep_spec(p, true).point_count() == 1'000'000'000ULL);
  CHECK_THROWS_WITH(read_sweep_spec("/nonexistent/x.toml"), Contains("cannot open"));
}
