#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace linkphy;
using Catch::Matchers::Contains;

TEST_CASE("spec strings parse into typed parameters", "[params]") {
  const Spec s = parse_spec("stripline:material=megtron7,width=5mil,length=6in");
  CHECK(s.kind == "stripline");
  CHECK(s.params.text("material") == "megtron7");
  CHECK(s.params.quantity("width", Dimension::length) == Approx(127e-6));
  CHECK(s.params.quantity("length", Dimension::length) == Approx(0.1524));
  CHECK(s.params.unused().empty());
  const Spec t = parse_spec("touchstone:file=ch.s4p,ports=1-3:2-4");
  CHECK(t.params.text("ports") == "1-3:2-4");
}

TEST_CASE("bad specs and keys give one clear message", "[params][bad-input]") {
  CHECK_THROWS_WITH(parse_spec("stripline"), Contains("expected KIND:key=value"));
  CHECK_THROWS_WITH(parse_spec("twinax:awg"), Contains("'awg' is not key=value"));
  CHECK_THROWS_WITH(parse_spec("twinax:awg=26,awg=28"), Contains("given twice"));
  const Spec s = parse_spec("twinax:awg=99,length=2,colour=red");
  CHECK_THROWS_WITH(s.params.integer("awg", 24, 34), Contains("out of range") && Contains("24"));
  CHECK_THROWS_WITH(s.params.quantity("length", Dimension::length),
                    Contains("key 'length'") && Contains("has no unit"));
  CHECK_THROWS_WITH(s.params.reject_unused({"awg", "length"}),
                    Contains("key 'colour'") && Contains("unknown key"));
  CHECK_THROWS_WITH(s.params.text("width"), Contains("missing key 'width'"));
}

TEST_CASE("catalogs load TOML entries with sources and overrides", "[params][catalog]") {
  const auto dir = std::filesystem::temp_directory_path() / "linkphy_test_catalog";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "base.toml") << "[fr4]\nsource = \"textbook\"\ndk = 4.2\ndf = 0.02\n"
                                        "f_ref = \"1 GHz\"\n";
    std::ofstream(dir / "user.toml") << "[fr4]\nsource = \"my lab\"\ndf = 0.015\n";
    std::ofstream(dir / "nosource.toml") << "[x]\ndk = 3\n";
    std::ofstream(dir / "broken.toml") << "[x]\ndk = = 3\n";
  }
  Catalog c;
  c.load(dir / "base.toml");
  c.load(dir / "user.toml");
  const ParamSet e = c.entry("fr4", "laminate");
  CHECK(e.number("dk", 1, 20) == 4.2);
  CHECK(e.number("df", 0, 1) == 0.015);
  CHECK(e.quantity("f_ref", Dimension::frequency) == 1e9);
  CHECK_THROWS_WITH(c.entry("unobtainium", "laminate"),
                    Contains("unknown laminate 'unobtainium'") && Contains("fr4"));
  Catalog bad;
  CHECK_THROWS_WITH(bad.load(dir / "nosource.toml"), Contains("no 'source'"));
  CHECK_THROWS_WITH(bad.load(dir / "broken.toml"), Contains("broken.toml:2"));
  CHECK_THROWS_WITH(bad.load(dir / "missing.toml"), Contains("not found"));
  // A number without unit in the catalog is named with its file and line.
  CHECK_THROWS_WITH(e.quantity("dk", Dimension::frequency), Contains("base.toml:3"));
  std::filesystem::remove_all(dir);
}
