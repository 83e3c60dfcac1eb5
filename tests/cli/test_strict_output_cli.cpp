// Every machine-readable output stays strictly valid when a figure is not finite (json_text.hpp):
// JSON (RFC 8259) carries null, CSV number cells are a decimal number or one of inf, -inf, nan.
// Each case drives the real command with an extreme but accepted input that makes such a figure,
// and parses the whole output strictly (json_strict.hpp).
#include "cli_run.hpp"
#include "json_strict.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::csv_number_cell_error;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::scratch_dir;
using linkphy::test::StrictJson;

namespace {

const std::string kSource = LINKPHY_SOURCE_DIR;

/// The cells of one CSV line (RFC 4180: quoted fields may hold commas and doubled quotes).
std::vector<std::string> csv_cells(const std::string &line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
        cells.back() += line[++i];
      else if (c == '"')
        quoted = false;
      else
        cells.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

std::vector<std::vector<std::string>> csv_rows(const std::string &text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    rows.push_back(csv_cells(line));
  return rows;
}

/// Checks that the named columns of a CSV hold numbers in every row (csv_number_cell_error);
/// returns how many cells are inf, -inf and nan in them.
struct NonFinite {
  int inf = 0, neg_inf = 0, nan = 0;
};
NonFinite check_number_columns(const std::string &text, const std::vector<std::string> &columns) {
  const auto rows = csv_rows(text);
  REQUIRE(rows.size() >= 2);
  NonFinite n;
  for (const auto &name : columns) {
    std::size_t c = 0;
    while (c < rows[0].size() && rows[0][c] != name)
      ++c;
    INFO("column " << name);
    REQUIRE(c < rows[0].size());
    for (std::size_t r = 1; r < rows.size(); ++r) {
      REQUIRE(rows[r].size() == rows[0].size());
      const std::string &cell = rows[r][c];
      INFO("row " << r << ": " << cell);
      CHECK(csv_number_cell_error(cell).empty());
      n.inf += cell == "inf";
      n.neg_inf += cell == "-inf";
      n.nan += cell == "nan";
    }
  }
  return n;
}

/// A single-ended 4-port whose every |S| is 1.7e308 (accepted: a finite double), phase 0 where
/// i + j is even and 180° where odd: the mixed-mode sums overflow (inf), cancel (0: -inf dB) or
/// meet as inf − inf (NaN), so all three non-finite cells appear.
std::string overflowing_s4p() {
  std::string text = "# GHz S MA R 50\n";
  for (int f = 1; f <= 2; ++f)
    for (int i = 0; i < 4; ++i) {
      text += i ? " " : std::to_string(f);
      for (int j = 0; j < 4; ++j)
        text += (i + j) % 2 ? " 1.7e308 180" : " 1.7e308 0";
      text += "\n";
    }
  return text;
}

} // namespace

TEST_CASE("strict CSV: touchstone mixed-mode cells are numbers or inf, -inf, nan (no -nan)",
          "[cli][touchstone][strict]") {
  const auto dir = scratch_dir("strict-ts");
  std::ofstream(dir / "huge.s4p") << overflowing_s4p();
  const auto r =
      run_cli({"touchstone", "mixed-mode", (dir / "huge.s4p").string(), "--ports", "1-3:2-4"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  std::vector<std::string> cols;
  for (const char *b : {"sdd", "sdc", "scd", "scc"})
    for (const char *ij : {"11", "12", "21", "22"})
      cols.push_back(std::string(b) + ij + "_db");
  const NonFinite n = check_number_columns(r.out, cols);
  // Per frequency: Sdd cancels to 0 (-inf dB, 4 cells), Sdc is inf − inf (nan, 4), Scd cancels
  // (-inf, 4), Scc overflows (inf, 4); two frequencies.
  CHECK(n.neg_inf == 16);
  CHECK(n.nan == 8);
  CHECK(n.inf == 8);
  fs::remove_all(dir);
}

TEST_CASE("strict JSON: optical-budget escapes control characters and writes null for a closed "
          "eye",
          "[cli][optical-budget][strict]") {
  const auto dir = scratch_dir("strict-ob");
  std::string cfg = read_text_file(kSource + "/sweeps/examples/optical-budget/850S50_500.toml");
  const auto at = cfg.find("sheet = \"850S50_500\"");
  REQUIRE(at != std::string::npos);
  // TOML basic string: a tab, quotes, a backslash and U+0001 in the sheet name.
  cfg.replace(at, 20, R"(sheet = "a\tb \"q\" \\ c\u0001")");
  std::ofstream(dir / "ob.toml") << cfg;
  for (const char *length : {"82m", "100km"}) { // 100 km: the eye closes, penalties are #NUM!
    INFO(length);
    const auto r = run_cli({"optical-budget", "--config", (dir / "ob.toml").string(), "--length",
                            length, "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    INFO(r.out);
    CHECK(StrictJson::error(r.out).empty());
    CHECK(r.out.find(R"("sheet": "a\tb \"q\" \\ c\u0001")") != std::string::npos);
    if (std::string(length) == "100km")
      CHECK(r.out.find("\"margin_db\": null") != std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("strict CSV: crossover tables write nan for a figure not available",
          "[cli][crossover][strict]") {
  const auto dir = scratch_dir("strict-crossover");
  // 400G: aoc does not run it and dac does not close (no crossover, bound below_min, change_pct
  // not available); this study has no energy figure at either rate (energy cells not available).
  std::ofstream(dir / "study.toml") << R"([crossover]
name = "strict"
criterion = "feasible"
fidelity = "analytic"
rates = ["25G", "400G"]
copper = ["dac"]
optical = ["aoc"]
search_min = "5 cm"
search_max = "20 m"
scan_points = 8
tolerance = 0.05

[map]
distances = { log = ["0.1 m", "10 m"], points = 3 }

[sensitivity]
awg = [28]
)";
  const auto r =
      run_cli({"crossover", (dir / "study.toml").string(), "-o", (dir / "x.csv").string(), "--map",
               (dir / "map.csv").string(), "--points", (dir / "points.csv").string(),
               "--sensitivity", (dir / "sens.csv").string(), "--threads", "1"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const NonFinite x = check_number_columns(
      read_text_file(dir / "x.csv"), {"lane_rate_gbps", "crossover_m", "copper_energy_pj_per_bit",
                                      "optical_energy_pj_per_bit", "evaluations"});
  CHECK(x.nan > 0);
  const NonFinite m = check_number_columns(read_text_file(dir / "map.csv"),
                                           {"lane_rate_gbps", "distance_m", "energy_pj_per_bit"});
  CHECK(m.nan > 0);
  const NonFinite p = check_number_columns(
      read_text_file(dir / "points.csv"),
      {"lane_rate_gbps", "distance_m", "ber_pre_fec", "ber_post_fec", "energy_pj_per_bit"});
  CHECK(p.nan > 0);
  const NonFinite s = check_number_columns(
      read_text_file(dir / "sens.csv"), {"lane_rate_gbps", "crossover_m", "base_m", "change_pct"});
  CHECK(s.nan > 0);
  for (const char *side : {"x.csv.json", "map.csv.json", "points.csv.json", "sens.csv.json"}) {
    INFO(side);
    CHECK(StrictJson::error(read_text_file(dir / side)).empty());
  }
  fs::remove_all(dir);
}

TEST_CASE("strict JSON at extreme inputs: channel, link, reach, touchstone info, catalog, sweep",
          "[cli][strict]") {
  // Regression guard for writers that already wrote null (they pass without the json_text.hpp
  // change too): each output parsed whole.
  const auto dir = scratch_dir("strict-json");
  // 1 km of 26 AWG twinax: |S21| underflows to 0 at 50 GHz (il_db infinite).
  const auto ch = run_cli(
      {"channel", "twinax:awg=26,length=1000m", "--freq", "10MHz:50GHz:5", "--format", "json"});
  REQUIRE(ch.exit_code == 0);
  CHECK(StrictJson::error(ch.out).empty());
  CHECK(ch.out.find("\"il_db\":null") != std::string::npos);
  const auto chc = run_cli({"channel", "twinax:awg=26,length=1000m", "--freq", "10MHz:50GHz:5"});
  REQUIRE(chc.exit_code == 0);
  CHECK(check_number_columns(chc.out, {"freq_hz", "il_db", "s21_re", "s21_im"}).inf == 1);
  // A 1 km DAC: BER 0.375, SNR -324 dB, no COM (null).
  const auto link = run_cli(
      {"link", "--tech", "dac", "--length", "1km", "--rate", "100G", "--fidelity", "analytic"});
  REQUIRE(link.exit_code == 0);
  CHECK(StrictJson::error(link.out).empty());
  const auto reach = run_cli({"reach", "--tech", "dac", "--rate", "200G", "--fidelity", "analytic",
                              "--ber-target", "1e-30"});
  REQUIRE(reach.exit_code == 0);
  CHECK(StrictJson::error(reach.out).empty());
  const auto info = run_cli({"touchstone", "info",
                             std::string(LINKPHY_TEST_DATA_DIR) + "/channels/CA_19p75dB_thru.s4p",
                             "--format", "json"});
  REQUIRE(info.exit_code == 0);
  CHECK(StrictJson::error(info.out).empty());
  for (const std::vector<std::string> &args :
       {std::vector<std::string>{"catalog", "list", "--format", "json"},
        std::vector<std::string>{"catalog", "list", "laminates", "--format", "json"},
        std::vector<std::string>{"catalog", "show", "modules", "dsp_800g_dr8", "--format",
                                 "json"}}) {
    const auto c = run_cli(args);
    REQUIRE(c.exit_code == 0);
    CHECK(StrictJson::error(c.out).empty());
  }
  // A sweep whose link points run past closing (nan/inf cells) and its sidecar.
  std::ofstream(dir / "s.toml") << R"([sweep]
name = "strict"
evaluator = "link"
fidelity = "analytic"

[axes]
tech = ["dac"]
rate = ["100G"]
length = ["0.5 m", "1 km"]
)";
  const auto sw = run_cli({"sweep", (dir / "s.toml").string(), "-o", (dir / "s.csv").string()});
  INFO(sw.err);
  REQUIRE(sw.exit_code == 0);
  CHECK(StrictJson::error(read_text_file(dir / "s.csv.json")).empty());
  const auto rows = csv_rows(read_text_file(dir / "s.csv"));
  REQUIRE(rows.size() == 3);
  for (std::size_t c = 0; c < rows[0].size(); ++c)
    if (rows[0][c].find("_db") != std::string::npos || rows[0][c].rfind("ber", 0) == 0) {
      INFO(rows[0][c] << " = " << rows[2][c]);
      CHECK(csv_number_cell_error(rows[2][c]).empty());
    }
  fs::remove_all(dir);
}
