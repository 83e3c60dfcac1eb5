// `linkphy crossover` end to end: outputs (CSV, JSON sidecar, map, plots) and bad input (one line,
// exit 2, no output file). The study here uses real catalog technologies as stand-ins: pcb as the
// "copper" side and dac as the "optical" side, so it runs whatever optics the catalog holds.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <cstdlib>

#include "../sweeps/test_plot_xml.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::scratch_dir;

namespace {

const char *kStudy = R"([crossover]
name = "stand-ins"
criterion = "feasible"
fidelity = "analytic"
rates = ["50G", "100G"]
copper = ["pcb"]
optical = ["dac"]
search_min = "1 cm"
search_max = "5 m"
scan_points = 12
tolerance = 0.02

[map]
distances = { log = ["5 cm", "4 m"], points = 5 }
)";

fs::path write(const fs::path &dir, const std::string &name, const std::string &text) {
  std::ofstream(dir / name) << text;
  return dir / name;
}

void check_bad(const std::vector<std::string> &args, const fs::path &out,
               const std::string &needle) {
  const auto r = run_cli(args);
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err_lines().size() == 1);
  CHECK(r.err.find(needle) != std::string::npos);
  CHECK_FALSE(fs::exists(out));
}

} // namespace

TEST_CASE("crossover CLI writes the table, CSV, sidecar, map and plots", "[cli][crossover]") {
  const auto dir = scratch_dir("crossover-cli");
  const auto study = write(dir, "study.toml", kStudy);
  const auto out = dir / "x.csv";
  const auto r =
      run_cli({"crossover", study.string(), "-o", out.string(), "--map", (dir / "map.csv").string(),
               "--plot", (dir / "x.svg").string(), "--plot", "map=" + (dir / "map.svg").string(),
               "--plot", "ber=" + (dir / "ber.svg").string(), "--plot",
               "energy=" + (dir / "energy.svg").string(), "--threads", "1"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("crossover study 'stand-ins'") != std::string::npos);
  const std::string csv = read_text_file(out);
  CHECK(csv.rfind("lane_rate_gbps,rate,copper_tech,optical_tech,criterion,crossover_m,", 0) == 0);
  CHECK(csv.find("\n53.125,50G,pcb,") != std::string::npos);
  CHECK(csv.find("\n106.25,100G,pcb,") != std::string::npos);
  const std::string side = read_text_file(dir / "x.csv.json");
  CHECK(side.find("\"command\": \"crossover\"") != std::string::npos);
  CHECK(side.find("\"criterion\": \"feasible\"") != std::string::npos);
  CHECK(read_text_file(dir / "map.csv")
            .rfind("lane_rate_gbps,rate,distance_m,best_tech,family,energy_pj_per_bit,closes", 0) ==
        0);
  for (const char *svg : {"x.svg", "map.svg", "ber.svg", "energy.svg"}) {
    INFO(svg);
    const std::string text = read_text_file(dir / svg);
    CHECK(linkphy::test::xml_wellformed(text).empty());
  }
  CHECK(read_text_file(dir / "ber.svg").find("pcb (copper)") != std::string::npos);
  CHECK(read_text_file(dir / "ber.svg").find("dac (optical)") != std::string::npos);
  // energy per bit from technology_power at the plot rate (the middle rate, 100G)
  CHECK(read_text_file(dir / "energy.svg").find("energy (pJ/bit)") != std::string::npos);
  CHECK(read_text_file(dir / "energy.svg").find("pcb (copper)") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("crossover CLI bad input: one line, exit 2, no output file", "[cli][crossover]") {
  const auto dir = scratch_dir("crossover-bad");
  const auto out = dir / "x.csv";
  const auto good = write(dir, "good.toml", kStudy);
  const std::string o = out.string();
  check_bad({"crossover", good.string(), "--criterion", "cheapest", "-o", o}, out,
            "accepted: feasible, energy, cost");
  check_bad({"crossover", good.string(), "--criterion", "cost", "-o", o}, out,
            "cost is unavailable");
  check_bad({"crossover", good.string(), "--rates", "33G", "-o", o}, out, "--rates");
  check_bad({"crossover", good.string(), "--optical", "warp-drive", "-o", o}, out,
            "--optical: unknown technology 'warp-drive'"); // the option, not the study file
  check_bad({"crossover", good.string(), "-o", o, "--plot", (dir / "x.pdf").string()}, out,
            "accepted: FILE.svg, FILE.png");
  check_bad({"crossover", good.string(), "-o", o, "--plot", "pie=" + (dir / "x.svg").string()}, out,
            "unknown plot kind 'pie'");
  std::string text = kStudy;
  const auto unknown = write(dir, "unknown.toml", text + "colour = \"blue\"\n");
  check_bad({"crossover", unknown.string(), "-o", o}, out, "unknown.toml:15: unknown key 'colour'");
  const auto cm = text.find("\"1 cm\"");
  std::ostringstream unitless; // (built by a stream: GCC 12's -Wrestrict misfires on replace)
  unitless << text.substr(0, cm) << "5" << text.substr(cm + 6);
  const auto bare = write(dir, "bare.toml", unitless.str());
  check_bad({"crossover", bare.string(), "-o", o}, out, "bare.toml:8: key 'search_min'");
  const auto table = write(dir, "table.toml", text + "[plots]\nx = 1\n");
  check_bad({"crossover", table.string(), "-o", o}, out, "unknown table 'plots'");
  check_bad({"crossover", (dir / "missing.toml").string(), "-o", o}, out, "cannot open");
  fs::remove_all(dir);
}

TEST_CASE("crossover sidecar records the study file relative to the working directory",
          "[cli][crossover]") {
  // notebooks_data/ is made from the repo root and committed; the default study is found by an
  // absolute path, which the sidecar carried (/home/USER/.../sweeps/examples/crossover/...).
  const auto dir = scratch_dir("crossover-relpath");
  const auto out = dir / "x.csv";
  const std::string cmd = "cd '" + std::string(LINKPHY_SOURCE_DIR) + "' && '" +
                          std::string(LINKPHY_CLI) + "' crossover --rates 100G --copper dac " +
                          "--optical dsp-dr --threads 1 -o '" + out.string() + "' >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(read_text_file(dir / "x.csv.json")
            .find("\"study_file\": \"sweeps/examples/crossover/default.toml\"") !=
        std::string::npos);
  fs::remove_all(dir);
}
