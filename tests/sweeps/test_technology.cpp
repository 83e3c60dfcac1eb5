// Technologies, link evaluation and reach: structure, overrides, physical trends, bad input.
#include <catch2/catch.hpp>

#include <algorithm>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <cstdio>

using namespace linkphy;
using namespace linkphy::sweeps;

TEST_CASE("the dac technology is host + connector + paddle card + twinax of the link length + "
          "paddle card + connector + host",
          "[technology]") {
  const Technology t = make_technology("dac", 2.0);
  REQUIRE(t.hops.size() == 1);
  REQUIRE(t.hops[0].stage_specs.size() == 7);
  CHECK(t.hops[0].stage_specs[3].find("twinax:") == 0);
  CHECK(t.hops[0].stage_specs[3].find("length=2 m") != std::string::npos);
  CHECK(t.hops[0].stage_specs[2].find("length=12 mm") != std::string::npos); // paddle card
  CHECK(t.hops[0].stage_specs[4].find("length=12 mm") != std::string::npos);
  // The mated connectors: the backplane's 90-ohm 50 ps section, one per end.
  for (std::size_t k : {1u, 5u}) {
    CHECK(t.hops[0].stage_specs[k].find("annex93a:length=8.6 mm") == 0);
    CHECK(t.hops[0].stage_specs[k].find("zc=90 ohm") != std::string::npos);
  }
  CHECK(t.hops[0].serdes == "mr");
  const Technology o = make_technology("dac", 2.0, {"host_length=6in", "serdes=lr", "awg=30"});
  CHECK(o.hops[0].stage_specs[0].find("length=6in") != std::string::npos);
  CHECK(o.hops[0].stage_specs[3].find("awg=30") != std::string::npos);
  // Per lane-rate class the host is that generation's IEEE COM host board (host_25G …) …
  const Technology r25 = make_technology("dac", 2.0, {}, "25G");
  CHECK(r25.hops[0].stage_specs[0].find("annex93a:length=151mm") == 0);
  CHECK(r25.hops[0].stage_specs[6].find("annex93a:length=151mm") == 0);
  CHECK(make_technology("dac", 2.0, {}, "100G").hops[0].stage_specs[0].find("length=110.3mm") !=
        std::string::npos);
  // … a rate without one keeps the default host, and an explicit set of the key wins.
  CHECK(make_technology("dac", 2.0, {}, "200G").hops[0].stage_specs[0].find("stripline:") == 0);
  const Technology u = make_technology("dac", 2.0,
                                       {"host=stripline:material=megtron7,width=5mil,"
                                        "spacing=8mil,height=5mil,length=2in"},
                                       "25G");
  CHECK(u.hops[0].stage_specs[0].find("length=2in") != std::string::npos);
  CHECK(o.hops[0].serdes == "lr");
  const Technology s = make_technology("dac", 1.0, {"serdes.dfe_taps=3"});
  CHECK(s.serdes_overrides.text("dfe_taps") == "3");
}

TEST_CASE("a set key nothing uses at the link's rate is reported", "[technology]") {
  // host_length feeds `host`, which host_100G replaces at 100G: the set had no effect there.
  const Technology t100 = make_technology("dac", 2.0, {"host_length=3in"}, "100G");
  REQUIRE(t100.warnings.size() == 1);
  CHECK(t100.warnings[0].find("'host_length=3in' has no effect at 100G") != std::string::npos);
  CHECK(make_technology("dac", 2.0, {"host_length=3in"}, "200G").warnings.empty()); // used
  CHECK(make_technology("dac", 2.0, {"awg=28"}, "100G").warnings.empty());
  LinkRequest q;
  q.tech = "dac";
  q.rate = "100G";
  q.length_m = 2;
  q.fidelity = Fidelity::analytic;
  q.sets = {"host_length=3in"};
  const auto rep = evaluate_link(q);
  CHECK(std::any_of(rep.warnings.begin(), rep.warnings.end(), [](const std::string &w) {
    return w.find("host_length") != std::string::npos;
  }));
}

TEST_CASE("the copper technologies take their cable from one key", "[technology]") {
  // `cable` (dac, acc, aec) is the stage of the link length: by default the catalog twinax of
  // `awg`; overridden, any channel stage (a rougher or measured cable) in the same place.
  for (const char *tech : {"dac", "acc", "aec"}) {
    const Technology d = make_technology(tech, 2.0, {"awg=28"});
    const Technology c = make_technology(
        tech, 2.0, {"cable=twinax:awg=26,length={length},roughness=hammerstad,rms=0.3um"});
    const std::size_t hop = std::string(tech) == "aec" ? 1 : 0;
    const auto has = [&](const Technology &t, const std::string &spec) {
      const auto &st = t.hops[hop].stage_specs;
      return std::find(st.begin(), st.end(), spec) != st.end();
    };
    CHECK(has(d, "twinax:awg=28,length=2 m"));
    CHECK(has(c, "twinax:awg=26,length=2 m,roughness=hammerstad,rms=0.3um"));
    CHECK(c.hops[hop].stage_specs.size() == d.hops[hop].stage_specs.size());
  }
}

TEST_CASE("technology and SerDes bad input gives one clear line", "[technology]") {
  CHECK_THROWS_WITH(make_technology("nope", 1.0), Catch::Contains("dac"));
  CHECK_THROWS_WITH(make_technology("dac", 1.0, {"colour=red"}), Catch::Contains("host_length"));
  CHECK_THROWS_WITH(make_technology("dac", 1.0, {"novalue"}), Catch::Contains("key=value"));
  // The cable-NEXT coupled delay: a time with its unit, 0 to 1 ns.
  CHECK(make_technology("dac", 1.0, {"next_delay=50ps"}).next_delay_s == Approx(50e-12));
  CHECK(make_technology("dac", 1.0).next_delay_s == 0);
  CHECK_THROWS_WITH(make_technology("dac", 1.0, {"next_delay=50"}),
                    Catch::Contains("next_delay") && Catch::Contains("no unit"));
  CHECK_THROWS_WITH(make_technology("dac", 1.0, {"next_delay=-5ps"}),
                    Catch::Contains("next_delay") && Catch::Contains("0 s to 1 ns"));
  CHECK_THROWS_WITH(make_technology("dac", 1.0, {"next_delay=2ns"}),
                    Catch::Contains("next_delay") && Catch::Contains("0 s to 1 ns"));
  ParamSet taps("--set");
  taps.set("dfe_taps", "99");
  CHECK_THROWS_AS(transceivers::find_serdes("lr", taps), InputError); // taps out of range
  CHECK_THROWS_WITH(transceivers::find_serdes("hyper"), Catch::Contains("lr"));
  ParamSet search("--set");
  search.set("eq_search", "fast");
  CHECK_THROWS_WITH(transceivers::find_serdes("mr", search),
                    Catch::Contains("eq_search") && Catch::Contains("'exhaustive' or 'local'"));
}

TEST_CASE("a hop past its equaliser says the exhaustive search chose its setting",
          "[technology][link]") {
  // Backplane 100G at 3 m (89 dB at Nyquist): the local search finds no valid setting and hands
  // over to the exhaustive one, which the hop reports instead of "local".
  LinkRequest q;
  q.tech = "backplane";
  q.rate = "100G";
  q.length_m = 3;
  q.fidelity = Fidelity::statistical;
  const auto far = evaluate_link(q);
  REQUIRE(far.hops.size() == 1);
  CHECK(far.hops[0].eq_search == "local, then exhaustive");
  CHECK(far.hops[0].eq_settings_evaluated > 600000);
  q.length_m = 0.5;
  CHECK(evaluate_link(q).hops[0].eq_search == "local");
}

TEST_CASE("the equaliser search is a SerDes key, reported per hop", "[technology][link]") {
  // Default: the local search, a small fraction of the settings. serdes.eq_search=exhaustive: the
  // Annex 93A search, which counts every setting of the 802.3ck CR grid (147 CTLE × 4,345 TX FFE
  // = 638,715 before the local search's own evaluations). On this hop the local search lands
  // within the 0.3 dB of figure of merit it was seen to miss by on DAC hops (com.hpp).
  LinkRequest q;
  q.tech = "dac";
  q.rate = "100G";
  q.length_m = 2;
  q.fidelity = Fidelity::statistical;
  const LinkReport lo = evaluate_link(q);
  q.sets = {"serdes.eq_search=exhaustive"};
  const LinkReport ex = evaluate_link(q);
  REQUIRE(ex.hops.size() == 1);
  REQUIRE(lo.hops.size() == 1);
  CHECK(ex.hops[0].eq_search == "exhaustive");
  CHECK(ex.hops[0].eq_settings_evaluated >= 147L * 4345L);
  CHECK(lo.hops[0].eq_search == "local");
  CHECK(lo.hops[0].eq_settings_evaluated < ex.hops[0].eq_settings_evaluated / 10);
  REQUIRE(ex.com_db);
  REQUIRE(lo.com_db);
  CHECK(*lo.com_db == Approx(*ex.com_db).margin(0.3));
  // Analytic hops search nothing and report no search.
  q.fidelity = Fidelity::analytic;
  CHECK(evaluate_link(q).hops[0].eq_search.empty());
}

TEST_CASE("SerDes classes scale the table's frequencies with the baud", "[technology]") {
  const auto lr = transceivers::find_serdes("lr");
  const auto s = transceivers::serdes_settings(lr, 106.25e9, 4);
  CHECK(s.f_b_hz == 106.25e9);
  CHECK(s.f_r_hz == Approx(lr.table.f_r_hz * 2));
  CHECK(s.f_p2_hz == Approx(lr.table.ctle.f_p2_hz * 2));
  const auto xsr = transceivers::find_serdes("xsr");
  CHECK(transceivers::serdes_settings(xsr, 53.125e9, 4).b_max.size() == 1);
}

TEST_CASE("a longer cable gives more loss and lower SNR at every fidelity", "[technology][link]") {
  for (Fidelity fid : {Fidelity::analytic, Fidelity::statistical}) {
    LinkRequest q;
    q.tech = "dac";
    q.rate = "100G";
    q.fidelity = fid;
    q.length_m = 1;
    const auto a = evaluate_link(q);
    q.length_m = 3;
    const auto b = evaluate_link(q);
    std::printf("%s: 1 m IL %.2f dB SNR %.2f dB BER %.3e | 3 m IL %.2f dB SNR %.2f dB BER %.3e\n",
                to_string(fid).c_str(), a.summary.il_nyquist_db, a.summary.snr_db,
                a.summary.ber_pre_fec, b.summary.il_nyquist_db, b.summary.snr_db,
                b.summary.ber_pre_fec);
    CHECK(b.summary.il_nyquist_db > a.summary.il_nyquist_db + 5);
    CHECK(b.summary.snr_db < a.summary.snr_db);
    CHECK(b.summary.ber_pre_fec >= a.summary.ber_pre_fec);
    if (fid == Fidelity::statistical) {
      REQUIRE(a.com_db);
      REQUIRE(a.eye_height_mv);
    }
  }
}

TEST_CASE("reach bisection: closes at the reach, not just beyond, and falls with rate",
          "[technology][reach]") {
  LinkRequest q;
  q.tech = "dac";
  q.fidelity = Fidelity::analytic;
  double last = 1e9;
  for (const char *rate : {"50G", "100G", "200G"}) {
    q.rate = rate;
    const auto r = find_reach(q, 0.01);
    std::printf("dac %s analytic reach %.3f m (%d evaluations)\n", rate, r.length_m, r.evaluations);
    CHECK(r.length_m <= last); // copper reach shrinks as the rate grows (DESIGN §7)
    last = r.length_m;
    if (r.length_m > 0 && !r.closes_at_max) {
      CHECK(r.at_reach.summary.feasible);
      LinkRequest beyond = q;
      beyond.length_m = r.length_m + 0.02; // two tolerances past the reach
      CHECK_FALSE(evaluate_link(beyond).summary.feasible);
    }
  }
  // A looser BER target never shortens the reach.
  q.rate = "100G";
  q.ber_target = 1e-15;
  const double tight = find_reach(q, 0.01).length_m;
  q.ber_target = 1e-9;
  CHECK(find_reach(q, 0.01).length_m >= tight);
}
