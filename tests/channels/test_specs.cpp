// Spec strings → media, and one clear error line per class of bad input.
#include <linkphy/channels/media.hpp>
#include <linkphy/channels/specs.hpp>
#include <linkphy/phy/error.hpp>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

using namespace linkphy;
using namespace linkphy::channels;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {
void build(const std::string &spec) {
  static const auto cats = ChannelCatalogs::builtin();
  (void)make_copper_medium(parse_spec(spec), cats);
}
} // namespace

TEST_CASE("every copper kind builds from its documented example", "[specs]") {
  CHECK_NOTHROW(build("stripline:material=megtron7,width=5mil,height=5mil,length=6in"));
  CHECK_NOTHROW(
      build("stripline:material=megtron7,width=5mil,height=5mil,spacing=6mil,length=6in"));
  CHECK_NOTHROW(build("microstrip:material=fr4,width=0.3mm,height=0.16mm,length=10cm,foil=std"));
  CHECK_NOTHROW(
      build("microstrip:material=fr4,width=0.2mm,height=0.16mm,spacing=0.2mm,length=1in"));
  CHECK_NOTHROW(
      build("coax:d_inner=0.5mm,d_outer=1.6mm,er=2.1,tand=2e-4,sigma=5.8e7S/m,length=1m"));
  CHECK_NOTHROW(build("twinax:awg=26,length=2m"));
  CHECK_NOTHROW(build("twinax:cable=twinax_30awg,length=1m"));
  CHECK_NOTHROW(build("annex93a:length=6in"));
  CHECK_NOTHROW(build("package:stack=organic_substrate,length=10mm"));
  CHECK_NOTHROW(build("via:l=0.3nH,c=0.2pF"));
  CHECK_NOTHROW(build("connector:l=0.5nH,c=0.3pF,diff=true"));
}

TEST_CASE("bad copper specs give one clear line naming the key and what is accepted",
          "[specs][bad-input]") {
  SECTION("negative length") {
    CHECK_THROWS_WITH(build("twinax:awg=26,length=-2m"),
                      Contains("key 'length'") && Contains("accepted: a length >= 0 m"));
  }
  SECTION("geometric nonsense: inner conductor not inside the shield, wires overlapping") {
    CHECK_THROWS_WITH(build("coax:d_inner=2mm,d_outer=1.6mm,er=2.1,length=1m"),
                      Contains("key 'd_outer'") && Contains("must be larger than d_inner"));
    CHECK_THROWS_WITH(build("twinax:awg=26,pitch=0.3mm,length=1m"),
                      Contains("pitch") && Contains("must exceed the wire diameter"));
  }
  SECTION("unknown material") {
    CHECK_THROWS_WITH(build("stripline:material=unobtainium,width=5mil,height=5mil,length=1in"),
                      Contains("key 'material'") && Contains("unknown laminate 'unobtainium'") &&
                          Contains("megtron7"));
  }
  SECTION("AWG out of range") {
    CHECK_THROWS_WITH(build("twinax:awg=99,length=1m"),
                      Contains("key 'awg'") && Contains("accepted: 26 to 34"));
  }
  SECTION("Df above 1") {
    CHECK_THROWS_WITH(build("stripline:dk=3.5,df=1.5,width=5mil,height=5mil,length=1in"),
                      Contains("key 'df'") && Contains("accepted: 0 to 1"));
  }
  SECTION("Df temperature drift out of range") {
    CHECK_THROWS_WITH(
        build("stripline:material=megtron7,df_tc=20%/degC,width=5mil,height=5mil,length=1in"),
        Contains("key 'df_tc'") && Contains("accepted: -5 to 5 %/degC"));
  }
  SECTION("missing unit") {
    CHECK_THROWS_WITH(build("stripline:material=megtron7,width=5,height=5mil,length=1in"),
                      Contains("key 'width'") && Contains("has no unit"));
  }
  SECTION("unknown key and unknown kind") {
    CHECK_THROWS_WITH(build("twinax:awg=26,length=1m,colour=red"),
                      Contains("key 'colour'") && Contains("unknown key; accepted:"));
    CHECK_THROWS_WITH(build("waveguide:length=1m"),
                      Contains("unknown copper kind 'waveguide'") && Contains("stripline"));
    // A misspelt required key is named as the unknown key, not reported as the missing one
    // against the catalog entry merged under the spec.
    CHECK_THROWS_WITH(build("stripline:lenght=1in,width=5mil,height=5mil,material=fr4"),
                      Contains("key 'lenght'") && Contains("unknown key; accepted: length"));
    CHECK_THROWS_WITH(build("twinax:awg=26,lenght=2m"),
                      Contains("key 'lenght'") && !Contains("cables.toml"));
  }
  SECTION("wire roughness is a twinax key") {
    CHECK_NOTHROW(build("twinax:awg=26,length=1m,roughness=hammerstad,rms=0.2um"));
    CHECK_THROWS_WITH(build("twinax:awg=26,length=1m,roughness=hammerstad,rms=0.2"),
                      Contains("key 'rms'") && Contains("has no unit"));
  }
  SECTION("a medium's own range check names the spec and key") {
    CHECK_THROWS_WITH(build("stripline:material=megtron7,width=1nm,height=5mil,length=1in"),
                      Contains("spec 'stripline:") && Contains("key 'width'") &&
                          Contains("1 um to 10 mm"));
    CHECK_THROWS_WITH(build("stripline:material=megtron7,width=20mm,height=5mil,length=1in"),
                      Contains("key 'width'") && Contains("accepted: 1 nm to 10 mm"));
  }
  SECTION("missing required key") {
    CHECK_THROWS_WITH(build("stripline:material=megtron7,height=5mil,length=1in"),
                      Contains("missing key 'width'"));
    // The kind's keys are what is accepted (the message ended at the key's name; twinax takes
    // awg, or a cable entry, or wire_d, none of which it said).
    CHECK_THROWS_WITH(build("twinax:length=1m"),
                      StartsWith("spec 'twinax:length=1m': missing key 'awg'; accepted: twinax: "
                                 "length, awg (26..34) | cable (catalog) | wire_d,"));
    CHECK_THROWS_WITH(build("coax:length=1m"),
                      StartsWith("spec 'coax:length=1m': missing key 'd_inner'; accepted: coax: "
                                 "length, d_inner, d_outer,"));
  }
  SECTION("a key missing from the spec and its catalog entry is the spec's, not the catalog's") {
    // The message names the spec the user must complete, never the catalog file:line of the
    // entry the spec names (which was where these messages pointed).
    // (A missing height is solved for the impedance: the width is the key neither gives.)
    for (const char *spec : {"stripline:material=megtron7,height=5mil,length=6in",
                             "microstrip:material=fr4,height=0.16mm,length=10cm"})
      CHECK_THROWS_WITH(build(spec), Contains("spec '" + std::string(spec) + "'") &&
                                         Contains("missing key 'width'") &&
                                         !Contains("laminates.toml"));
    CHECK_THROWS_WITH(build("twinax:awg=26"), Contains("spec 'twinax:awg=26'") &&
                                                  Contains("missing key 'length'") &&
                                                  !Contains("cables.toml"));
    CHECK_THROWS_WITH(build("twinax:cable=twinax_28awg"),
                      Contains("spec 'twinax:cable=twinax_28awg'") &&
                          Contains("missing key 'length'") && !Contains("cables.toml"));
  }
}

TEST_CASE("users add and override catalog entries from their own file", "[specs][catalog]") {
  std::string tmpl =
      (std::filesystem::temp_directory_path() / "linkphy-copper-catalog-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  const std::filesystem::path dir = tmpl;
  std::ofstream(dir / "my.toml") << "[mylam]\nsource = \"my lab\"\ndk = 3.0\ndf = 0.001\n"
                                    "f_ref = \"10 GHz\"\n[megtron7]\nsource = \"my lab\"\n"
                                    "df = 0.01\n";
  auto cats = ChannelCatalogs::builtin();
  cats.load_user("laminates", dir / "my.toml");
  const std::string geom = ",width=5mil,height=5mil,length=1m";
  const auto base = ChannelCatalogs::builtin();
  const auto a = make_copper_medium(parse_spec("stripline:material=megtron7" + geom), base);
  const auto b = make_copper_medium(parse_spec("stripline:material=megtron7" + geom), cats);
  const auto c = make_copper_medium(parse_spec("stripline:material=mylam" + geom), cats);
  const std::vector<double> f = {20e9};
  const double ila = std::abs(a->network(f, Conditions{}).at(0, 1, 0));
  const double ilb = std::abs(b->network(f, Conditions{}).at(0, 1, 0));
  CHECK(ilb < ila); // Df raised 5× by the user override → more loss
  CHECK_NOTHROW(c->network(f, Conditions{}));
  CHECK_THROWS_WITH(cats.load_user("lasers", dir / "my.toml"),
                    Contains("accepted: laminates, foils, cables, packages"));
  // A key no laminate carries is named at its line against the laminate keys, and the catalog
  // is left as it was.
  std::ofstream(dir / "bad.toml") << "[odd]\nsource = \"x\"\ndk = 3.0\ndf = 0.001\n"
                                     "f_ref = \"10 GHz\"\ncolour = \"red\"\n";
  CHECK_THROWS_WITH(cats.load_user("laminates", dir / "bad.toml"),
                    Contains("bad.toml:6: key 'colour'") &&
                        Contains("unknown key in a laminates entry; accepted: source, dk, df"));
  CHECK_FALSE(cats.laminates.has("odd"));
}

TEST_CASE("roughness is selectable per spec and rough foil loses more", "[specs][roughness]") {
  const auto cats = ChannelCatalogs::builtin();
  const std::string geom = "stripline:material=megtron7,width=5mil,height=5mil,length=10in";
  const std::vector<double> f = {28e9};
  auto il = [&](const std::string &extra) {
    const auto m = make_copper_medium(parse_spec(geom + extra), cats);
    return -20 * std::log10(std::abs(m->network(f, Conditions{}).at(0, 1, 0)));
  };
  const double smooth = il("");
  const double hvlp = il(",foil=hvlp");
  const double std_foil = il(",foil=std");
  const double hammer = il(",roughness=hammerstad,rms=1um");
  const double huray = il(",roughness=huray,ball_radius=0.5um,surface_ratio=2");
  CHECK(smooth < hvlp);
  CHECK(hvlp < std_foil);
  CHECK(hammer > smooth);
  CHECK(huray > smooth);
  CHECK(std::abs(hammer - huray) > 0.01); // two different models, not one
  CHECK_THROWS_WITH(il(",roughness=huray"), Contains("ball_radius"));
  CHECK_THROWS_WITH(il(",roughness=bumpy"), Contains("accepted: smooth, hammerstad, huray"));
  CHECK_THROWS_WITH(il(",foil=gold"), Contains("unknown foil 'gold'"));
}

TEST_CASE("a planar spec without height is built to an impedance (controlled-impedance height)",
          "[specs][impedance]") {
  static const auto cats = ChannelCatalogs::builtin();
  auto impedance = [&](const std::string &spec) {
    const auto m = make_copper_medium(parse_spec(spec), cats);
    if (const auto *s = dynamic_cast<const Stripline *>(m.get()))
      return s->impedance_ohm();
    return dynamic_cast<const Microstrip &>(*m).impedance_ohm();
  };
  // DESIGN.md §6's example spec (no height): 50 ohm single-ended, 100 ohm with a spacing; the
  // solved height reproduces the target through the medium's own closed form (bisection to 1e-10
  // in height: 1e-6 relative in impedance is loose).
  CHECK(impedance("stripline:material=megtron7,width=5mil,length=6in") ==
        Approx(50.0).epsilon(1e-6));
  CHECK(impedance("stripline:material=megtron7,width=5mil,spacing=8mil,length=6in") ==
        Approx(100.0).epsilon(1e-6));
  CHECK(impedance("microstrip:material=fr4,width=10mil,impedance=75ohm,length=1in") ==
        Approx(75.0).epsilon(1e-6));
  CHECK(impedance("microstrip:material=fr4,width=10mil,spacing=10mil,length=1in") ==
        Approx(100.0).epsilon(1e-6));

  // Against textbook synthesis (zero-thickness strips; Pozar, Microwave Engineering 4th ed.):
  // stripline eq. (3.180) W/b = 30π/(√εr·Z0) − 0.441 (√εr·Z0 < 120), microstrip eq. (3.197)
  // W/d = 8e^A/(e^(2A) − 2), A = Z0/60·√((εr+1)/2) + (εr−1)/(εr+1)·(0.23 + 0.11/εr) (W/d < 2).
  // Both are fits with about 1 % error, so the heights agree within 1.5 % (0.2–0.6 % seen).
  const double er = 3.0, w_m = 0.2e-3;
  for (const double z0 : {40.0, 50.0, 60.0}) {
    const std::string base = ",dk=3,df=0.001,f_ref=1GHz,thickness=1nm,width=0.2mm,impedance=" +
                             std::to_string(static_cast<int>(z0)) + "ohm,length=1cm";
    const auto s = make_copper_medium(parse_spec("stripline:" + base.substr(1)), cats);
    const double b_m = w_m / (30 * std::numbers::pi / (std::sqrt(er) * z0) - 0.441);
    const std::string name = s->describe();
    const double h_m = std::stod(name.substr(name.find(" h=") + 3)) * 1e-6;
    INFO("stripline " << z0 << " ohm: h " << h_m << " m, Pozar b/2 " << b_m / 2);
    CHECK(h_m == Approx(b_m / 2).epsilon(0.015));
  }
  for (const double z0 : {50.0, 60.0, 75.0}) {
    const std::string base = ",dk=3,df=0.001,f_ref=1GHz,thickness=1nm,width=0.2mm,impedance=" +
                             std::to_string(static_cast<int>(z0)) + "ohm,length=1cm";
    const auto m = make_copper_medium(parse_spec("microstrip:" + base.substr(1)), cats);
    const double a = z0 / 60 * std::sqrt((er + 1) / 2) + (er - 1) / (er + 1) * (0.23 + 0.11 / er);
    const double d_m = w_m / (8 * std::exp(a) / (std::exp(2 * a) - 2));
    const std::string name = m->describe();
    const double h_m = std::stod(name.substr(name.find(" h=") + 3)) * 1e-6;
    INFO("microstrip " << z0 << " ohm: h " << h_m << " m, Pozar d " << d_m);
    CHECK(h_m == Approx(d_m).epsilon(0.015));
  }

  CHECK_THROWS_WITH(build("stripline:material=megtron7,width=5mil,height=5mil,impedance=50ohm,"
                          "length=6in"),
                    Contains("key 'impedance'") && Contains("give height or impedance, not both"));
  CHECK_THROWS_WITH(build("stripline:material=megtron7,width=5mil,impedance=500ohm,length=6in"),
                    Contains("key 'impedance'") && Contains("not reachable") &&
                        Contains("accepted: "));
  CHECK_THROWS_WITH(build("stripline:material=megtron7,width=5mil,impedance=50,length=6in"),
                    Contains("has no unit"));
}
