// The analytic tier's cable NEXT (analytic_snr.hpp crosstalk; link_eval.cpp analytic_crosstalk):
// the statistical tier's NEXT aggressor as noise in the Salz MMSE-DFE integral.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>

#include <string>

using namespace linkphy::sweeps;

namespace {

double snr_db(const std::string &rate, double length_m, Fidelity fid, bool next) {
  LinkRequest q;
  q.tech = "dac";
  q.rate = rate;
  q.length_m = length_m;
  q.fidelity = fid;
  q.with_power = false;
  if (!next)
    q.sets.push_back("next_icn=0mV");
  return evaluate_link(q).hops.at(0).snr_db;
}

} // namespace

TEST_CASE("analytic tier: cable NEXT costs SNR, at most what it costs the COM receiver",
          "[analytic][crosstalk][link]") {
  // The Salz bound whitens the NEXT (it rises with f where the thru falls), which a COM receiver
  // (CTLE, finite FFE/DFE, crosstalk at its worst phase, 93A-44) cannot: the analytic drop must
  // be positive and no larger than the statistical one. Measured 2026-12-03 (dB, analytic /
  // statistical): 100G 3 m 1.31 / 4.88, 200G 1 m 2.30 / 6.50, 200G 2 m 4.47 / 9.58.
  struct Case {
    std::string rate;
    double length_m;
  };
  double drop_200g_1m = 0;
  for (const Case &c : {Case{"100G", 3.0}, Case{"200G", 1.0}, Case{"200G", 2.0}}) {
    const double a_drop = snr_db(c.rate, c.length_m, Fidelity::analytic, false) -
                          snr_db(c.rate, c.length_m, Fidelity::analytic, true);
    const double s_drop = snr_db(c.rate, c.length_m, Fidelity::statistical, false) -
                          snr_db(c.rate, c.length_m, Fidelity::statistical, true);
    INFO(c.rate << " " << c.length_m << " m: NEXT costs " << a_drop << " dB (analytic), " << s_drop
                << " dB (statistical)");
    CHECK(a_drop > 0.3);
    CHECK(a_drop < s_drop);
    if (c.rate == "200G" && c.length_m == 1.0)
      drop_200g_1m = a_drop;
    if (c.rate == "200G" && c.length_m == 2.0) // a longer cable: less thru, the same NEXT
      CHECK(a_drop > drop_200g_1m);
  }
}
