// Bad input found by fuzzing the CLI: each class ends in one line `linkphy: WHERE: WHAT` on stderr
// and exit 2 (never a crash, a hang, non-finite output or a partial file left behind).
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <linkphy/phy/touchstone.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::CliResult;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::run_program;
using linkphy::test::scratch_dir;

namespace {

const std::string kData = LINKPHY_TEST_DATA_DIR;
const std::string kCa = kData + "/channels/CA_19p75dB_thru.s4p";
const std::string kLine = kData + "/channels/pcb_stripline_119mm.s2p";

fs::path write_file(const fs::path &p, const std::string &text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// The CLI under a shell's limits (e.g. "ulimit -v 400000"), arguments quoted.
void check_refused(const CliResult &r, const std::string &needle,
                   const std::vector<fs::path> &gone = {}) {
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err_lines().size() == 1);
  CHECK(r.err.rfind("linkphy: ", 0) == 0);
  CHECK(r.err.find(needle) != std::string::npos);
  for (const auto &p : gone) {
    INFO(p);
    CHECK_FALSE(fs::exists(p));
  }
}

} // namespace

TEST_CASE("error messages stay one line whatever the input holds", "[cli][bad-input]") {
  const auto nl = run_cli({"channel", "twinax:length=2m,awg=2\n6", "--freq", "1GHz:2GHz:3"});
  check_refused(nl, "2\\n6");
  const auto dir = scratch_dir("bad-oneline");
  const auto spec = write_file(dir / "nl.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\n"
                                                "modulation = [\"PAM\\nX\"]\nsnr = [\"10 dB\"]\n");
  check_refused(run_cli({"sweep", spec.string(), "-q"}), "PAM\\nX");
  // Bytes that are not text (a corrupted file) come out as \xNN.
  const auto bin = write_file(dir / "bin.s2p", std::string("# GHz S RI R 50\n1 0.1 \x01\xff\x80 "
                                                           "0.9 0 0.9 0 0.1 0\n"));
  const auto b = run_cli({"touchstone", "info", bin.string()});
  check_refused(b, "\\x01\\xff\\x80");
  // UTF-8 in a message is kept as it is.
  const auto u = run_cli({"sweep", spec.string(), "--shard", "0/1"});
  check_refused(u, "1 ≤ K ≤ N");
  // CLI11's own errors in the WHERE: WHAT form, naming the option and what it accepts.
  check_refused(run_cli({"channel", "--freq", "1GHz:2GHz:2"}),
                "channel specs: missing (required); accepted: ");
  check_refused(run_cli({"link", "--tech", "dac", "--rate", "100G", "--ber-target", "abc"}),
                "link --ber-target 'abc': not accepted; accepted: a number, ");
  check_refused(run_cli({"catalog", "show", "technologies"}),
                "catalog show catalog entry: At least 2 required but received 1; accepted: "
                "catalog name and entry name");
}
