// `linkphy link --config FILE.toml` and `--temperature`: a link kept in a file, overridden from
// the command line; bad configuration files give one line with FILE:LINE.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <algorithm>
#include <fstream>
#include <string>

using linkphy::test::run_cli_line;

namespace {

std::string example() {
  return std::string(LINKPHY_SOURCE_DIR) + "/sweeps/examples/link/dac_2m.toml";
}

double json_number(const std::string &json, const std::string &key) {
  const auto p = json.find("\"" + key + "\":");
  REQUIRE(p != std::string::npos);
  return std::stod(json.substr(p + key.size() + 3));
}

std::string write_config(const std::string &tag, const std::string &text) {
  const auto dir = linkphy::test::scratch_dir("link-config-" + tag);
  const auto path = (dir / "link.toml").string();
  std::ofstream(path) << text;
  return path;
}

} // namespace

TEST_CASE("link --config evaluates the file's link and the command line overrides it",
          "[cli][link][config]") {
  const auto file = run_cli_line("link --config " + example());
  REQUIRE(file.exit_code == 0);
  const auto same =
      run_cli_line("link --tech dac --length 2m --rate 100G --temperature 45degC --set awg=26");
  REQUIRE(same.exit_code == 0);
  CHECK(file.out == same.out); // the file is exactly these options
  CHECK(json_number(file.out, "length_m") == 2);
  const auto longer = run_cli_line("link --config " + example() + " --length 3m");
  REQUIRE(longer.exit_code == 0);
  CHECK(json_number(longer.out, "length_m") == 3);
  CHECK(json_number(longer.out, "il_nyquist_db") > json_number(file.out, "il_nyquist_db"));
}

TEST_CASE("link --temperature: a hotter cable loses more", "[cli][link][config]") {
  // Copper resistivity +0.393 %/K (IEC 60028) and the dielectric drift raise the loss.
  const auto cool = run_cli_line(
      "link --tech dac --length 2m --rate 100G --fidelity analytic --temperature 25degC");
  const auto hot = run_cli_line(
      "link --tech dac --length 2m --rate 100G --fidelity analytic --temperature 75degC");
  REQUIRE(cool.exit_code == 0);
  REQUIRE(hot.exit_code == 0);
  CHECK(json_number(hot.out, "il_nyquist_db") > json_number(cool.out, "il_nyquist_db") + 0.3);
}

TEST_CASE("link --config bad input: one line naming FILE:LINE and the key, exit 2",
          "[cli][link][config][bad-input]") {
  struct Case {
    std::string tag, text, needle;
  };
  for (const auto &c : std::vector<Case>{
           {"unknown", "tech = \"dac\"\nlenght = \"2 m\"\n",
            "link.toml:2: key 'lenght': unknown key"},
           {"unitless", "tech = \"dac\"\nlength = 2\nrate = \"100G\"\n",
            "link.toml:2: key 'length': must be a string with its unit"},
           {"badunit", "length = \"2 ps\"\n", "link.toml:1: key 'length'"},
           {"fidelity", "fidelity = \"exact\"\n", "accepted: analytic, statistical, montecarlo"},
           {"hot", "temperature = \"300 degC\"\n", "accepted 200 K to 450 K"},
           {"ber", "ber_target = 0.7\n", "key 'ber_target': must be in (0, 0.5)"},
           {"set", "set = 3\n", "key 'set': must be a table"},
           {"setkey", "tech = \"dac\"\n[set]\nawgg = 26\n",
            "link.toml:3: key 'set.awgg': technology 'dac' has no key 'awgg'"},
           {"setdotted", "tech = \"dac\"\n[set]\nserdes.eq_serch = \"local\"\n",
            "link.toml:3: key 'set.serdes.eq_serch'"},
           {"toml", "tech = \"dac\n", "link.toml:1"}}) {
    INFO(c.tag);
    const auto path = write_config(c.tag, c.text);
    const auto r = run_cli_line("link --config " + path + " --tech dac --length 1m --rate 100G");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(c.needle) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  // A dotted key in [set] is a SerDes override, as --set serdes.eq_search=… is.
  const auto dotted =
      write_config("dotted", "tech = \"dac\"\n[set]\nserdes.eq_search = \"exhaustive\"\n");
  const auto ok =
      run_cli_line("link --config " + dotted + " --length 1m --rate 100G --format json");
  CHECK(ok.exit_code == 0);
  CHECK(ok.out.find("\"eq_search\":\"exhaustive\"") != std::string::npos);
  const auto missing = run_cli_line("link --config /nonexistent/link.toml");
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("link configuration file not found") != std::string::npos);
  const auto no_tech = run_cli_line("link --length 1m --rate 100G");
  CHECK(no_tech.exit_code == 2);
  CHECK(no_tech.err.find("--tech: required") != std::string::npos);
}
