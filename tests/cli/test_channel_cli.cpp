// `linkphy channel`: output contract (CSV/JSON), --help, and bad input (exit 2, one line on
// stderr, no partial -o file). DESIGN.md §6.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;

struct Run {
  int code = -1;
  std::string out, err;
  std::vector<std::string> err_lines() const {
    std::vector<std::string> v;
    std::istringstream in(err);
    for (std::string l; std::getline(in, l);)
      v.push_back(l);
    return v;
  }
};

std::string slurp(const fs::path &p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Arguments are single-quoted for /bin/sh (none of ours contain a quote).
Run run_cli(const std::vector<std::string> &args) {
  // A fresh directory per run: ctest runs test cases in parallel processes.
  std::string tmpl = (fs::temp_directory_path() / "linkphy-channel-cli-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  const fs::path dir = tmpl;
  std::string cmd = std::string("'") + LINKPHY_CLI + "'";
  for (const auto &a : args)
    cmd += " '" + a + "'";
  cmd += " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "' </dev/null";
  const int status = std::system(cmd.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir / "out");
  r.err = slurp(dir / "err");
  fs::remove_all(dir);
  return r;
}

std::vector<std::vector<double>> csv_rows(const std::string &text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');)
      row.push_back(std::stod(cell));
    rows.push_back(row);
  }
  return rows;
}
} // namespace

TEST_CASE("channel writes the CSV columns freq_hz il_db s21_re s21_im", "[cli][channel]") {
  const Run r = run_cli({"channel", "twinax:awg=26,length=2m", "--freq", "1GHz:53.125GHz:5"});
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.rfind("freq_hz,il_db,s21_re,s21_im\n", 0) == 0);
  const auto rows = csv_rows(r.out);
  REQUIRE(rows.size() == 5);
  CHECK(rows.front()[0] == 1e9);
  CHECK(rows.back()[0] == 53.125e9);
  for (const auto &row : rows) {
    REQUIRE(row.size() == 4);
    CHECK(row[1] >= 0.0);
    // il_db is −20·log10|S21| of the same row (to 1e-9 dB).
    CHECK(row[1] == Approx(-20 * std::log10(std::hypot(row[2], row[3]))).margin(1e-9));
  }
  CHECK(rows[4][1] > rows[0][1]); // loss grows with frequency
}

TEST_CASE("channel runs DESIGN.md's stripline example: the height is solved for 50 ohm",
          "[cli][channel]") {
  // DESIGN.md §6 gives `stripline:material=megtron7,width=5mil,length=6in` (no height): it was
  // refused ("missing key 'height'"); now a controlled-impedance line (50 ohm single-ended,
  // Wheeler/Cohn closed form at the laminate's f_ref) whose solved height the stage name shows.
  const Run r = run_cli({"channel", "stripline:material=megtron7,width=5mil,length=6in", "--freq",
                         "26.5625GHz:26.5625GHz:1", "--format", "json"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("stripline megtron7 w=127um h=128.") != std::string::npos);
  const Run d = run_cli({"channel",
                         "stripline:material=megtron7,width=5mil,spacing=8mil,"
                         "impedance=85ohm,length=6in",
                         "--freq", "1GHz:2GHz:2"});
  CHECK(d.code == 0);
}

TEST_CASE("channel JSON output and temperature", "[cli][channel]") {
  const Run j = run_cli(
      {"channel", "annex93a:length=10in", "--freq", "26.5625GHz:26.5625GHz:1", "--format", "json"});
  REQUIRE(j.code == 0);
  CHECK(j.out.find("\"points\":[") != std::string::npos);
  CHECK(j.out.find("\"z0_ohm\":100") != std::string::npos);
  // The 802.3ck board line: 1.00 dB/in at 26.56 GHz → 9.96 dB over 10 in, matched.
  const auto p = j.out.find("\"il_db\":");
  REQUIRE(p != std::string::npos);
  CHECK(std::stod(j.out.substr(p + 8)) == Approx(9.96).margin(0.01));
  const Run cold = run_cli({"channel",
                            "stripline:material=megtron7,width=5mil,height=5mil,"
                            "length=10in",
                            "--freq", "20GHz:20GHz:1", "--temperature", "25degC"});
  const Run hot = run_cli({"channel",
                           "stripline:material=megtron7,width=5mil,height=5mil,"
                           "length=10in",
                           "--freq", "20GHz:20GHz:1", "--temperature", "85degC"});
  REQUIRE(cold.code == 0);
  REQUIRE(hot.code == 0);
  CHECK(csv_rows(hot.out)[0][1] > csv_rows(cold.out)[0][1]); // copper ρ +0.393 %/°C
}

TEST_CASE("channel --help shows an example and the kinds", "[cli][channel]") {
  const Run r = run_cli({"channel", "--help"});
  CHECK(r.code == 0);
  CHECK(r.out.find("Example:") != std::string::npos);
  CHECK(r.out.find("twinax:") != std::string::npos);
  CHECK(r.out.find("--freq") != std::string::npos);
}

TEST_CASE("channel -o writes the file and bad input leaves none", "[cli][channel][bad-input]") {
  std::string tmpl = (fs::temp_directory_path() / "linkphy-channel-out-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  const fs::path dir = tmpl;
  const std::string good = (dir / "good.csv").string();
  const Run ok = run_cli({"channel", "coax:d_inner=0.5mm,d_outer=1.6mm,er=2.1,length=1m", "--freq",
                          "1GHz:2GHz:2", "-o", good});
  CHECK(ok.code == 0);
  CHECK(slurp(good).rfind("freq_hz,il_db", 0) == 0);

  struct Bad {
    std::vector<std::string> args;
    std::string must_contain;
  };
  const std::vector<Bad> bad = {
      {{"channel", "twinax:awg=26,length=-2m", "--freq", "1GHz:2GHz:2"}, "key 'length'"},
      {{"channel", "coax:d_inner=2mm,d_outer=1mm,er=2.1,length=1m", "--freq", "1GHz:2GHz:2"},
       "d_inner"},
      {{"channel", "stripline:material=nope,width=5mil,height=5mil,length=1in", "--freq",
        "1GHz:2GHz:2"},
       "unknown laminate 'nope'"},
      {{"channel", "twinax:awg=99,length=1m", "--freq", "1GHz:2GHz:2"}, "accepted: 26 to 34"},
      {{"channel", "stripline:dk=3.5,df=1.5,width=5mil,height=5mil,length=1in", "--freq",
        "1GHz:2GHz:2"},
       "key 'df'"},
      {{"channel", "twinax:awg=26,length=2", "--freq", "1GHz:2GHz:2"}, "has no unit"},
      {{"channel", "twinax:awg=26,length=2m", "--freq", "1:2GHz:2"}, "--freq"},
      {{"channel", "twinax:awg=26,length=2m", "--freq", "2GHz:1GHz:2"}, "must be above START"},
      {{"channel", "twinax:awg=26,length=2m", "--freq", "1GHz:2GHz:2", "--temperature", "900K"},
       "200 K to 450 K"},
      {{"channel", "twinax:awg=26,length=2m", "--freq", "1GHz:2GHz:2", "--format", "xml"},
       "accepted: csv, json"},
      {{"channel", "waveguide:length=1m", "--freq", "1GHz:2GHz:2"}, "unknown kind 'waveguide'"},
      // A key missing from both the spec and its catalog entry is the spec's to give (was
      // blamed on the entry: "laminates.toml:35: missing key 'height'"; a missing height is now
      // solved for the impedance, a missing width is not).
      {{"channel", "stripline:material=megtron7,height=5mil,length=6in", "--freq", "1GHz:2GHz:2"},
       "spec 'stripline:material=megtron7,height=5mil,length=6in': missing key 'width'"},
      // Wrong differential port maps name the spec's file and ports (were "port pairs '1-3:2'"
      // and "mixed-mode conversion of network 'CA_19p75dB_thru'", neither naming the spec).
      {{"channel",
        "touchstone:file=" + std::string(LINKPHY_TEST_DATA_DIR) +
            "/channels/CA_19p75dB_thru.s4p,ports=1-3:2",
        "--freq", "1GHz:2GHz:2"},
       "CA_19p75dB_thru.s4p' ports '1-3:2': '2' is not a pair"},
      {{"channel",
        "touchstone:file=" + std::string(LINKPHY_TEST_DATA_DIR) +
            "/channels/CA_19p75dB_thru.s4p,ports=1-3:2-5",
        "--freq", "1GHz:2GHz:2"},
       "ports '1-3:2-5': port 5 does not exist (ports 1..4); accepted: two pairs P-N of ports 1 "
       "to 4"},
  };
  int i = 0;
  for (auto b : bad) {
    const std::string out = (dir / ("bad" + std::to_string(i++) + ".csv")).string();
    b.args.push_back("-o");
    b.args.push_back(out);
    const Run r = run_cli(b.args);
    INFO(b.args[1] << " → " << r.err);
    CHECK(r.code == 2);
    CHECK(r.err_lines().size() == 1);
    CHECK(r.err.rfind("linkphy: ", 0) == 0);
    CHECK(r.err.find(b.must_contain) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
  // Nothing but the good file was left in the directory (no temporaries either).
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

TEST_CASE("channel cascades several specs as networks", "[cli][channel][cascade]") {
  const std::string line = "stripline:material=megtron7,width=5mil,height=5mil,length=";
  const Run two = run_cli({"channel", line + "5in", line + "5in", "--freq", "1GHz:50GHz:5"});
  const Run one = run_cli({"channel", line + "10in", "--freq", "1GHz:50GHz:5"});
  REQUIRE(two.code == 0);
  REQUIRE(one.code == 0);
  const auto r2 = csv_rows(two.out), r1 = csv_rows(one.out);
  REQUIRE(r2.size() == r1.size());
  for (std::size_t k = 0; k < r1.size(); ++k) {
    // Two identical lines in cascade are one line of the summed length (exact up to rounding).
    CHECK(r2[k][1] == Approx(r1[k][1]).margin(1e-9));
    CHECK(r2[k][2] == Approx(r1[k][2]).margin(1e-9));
  }
  // A capacitive via between them reflects: more loss than the plain line at high frequency.
  const Run via = run_cli(
      {"channel", line + "5in", "via:l=0.1nH,c=0.5pF", line + "5in", "--freq", "40GHz:40GHz:1"});
  const Run plain = run_cli({"channel", line + "10in", "--freq", "40GHz:40GHz:1"});
  REQUIRE(via.code == 0);
  CHECK(csv_rows(via.out)[0][1] > csv_rows(plain.out)[0][1] + 0.1);
  // Differential (100 ohm) and single-ended (50 ohm) stages do not mix.
  const Run mix = run_cli(
      {"channel", "twinax:awg=26,length=1m", "via:l=0.1nH,c=0.1pF", "--freq", "1GHz:2GHz:2"});
  CHECK(mix.code == 2);
  CHECK(mix.err_lines().size() == 1);
  CHECK(mix.err.find("diff=true") != std::string::npos);
  const Run ok = run_cli({"channel", "twinax:awg=26,length=1m", "via:l=0.1nH,c=0.1pF,diff=true",
                          "--freq", "1GHz:2GHz:2"});
  CHECK(ok.code == 0);
}

TEST_CASE("channel reads a measured channel from a Touchstone file", "[cli][channel][touchstone]") {
  const std::string file = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/CA_19p75dB_thru.s4p";
  const Run r = run_cli(
      {"channel", "touchstone:file=" + file + ",ports=1-3:2-4", "--freq", "26.56GHz:26.56GHz:1"});
  REQUIRE(r.code == 0);
  // tests/data/SOURCES.md: 19.75 dB differential IL at 26.56 GHz (scikit-rf).
  CHECK(csv_rows(r.out)[0][1] == Approx(19.75).margin(0.01));
  const Run bad = run_cli({"channel", "touchstone:file=" + file, "--freq", "1GHz:2GHz:2"});
  CHECK(bad.code == 2);
  CHECK(bad.err_lines().size() == 1);
  // Measured data do not follow --temperature (they were measured at one), as --help says.
  const Run hot = run_cli({"channel", "touchstone:file=" + file + ",ports=1-3:2-4", "--freq",
                           "26.56GHz:26.56GHz:1", "--temperature", "85degC"});
  REQUIRE(hot.code == 0);
  CHECK(hot.out == r.out);
  const Run help = run_cli({"channel", "--help"});
  CHECK(help.out.find("measured data: --temperature does not change them") != std::string::npos);
}
