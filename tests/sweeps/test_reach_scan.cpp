// find_reach when length_min does not close (issue 6): a coarse log-spaced scan of
// length_min..length_max, then bisection from the longest closing sample (link_eval.hpp).
#include <linkphy/sweeps/link_eval.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

using namespace linkphy::sweeps;

namespace {
// The scan grid of find_reach: 12 lengths log-spaced over the backplane entry's 0.01..2 m.
double grid_m(int k) { return 0.01 * std::pow(200.0, k / 11.0); }
} // namespace

TEST_CASE("reach: a channel that fails short and closes longer is scanned, not reported as 0",
          "[technology][reach]") {
  // Backplane 100G with the old lumped 0.2 nH / 0.1 pF connectors (a 45-ohm discontinuity in the
  // 100-ohm channel): short lines do not damp its reflections, so COM is not monotone in length.
  // Measured (statistical): COM 1.34 dB at 0.01 m, 2.47 at 0.18 m, 2.99 at 0.29 m, 3.15 at
  // 0.47 m, 2.53 at 0.77 m, -1.67 at 1.24 m. With com_min 2.5 dB the scan samples 0.29, 0.47 and
  // 0.77 m close; the reach lies between 0.763 m (grid_m(9)) and 1.235 m (grid_m(10)).
  LinkRequest q;
  q.tech = "backplane";
  q.rate = "100G";
  q.fidelity = Fidelity::statistical;
  q.sets = {"connector=connector:l=0.2nH,c=0.1pF,diff=true", "com_min=2.5dB"};
  const double tol_m = 0.02;
  const ReachResult r = find_reach(q, tol_m);
  std::printf("backplane 100G, 45-ohm connectors, com_min 2.5 dB: reach %.3f m, COM %.2f dB, "
              "%d evaluations\n",
              r.length_m, r.at_reach.com_db.value_or(-99), r.evaluations);
  CHECK_FALSE(r.closes_at_min);
  CHECK_FALSE(r.closes_at_max);
  CHECK(r.length_m >= grid_m(9));
  CHECK(r.length_m < grid_m(10));
  CHECK(r.at_reach.summary.feasible);
  CHECK(r.at_reach.request.length_m == Approx(r.length_m).margin(1e-12));
  // Evaluation count: 12 scan points + bisection of a 0.47 m interval to 2 cm (5 halvings).
  CHECK(r.evaluations <= 12 + 5);
  // The bisection stops within the tolerance: two tolerances further does not close.
  LinkRequest beyond = q;
  beyond.length_m = r.length_m + 2 * tol_m;
  CHECK_FALSE(evaluate_link(beyond).summary.feasible);
}

TEST_CASE("reach: nothing closes anywhere gives 0 after the 12-point scan", "[technology][reach]") {
  // A COM requirement no backplane meets (analytic tier: the SNR margin over DER_0, at most
  // ≈ 7.8 dB here at 100G) makes every length fail.
  LinkRequest q;
  q.tech = "backplane";
  q.rate = "100G";
  q.fidelity = Fidelity::analytic;
  q.sets = {"com_min=20dB"};
  const ReachResult r = find_reach(q, 0.01);
  CHECK(r.length_m == 0);
  CHECK_FALSE(r.closes_at_min);
  CHECK_FALSE(r.closes_at_max);
  CHECK(r.evaluations == 12);
  CHECK_FALSE(r.at_reach.summary.feasible);
  CHECK(r.at_reach.request.length_m == Approx(0.01)); // the report at length_min
}

TEST_CASE("reach: a channel that closes at length_min is bisected as before",
          "[technology][reach]") {
  // The catalog backplane (90-ohm connector sections) closes at 1 cm; the reach is found by
  // bisection of 0.01..2 m alone: 2 end points + ceil(log2(1.99 m / 1 cm)) = 8 halvings.
  LinkRequest q;
  q.tech = "backplane";
  q.rate = "100G";
  q.fidelity = Fidelity::analytic;
  const ReachResult r = find_reach(q, 0.01);
  CHECK(r.closes_at_min);
  CHECK(r.length_m > 0.01);
  CHECK(r.evaluations <= 2 + 8);
}
