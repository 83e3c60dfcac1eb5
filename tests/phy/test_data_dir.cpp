// Where linkphy finds its data (params.hpp find_data_dir): a root set by the program (what an
// installed package's consumers get before main) wins over the data beside the program, which in
// the build tree is share/linkphy/NAME linking to the module's catalog/, resolved to the sources.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;
using Catch::Matchers::Contains;

TEST_CASE(
    "find_data_dir looks at the set root before the data beside the program and the candidates",
    "[params]") {
  ::unsetenv("LINKPHY_DATA_DIR");
  const fs::path sources = fs::canonical(fs::path(LINKPHY_SOURCE_DIR) / "channels" / "catalog");
  linkphy::set_data_root({});
  // The test program is build/tests/test_phy: build/share/linkphy/channels, resolved.
  CHECK(linkphy::find_data_dir("channels", {}) == sources);

  const fs::path root = fs::temp_directory_path() / "linkphy_test_data_root";
  fs::create_directories(root / "channels");
  linkphy::set_data_root(root);
  CHECK(linkphy::data_root() == root);
  CHECK(linkphy::find_data_dir("channels", {}) == root / "channels");
  // A root without the folder asked for is passed over.
  CHECK(linkphy::find_data_dir("sweeps", {}) ==
        fs::canonical(fs::path(LINKPHY_SOURCE_DIR) / "sweeps" / "catalog"));
  // The candidates come last; nothing found names the variable to set.
  CHECK(linkphy::find_data_dir("nosuch", {"", root / "channels"}) == root / "channels");
  CHECK_THROWS_WITH(linkphy::find_data_dir("nosuch", {root / "nosuch"}),
                    Contains("nosuch: linkphy data directory not found") &&
                        Contains("LINKPHY_DATA_DIR"));
  linkphy::set_data_root({});
  fs::remove_all(root);
}
