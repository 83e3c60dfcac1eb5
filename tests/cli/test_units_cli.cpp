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
