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

// examples/pam_snr: 4 modulations × 61 SNRs = 244 points of the fast `pam` evaluator.
fs::path pam_spec(const fs::path &dir) {
  const auto p = dir / "pam_snr.toml";
  std::ofstream(p) << "[sweep]\nname = \"pam-snr\"\nevaluator = \"pam\"\n[axes]\n"
                      "modulation = [\"NRZ\", \"PAM4\", \"PAM6\", \"PAM8\"]\n"
                      "snr = { lin = [\"5 dB\", \"35 dB\"], points = 61 }\n";
  return p;
}

fs::path write_file(const fs::path &p, const std::string &text) {
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// The CLI under a shell's limits (e.g. "ulimit -v 400000"), arguments quoted.
CliResult run_limited(const std::string &limits, const std::vector<std::string> &args) {
  std::string cmd = limits + "; exec '" + std::string(LINKPHY_CLI) + "'";
  for (const auto &a : args)
    cmd += " '" + a + "'";
  return run_program("/bin/sh", {"-c", cmd});
}

// Exit 2 with one line naming `needle`, every path of `gone` absent.
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

std::vector<fs::path> scratch_files(const fs::path &dir) {
  std::vector<fs::path> out;
  for (const auto &e : fs::directory_iterator(dir))
    out.push_back(e.path().filename());
  return out;
}

} // namespace

TEST_CASE("sweep and crossover bound --threads and stop cleanly when a thread is refused",
          "[cli][bad-input]") {
  const auto dir = scratch_dir("bad-threads");
  const auto spec = pam_spec(dir);
  const auto out = dir / "x.csv";
  const std::vector<fs::path> gone{out, dir / "x.csv.partial", dir / "x.csv.json"};
  check_refused(run_cli({"sweep", spec, "--threads", "100000", "-q", "-o", out}),
                "--threads 100000: accepted: 1 to 1024", gone);
  check_refused(run_cli({"crossover", "--threads", "100000", "-o", out}),
                "--threads 100000: accepted: 1 to 1024", gone);
  if (!linkphy::test::address_space_limits_work) {
    WARN(linkphy::test::address_space_limits_skipped);
    return;
  }
  // 1000 threads of 8 MiB stacks do not fit in 1 GB of address space: std::system_error from
  // std::thread, which must not escape (it was SIGABRT: terminate without an active exception).
  const std::string limit = "ulimit -v 1000000";
  check_refused(run_limited(limit, {"sweep", spec, "--threads", "1000", "-q", "-o", out}),
                "--threads: the system refused to start thread", gone);
  // The crossover's map (5 rates x 22 distances: 110 threads at once).
  const auto map = dir / "map.csv";
  check_refused(run_limited(limit, {"crossover", "--threads", "1000", "--fidelity", "analytic",
                                    "--map", map, "-o", out}),
                "--threads: the system refused to start thread", {out, map});
}

TEST_CASE("every command refuses -o naming a directory or in a missing directory",
          "[cli][bad-input]") {
  const auto dir = scratch_dir("bad-outdir");
  const auto spec = pam_spec(dir);
  const auto part = write_file(dir / "part.csv", "point,x\n0,1\n");
  const auto target = dir / "target";
  fs::create_directory(target);
  const std::string o = target.string();
  const std::vector<std::vector<std::string>> commands{
      {"touchstone", "convert", kCa},
      {"touchstone", "info", kCa},
      {"touchstone", "cascade", kLine, kLine},
      {"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4"},
      {"channel", "twinax:length=2m,awg=26", "--freq", "1GHz:2GHz:2"},
      {"link", "--tech", "dac", "--length", "2m", "--rate", "100G", "--fidelity", "analytic"},
      {"reach", "--tech", "dac", "--rate", "100G", "--fidelity", "analytic"},
      {"com", "--config", "802.3ck-cr-ca", kCa},
      {"plan", kData + "/plans/copper_small.toml"},
      {"crossover", "--rates", "100G", "--fidelity", "analytic"},
      {"optical-budget", "--config",
       std::string(LINKPHY_SOURCE_DIR) + "/sweeps/examples/optical-budget/850S50_500.toml"},
      {"merge", part},
      {"catalog", "list"},
      {"sweep", spec, "-q"},
  };
  for (auto args : commands) {
    INFO(args[0] << " " << args[1]);
    args.insert(args.end(), {"-o", o});
    check_refused(run_cli(args), "-o '" + o + "': is a directory");
    auto missing = args;
    missing.back() = (dir / "nowhere" / "x.out").string();
    check_refused(run_cli(missing),
                  "directory '" + (dir / "nowhere").string() + "' does not exist");
  }
  // Nothing written beside the directory (sweep used to leave target.partial with the rows).
  const auto left = scratch_files(dir);
  CHECK(left.size() == 3); // pam_snr.toml, part.csv, target
  CHECK(fs::is_empty(target));
}

TEST_CASE("searches and sweeps that could not finish are refused up front", "[cli][bad-input]") {
  const auto dir = scratch_dir("bad-hang");
  // Relative tolerance 1e-16: hi/lo - 1 never gets under it in doubles (the bisection hung).
  const auto study = write_file(dir / "tol.toml", "[crossover]\nrates = [\"100G\"]\n"
                                                  "fidelity = \"analytic\"\ntolerance = 1e-16\n");
  check_refused(run_cli({"crossover", study, "--threads", "1"}),
                "tol.toml:4: key 'tolerance': tolerance must be from 1e-6 to 0.5");
  check_refused(run_cli({"reach", "--tech", "dac", "--rate", "100G", "--fidelity", "analytic",
                         "--tolerance", "1e-300m"}),
                "--tolerance '1e-300m': accepted: 1 um to 10 km");
  check_refused(run_cli({"link", "--tech", "dac", "--length", "2m", "--rate", "100G", "--fidelity",
                         "montecarlo", "--mc-symbols", "1000000000000"}),
                "--mc-symbols 1000000000000: accepted: 1000 to 1e9");
  if (!linkphy::test::address_space_limits_work) {
    WARN(linkphy::test::address_space_limits_skipped);
    return;
  }
  // Point counts known from the axes' sizes before any value is made: under 1 GB of address space
  // (the values of 1.2e8 or 1e9 points need several GB) the refusal comes, not bad_alloc.
  const std::string limit = "ulimit -v 1000000";
  const auto big = [&](const std::string &name, const std::string &points) {
    return write_file(dir / name, "[sweep]\nname = \"x\"\nevaluator = \"pam\"\n\n[axes]\n"
                                  "modulation = [\"NRZ\", \"PAM4\"]\n"
                                  "snr = { lin = [\"5 dB\", \"35 dB\"], points = " +
                                      points + " }\n");
  };
  const auto out = dir / "o.csv";
  const std::vector<fs::path> gone{out, dir / "o.csv.partial"};
  const auto t0 = std::chrono::steady_clock::now();
  check_refused(run_limited(limit, {"sweep", big("a.toml", "60000000"), "-q", "-o", out}),
                "a.toml:5: 120000000 points in [axes]", gone);
  check_refused(run_limited(limit, {"sweep", big("b.toml", "1000000000"), "-q", "-o", out}),
                "b.toml:5: 2000000000 points in [axes]", gone);
  check_refused(run_limited(limit, {"sweep", big("c.toml", "9223372036854775807"), "-o", out}),
                "c.toml:5: 18446744073709551614 points in [axes]", gone);
  // --force lets a large product through, not a range whose values alone exhaust memory.
  check_refused(
      run_limited(limit, {"sweep", big("d.toml", "1000000000"), "--force", "-q", "-o", out}),
      "d.toml:7: points = 1000000000; accepted: 1 to 100000000 in one range", gone);
  // Each is refused in well under a second; 10 s allows for a loaded machine.
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
}

TEST_CASE("frequency grids and Touchstone frequencies are finite and bounded", "[cli][bad-input]") {
  const std::string spec = "twinax:length=2m,awg=26";
  check_refused(run_cli({"channel", spec, "--freq", "1GHz:1e300GHz:3"}),
                "--freq '1GHz:1e300GHz:3' STOP: accepted: 0 Hz, or 1 Hz to 10 THz");
  check_refused(run_cli({"channel", spec, "--freq", "1e-300Hz:2e-300Hz:3"}),
                "--freq '1e-300Hz:2e-300Hz:3' START: accepted: 0 Hz, or 1 Hz to 10 THz");
  check_refused(run_cli({"channel", spec, "--freq", "0Hz:1Hz:11"}), "step");
  check_refused(
      run_cli({"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4", "--freq", "1e-9Hz"}),
      "--freq '1e-9Hz': accepted: 0 Hz, or 1 Hz to 10 THz");
  // The grid's edges themselves are accepted (0 Hz, 10 THz) and give finite rows.
  const auto edge = run_cli({"channel", spec, "--freq", "0Hz:10THz:3"});
  INFO(edge.err);
  CHECK(edge.exit_code == 0);
  CHECK(edge.out.find("nan") == std::string::npos);
  CHECK(edge.out.find("inf") == std::string::npos);
  // A Touchstone frequency that is inf in Hz: refused at its line (was inf in JSON).
  const auto dir = scratch_dir("bad-freq");
  const auto ts = write_file(dir / "f.s2p", "# GHz S RI R 50\n1 0.1 0 0.9 0 0.9 0 0.1 0\n"
                                            "1e300 0.1 0 0.9 0 0.9 0 0.1 0\n");
  check_refused(run_cli({"touchstone", "info", ts, "--format", "json"}),
                "f.s2p:3: frequency 1e+300 GHz is above 1e15 Hz");
}

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

TEST_CASE("sweep --resume refuses a corrupted partial and leaves it untouched",
          "[cli][bad-input][resume]") {
  const auto dir = scratch_dir("bad-resume");
  const auto spec = pam_spec(dir);
  const auto full = dir / "full.csv";
  REQUIRE(run_cli({"sweep", spec, "-q", "-o", full, "--threads", "1"}).exit_code == 0);
  std::vector<std::string> rows;
  {
    std::ifstream in(full);
    for (std::string line; std::getline(in, line);)
      rows.push_back(line);
  }
  REQUIRE(rows.size() == 245); // header + 244 points
  const auto out = dir / "o.csv";
  const auto partial = dir / "o.csv.partial";
  const auto check = [&](const std::vector<std::string> &lines, const std::string &needle) {
    std::string text;
    for (const auto &l : lines)
      text += l + "\n";
    write_file(partial, text);
    check_refused(run_cli({"sweep", spec, "-q", "-o", out, "--resume", "--threads", "1"}), needle,
                  {out});
    CHECK(read_text_file(partial) == text);
  };
  // Duplicated rows (the resumed CSV had 254 rows instead of 244).
  check({rows[0], rows[1], rows[2], rows[1], rows[3]},
        "o.csv.partial:4: point 0 again (first at line 2)");
  // A point index past the sweep's last.
  check({rows[0], rows[1], "244" + rows[1].substr(1)},
        "o.csv.partial:3: point 244 is not one of this sweep's (0 to 243)");
  // Too few cells.
  check({rows[0], rows[1], "5,NRZ"}, "o.csv.partial:3: malformed row: 2 cells, the header has 6");
  // A cell with an open quote.
  check({rows[0], "0,\"NRZ,5"}, "o.csv.partial:2: malformed row: a quote left open");
  // Each refusal says what is accepted (scripts/fuzz-files.py, kind resume, seeds 21-23).
  check({rows[0], rows[1], rows[2], rows[1], rows[3]},
        "o.csv.partial:4: point 0 again (first at line 2) (accepted: each point once); not "
        "resuming");
  check({rows[0], rows[1], "5,NRZ"}, "o.csv.partial:3: malformed row: 2 cells, the header has 6 "
                                     "(accepted: rows of 6 cells, as the header); not resuming");
  check({rows[0], "x" + rows[1]}, "o.csv.partial:2: malformed row: no point index (accepted: rows "
                                  "that start with the point index, as this sweep writes them)");
  check({"\xef\xbb\xbf" + rows[0], rows[1]}, "o.csv.partial:1: header differs from this sweep's "
                                             "(accepted: '" +
                                                 rows[0] + "'); not resuming");
  // OUT.partial a directory: file_size() threw, "linkphy: filesystem error: cannot get file
  // size: Is a directory [...]" with exit status 1.
  fs::remove(partial);
  fs::create_directory(partial);
  check_refused(run_cli({"sweep", spec, "-q", "-o", out, "--resume", "--threads", "1"}),
                "o.csv.partial: not a regular file (a directory?); accepted: the OUT.partial a "
                "killed run of this sweep left; not resuming: remove it to start over",
                {out});
  CHECK(fs::is_directory(partial));
  fs::remove(partial);
  // A bad partial with a half-written last row is left as it is too (the cut comes after the
  // checks).
  const std::string cut = rows[0] + "\n" + rows[1] + "\n" + rows[1] + "\n" + rows[2].substr(0, 5);
  write_file(partial, cut);
  check_refused(run_cli({"sweep", spec, "-q", "-o", out, "--resume", "--threads", "1"}),
                "o.csv.partial:3: point 0 again (first at line 2)", {out});
  CHECK(read_text_file(partial) == cut);
  // A good partial (a killed run's first 100 rows and half of the next) still resumes to the fresh
  // result.
  std::string head;
  for (std::size_t i = 0; i <= 100; ++i)
    head += rows[i] + "\n";
  head += rows[101].substr(0, 7);
  write_file(partial, head);
  const auto ok = run_cli({"sweep", spec, "-q", "-o", out, "--resume", "--threads", "2"});
  INFO(ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(read_text_file(out) == read_text_file(full));
}

TEST_CASE("touchstone convert to .ts writes version 2 that reads back", "[cli][touchstone]") {
  const auto dir = scratch_dir("ts-v2");
  const auto ts = (dir / "ca.ts").string();
  const auto r = run_cli({"touchstone", "convert", kCa, "-o", ts});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string text = read_text_file(ts);
  CHECK(text.find("[Version] 2.0") != std::string::npos);
  CHECK(text.find("[Number of Ports] 4") != std::string::npos);
  const auto info = run_cli({"touchstone", "info", ts, "--format", "json"});
  INFO(info.err);
  CHECK(info.exit_code == 0);
  CHECK(info.out.find("\"ports\": 4") != std::string::npos);
  // Same network: the writer prints shortest round-trip doubles, so the only difference is a
  // polar/rectangular conversion's rounding (~1e-16 of |S| <= 1); 1e-12 bounds it loosely.
  const auto a = linkphy::read_touchstone(kCa).network;
  const auto b = linkphy::read_touchstone(ts).network;
  REQUIRE(a.ports == b.ports);
  REQUIRE(a.freq_hz.size() == b.freq_hz.size());
  for (std::size_t k = 0; k < a.freq_hz.size(); ++k)
    CHECK(b.freq_hz[k] == Approx(a.freq_hz[k]).epsilon(1e-12));
  REQUIRE(a.s.size() == b.s.size());
  double worst = 0;
  for (std::size_t k = 0; k < a.s.size(); ++k)
    worst = std::max(worst, std::abs(a.s[k] - b.s[k]));
  CHECK(worst < 1e-12);
}
