// A channel beyond every equaliser setting of the receiver's COM table (Annex 93A.1.6: no setting
// gives a pulse with a zero crossing before its peak) is a link that does not close, reported by
// the link evaluator with a warning — not an error that stops a reach search or a sweep.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>

#include <algorithm>
#include <string>

using namespace linkphy::sweeps;

TEST_CASE("statistical link beyond the equaliser reports that it does not close", "[link][com]") {
  LinkRequest q;
  q.tech = "dac";
  q.rate = "200G";
  q.length_m = 10; // ≈ 86 dB at Nyquist: no 802.3df/dj CTLE/FFE setting opens it
  q.sets = {"length_max=12m"};
  q.fidelity = Fidelity::statistical;
  q.with_power = false;
  const LinkReport r = evaluate_link(q);
  CHECK_FALSE(r.summary.feasible);
  CHECK(r.limited_by == "ber");
  CHECK(r.summary.ber_pre_fec == 0.5);
  CHECK_FALSE(r.com_db.has_value());
  const bool warned = std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string &w) {
    return w.find("no equaliser setting") != std::string::npos;
  });
  CHECK(warned);
  // A length that closes stays unaffected (same request, 0.5 m).
  q.length_m = 0.5;
  CHECK(evaluate_link(q).summary.feasible);
}
