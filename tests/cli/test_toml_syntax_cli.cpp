// Every command that reads TOML refuses a file that does not parse with the same one line: the
// file, line and column the parser stopped at, its description, and what TOML is accepted
// (toml_syntax.hpp). The broken file is the commonest slip: a quantity without its quotes.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::run_cli;
using linkphy::test::scratch_dir;

TEST_CASE("a TOML file that does not parse names line, column and the accepted syntax",
          "[cli][bad-input][toml]") {
  const fs::path dir = scratch_dir("toml-syntax");
  const fs::path bad = dir / "bad.toml";
  // Line 2, column 12 is the 'm' toml++ stops at (after the number 2 it expects a comment).
  std::ofstream(bad) << "# a comment\nlength = 2 m\n";
  const std::string f = bad.string();
  const fs::path out = dir / "out.csv";
  const std::vector<std::vector<std::string>> commands = {
      {"link", "--config", f},
      {"optical-budget", "--config", f},
      {"sweep", f, "-o", out.string()},
      {"plan", f, "-o", out.string()},
      {"crossover", f, "-o", out.string()},
      {"com", "--config", f, LINKPHY_TEST_DATA_DIR "/channels/pcb_stripline_119mm.s2p"},
      {"channel", "twinax:awg=26,length=1m", "--freq", "1GHz:2GHz:2", "--catalog", "cables=" + f,
       "-o", out.string()},
  };
  const std::string expected =
      f + ":2:12: not valid TOML: error while parsing key-value pair: expected a comment or "
          "whitespace, saw 'm'; accepted: TOML 1.0 (toml.io): key = value lines under [table] "
          "headers, '#' comments; text, and numbers with their units, in double quotes "
          "(length = \"2 m\")\n";
  for (const auto &args : commands) {
    const auto r = run_cli(args);
    INFO(args.front() << ": " << r.err);
    CHECK(r.exit_code == 2);
    // --catalog names itself before the file (as for any fault in the catalog it gives).
    const std::string prefix =
        args.front() == "channel" ? "linkphy: --catalog 'cables=" + f + "': " : "linkphy: ";
    CHECK(r.err == prefix + expected);
    CHECK_FALSE(fs::exists(out));
  }
  fs::remove_all(dir);
}

TEST_CASE("a TOML value of a type the key cannot take says which types are accepted",
          "[cli][bad-input][toml]") {
  const fs::path dir = scratch_dir("toml-type");
  const fs::path out = dir / "out.csv";
  // A sweep's fixed key as a TOML date (valid TOML, not a value linkphy reads).
  const fs::path spec = dir / "spec.toml";
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nframe_bits = 1979-05-27\n"
                         "[axes]\nfec = [\"KR4\"]\n";
  const auto r = run_cli({"sweep", spec.string(), "-o", out.string()});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(spec.string() + ":4: ") != std::string::npos);
  CHECK(r.err.find("unsupported value type (accepted: a string, e.g. a number with its unit in "
                   "quotes, a plain number or a boolean)\n") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  // A user catalog entry's key as an inline table.
  const fs::path cat = dir / "cables.toml";
  std::ofstream(cat) << "[mycable]\nsource = \"test\"\nawg = { a = 1 }\n";
  const auto c = run_cli({"channel", "twinax:awg=26,length=1m", "--freq", "1GHz:2GHz:2",
                          "--catalog", "cables=" + cat.string(), "-o", out.string()});
  CHECK(c.exit_code == 2);
  CHECK(c.err.find(cat.string() + ":3") != std::string::npos);
  CHECK(c.err.find("unsupported value type (accepted: strings, numbers, booleans or arrays of "
                   "them)\n") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  fs::remove_all(dir);
}
