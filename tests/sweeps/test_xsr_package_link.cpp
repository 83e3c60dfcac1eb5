// CPO's XSR hops (host SerDes → package-substrate line → optical engine) with the die-and-bump
// package (transceivers/catalog/serdes.toml [xsr] package = "bump") instead of the C2C table's
// full package at each end, which counted a second package line and two package balls.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>

#include <string>

using namespace linkphy::sweeps;

namespace {

LinkReport cpo_100g(const std::string &package) {
  LinkRequest q;
  q.tech = "cpo";
  q.rate = "100G";
  q.length_m = 10;
  q.fidelity = Fidelity::statistical;
  q.with_power = false;
  q.sets.push_back("serdes.package=" + package);
  return evaluate_link(q);
}

} // namespace

TEST_CASE("CPO at 100G: the XSR hop without a second package closes in COM", "[link][xsr]") {
  // Measured 2026-12-03 (statistical, 10 m of SMF, local search): COM 3.72 dB with the die and
  // bump (default), 2.74 dB with the table's package line and ball at each end (below the 3 dB
  // com_min, so CPO did not close at 100G at statistical fidelity while it did at analytic).
  const LinkReport bump = cpo_100g("bump"), table = cpo_100g("table");
  REQUIRE(bump.hops.size() == 3);
  REQUIRE(bump.hops[0].com_db.has_value());
  REQUIRE(table.hops[0].com_db.has_value());
  INFO("XSR hop COM: bump " << *bump.hops[0].com_db << " dB, table " << *table.hops[0].com_db
                            << " dB");
  CHECK(*bump.hops[0].com_db > *table.hops[0].com_db + 0.5); // less package loss and reflection
  CHECK(*bump.hops[0].com_db >= 3.0);
  CHECK(bump.summary.feasible);
  CHECK_FALSE(table.summary.feasible);
  // The package-substrate line itself is the same stage in both.
  CHECK(bump.hops[0].il_nyquist_db == Approx(table.hops[0].il_nyquist_db));
}
