// A unit the parser does not know, given on the command line: exit 2, one line naming the text.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

TEST_CASE("an unknown unit on the command line exits 2 with one line", "[cli][units][bad-input]") {
  const std::string ch = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/CA_19p75dB_thru.s4p";
  const auto out = std::filesystem::temp_directory_path() / "linkphy_units_cli_out.csv";
  std::filesystem::remove(out);
  const std::vector<std::vector<std::string>> cases{
      {"touchstone", "mixed-mode", ch, "--ports", "1-3:2-4", "--freq", "26.5625 parsec", "-o",
       out.string()},
      {"channel", "twinax:awg=26,length=2furlong", "--freq", "1GHz:2GHz:3", "-o", out.string()},
      {"channel", "twinax:awg=26,length=2m", "--freq", "1GHz:2GHz:3", "--temperature", "300 degF",
       "-o", out.string()},
  };
  for (const auto &args : cases) {
    const linkphy::test::CliResult r = linkphy::test::run_program(LINKPHY_CLI, args);
    INFO(args[1] << " → " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err_lines().size() == 1);
    CHECK(r.err.rfind("linkphy: ", 0) == 0);
    CHECK(r.err.find("unknown unit") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
  }
}

TEST_CASE("an unknown or missing command names the commands accepted", "[cli][bad-input]") {
  using linkphy::test::run_program;
  const auto top = run_program(LINKPHY_CLI, {"frobnicate"});
  CHECK(top.exit_code == 2);
  CHECK(top.err_lines().size() == 1);
  CHECK(top.err.find("linkphy: unknown command 'frobnicate'; accepted: catalog, channel") == 0);
  const auto none = run_program(LINKPHY_CLI, {});
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("a command is required; accepted: catalog") != std::string::npos);
  const auto group = run_program(LINKPHY_CLI, {"touchstone"});
  CHECK(group.exit_code == 2);
  CHECK(group.err_lines().size() == 1);
  CHECK(group.err.find("linkphy touchstone: a command is required; accepted: info, convert") == 0);
  const auto sub = run_program(LINKPHY_CLI, {"touchstone", "frob"});
  CHECK(sub.err.find("linkphy touchstone: unknown command 'frob'") == 0);
}
