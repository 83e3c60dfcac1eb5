// read_link_config keeps each file value's place, and evaluate_link_config names that place when
// a value of the file still in effect makes the evaluation fail (link_config.hpp).
#include <catch2/catch.hpp>

#include "../cli/cli_run.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_config.hpp>

#include <fstream>
#include <string>

using linkphy::InputError;
using linkphy::sweeps::LinkConfig;

namespace {

LinkConfig config(const std::string &tag, const std::string &text) {
  const auto path = linkphy::test::scratch_dir("link-config-lib-" + tag) / "link.toml";
  std::ofstream(path) << text;
  LinkConfig c = linkphy::sweeps::read_link_config(path);
  c.request.fidelity = linkphy::sweeps::Fidelity::analytic;
  return c;
}

// The message evaluate_link_config throws ("" when it does not).
std::string refusal(const LinkConfig &c) {
  try {
    (void)linkphy::sweeps::evaluate_link_config(c);
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

bool starts(const std::string &text, const std::string &prefix) {
  return text.rfind(prefix, 0) == 0;
}

// evaluate_link_config refusing 106.25 Gb/s PAM4 with NRZ, one of them the file's (after its
// place): `what`, why, what is accepted, and the LinkRequest field `own` that replaces the file's.
std::string pam4_nrz_clash(const std::string &what, const std::string &accepted,
                           const std::string &own) {
  return ": " + what +
         " ('106.25 Gb/s PAM4' names PAM4 but the modulation given is NRZ); accepted: " + accepted +
         ", or LinkRequest." + own + " to replace the file's";
}

} // namespace

TEST_CASE("read_link_config keeps the place of each key, [set] entry and channel spec",
          "[sweeps][link][config]") {
  const LinkConfig c = config("places", "tech = \"dac\"\nlength = \"2 m\"\nchannels = [\n"
                                        "  \"twinax:awg=28,length=1m\",\n"
                                        "  \"twinax:awg=30,length=1m\"]\n[set]\nawg = 28\n");
  REQUIRE(c.where.count("tech") == 1);
  CHECK(c.where.at("tech").ends_with("link.toml:1: key 'tech'"));
  CHECK(c.where.at("length").ends_with("link.toml:2: key 'length'"));
  REQUIRE(c.channel_where.size() == 2);
  CHECK(c.channel_where[1].ends_with("link.toml:5: key 'channels'"));
  REQUIRE(c.set_where.size() == 1);
  CHECK(c.set_where[0].ends_with("link.toml:7: key 'set.awg'"));
}

TEST_CASE("evaluate_link_config names the file's place of a value judged at evaluation",
          "[sweeps][link][config]") {
  const std::string head = "tech = \"dac\"\nlength = \"2 m\"\nrate = \"100G\"\n";
  SECTION("a [set] entry the technology's stages refuse") {
    LinkConfig c = config("awg", head + "[set]\nawg = 99\n");
    const std::string place = c.set_where.at(0) + ": ";
    CHECK(starts(refusal(c), place + "spec 'twinax:awg=99,length=2 m': key 'awg': '99' is out of "
                                     "range; accepted: 26 to 34"));
    // A later entry of the same key (a --set) replaces it: nothing is at fault.
    c.request.sets.push_back("awg=28");
    CHECK(refusal(c).empty());
    // A bad entry past the file's (a --set) is named as the request's entry.
    c.request.sets.push_back("connector_zc=-90 ohm");
    CHECK(starts(refusal(c), "LinkRequest.sets 'connector_zc=-90 ohm': spec 'annex93a:"));
  }
  SECTION("a rate the technology cannot run: the file's key, or LinkRequest.rate once dropped") {
    LinkConfig c = config("rate", "tech = \"dsp-sr\"\nlength = \"2 m\"\nrate = \"400G\"\n");
    CHECK(starts(refusal(c), c.where.at("rate") + ": technology 'dsp-sr' cannot run 400G"));
    linkphy::sweeps::drop_file_key(c, "rate");
    CHECK(starts(refusal(c), "LinkRequest.rate: technology 'dsp-sr' cannot run 400G"));
  }
  SECTION("a rate the file's modulation cannot carry: the file's modulation key and the rate") {
    LinkConfig c = config("modrate", head + "modulation = \"NRZ\"\n");
    linkphy::sweeps::drop_file_key(c, "rate"); // the command line's rate
    c.request.rate = "106.25 Gb/s PAM4";
    CHECK(refusal(c) == c.where.at("modulation") +
                            pam4_nrz_clash("'NRZ' cannot carry LinkRequest.rate '106.25 Gb/s PAM4'",
                                           "a rate that NRZ carries", "modulation"));
    CHECK(c.where.at("modulation").find(":4: key 'modulation'") != std::string::npos);
    // The other way round: the file's rate, the command line's modulation.
    LinkConfig r = config("ratemod", "tech = \"dac\"\nlength = \"2 m\"\nrate = \"106.25 Gb/s "
                                     "PAM4\"\n");
    linkphy::sweeps::drop_file_key(r, "modulation");
    r.request.modulation = "NRZ";
    CHECK(refusal(r) ==
          r.where.at("rate") + pam4_nrz_clash("'106.25 Gb/s PAM4' cannot be carried by "
                                              "LinkRequest.modulation 'NRZ'",
                                              "a modulation the rate names", "rate"));
    // The technology refusing a rate the modulation carries stays the rate's.
    c.request.tech = "dsp-sr";
    c.request.rate = "400G";
    c.request.modulation = "PAM4";
    CHECK(starts(refusal(c), "LinkRequest.rate: technology 'dsp-sr' cannot run 400G"));
  }
  SECTION("a channel spec naming a material no catalog has") {
    LinkConfig c = config("material", head + "channels = [\"twinax:awg=28,length=1m\",\n"
                                             "  \"stripline:material=nope,width=5mil,spacing="
                                             "8mil,height=5mil,length=4in\"]\n");
    CHECK(c.channel_where.at(1).ends_with("link.toml:5: key 'channels'"));
    CHECK(starts(refusal(c), c.channel_where.at(1) + ": spec 'stripline:material=nope,"));
    linkphy::sweeps::drop_file_key(c, "channels");
    CHECK(starts(refusal(c), "spec 'stripline:material=nope,"));
  }
}

TEST_CASE("evaluate_link_config: a file's [set] warning names the entry's place",
          "[sweeps][link][config]") {
  // host_length is not used at 100G (host_100G replaces the host board that reads it).
  const LinkConfig c = config("warning", "tech = \"dac\"\nlength = \"2 m\"\nrate = \"100G\"\n"
                                         "[set]\nhost_length = \"3 in\"\n");
  const auto r = linkphy::sweeps::evaluate_link_config(c);
  bool named = false;
  for (const auto &w : r.warnings)
    named = named || starts(w, c.set_where.at(0) + " ('host_length=3 in') has no effect at 100G");
  CHECK(named);
}
