// parse_user_catalog / user_catalog_beside (user_catalog.hpp): the one "KIND=FILE" parser of
// --catalog, a link sweep's key `catalog` and the `catalogs` lists of plans and crossover studies.
// Messages are compared whole: every place prints them, so a changed word is a changed contract.
#include <linkphy/channels/specs.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include <catch2/catch.hpp>

#include <string>

using linkphy::InputError;
using linkphy::sweeps::parse_user_catalog;
using linkphy::sweeps::user_catalog_beside;
using linkphy::sweeps::user_catalog_kinds;

namespace {

const std::string kExpected = "expected KIND=FILE (KIND: laminates, foils, cables, packages)";

// The InputError parse_user_catalog throws for `text` at "--catalog" (where, detail).
std::pair<std::string, std::string> refusal(const std::string &text,
                                            const std::string &where = "--catalog") {
  try {
    (void)parse_user_catalog(text, where);
  } catch (const InputError &e) {
    return {e.where(), e.detail()};
  }
  FAIL("'" << text << "' was accepted");
  return {};
}

} // namespace

TEST_CASE("parse_user_catalog splits KIND=FILE", "[catalog][user_catalog]") {
  const auto c = parse_user_catalog("laminates=my.toml", "--catalog");
  CHECK(c.kind == "laminates");
  CHECK(c.file == "my.toml");
  // Split at the first '=': KIND holds none, so FILE may (a POSIX path can).
  const auto eq = parse_user_catalog("cables=dir=a/x=1.toml", "--catalog");
  CHECK(eq.kind == "cables");
  CHECK(eq.file == "dir=a/x=1.toml");
  // Spaces inside FILE are part of the path.
  CHECK(parse_user_catalog("foils=my dir/f.toml", "--catalog").file == "my dir/f.toml");
  CHECK(parse_user_catalog("packages=/abs/p.toml", "--catalog").file == "/abs/p.toml");
}

TEST_CASE("user_catalog_kinds are exactly the channel catalogs", "[catalog][user_catalog]") {
  const auto cats = linkphy::channels::ChannelCatalogs::builtin();
  REQUIRE(user_catalog_kinds() ==
          std::vector<std::string>{"laminates", "foils", "cables", "packages"});
  for (const auto &k : user_catalog_kinds()) {
    INFO(k);
    CHECK_NOTHROW(cats.get(k));
    CHECK(parse_user_catalog(k + "=x.toml", "--catalog").kind == k);
  }
  CHECK_THROWS_AS(cats.get("laminate"), InputError); // what the parser calls unknown
}

TEST_CASE("parse_user_catalog refuses malformed texts with one message form",
          "[catalog][user_catalog]") {
  using P = std::pair<std::string, std::string>;
  // No '=' (the message `linkphy link --catalog laminates` printed before this parser).
  CHECK(refusal("laminates") == P{"--catalog 'laminates'", kExpected});
  CHECK(refusal("") == P{"--catalog ''", kExpected});
  CHECK(refusal("=x.toml") == P{"--catalog '=x.toml'", "KIND is empty; " + kExpected});
  CHECK(refusal("laminate=x.toml") ==
        P{"--catalog 'laminate=x.toml'", "unknown KIND 'laminate'; " + kExpected});
  CHECK(refusal("Laminates=x.toml").second == "unknown KIND 'Laminates'; " + kExpected);
  CHECK(refusal("laminates=") ==
        P{"--catalog 'laminates='", "FILE (the TOML catalog) is empty; " + kExpected});
  // Nothing is trimmed: white space around KIND or FILE is named, not read as part of a name.
  CHECK(refusal(" laminates=x.toml").second ==
        "KIND ' laminates' begins or ends with white space (not trimmed); " + kExpected);
  CHECK(refusal("laminates =x.toml").second ==
        "KIND 'laminates ' begins or ends with white space (not trimmed); " + kExpected);
  CHECK(refusal("laminates= x.toml").second ==
        "FILE ' x.toml' begins or ends with white space (not trimmed); " + kExpected);
  CHECK(refusal("laminates=x.toml\t").second ==
        "FILE 'x.toml\t' begins or ends with white space (not trimmed); " + kExpected);
  CHECK(refusal("laminates= ").second ==
        "FILE ' ' begins or ends with white space (not trimmed); " + kExpected);
  // The place is the caller's: an option or a file's key.
  CHECK(refusal("cables", "plan.toml:3: key 'catalogs'").first ==
        "plan.toml:3: key 'catalogs' 'cables'");
}

TEST_CASE("user_catalog_beside reads a relative FILE beside the plan or study",
          "[catalog][user_catalog]") {
  CHECK(user_catalog_beside("laminates=my.toml", "/a/b/plan.toml", "k") ==
        "laminates=/a/b/my.toml");
  CHECK(user_catalog_beside("cables=sub/c.toml", "studies/x.toml", "k") ==
        "cables=studies/sub/c.toml");
  CHECK(user_catalog_beside("cables=c=1.toml", "s/x.toml", "k") == "cables=s/c=1.toml");
  CHECK(user_catalog_beside("foils=/abs/f.toml", "/a/b/plan.toml", "k") == "foils=/abs/f.toml");
  CHECK(user_catalog_beside("foils=f.toml", "plan.toml", "k") == "foils=f.toml"); // cwd
  CHECK_THROWS_WITH(user_catalog_beside("foil=f.toml", "/a/plan.toml", "here"),
                    "here 'foil=f.toml': unknown KIND 'foil'; " + kExpected);
}
