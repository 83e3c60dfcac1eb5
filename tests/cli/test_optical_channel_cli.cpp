// `linkphy channel smf:... / mmf:...`: fibre specs through the channel command.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {
using Run = linkphy::test::CliResult;

Run run(const std::string &args) { return linkphy::test::run_cli_line(args); }

std::vector<std::vector<double>> csv_rows(const std::string &text) {
  std::vector<std::vector<double>> rows;
  std::stringstream ss(text);
  std::string line;
  std::getline(ss, line); // header
  while (std::getline(ss, line)) {
    std::vector<double> r;
    std::stringstream ls(line);
    std::string c;
    while (std::getline(ls, c, ','))
      r.push_back(std::stod(c));
    rows.push_back(r);
  }
  return rows;
}
} // namespace

TEST_CASE("linkphy channel smf: il_db at DC is the optical loss", "[cli][optics]") {
  const Run r = run("channel smf:length=2km,wavelength=1310nm,type=os2,connectors=2 "
                    "--freq 0Hz:40GHz:5");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("freq_hz,il_db,s21_re,s21_im\n", 0) == 0);
  const auto rows = csv_rows(r.out);
  REQUIRE(rows.size() == 5);
  // OS2 0.4 dB/km × 2 km + 2 × 0.75 dB connections = 2.3 dB (ISO/IEC 11801-1).
  CHECK(rows[0][1] == Approx(2.3).margin(1e-9));
  // Near λ0 a chirp-free carrier over 2 km barely rolls off up to 40 GHz (|D·L| < 3 ps/nm).
  CHECK(rows[4][1] - rows[0][1] < 0.5);
}

TEST_CASE("linkphy channel mmf: modal bandwidth rolls the response off", "[cli][optics]") {
  const Run r = run("channel mmf:length=300m,type=om3 --freq 0Hz:20GHz:3");
  REQUIRE(r.exit_code == 0);
  const auto rows = csv_rows(r.out);
  // OM3 at 850 nm: 3.5 dB/km × 0.3 km = 1.05 dB; EMB 2000 MHz·km / 0.3 km = 6.7 GHz, so by
  // 20 GHz the Gaussian response is far down.
  CHECK(rows[0][1] == Approx(1.05).margin(1e-9));
  CHECK(rows[2][1] - rows[0][1] > 20);
}

TEST_CASE("linkphy channel fibre bad input: one line, exit 2", "[cli][optics]") {
  for (const auto &[args, needle] : std::vector<std::pair<std::string, std::string>>{
           {"channel smf:length=2km,wavelength=850nm --freq 0Hz:1GHz:2", "outside the window"},
           {"channel smf:length=2km,type=om9 --freq 0Hz:1GHz:2", "unknown fibre 'om9'"},
           {"channel mmf:length=2km,type=os2 --freq 0Hz:1GHz:2", "single-mode (use smf:)"}}) {
    INFO(args);
    const Run r = run(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}
