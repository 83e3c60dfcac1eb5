// Hops joined by retimers: BERs add, FEC end to end (closed forms of fec.hpp), margin.
#include <catch2/catch.hpp>

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/link.hpp>

#include <cmath>
#include <vector>

using namespace linkphy;

TEST_CASE("independent hop errors add and FEC is applied to the sum", "[link]") {
  const Modulation pam4{4};
  std::vector<HopSummary> hops{
      {"host", 5, 20, 1e-6}, {"cable", 20, 16, 1e-5}, {"host", 5, 20, 1e-6}};
  const auto s = combine_hops(hops, pam4, fec_kp4(), 1e-15);
  // 1 − Π(1 − p_i): 1.2e-5 minus products of order 1e-11 (relative 1e-6).
  CHECK(s.ber_pre_fec == Approx(1.2e-5).epsilon(1e-5));
  CHECK(s.ber_post_fec == Approx(post_fec_ber(fec_kp4(), s.ber_pre_fec)).epsilon(1e-12));
  CHECK(s.snr_db == 16);
  CHECK(s.il_nyquist_db == 20);
  CHECK(s.feasible == (s.ber_post_fec <= 1e-15));
  // Margin: worst hop SNR over the SNR that gives a third of KP4's pre-FEC threshold.
  const double pre = pre_fec_ber_for_post_fec_ber(fec_kp4(), 1e-15);
  CHECK(s.margin_db == Approx(16 - snr_db_for_ber(pam4, pre / 3)).margin(1e-9));
}

TEST_CASE("a single hop without FEC keeps its BER and its margin sign tells feasibility",
          "[link]") {
  const Modulation nrz{2};
  const double snr = snr_db_for_ber(nrz, 1e-13);
  std::vector<HopSummary> good{{"a", 10, snr + 1, pam_ber_from_snr_db(nrz, snr + 1)}};
  const auto g = combine_hops(good, nrz, fec_none(), 1e-12);
  CHECK(g.ber_post_fec == g.ber_pre_fec);
  CHECK(g.feasible);
  CHECK(g.margin_db > 0);
  std::vector<HopSummary> bad{{"a", 10, snr - 3, pam_ber_from_snr_db(nrz, snr - 3)}};
  const auto b = combine_hops(bad, nrz, fec_none(), 1e-12);
  CHECK_FALSE(b.feasible);
  CHECK(b.margin_db < 0);
}

TEST_CASE("link combination rejects bad input", "[link]") {
  std::vector<HopSummary> none;
  CHECK_THROWS_AS(combine_hops(none, Modulation{4}, fec_kp4(), 1e-15), InputError);
  std::vector<HopSummary> bad{{"a", 1, 1, 0.7}};
  CHECK_THROWS_AS(combine_hops(bad, Modulation{4}, fec_kp4(), 1e-15), InputError);
  std::vector<HopSummary> ok{{"a", 1, 1, 1e-3}};
  CHECK_THROWS_AS(combine_hops(ok, Modulation{4}, fec_kp4(), 0.0), InputError);
}
