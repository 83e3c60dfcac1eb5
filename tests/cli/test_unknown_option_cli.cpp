// An option or argument a command does not take: exit 2, one line naming it, the options the
// command accepts and the closest one — not CLI11's reversed "arguments were not expected" list.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

TEST_CASE("an unknown option names itself, the closest option and the accepted ones",
          "[cli][bad-input]") {
  using linkphy::test::run_program;
  const auto out = std::filesystem::temp_directory_path() / "linkphy_unknown_option_out.json";
  std::filesystem::remove(out);
  const auto link = run_program(LINKPHY_CLI, {"link", "--tech", "dac", "--lane-rate", "100G",
                                              "--length", "2m", "-o", out.string()});
  CHECK(link.exit_code == 2);
  CHECK(link.err_lines().size() == 1);
  CHECK(link.err.find("linkphy: link: unknown option '--lane-rate' (did you mean --rate?); "
                      "accepted: --tech, --length, --rate") == 0);
  CHECK(link.err.find("see linkphy link --help") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));

  const auto typo = run_program(
      LINKPHY_CLI, {"channel", "twinax:awg=26,length=1m", "--freq", "1GHz:2GHz:3", "--frq=3"});
  CHECK(typo.exit_code == 2);
  CHECK(typo.err.find("linkphy: channel: unknown option '--frq' (did you mean --freq?)") == 0);

  // No close option: no guess, just the list.
  const auto far =
      run_program(LINKPHY_CLI, {"reach", "--tech", "dac", "--rate", "100G", "--xyzzy-plugh", "1"});
  CHECK(far.exit_code == 2);
  CHECK(far.err.find("linkphy: reach: unknown option '--xyzzy-plugh'; accepted: --tech") == 0);
}

TEST_CASE("a stray positional argument is named", "[cli][bad-input]") {
  using linkphy::test::run_program;
  const auto r = run_program(
      LINKPHY_CLI, {"link", "--tech", "dac", "--length", "2m", "--rate", "100G", "extra-word"});
  CHECK(r.exit_code == 2);
  CHECK(r.err_lines().size() == 1);
  CHECK(r.err.find("linkphy: link: unexpected argument 'extra-word'") == 0);
}

TEST_CASE("a positional value starting with '-' is named as read for an option",
          "[cli][bad-input]") {
  using linkphy::test::run_program;
  const auto r = run_program(LINKPHY_CLI, {"catalog", "show", "laminates", "-inf"});
  CHECK(r.exit_code == 2);
  CHECK(r.err_lines().size() == 1);
  CHECK(r.err.find("'-inf' was read as an option, not as a value: put values that start with "
                   "'-' after '--'") != std::string::npos);
  // After '--' it is the value, and the catalog says what it accepts.
  const auto ok = run_program(LINKPHY_CLI, {"catalog", "show", "laminates", "--", "-inf"});
  CHECK(ok.exit_code == 2);
  CHECK(ok.err.find("unknown laminates entry '-inf' (known: fr4") != std::string::npos);
}
