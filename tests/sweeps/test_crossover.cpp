// The crossover search against closed forms: a synthetic model whose copper reach and energies
// are known exactly, so the bisection's answer can be checked to its stated tolerance. Technology
// names must exist in the catalog (the study is validated), so "dac"/"backplane" stand for copper
// and "pcb" for optics here; the physics is the model's, not the catalog's.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/crossover_output.hpp>

#include <cmath>
#include <sstream>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {

// Copper reach halving per lane-rate doubling (DESIGN.md §7 system fact), 4 m at 25.78 Gb/s.
double reach_m(double gbps, double scale) { return scale * 4.0 * 25.78125 / gbps; }

// dac: reach_m(rate); backplane: 0.6 × that; pcb ("optics"): closes everywhere.
// Energies: dac 2 + 1.5·d pJ/bit, backplane 1 + 3·d, pcb 8 (flat): energy crossover of dac at
// d = 4 m (2 + 1.5·4 = 8), while dac still closes up to reach_m.
CrossoverModel synthetic_model(double reach_scale = 25.0) {
  CrossoverModel m;
  auto energy = [](const TechQuery &q) {
    if (q.tech == "dac")
      return 2 + 1.5 * q.length_m;
    if (q.tech == "backplane")
      return 1 + 3 * q.length_m;
    return 8.0;
  };
  m.point = [=](const TechQuery &q) {
    TechPoint p;
    const double gbps = q.rate == "25G"    ? 25.78125
                        : q.rate == "50G"  ? 53.125
                        : q.rate == "100G" ? 106.25
                        : q.rate == "200G" ? 212.5
                                           : 425;
    // A looser BER target lengthens the reach: +10 % per decade above 1e-15 (model choice).
    const double ber_gain = 1 + 0.1 * std::log10(q.adjust.ber_target / 1e-15);
    double r = reach_m(gbps, reach_scale) * ber_gain;
    if (q.tech == "backplane")
      r *= 0.6;
    p.closes = q.tech == "pcb" || q.length_m <= r;
    p.ber_post_fec = p.closes ? 1e-20 : 1e-3;
    p.ber_pre_fec = 1e-6 * q.length_m;
    if (q.need_energy)
      p.energy_pj_per_bit = energy(q);
    return p;
  };
  m.energy = energy;
  return m;
}

CrossoverStudy study() {
  CrossoverStudy s;
  s.rates = {"25G", "50G", "100G", "200G", "400G"};
  s.copper = {"dac", "backplane"};
  s.optical = {"pcb"};
  s.search_min_m = 0.05;
  s.search_max_m = 10000;
  s.tolerance = 0.005;
  s.map_distances_m = {1, 2, 3, 5, 8, 13};
  return s;
}

} // namespace

TEST_CASE("feasible crossover is the longest copper reach, to the bisection tolerance",
          "[crossover]") {
  const auto s = study();
  const auto rows = find_crossovers(s, synthetic_model(1.0), 2);
  REQUIRE(rows.size() == 5);
  for (const auto &r : rows) {
    const double expect = reach_m(r.lane_rate_gbps, 1.0);
    // Tolerance: the search stops when hi/lo − 1 ≤ 0.005 and reports lo ≤ the true edge.
    CHECK(r.crossover_m <= expect);
    CHECK(r.crossover_m >= expect / (1 + s.tolerance));
    CHECK(r.copper_tech == "dac"); // the longer-reach copper names the crossover
    CHECK(r.optical_tech == "pcb");
    CHECK(r.optical_closes);
    CHECK(r.bound.empty());
  }
  for (std::size_t i = 1; i < rows.size(); ++i)
    CHECK(rows[i].crossover_m < rows[i - 1].crossover_m);
}

TEST_CASE("energy crossover matches the closed-form intersection", "[crossover]") {
  auto s = study();
  s.criterion = Criterion::energy;
  s.copper = {"dac"};
  const auto rows = find_crossovers(s, synthetic_model(), 1);
  for (const auto &r : rows) {
    // 2 + 1.5 d = 8 → d = 4 m (copper reach is 25× longer, so energy decides), rel. tol 0.005.
    CHECK(r.crossover_m == Approx(4.0).epsilon(0.006));
    CHECK(r.copper_energy_pj_per_bit == Approx(2 + 1.5 * r.crossover_m));
    CHECK(r.optical_energy_pj_per_bit == Approx(8.0));
  }
}

TEST_CASE("energy crossover is undetermined where a family has no power model", "[crossover]") {
  // As at 25G today: copper closes but none of it has a power model at that rate. Optics must
  // not win by default; the row says why and gives no distance.
  auto s = study();
  s.criterion = Criterion::energy;
  s.rates = {"25G", "100G"};
  CrossoverModel m = synthetic_model();
  const auto energy = m.energy;
  m.energy = [energy](const TechQuery &q) -> double {
    if (q.rate == "25G" && q.tech != "pcb")
      throw linkphy::InputError("power", "no SerDes part runs 25G lanes");
    return energy(q);
  };
  const auto rows = find_crossovers(s, m, 1);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].bound == "no_copper_power_model");
  CHECK(std::isnan(rows[0].crossover_m));
  CHECK(rows[0].copper_tech == "none");
  CHECK(rows[1].bound.empty()); // 100G unaffected: the closed-form 4 m
  CHECK(rows[1].crossover_m == Approx(4.0).epsilon(0.006));
}

TEST_CASE("energy picks the lowest-energy copper that closes", "[crossover]") {
  auto s = study();
  s.criterion = Criterion::energy;
  s.rates = {"25G"};
  // backplane (1 + 3d) beats dac (2 + 1.5d) below 2/3 m; above it dac is cheaper; optics at 8
  // pJ/bit wins beyond 4 m, where dac is the copper named.
  const auto rows = find_crossovers(s, synthetic_model(), 1);
  CHECK(rows[0].copper_tech == "dac");
  CHECK(rows[0].crossover_m == Approx(4.0).epsilon(0.006));
}

TEST_CASE("crossover outside the search range is flagged", "[crossover]") {
  auto s = study();
  s.rates = {"25G"};
  s.search_min_m = 20; // above the 4 m reach: optics already wins at the start
  auto rows = find_crossovers(s, synthetic_model(1.0), 1);
  CHECK(rows[0].bound == "below_min");
  CHECK(rows[0].copper_tech == "none");
  s.search_min_m = 0.05;
  s.search_max_m = 2; // below the reach: copper still wins at the end
  rows = find_crossovers(s, synthetic_model(1.0), 1);
  CHECK(rows[0].bound == "above_max");
  CHECK(rows[0].crossover_m == 2);
}

TEST_CASE("technology map picks the best technology per cell", "[crossover]") {
  auto s = study();
  s.rates = {"25G"};
  const auto m = synthetic_model();
  const auto points = evaluate_map(s, m, true, 2);
  REQUIRE(points.size() == 6 * 3);
  const auto cells = best_per_cell(s, points);
  REQUIRE(cells.size() == 6);
  // Energies at d = 1, 2, 3, 5, 8, 13 m: dac 3.5, 5, 6.5, 9.5 …; backplane 4, 7, …; pcb 8.
  CHECK(cells[0].best_tech == "dac");
  CHECK(cells[2].best_tech == "dac");
  CHECK(cells[3].best_tech == "pcb");
  CHECK(cells[3].family == Family::optical);
  CHECK(cells[5].energy_pj_per_bit == Approx(8.0));
}

TEST_CASE("sensitivity ranks the knob that moves the crossover most first", "[crossover]") {
  auto s = study();
  s.rates = {"25G", "100G"};
  s.sensitivity = {{"temperature", {"0 degC", "85 degC"}, "test"}, // no effect in the model
                   {"ber_target", {"1e-12", "1e-18"}, "test"}};    // ±30 % reach
  const auto m = synthetic_model(1.0);
  const auto base = find_crossovers(s, m, 1);
  const auto rows = crossover_sensitivity(s, m, base, 1);
  REQUIRE(rows.size() == 8);
  const auto ranks = rank_knobs(rows);
  REQUIRE(ranks.size() == 2);
  CHECK(ranks[0].knob == "ber_target");
  // +30 % reach at 1e-12 (3 decades × 10 %), within the 0.5 % bisection tolerance twice over.
  CHECK(ranks[0].max_abs_change_pct == Approx(30).margin(1.0));
  CHECK(ranks[1].max_abs_change_pct < 1.0);
}

TEST_CASE("crossover bad input is one InputError", "[crossover]") {
  auto s = study();
  CHECK_THROWS_AS(parse_criterion("cheapest"), InputError);
  s.criterion = Criterion::cost;
  CHECK_THROWS_WITH(find_crossovers(s, synthetic_model()), Catch::Contains("cost is unavailable"));
  s = study();
  s.copper = {"copper-wire-of-dreams"};
  CHECK_THROWS_WITH(find_crossovers(s, synthetic_model()), Catch::Contains("unknown technology"));
  s = study();
  s.optical.clear();
  CHECK_THROWS_AS(find_crossovers(s, synthetic_model()), InputError);
  s = study();
  s.rates = {"33G"};
  CHECK_THROWS_AS(find_crossovers(s, synthetic_model()), InputError);
}

TEST_CASE("the crossover table says which family closes nowhere", "[crossover]") {
  // A rate where no optics closes (copper wins to the end) and one where nothing closes at all
  // (the default study's 400G: optics has no PMD there and copper fails at search_min).
  CrossoverStudy s;
  CrossoverRow copper_only;
  copper_only.rate = "400G";
  copper_only.copper_tech = "acc";
  copper_only.optical_tech = "none";
  copper_only.crossover_m = 1.48;
  CrossoverRow nothing = copper_only;
  nothing.copper_tech = "none";
  nothing.crossover_m = 0.05;
  nothing.bound = "below_min";
  std::ostringstream a, b;
  print_crossover_table(a, s, {copper_only});
  print_crossover_table(b, s, {nothing});
  CHECK_THAT(a.str(), Catch::Contains("(no optics closes there)"));
  CHECK_THAT(b.str(), Catch::Contains("<0.05") &&
                          Catch::Contains("(neither copper nor optics closes there)"));
}

TEST_CASE("a crossover at the copper's catalog length_max is flagged, not taken as physics",
          "[crossover]") {
  // dac's range ends at 3 m (in_range false beyond, as engine_model reports a length above
  // length_max), inside its 4 m reach at 25G: the flip at 3 m is the catalog's, and the
  // sensitivity must not rank it. At 200G the reach (0.485 m) ends first: no clip.
  auto s = study();
  s.rates = {"25G", "200G"};
  s.copper = {"dac"};
  CrossoverModel m = synthetic_model(1.0);
  const auto point = m.point;
  m.point = [point](const TechQuery &q) {
    if (q.tech == "dac" && q.length_m > 3.0) {
      TechPoint p;
      p.in_range = false;
      return p;
    }
    return point(q);
  };
  const auto rows = find_crossovers(s, m, 1);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].bound == "copper_length_max");
  CHECK(rows[0].crossover_m <= 3.0); // lo of the bracket, within the 0.5 % tolerance
  CHECK(rows[0].crossover_m >= 3.0 / (1 + s.tolerance));
  CHECK(rows[1].bound.empty());
  CHECK(rows[1].crossover_m == Approx(reach_m(212.5, 1.0)).epsilon(0.006));
  // A knob that moves the reach leaves the clipped 25G row without a relative change.
  s.sensitivity = {{"ber_target", {"1e-12"}, "test"}};
  const auto sens = crossover_sensitivity(s, m, rows, 1);
  REQUIRE(sens.size() == 2);
  CHECK(sens[0].bound == "copper_length_max");
  CHECK(std::isnan(sens[0].change_pct));
  CHECK(sens[1].change_pct == Approx(30).margin(1.0)); // 200G: +30 % reach, unclipped
  std::ostringstream t;
  print_crossover_table(t, s, rows);
  CHECK_THAT(t.str(),
             Catch::Contains("catalog length_max") && Catch::Contains("copper: dac; optical: pcb"));
}
