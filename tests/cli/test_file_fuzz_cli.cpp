// Bad input files found by mutation fuzzing (scripts/fuzz-files.py): each class ends in one line
// `linkphy: WHERE: WHAT` on stderr and exit 2, with no output file left; the valid seed the
// mutant came from is still accepted, so a check cannot pass by refusing everything.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::CliResult;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::scratch_dir;

namespace {

const std::string kSource = LINKPHY_SOURCE_DIR;

fs::path write_file(const fs::path &p, const std::string &text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// Exit 2, one line starting "linkphy: " that holds every needle, `out` not written.
void check_refused(const CliResult &r, const std::vector<std::string> &needles,
                   const fs::path &out) {
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err_lines().size() == 1);
  CHECK(r.err.rfind("linkphy: ", 0) == 0);
  for (const auto &n : needles) {
    INFO(n);
    CHECK(r.err.find(n) != std::string::npos);
  }
  CHECK_FALSE(fs::exists(out));
}

} // namespace

TEST_CASE("a user catalog's entries are checked when it is loaded, used by a spec or not",
          "[cli][bad-input][catalog]") {
  // Before: `--catalog laminates=FILE` checked only key names; a value with the wrong unit, no
  // unit or a non-finite number in an entry no spec named was accepted silently, and so was an
  // empty file (fuzz classes drop-unit, unit-swap, number-inf, empty on laminates/foils/cables/
  // packages.toml).
  const auto dir = scratch_dir("fuzz-catalog");
  const auto out = dir / "out.csv";
  const std::string good = "[fast]\nsource = \"test\"\ndk = 3.4\ndf = 0.002\nf_ref = \"10 GHz\"\n";
  auto channel = [&](const std::string &kind, const fs::path &cat, const std::string &spec) {
    return run_cli({"channel", spec, "--catalog", kind + "=" + cat.string(), "--freq",
                    "1GHz:10GHz:3", "-o", out.string()});
  };
  const std::string strip = "stripline:material=megtron6,width=5mil,length=2in";

  SECTION("the shipped catalogs given as user catalogs are accepted (no false refusal)") {
    for (const std::string kind : {"laminates", "foils", "cables", "packages"}) {
      INFO(kind);
      const auto r = channel(kind, kSource + "/channels/catalog/" + kind + ".toml", strip);
      INFO(r.err);
      CHECK(r.exit_code == 0);
      CHECK(fs::exists(out));
      fs::remove(out);
    }
    // An entry that leaves a key to the spec (a cable without its geometry: the spec's awg) is
    // not an error of the file.
    const auto partial = write_file(dir / "partial.toml", "[bare]\nsource = \"test\"\ndf = 4e-4\n");
    const auto r = channel("cables", partial, "twinax:cable=bare,awg=28,length=1m");
    INFO(r.err);
    CHECK(r.exit_code == 0);
    fs::remove(out);
  }
  SECTION("a frequency with a length unit, in an entry no spec names") {
    const auto cat =
        write_file(dir / "lam.toml", good + "\n[unused]\nsource = \"test\"\ndk = 3.4\ndf = 0.002\n"
                                            "f_ref = \"10 in\"\n");
    check_refused(channel("laminates", cat, strip), {"lam.toml:11", "f_ref"}, out);
  }
  SECTION("a number without its unit") {
    const auto cat = write_file(dir / "foil.toml", "[rough]\nsource = \"test\"\nmodel = \"huray\""
                                                   "\nrms = 1.8\nball_radius = \"1 um\"\n"
                                                   "surface_ratio = 2.3\n");
    check_refused(channel("foils", cat, strip), {"foil.toml:4", "rms"}, out);
  }
  SECTION("a non-finite number") {
    const auto cat = write_file(dir / "cab.toml", "[c]\nsource = \"test\"\nawg = 28\ndk = inf\n");
    check_refused(channel("cables", cat, strip), {"cab.toml:4", "dk"}, out);
    const auto pkg = write_file(dir / "pkg.toml",
                                "[p]\nsource = \"test\"\nwidth = \"15 um\"\nthickness = \"15 um\"\n"
                                "height = \"25 um\"\ndk = 3.3\ndf = 0.0044\nsigma = \"nan S/m\"\n");
    check_refused(channel("packages", pkg, strip), {"pkg.toml:8", "sigma"}, out);
  }
  SECTION("an empty file") {
    const auto cat = write_file(dir / "empty.toml", "");
    check_refused(channel("laminates", cat, strip), {"empty.toml", "no entries"}, out);
    const auto blank = write_file(dir / "blank.toml", "\n  \n# only a comment\n");
    check_refused(channel("laminates", blank, strip), {"blank.toml", "no entries"}, out);
  }
  fs::remove_all(dir);
}

TEST_CASE("merge refuses a shard row with cells missing or added", "[cli][bad-input][sweep]") {
  // Before: merge joined lines without counting cells, so a shard cut short mid-row (a killed
  // job) or a row with a cell added merged into a CSV whose rows no longer match the header
  // (fuzz classes csv-drop-field, csv-extra-field, truncate on a shard).
  const auto dir = scratch_dir("fuzz-merge");
  const auto part = dir / "part.csv", out = dir / "all.csv";
  // A pam sweep's header (an snr axis, modulation fixed): a header no sweep writes is refused.
  const std::string head = "point,snr_db,modulation,d_over_sigma,ser,ber\n";
  const std::string rows = "0,5,PAM4,1,0.1,0.05\n1,6,PAM4,1.1,0.05,0.02\n";
  write_file(part, head + rows);
  {
    const auto r = run_cli({"merge", part.string(), "-o", out.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(read_text_file(out) == head + rows);
    fs::remove(out);
  }
  write_file(part, head + "0,5,PAM4,1,0.1,0.05\n1,6");
  check_refused(run_cli({"merge", part.string(), "-o", out.string()}),
                {"part.csv:3", "2 cells", "expected 6"}, out);
  write_file(part, head + "0,5,PAM4,1,0.1,0.05,7\n1,6,PAM4,1.1,0.05,0.02\n");
  check_refused(run_cli({"merge", part.string(), "-o", out.string()}),
                {"part.csv:2", "7 cells", "expected 6"}, out);
  write_file(part, head + "0,\"5,0.1\n");
  check_refused(run_cli({"merge", part.string(), "-o", out.string()}),
                {"part.csv:2", "quote left open"}, out);
  fs::remove_all(dir);
}

TEST_CASE("com --config naming a directory says so", "[cli][bad-input][com]") {
  // Before: "COM parameter table not found" for a directory that exists (fuzz class directory
  // on a COM table), which sent the user looking for a missing file.
  const auto dir = scratch_dir("fuzz-com-dir");
  const auto table = dir / "table.toml", out = dir / "com.json";
  fs::create_directory(table);
  check_refused(run_cli({"com", "--config", table.string(),
                         kSource + "/tests/data/channels/CA_19p75dB_thru.s4p", "-o", out.string()}),
                {"table.toml", "is a directory", "accepted: a .toml file"}, out);
  fs::remove_all(dir);
}

TEST_CASE("a NUL character in a file's value does not cut the message short",
          "[cli][bad-input][link]") {
  // Before: the message was printed from what(), a C string that ends at the first NUL, so a
  // TOML value "\u0000" gave `linkphy: spec 'twinax:awg=` and nothing after (fuzz class
  // type-"\u0000" on a link config). The NUL is shown escaped and the message goes on.
  const auto dir = scratch_dir("fuzz-nul");
  const auto cfg = write_file(dir / "link.toml", "tech = \"dac\"\nlength = \"2 m\"\nrate = \"100G\""
                                                 "\n[set]\nawg = \"\\u0000\"\n");
  const auto out = dir / "link.json";
  check_refused(run_cli({"link", "--config", cfg.string(), "-o", out.string()}),
                {"awg=\\x00,length=2 m", "key 'awg': '\\x00' does not start with a number",
                 "accepted: a plain number"},
                out);
  fs::remove_all(dir);
}

TEST_CASE("a pam sweep refuses an SNR outside -100 dB to 200 dB", "[cli][bad-input][sweep]") {
  // Before: snr = { lin = ["5 dB", "1e308 dB"] } ran, and 10^(SNR/10) overflowed: d_over_sigma
  // `inf` in the CSV (fuzz class number-1e308 on sweeps/examples/pam_snr.toml).
  const auto dir = scratch_dir("fuzz-pam-snr");
  const auto out = dir / "pam.csv";
  auto spec = [&](const std::string &stop) {
    return write_file(dir / "pam.toml", "[sweep]\nname = \"p\"\nevaluator = \"pam\"\n[axes]\n"
                                        "modulation = [\"PAM4\"]\nsnr = { lin = [\"5 dB\", \"" +
                                            stop + "\"], points = 3 }\n");
  };
  {
    // The bounds themselves are accepted and give finite cells (3 rows: 5, 102.5, 200 dB).
    const auto r = run_cli({"sweep", spec("200 dB").string(), "-o", out.string()});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::string csv = read_text_file(out);
    CHECK(csv.find("inf") == std::string::npos);
    CHECK(csv.find("nan") == std::string::npos);
    fs::remove(out);
    fs::remove(dir / "pam.csv.json");
  }
  for (const std::string stop : {"1e308 dB", "201 dB"}) {
    INFO(stop);
    check_refused(run_cli({"sweep", spec(stop).string(), "-o", out.string()}),
                  {"pam.toml:6", "key 'snr'", "out of range", "accepted: -100 dB to 200 dB"}, out);
    CHECK_FALSE(fs::exists(dir / "pam.csv.json"));
  }
  fs::remove_all(dir);
}
