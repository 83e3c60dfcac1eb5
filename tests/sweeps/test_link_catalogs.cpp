// LinkRequest::catalogs: user channel catalogs reach a technology's stages, and every cache that
// holds a stage or an analytic plan keeps requests with different catalogs apart.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;
namespace fs = std::filesystem;

TEST_CASE("user laminate catalogs in one process: each request reads its own", "[link][catalog]") {
  const fs::path dir = fs::temp_directory_path() / "linkphy_test_link_catalogs";
  fs::create_directories(dir);
  const fs::path lossy = dir / "lossy.toml", m7 = dir / "m7.toml";
  // One name, two definitions: FR-4-like and Megtron-7's own figures (laminates.toml).
  std::ofstream(lossy) << "[resin]\nsource = \"test\"\ndk = 4.2\ndf = 0.02\nf_ref = \"1 GHz\"\n";
  std::ofstream(m7) << "[resin]\nsource = \"test\"\ndk = 3.35\ndf = 0.002\nf_ref = \"12 GHz\"\n";
  LinkRequest q;
  q.tech = "backplane";
  q.rate = "50G";
  q.length_m = 0.3;
  q.with_power = false;
  for (const Fidelity fid : {Fidelity::analytic, Fidelity::statistical}) {
    q.fidelity = fid;
    INFO("fidelity " << to_string(fid));
    q.sets.clear();
    q.catalogs.clear();
    const double il_builtin = evaluate_link(q).hops.at(0).il_nyquist_db;
    q.sets = {"material=resin"};
    q.catalogs = {"laminates=" + lossy.string()};
    const double il_lossy = evaluate_link(q).hops.at(0).il_nyquist_db;
    q.catalogs = {"laminates=" + m7.string()};
    const double il_m7 = evaluate_link(q).hops.at(0).il_nyquist_db;
    q.catalogs = {"laminates=" + lossy.string()}; // back again: not the m7 plan or stages
    const double il_lossy_again = evaluate_link(q).hops.at(0).il_nyquist_db;
    INFO("built-in " << il_builtin << " dB, lossy " << il_lossy << " dB, m7 " << il_m7 << " dB");
    CHECK(il_m7 == Approx(il_builtin).margin(1e-9)); // megtron7's figures under another name
    CHECK(il_lossy > il_builtin + 3.0);              // Df ×10 over 0.3 m at 13.3 GHz
    CHECK(il_lossy_again == Approx(il_lossy).margin(1e-12));
  }
  q.catalogs = {"laminates"};
  CHECK_THROWS_AS(evaluate_link(q), InputError);
  fs::remove_all(dir);
}
