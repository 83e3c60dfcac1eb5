// `linkphy catalog list|show`: every built-in catalog is listed with its entry count, entries
// come with their sources, `show` gives every key as stored, bad names give one line.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <algorithm>
#include <string>

using linkphy::test::run_cli_line;

TEST_CASE("catalog list names every built-in catalog", "[cli][catalog]") {
  const auto r = run_cli_line("catalog list");
  REQUIRE(r.exit_code == 0);
  for (const char *name : {"laminates", "foils", "cables", "packages", "fibres", "ieee_pmds",
                           "lasers", "modules", "power", "serdes", "technologies"})
    CHECK(r.out.find(std::string("\n") + name + " ") != std::string::npos);
  const auto j = run_cli_line("catalog list --format json");
  REQUIRE(j.exit_code == 0);
  CHECK(j.out.front() == '[');
  CHECK(j.out.find("\"name\": \"technologies\"") != std::string::npos);
}

TEST_CASE("catalog list NAME gives entries with their sources", "[cli][catalog]") {
  const auto r = run_cli_line("catalog list laminates");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("entry", 0) == 0);
  CHECK(r.out.find("\nmegtron7 ") != std::string::npos);
  // Every entry line carries a non-empty source (the catalog loader refuses entries without).
  const auto lines = std::count(r.out.begin(), r.out.end(), '\n');
  CHECK(lines >= 7); // header + FR-4, Megtron 4/6/7, Tachyon, I-Tera, Rogers (issue 3)
}

TEST_CASE("catalog show gives every key of an entry", "[cli][catalog]") {
  const auto r = run_cli_line("catalog show serdes lr");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind("[lr]  # ", 0) == 0);
  CHECK(r.out.find("\nsource = \"") != std::string::npos);
  const auto j = run_cli_line("catalog show technologies dac --format json");
  REQUIRE(j.exit_code == 0);
  CHECK(j.out.find("\"entry\": \"dac\"") != std::string::npos);
  CHECK(j.out.find("\"hop1\": \"{host};") != std::string::npos); // templates shown unexpanded
  CHECK(j.out.find("\"host_25G\": \"annex93a:") != std::string::npos);
}

TEST_CASE("catalog bad input: one line, exit 2", "[cli][catalog][bad-input]") {
  for (const auto &[args, needle] : std::vector<std::pair<std::string, std::string>>{
           {"catalog list lamiantes", "unknown catalog 'lamiantes' (known: laminates"},
           {"catalog show laminates megtron99", "megtron99"},
           {"catalog show laminates", "2 required"},
           {"catalog list laminates --format xml", "--format 'xml'"}}) {
    INFO(args);
    const auto r = run_cli_line(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}
