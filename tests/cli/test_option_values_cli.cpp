// Every value of every option is accepted with a meaning or refused with exit 2 and one line that
// names the option and says what is accepted (README.md "Command-line tool"). One test per class
// of defect the option matrix (scripts/option-matrix.sh) found: empty values read as the default,
// an absurd length accepted, refusals that did not say what is accepted, refusals that did not
// name the option.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using linkphy::test::CliResult;
using linkphy::test::run_program;

const std::string kSource = LINKPHY_SOURCE_DIR;
const std::string kData = LINKPHY_TEST_DATA_DIR;
const std::string kBudget = kSource + "/sweeps/examples/optical-budget/850S50_500.toml";
const std::string kS4p = kData + "/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p";

struct Refusal {
  std::vector<std::string> args; // -o into the scratch directory is added where marked "@O@"
  std::vector<std::string> needles;
};

// Runs each case with "@O@" replaced by a path in a fresh directory; checks the contract: exit
// 2, one line `linkphy: …` holding every needle, nothing on stdout, no file left behind.
void check_refusals(const std::vector<Refusal> &cases, const std::string &tag) {
  for (const auto &c : cases) {
    const fs::path dir = linkphy::test::scratch_dir(tag);
    std::vector<std::string> args;
    std::string shown;
    for (const auto &a : c.args) {
      args.push_back(a == "@O@" ? (dir / "out").string() : a);
      shown += " '" + a + "'";
    }
    const CliResult r = run_program(LINKPHY_CLI, args);
    INFO("linkphy" << shown << " → exit " << r.exit_code << ", stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err_lines().size() == 1);
    CHECK(r.err.rfind("linkphy: ", 0) == 0);
    for (const auto &n : c.needles) {
      INFO("expected in the message: " << n);
      CHECK(r.err.find(n) != std::string::npos);
    }
    CHECK(r.out.empty());
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir);
  }
}

// The base command lines the cases extend, and `base` followed by `more`.
const std::vector<std::string> kChannel = {"channel", "twinax:awg=26,length=1m", "--freq",
                                           "1GHz:2GHz:3"};
const std::vector<std::string> kLink = {"link",   "--tech", "dac",        "--length", "2m",
                                        "--rate", "100G",   "--fidelity", "analytic"};
std::vector<std::string> with(std::vector<std::string> base, const std::vector<std::string> &more) {
  base.insert(base.end(), more.begin(), more.end());
  return base;
}

} // namespace

TEST_CASE("an empty or blank option value is refused, not read as the default",
          "[cli][bad-input][option-values]") {
  check_refusals(
      {
          // Each was accepted with exit 0: the default (25 degC, one module's lanes, all cores,
          // the study's criterion, the configuration's reach, stdout) used instead.
          {with(kChannel, {"--temperature", "", "-o", "@O@"}),
           {"--temperature: empty value; accepted: "}},
          {with(kChannel, {"--temperature", " ", "-o", "@O@"}),
           {"--temperature: blank value ' '; accepted: "}},
          {with(kChannel, {"-o", ""}),
           {"--output: empty value; accepted: a file path, or - for stdout"}},
          {with(kLink, {"--temperature", "", "-o", "@O@"}), {"--temperature: empty value"}},
          {with(kLink, {"--lanes", "", "-o", "@O@"}), {"--lanes: empty value; accepted: lanes"}},
          {with(kLink, {"--ambient", "", "-o", "@O@"}), {"--ambient: empty value"}},
          {with(kLink, {"--modulation", "", "-o", "@O@"}), {"--modulation: empty value"}},
          {with(kLink, {"--config", "", "-o", "@O@"}), {"--config: empty value"}},
          {{"reach", "--tech", "dac", "--rate", "100G", "--modulation", "", "-o", "@O@"},
           {"--modulation: empty value"}},
          {{"crossover", "--rates", "100G", "--fidelity", "analytic", "--criterion", "", "-o",
            "@O@"},
           {"--criterion: empty value; accepted: feasible | energy | cost"}},
          {{"crossover", "--rates", "", "--fidelity", "analytic", "-o", "@O@"},
           {"--rates: empty value"}},
          {{"crossover", "--rates", "100G", "--fidelity", "analytic", "--threads", "", "-o", "@O@"},
           {"--threads: empty value"}},
          {{"optical-budget", "--config", kBudget, "--length", "", "-o", "@O@"},
           {"--length: empty value"}},
          {{"sweep", kSource + "/sweeps/examples/pam_snr.toml", "-q", "--threads", "", "-o", "@O@"},
           {"--threads: empty value"}},
      },
      "empty");
}

TEST_CASE("optical-budget --length is refused outside the link model's range: above 0 m, to 200 km",
          "[cli][bad-input][option-values][optical-budget]") {
  check_refusals(
      {
          // 1e300 km was accepted (exit 0, every loss term inf or nan).
          {{"optical-budget", "--config", kBudget, "--length", "1e300km", "-o", "@O@"},
           {"--length '1e300km': accepted: above 0 m, up to 200 km"}},
          {{"optical-budget", "--config", kBudget, "--length", "200.001km", "-o", "@O@"},
           {"--length '200.001km': accepted: above 0 m, up to 200 km"}},
          {{"optical-budget", "--config", kBudget, "--length", "0m", "-o", "@O@"},
           {"--length '0m': accepted: above 0 m"}},
          {{"optical-budget", "--config", kBudget, "--length", "nan m", "-o", "@O@"},
           {"--length: 'nan m' is not a finite number; accepted: a length"}},
      },
      "budget");
  // The range's end is accepted: the same limit as the configuration's `reach` (0 < reach <=
  // 200 km, optical_link_model.cpp validate()).
  const CliResult end = run_program(LINKPHY_CLI, {"optical-budget", "--config", kBudget, "--length",
                                                  "200km", "--format", "json"});
  INFO(end.err);
  CHECK(end.exit_code == 0);
  CHECK(end.out.find("\"length_m\": 200000,") != std::string::npos);
}

TEST_CASE("a refused value's message says what is accepted", "[cli][bad-input][option-values]") {
  check_refusals(
      {
          // Quantities: was "'nan' is not a finite number" (no more).
          {with(kChannel, {"--temperature", "nan", "-o", "@O@"}),
           {"--temperature: 'nan' is not a finite number; accepted: a temperature, a number with "
            "one of: K, degC"}},
          {{"link", "--tech", "dac", "--length", "abc", "--rate", "100G", "-o", "@O@"},
           {"--length: 'abc' does not start with a number; accepted: a length"}},
          {with(kChannel, {"--temperature", "2 GHz", "-o", "@O@"}),
           {"'2 GHz' is a frequency, not a temperature; accepted: K, degC"}},
          // Names from a list: was "--format: abc not in {text,json}".
          {{"com", "--config", "802.3ck-kr", kS4p, "--format", "abc", "-o", "@O@"},
           {"--format: 'abc' is not accepted; accepted: text, json"}},
          {{"touchstone", "convert", kS4p, "--to", "xx", "-o", "@O@"},
           {"--to: 'xx' is not accepted; accepted: ri, ma, db"}},
          {{"com", "--config", "no-such-table", kS4p, "-o", "@O@"},
           {"--config 'no-such-table': no such file and no shipped COM table of that name; "
            "accepted: a COM table .toml file or a shipped name: "}},
          // Numbers out of range: was "--ber-target: must be in (0, 0.5)" and the like.
          {with(kLink, {"--ber-target", "nan", "-o", "@O@"}),
           {"--ber-target 'nan': accepted: a BER above 0, below 0.5"}},
          {with(kLink, {"--lanes", "-1", "-o", "@O@"}),
           {"--lanes '-1': accepted: 0 (one module's lanes) to 1024"}},
          {with(kLink, {"--ambient", "1e308 degC", "-o", "@O@"}),
           {"--ambient '1e308 degC': accepted: 200 K to 400 K"}},
          {{"link", "--tech", "dac", "--length", "2m", "--rate", "-1 Gb/s", "-o", "@O@"},
           {"--rate: lane rate '-1 Gb/s' must be positive; accepted: 100 Mb/s to 2 Tb/s"}},
          {{"link", "--tech", "dac", "--length", "2m", "--rate", "1e308 Gb/s", "-o", "@O@"},
           {"--rate: lane rate '1e308 Gb/s' is out of range; accepted: 100 Mb/s to 2 Tb/s"}},
          {{"channel", "twinax:awg=26,length=1m", "--freq", "2GHz:1GHz:3", "-o", "@O@"},
           {"must be above START (or equal with N = 1); accepted: START <= STOP"}},
          // Files that are not there: was "x:0: no such file", "cannot open the plan file".
          {{"touchstone", "info", "no-such.s2p", "-o", "@O@"},
           {"no-such.s2p:0: no such file; accepted: a Touchstone file (.sNp, or .ts version 2)"}},
          {{"com", "--config", "802.3ck-kr", kS4p, "--fext", "no-such.s4p", "-o", "@O@"},
           {"no-such.s4p:0: no such file; accepted: a Touchstone file"}},
          {{"plan", "no-such-plan.toml", "-o", "@O@"},
           {"file 'no-such-plan.toml': no such file; accepted: a plan TOML file"}},
          {{"merge", "/dev/null", "-o", "@O@"},
           {"parts '/dev/null': not a regular file; accepted: sweep shard CSV files"}},
          {{"crossover", "--rates", "100G", "--fidelity", "abc", "-o", "@O@"},
           {"--fidelity 'abc': accepted: analytic, statistical"}},
      },
      "accepted");
}

TEST_CASE("a refused value's message names the option that gave it",
          "[cli][bad-input][option-values]") {
  const fs::path dir = linkphy::test::scratch_dir("names-dir");
  check_refusals(
      {
          // Was "unknown technology 'warp' (known: …)": no option named.
          {{"link", "--tech", "warp", "--length", "2m", "--rate", "100G", "-o", "@O@"},
           {"--tech: unknown technology 'warp'; accepted: acc, "}},
          {{"reach", "--tech", "warp", "--rate", "100G", "-o", "@O@"},
           {"--tech: unknown technology 'warp'; accepted: "}},
          // Was "spec 'abc': …".
          {{"link", "--tech", "dac", "--length", "2m", "--rate", "100G", "--channel", "abc", "-o",
            "@O@"},
           {"--channel: spec 'abc': expected KIND:key=value"}},
          // Was "port pairs '1-3:2-5': …" and "mixed-mode conversion of network '…': …".
          {{"touchstone", "mixed-mode", kS4p, "--ports", "1-3:2-5", "-o", "@O@"},
           {"--ports '1-3:2-5': port 5 does not exist (ports 1..4); accepted: pairs P-N"}},
          {{"touchstone", "mixed-mode", kS4p, "--ports", "0-1:2-3", "-o", "@O@"},
           {"--ports '0-1:2-3': port numbers start at 1, got 0; accepted: "}},
          // Was "FILE: catalog file not found".
          {{"channel", "twinax:awg=26,length=1m", "--freq", "1GHz:2GHz:3", "--catalog",
            "laminates=no-such.toml", "-o", "@O@"},
           {"--catalog 'laminates=no-such.toml' FILE 'no-such.toml': catalog file not found; "
            "accepted: "}},
          // Was "/dev/null: link configuration file not found".
          {{"link", "--config", "/dev/null", "-o", "@O@"},
           {"--config '/dev/null': not a regular file; accepted: a link TOML file"}},
          {{"optical-budget", "--config", "no-such.toml", "-o", "@O@"},
           {"--config 'no-such.toml': configuration file not found; accepted: "}},
          // Was "DIR: is a directory; …" without the option.
          {{"crossover", "--rates", "100G", "--fidelity", "analytic", "--map", dir.string()},
           {"--map '" + dir.string() + "': is a directory; accepted: "}},
      },
      "names");
  fs::remove_all(dir);
}
