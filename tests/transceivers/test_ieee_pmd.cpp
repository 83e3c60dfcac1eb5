// IEEE PMD catalog and the standard's power-budget arithmetic.
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("400GBASE-DR4 closes at 500 m and fails beyond its loss budget", "[optics][pmd]") {
  const auto dr4 = find_pmd("400gbase_dr4");
  // IEEE 802.3bs 124.11.2: 0.5 dB/km × 0.5 km + 2.75 dB connections = 3.0 dB channel IL max.
  const auto at500 = evaluate_pmd_budget(dr4, 500);
  CHECK(at500.channel_il_db == Approx(3.0).epsilon(1e-12));
  CHECK(at500.margin_db == Approx(0.1).margin(1e-9)); // = additional insertion loss allowed
  CHECK(at500.closes);
  // 0.2 dB more loss (a dirty connector) exceeds IL max + additional IL (3.1 dB): fails.
  const auto dirty = evaluate_pmd_budget(dr4, 500, 0.2);
  CHECK(dirty.margin_db < 0);
  CHECK_FALSE(dirty.within_loss_budget);
  CHECK_FALSE(dirty.closes);
  // Longer fibre: at 1 km the loss is 3.25 dB > 3.1 dB: fails on loss, and beyond reach.
  const auto at1k = evaluate_pmd_budget(dr4, 1000);
  CHECK(at1k.margin_db == Approx(-0.15).margin(1e-9));
  CHECK_FALSE(at1k.closes);
  // 600 m is within the loss budget (3.05 dB) but beyond the specified reach.
  const auto at600 = evaluate_pmd_budget(dr4, 600);
  CHECK(at600.within_loss_budget);
  CHECK_FALSE(at600.within_reach);
  CHECK_FALSE(at600.closes);
}

TEST_CASE("every IEEE PMD's budget adds up and its IL max is reached at its reach",
          "[optics][pmd]") {
  const auto &cat = builtin_catalog("ieee_pmds.toml");
  REQUIRE(cat.names().size() == 17); // 10 + the 7 per-lane PMDs of the link technologies
  for (const auto &name : cat.names()) {
    INFO(name);
    const auto pmd = find_pmd(name);
    // The IEEE budget tables: power budget = IL max + penalty allocation + additional IL.
    CHECK(pmd.power_budget_db ==
          Approx(pmd.channel_il_max_db + pmd.penalty_allocation_db + pmd.additional_il_db)
              .margin(0.05));
    // The channel IL max is the loss at the reach (0.05 dB: the standards round IL to 0.1 dB).
    CHECK(pmd.channel_il_db(pmd.reach_m) == Approx(pmd.channel_il_max_db).margin(0.05));
    CHECK(evaluate_pmd_budget(pmd, pmd.reach_m).closes);
    CHECK_FALSE(evaluate_pmd_budget(pmd, pmd.reach_m, pmd.additional_il_db + 0.2).closes);
    // PAM4 PMDs specify OMAouter − TDECQ below OMAouter min.
    if (pmd.levels == 4)
      CHECK(pmd.tx_oma_minus_tdecq_min_dbm < pmd.tx_oma_min_dbm);
  }
}

TEST_CASE("400GBASE-FR4 catalog dispersion limits", "[optics][pmd]") {
  const auto fr4 = find_pmd("400gbase_fr4");
  CHECK(fr4.dispersion_min_s_per_m / 1e-3 == Approx(-11.87));
  CHECK(fr4.dispersion_max_s_per_m / 1e-3 == Approx(6.69));
  CHECK(fr4.reach_m == Approx(2000));
}

TEST_CASE("IEEE PMD bad input", "[optics][pmd]") {
  try {
    find_pmd("400gbase_zr");
    FAIL("unknown PMD accepted");
  } catch (const InputError &e) {
    CHECK(std::string(e.what()).find("unknown IEEE PMD '400gbase_zr' (known: 100gbase_dr") !=
          std::string::npos);
  }
  CHECK_THROWS_AS(evaluate_pmd_budget(find_pmd("100gbase_dr"), -1), InputError);
  CHECK_THROWS_AS(evaluate_pmd_budget(find_pmd("100gbase_dr"), 10, -1), InputError);
}
