// `linkphy link --config FILE.toml` and `--temperature`: a link kept in a file, overridden from
// the command line; bad configuration files give one line with FILE:LINE and the key, also for
// values judged only when the link is evaluated.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <algorithm>
#include <filesystem>
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

namespace {

// `link --config FILE ARGS -o OUT` with a bad value: exit 2, one line, no OUT; returns the line.
std::string refusal(const std::string &tag, const std::string &text, const std::string &args = "") {
  const auto path = write_config(tag, text);
  const auto out = std::filesystem::path(path).parent_path() / "report.json";
  const auto r = linkphy::test::run_cli(
      linkphy::test::split_command_line("link --config " + path + " --fidelity analytic -o " +
                                        out.string() + (args.empty() ? "" : " " + args)));
  INFO(tag << ": " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  return r.err;
}

bool has(const std::string &text, const std::string &needle) {
  return text.find(needle) != std::string::npos;
}

const std::string dac_2m = "tech = \"dac\"\nlength = \"2 m\"\nrate = \"100G\"\n";

} // namespace

TEST_CASE("link --config: a [set] value the technology's stages refuse names FILE:LINE and the "
          "set key, not the stage spec",
          "[cli][link][config][bad-input]") {
  // Values only the stages built at the link's length judge (the twinax gauge, the connector, the
  // paddle card, the SerDes class), and length_max that the technology checks.
  const auto awg = refusal("awg99", dac_2m + "[set]\nawg = 99\n");
  CHECK(has(awg, "link.toml:5: key 'set.awg': "));
  CHECK(has(awg, "accepted: 26 to 34"));
  CHECK(has(refusal("awg275", dac_2m + "[set]\nawg = 27.5\n"),
            "link.toml:5: key 'set.awg': spec 'twinax:awg=27.5,length=2 m': key 'awg': '27.5' is "
            "not a whole number"));
  CHECK(has(refusal("zc", dac_2m + "[set]\nawg = 28\nconnector_zc = \"-90 ohm\"\n"),
            "link.toml:6: key 'set.connector_zc': "));
  CHECK(has(refusal("paddle", dac_2m + "[set]\npaddle_length = \"-1 mm\"\n"),
            "link.toml:5: key 'set.paddle_length': "));
  CHECK(has(refusal("serdes", dac_2m + "[set]\nserdes = \"xx\"\n"),
            "link.toml:5: key 'set.serdes': unknown SerDes class 'xx' (known: lr, mr, vsr, xsr)"));
  CHECK(has(refusal("lenmax", dac_2m + "[set]\nlength_max = \"-3 m\"\n"),
            "link.toml:5: key 'set.length_max': technology 'dac': needs 0 < length_min < "
            "length_max"));
  // A --set replacing the file's entry: the file's value is not used, nor blamed.
  const auto path = write_config("awg-replaced", dac_2m + "[set]\nawg = 99\n");
  CHECK(run_cli_line("link --config " + path + " --fidelity analytic --set awg=28").exit_code == 0);
  // The same value given with --set is named by the option.
  CHECK(has(refusal("awg-option", dac_2m, "--set awg=99"), "--set 'awg=99': spec 'twinax:awg=99"));
}

TEST_CASE("link: a [set] value the technology's own hop 1 refuses is an error when channels "
          "replace that hop",
          "[cli][link][config][bad-input]") {
  // The power model still builds the technology's own hop 1 (the channel a DAC's host SerDes
  // equalises); a set value its stages refuse there was a warning, "power not modelled: spec
  // 'twinax:awg=99,length=2 m': …", with exit 0, power null, and the fuzzer's awg = -inf gave the
  // same. Now it is refused as it is without the channels, named by the file's key or the option.
  const std::string channels = "channels = [\"twinax:awg=28,length=1m\"]\n";
  CHECK(
      has(refusal("own-hop-file", dac_2m + channels + "[set]\nawg = 99\n"),
          "link.toml:6: key 'set.awg': spec 'twinax:awg=99,length=2 m': key 'awg': '99' is out of "
          "range; accepted: 26 to 34"));
  CHECK(has(refusal("own-hop-inf", dac_2m + channels + "[set]\nawg = -inf\n"),
            "link.toml:6: key 'set.awg': spec 'twinax:awg=-inf,length=2 m'"));
  // The option, not --channel (the channel given is not the spec at fault).
  const auto opt =
      refusal("own-hop-option", dac_2m, "--channel twinax:awg=28,length=1m --set awg=99");
  CHECK(opt.rfind("linkphy: --set 'awg=99': spec 'twinax:awg=99,length=2 m'", 0) == 0);
  // A part without a power model at the rate stays a warning (400G lanes: no SerDes entry).
  const auto path = write_config("own-hop-400g", "tech = \"dac\"\nlength = \"1 m\"\nrate = "
                                                 "\"400G\"\n" +
                                                     channels);
  const auto r = run_cli_line("link --config " + path + " --fidelity analytic");
  CHECK(r.exit_code == 0);
  CHECK(has(r.err, "warning: power not modelled"));
}

TEST_CASE("link --config: a bad rate or modulation in the file names FILE:LINE and the key, not "
          "--rate/--modulation",
          "[cli][link][config][bad-input]") {
  const std::string head = "tech = \"dac\"\nlength = \"2 m\"\n";
  CHECK(has(refusal("73G", head + "rate = \"73G\"\n"),
            "link.toml:3: key 'rate': unknown lane-rate class '73G' (accepted: 25G,"));
  CHECK(has(refusal("furlongs", head + "rate = \"100 furlongs\"\n"),
            "link.toml:3: key 'rate': '100 furlongs' is not a lane rate (accepted: 25G,"));
  CHECK(has(refusal("negative", head + "rate = \"-5 Gb/s\"\n"),
            "link.toml:3: key 'rate': lane rate '-5 Gb/s' must be positive; accepted: 100 Mb/s"));
  CHECK(has(refusal("pam5x", head + "rate = \"100G\"\nmodulation = \"PAM5x\"\n"),
            "link.toml:4: key 'modulation': unknown modulation 'PAM5x' (accepted: NRZ,"));
  // A rate the file's technology cannot run is found when the link is evaluated.
  CHECK(has(refusal("400G", "tech = \"dsp-sr\"\nlength = \"2 m\"\nrate = \"400G\"\n"),
            "link.toml:3: key 'rate': technology 'dsp-sr' cannot run 400G (it runs 25G, 50G, "
            "100G)"));
  // An explicit rate whose modulation the command line gives is fine.
  const auto explicit_rate = write_config("explicit", head + "rate = \"106.25 Gb/s\"\n");
  CHECK(run_cli_line("link --config " + explicit_rate + " --fidelity analytic --modulation PAM4")
            .exit_code == 0);
  // A bad option over a good file is the option's, and the file's rate is not blamed.
  const auto opt = refusal("rate-option", head + "rate = \"100G\"\n", "--rate 73G");
  CHECK(has(opt, "--rate: unknown lane-rate class '73G'"));
  CHECK_FALSE(has(opt, "link.toml"));
  CHECK(has(refusal("tech-option", "tech = \"dsp-sr\"\nlength = \"2 m\"\n", "--rate 400G"),
            "--rate: technology 'dsp-sr' cannot run 400G"));
}

TEST_CASE("link --config: tech, channels and the other keys name FILE:LINE and the key",
          "[cli][link][config][bad-input]") {
  CHECK(has(refusal("tech", "tech = \"dax\"\nlength = \"2 m\"\nrate = \"100G\"\n"),
            "link.toml:1: key 'tech': unknown technology 'dax'; accepted: acc, aec,"));
  // Each channel spec at the line of its string.
  const std::string chans = dac_2m + "channels = [\n  \"twinax:awg=28,length=1m\",\n  \"";
  CHECK(has(refusal("spec", chans + "twinax:awg=28 length=1m\"]\n"),
            "link.toml:6: key 'channels': spec 'twinax:awg=28 length=1m': key 'awg':"));
  CHECK(has(refusal("kind", chans + "twinx:awg=28,length=1m\"]\n"),
            "link.toml:6: key 'channels': spec 'twinx:awg=28,length=1m': unknown kind 'twinx'; "
            "accepted: annex93a,"));
  CHECK(has(refusal("material",
                    chans + "stripline:material=unobtainium,width=5mil,spacing=8mil,height=5mil,"
                            "length=4in\"]\n"),
            "link.toml:6: key 'channels': spec 'stripline:material=unobtainium,"));
  CHECK(has(refusal("length", chans + "twinax:awg=28,length=-1m\"]\n"),
            "link.toml:6: key 'channels': spec 'twinax:awg=28,length=-1m': key 'length': '-1m' is "
            "out of range; accepted: a length >= 0 m"));
  // --channel replacing the file's channels: the file's unknown material is not used; a bad
  // option is the option's.
  const auto replaced = write_config(
      "replaced", chans + "stripline:material=unobtainium,width=5mil,spacing=8mil,height=5mil,"
                          "length=4in\"]\n");
  CHECK(run_cli_line("link --config " + replaced +
                     " --fidelity analytic --channel twinax:awg=28,length=1m")
            .exit_code == 0);
  CHECK(has(refusal("channel-option", dac_2m, "--channel twinax:awg=28,length=-1m"),
            "--channel: spec 'twinax:awg=28,length=-1m'"));
  CHECK(has(refusal("fidelity", dac_2m + "fidelity = \"fast\"\n"),
            "link.toml:4: key 'fidelity': 'fast'; accepted: analytic, statistical, montecarlo"));
  CHECK(has(refusal("temperature", dac_2m + "temperature = \"500 K\"\n"),
            "link.toml:4: key 'temperature': '500 K': accepted 200 K to 450 K"));
  CHECK(has(refusal("ber", dac_2m + "ber_target = -1\n"),
            "link.toml:4: key 'ber_target': must be in (0, 0.5)"));
  CHECK(has(refusal("mc", dac_2m + "mc_symbols = 10\n"),
            "link.toml:4: key 'mc_symbols': must be a whole number from 1000 to 1e9"));
  CHECK(has(refusal("far", "tech = \"dac\"\nlength = \"200 km\"\nrate = \"100G\"\n"),
            "link.toml:2: key 'length': '200 km': accepted 0 m to 100 km"));
}

TEST_CASE("link --config: the file's [set] keys are those of the technology --tech names",
          "[cli][link][config][bad-input]") {
  // redriver_peaking is a key of acc, not of dac (the request's default technology, which the
  // file used to check its [set] keys against when it gave no tech).
  const std::string no_tech = "length = \"2 m\"\nrate = \"100G\"\n[set]\nredriver_peaking = "
                              "\"12 dB\"\n";
  const auto path = write_config("set-tech", no_tech);
  CHECK(run_cli_line("link --config " + path + " --tech acc --fidelity analytic").exit_code == 0);
  // The file's tech replaced by --tech: its [set] keys are judged against the option's.
  const auto with_dac = write_config("set-tech-dac", "tech = \"dac\"\n" + no_tech);
  CHECK(run_cli_line("link --config " + with_dac + " --tech acc --fidelity analytic").exit_code ==
        0);
  // Without --tech the technology is the file's, and a key it lacks is named; with neither,
  // --tech is asked for.
  CHECK(has(refusal("set-tech-none", no_tech), "linkphy: --tech: required"));
  CHECK(has(refusal("set-tech-file", "tech = \"dac\"\n" + no_tech),
            "link.toml:5: key 'set.redriver_peaking': technology 'dac' has no key "
            "'redriver_peaking'"));
  // An unknown --tech is the option's fault, not the file's [set] entry's.
  CHECK(has(refusal("set-tech-unknown", no_tech, "--tech nope"), "linkphy: --tech"));
}

TEST_CASE("link --config: a --rate the file's modulation cannot carry names the file's modulation "
          "key at its line and the option",
          "[cli][link][config][bad-input]") {
  // The rate is the command line's, the modulation the file's: both are named, the file's key at
  // its FILE:LINE (it used to say only "--rate: … the modulation given is NRZ").
  const std::string err = refusal(
      "mod-vs-rate", "tech = \"dac\"\nlength = \"2 m\"\nrate = \"100G\"\nmodulation = \"NRZ\"\n",
      "--rate '106.25 Gb/s PAM4'");
  const std::string tail = "/link.toml:4: key 'modulation': 'NRZ' cannot carry --rate '106.25 "
                           "Gb/s PAM4' ('106.25 Gb/s PAM4' names PAM4 but the modulation given is "
                           "NRZ); accepted: a rate that NRZ carries, or --modulation to replace "
                           "the file's\n";
  CHECK(err.rfind("linkphy: /", 0) == 0);
  CHECK(err.size() > tail.size());
  CHECK(err.compare(err.size() - tail.size(), tail.size(), tail) == 0);
  // The file's rate and a --modulation that cannot carry it: the file's rate key and the option.
  const std::string rate_err =
      refusal("rate-vs-mod", "tech = \"dac\"\nlength = \"2 m\"\nrate = \"106.25 Gb/s PAM4\"\n",
              "--modulation NRZ");
  CHECK(has(rate_err, "/link.toml:3: key 'rate': '106.25 Gb/s PAM4' cannot be carried by "
                      "--modulation 'NRZ' ('106.25 Gb/s PAM4' names PAM4 but the modulation given "
                      "is NRZ); accepted: a modulation the rate names, or --rate to replace the "
                      "file's\n"));
  // --modulation replaces the file's: then nothing disagrees.
  const auto path = write_config("mod-vs-rate-ok", "tech = \"dac\"\nlength = \"2 m\"\nrate = "
                                                   "\"100G\"\nmodulation = \"NRZ\"\n");
  CHECK(run_cli_line("link --config " + path +
                     " --fidelity analytic --rate '106.25 Gb/s PAM4' --modulation PAM4")
            .exit_code == 0);
  // A rate bad with any modulation stays the option's own error.
  CHECK(has(refusal("mod-vs-bad-rate", "tech = \"dac\"\nlength = \"2 m\"\nmodulation = \"NRZ\"\n",
                    "--rate 73G"),
            "linkphy: --rate: unknown lane-rate class '73G'"));
}
