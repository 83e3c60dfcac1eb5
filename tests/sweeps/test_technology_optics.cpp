// Technologies with optics (DSP pluggables, AOC, LPO, LRO, CPO) and the catalog as a whole:
// structure, the optical hop against its closed form, lane-rate checks, bad input.
#include <catch2/catch.hpp>

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {
LinkReport run(const std::string &tech, double length_m, const std::string &rate,
               Fidelity fid = Fidelity::analytic, std::vector<std::string> sets = {}) {
  LinkRequest q;
  q.tech = tech;
  q.length_m = length_m;
  q.rate = rate;
  q.fidelity = fid;
  q.sets = std::move(sets);
  return evaluate_link(q);
}
} // namespace

TEST_CASE("every technology of issue 6 is in the catalog with its family and module",
          "[technology][catalog]") {
  // The module builds named in issue 6's brief (the plan helper's modules.toml).
  const std::map<std::string, std::string> modules{{"dac", "dac_800g"},
                                                   {"acc", "acc_800g"},
                                                   {"aec", "aec_800g"},
                                                   {"dsp-sr", "dsp_800g_sr8"},
                                                   {"dsp-dr", "dsp_800g_dr8"},
                                                   {"dsp-fr", "dsp_800g_fr4"},
                                                   {"dsp-lr", "dsp_800g_lr4"},
                                                   {"aoc", "aoc_800g_sr8"},
                                                   {"lpo", "lpo_800g_dr8"},
                                                   {"lro", "lro_800g_dr8"},
                                                   {"cpo", "cpo_800g"},
                                                   {"d2d", "d2d_ucie_800g"},
                                                   {"pcb", ""},
                                                   {"backplane", ""}};
  for (const auto &[name, module] : modules) {
    INFO(name);
    const Technology t = make_technology(name, 1.0);
    CHECK(t.module == module);
    CHECK(!t.source.empty());
    const bool optical = name.rfind("dsp-", 0) == 0 || name == "aoc" || name == "lpo" ||
                         name == "lro" || name == "cpo";
    CHECK(t.family == (optical ? "optical" : "copper"));
    CHECK(technology_family(name) == t.family);
    CHECK(t.com_min_db == 3);
  }
  CHECK_THROWS_WITH(technology_family("nope"), Catch::Contains("dac"));
}

TEST_CASE("hop kinds: DSP modules are 3 retimed hops, LPO one linear hop, AEC 3 copper hops",
          "[technology][catalog]") {
  const Technology dr = make_technology("dsp-dr", 300);
  REQUIRE(dr.hops.size() == 3);
  CHECK(dr.hops[0].kind == HopKind::electrical);
  CHECK(dr.hops[0].serdes == "vsr");
  CHECK(dr.hops[1].kind == HopKind::optical);
  REQUIRE(dr.hops[1].optical);
  CHECK(dr.hops[1].optical->length_m == Approx(300));
  CHECK(dr.pmds.at("100G") == "100gbase_dr");
  const Technology lpo = make_technology("lpo", 300);
  REQUIRE(lpo.hops.size() == 1);
  CHECK(lpo.hops[0].kind == HopKind::linear);
  CHECK(lpo.hops[0].serdes == "lr");
  CHECK(lpo.hops[0].stage_specs.size() == 4); // host trace + connector, both ends
  const Technology lro = make_technology("lro", 300);
  REQUIRE(lro.hops.size() == 2);
  CHECK(lro.hops[0].kind == HopKind::electrical);
  CHECK(lro.hops[1].kind == HopKind::linear);
  const Technology aec = make_technology("aec", 3);
  REQUIRE(aec.hops.size() == 3);
  CHECK(aec.hops[1].stage_specs.front().find("twinax:") == 0);
  CHECK(aec.hops[1].serdes == "lr");
  // Overridable key by key, as every technology.
  const Technology x = make_technology("dsp-dr", 300, {"extra_loss=1dB", "pmd_100G=100gbase_fr1"});
  CHECK(x.hops[1].optical->extra_loss_db == Approx(1));
  CHECK(x.pmds.at("100G") == "100gbase_fr1");
}

TEST_CASE("an optical hop is the PMD budget: margin → Q = Q_ref·10^(margin/10) → BER",
          "[technology][optics]") {
  const auto pmd = transceivers::find_pmd("100gbase_dr");
  for (double len : {100.0, 300.0, 500.0}) {
    const auto r = run("dsp-dr", len, "100G");
    REQUIRE(r.hops.size() == 3);
    const auto &h = r.hops[1];
    CHECK(h.kind == "optical");
    CHECK(h.pmd == "100gbase_dr");
    // IEEE 802.3cd Table 140-10: 6.5 dB budget − 3.4 dB penalties − (2.75 dB + 0.5 dB/km · L).
    const double margin = 6.5 - 3.4 - 2.75 - 0.5e-3 * len;
    REQUIRE(h.optical_margin_db);
    CHECK(*h.optical_margin_db == Approx(margin).margin(1e-9));
    CHECK(*h.optical_il_db == Approx(2.75 + 0.5e-3 * len).margin(1e-9));
    CHECK(h.il_nyquist_db == Approx(*h.optical_il_db));
    // Closed form: PAM4 Gray BER 0.75·Q(d/σ) with d/σ at 2.4e-4 scaled by 10^(margin/10).
    const double q_ref = d_over_sigma_for_ber(Modulation{4}, 2.4e-4);
    const double q = q_ref * std::pow(10.0, margin / 10);
    CHECK(h.ber == Approx(0.75 * 0.5 * std::erfc(q / std::sqrt(2.0))).epsilon(1e-9));
    CHECK(r.summary.feasible);
    std::printf("dsp-dr 100G %.0f m: optical IL %.2f dB, margin %.2f dB, BER %.3e\n", len,
                *h.optical_il_db, *h.optical_margin_db, h.ber);
  }
  // At zero margin the receiver is at its specified BER: 2.4e-4 (PAM4), 5e-5 (NRZ).
  const double m0 = 6.5 - 3.4 - 2.75 - 0.5e-3 * 300;
  const auto at0 =
      run("dsp-dr", 300, "100G", Fidelity::analytic, {"extra_loss=" + std::to_string(m0) + " dB"});
  CHECK(at0.hops[1].ber == Approx(2.4e-4).epsilon(1e-6));
  const auto sr25 = run("dsp-sr", 100, "25G");
  CHECK(*sr25.hops[1].optical_margin_db == Approx(8.2 - 6.3 - 1.5 - 0.35).margin(1e-9));
  CHECK(sr25.hops[1].ber == Approx(5e-5).epsilon(0.3)); // margin 0.05 dB: within 30 %
  CHECK(pmd.reach_m == 500);
}

TEST_CASE("optics beyond the PMD's reach or loss budget are not feasible, and say why",
          "[technology][optics]") {
  const auto beyond = run("dsp-dr", 600, "100G");
  CHECK_FALSE(beyond.summary.feasible);
  CHECK(beyond.limited_by == "pmd_reach");
  const auto lossy = run("dsp-dr", 300, "100G", Fidelity::analytic, {"extra_loss=2dB"});
  CHECK_FALSE(lossy.summary.feasible);
  CHECK(lossy.limited_by == "ber"); // margin −1.75 dB: the BER fails first
  // Reach of the DSP optics: each PMD's operating reach (the budget closes there).
  LinkRequest q;
  q.fidelity = Fidelity::analytic;
  q.rate = "100G";
  for (const auto &[tech, reach] : std::map<std::string, double>{
           {"dsp-sr", 100}, {"dsp-dr", 500}, {"dsp-fr", 2000}, {"dsp-lr", 10000}}) {
    q.tech = tech;
    const auto r = find_reach(q, 1.0);
    std::printf("%s 100G reach %.1f m (limited beyond by %s)\n", tech.c_str(), r.length_m,
                r.at_reach.limited_by.c_str());
    // Within 1 % below the PMD reach: the bisection tolerance and the KP4 pre-FEC target for
    // 1e-15 (the budget's zero-margin BER 2.4e-4 sits near it).
    CHECK(r.length_m <= reach);
    CHECK(r.length_m >= 0.9 * reach);
  }
}

TEST_CASE("LPO: electrical and optical noise add at the host slicer", "[technology][optics]") {
  const auto lpo = run("lpo", 300, "100G");
  REQUIRE(lpo.hops.size() == 1);
  const auto &h = lpo.hops[0];
  CHECK(h.kind == "linear");
  CHECK(h.serdes == "lr");
  // The same electrical stages alone (--channel) give SNR_elec; the DR optics alone SNR_opt.
  LinkRequest e;
  e.tech = "lpo";
  e.length_m = 300;
  e.rate = "100G";
  e.fidelity = Fidelity::analytic;
  e.channels = make_technology("lpo", 300).hops[0].stage_specs;
  const double snr_e = evaluate_link(e).hops[0].snr_db;
  const double snr_o = run("dsp-dr", 300, "100G").hops[1].snr_db;
  const double expect = -10 * std::log10(std::pow(10, -snr_e / 10) + std::pow(10, -snr_o / 10));
  CHECK(h.snr_db == Approx(expect).margin(1e-9));
  CHECK(h.snr_db < std::min(snr_e, snr_o));
  // The IEEE DR budget is worst case and leaves 0.35 dB at 0 m (6.5 − 3.4 − 2.75 dB): the host
  // channel's noise (≈ 0.7 dB here) does not fit, so LPO and LRO do not close at 100G on it
  // (docs/link.md). The optical hop of a DSP module at the same length does.
  CHECK_FALSE(lpo.summary.feasible);
  CHECK(lpo.limited_by == "ber");
  CHECK(h.ber > run("dsp-dr", 300, "100G").hops[1].ber);
  std::printf("lpo 100G 300 m: SNR_elec %.2f dB, SNR_opt %.2f dB, combined %.2f dB, BER %.3e\n",
              snr_e, snr_o, h.snr_db, h.ber);
}

TEST_CASE("every technology closes at a typical length (analytic)", "[technology][catalog]") {
  const std::map<std::string, double> typical{
      {"dac", 1},     {"acc", 2},      {"aec", 3},       {"aoc", 30},
      {"dsp-sr", 50}, {"dsp-dr", 300}, {"dsp-fr", 1000}, {"dsp-lr", 5000},
      {"cpo", 300},   {"d2d", 0.01},   {"pcb", 0.1},     {"backplane", 0.3}};
  for (const auto &[tech, len] : typical) {
    INFO(tech);
    const auto r = run(tech, len, "100G");
    std::printf("%-9s 100G %8.3f m: margin %.2f dB, BER %.3e, limited by '%s'", tech.c_str(), len,
                r.summary.margin_db, r.summary.ber_pre_fec, r.limited_by.c_str());
    for (const auto &h : r.hops)
      if (h.optical_margin_db)
        std::printf(", optical margin %.2f dB", *h.optical_margin_db);
    std::printf("\n");
    CHECK(r.summary.feasible);
  }
}

TEST_CASE("lane rates: each technology runs its classes and refuses others in one clear line",
          "[technology][rates]") {
  CHECK(make_technology("dsp-sr", 1).rates == std::vector<std::string>{"25G", "50G", "100G"});
  CHECK(make_technology("dac", 1).rates.size() == 5);
  try {
    run("dsp-sr", 50, "400G");
    FAIL("dsp-sr ran 400G");
  } catch (const InputError &e) {
    CHECK(std::string(e.what()) ==
          "LinkRequest.rate: technology 'dsp-sr' cannot run 400G (it runs 25G, 50G, 100G)");
  }
  CHECK_THROWS_WITH(run("lpo", 100, "25G"), Catch::Contains("cannot run 25G"));
  CHECK_THROWS_WITH(run("dac", 1, "100G", Fidelity::analytic, {"rates=25G,50G"}),
                    Catch::Contains("cannot run 100G (it runs 25G, 50G)"));
  CHECK_THROWS_WITH(run("nope", 1, "100G"), Catch::Contains("unknown technology 'nope'"));
  // An explicit rate: the class of the same line rate, else refused by optics.
  LinkRequest q;
  q.tech = "dsp-dr";
  q.length_m = 100;
  q.rate = "106.25 Gb/s";
  q.modulation = "PAM4";
  q.fidelity = Fidelity::analytic;
  CHECK(evaluate_link(q).rate_class == "100G");
  q.rate = "120 Gb/s";
  CHECK_THROWS_WITH(evaluate_link(q), Catch::Contains("cannot run 120 Gb/s"));
  q.tech = "pcb";
  q.length_m = 0.1;
  CHECK(evaluate_link(q).rate_class.empty()); // copper without a rate list takes any rate
  // Every class each technology claims evaluates (analytic, a short length).
  for (const auto &name : technology_names()) {
    const Technology t = make_technology(name, 1);
    for (const auto &rc : t.rates) {
      INFO(name << " " << rc);
      CHECK_NOTHROW(run(name, t.length_min_m, rc));
    }
  }
}

TEST_CASE("optical stage and tech keys: bad input is one clear line", "[technology][rates]") {
  CHECK_THROWS_WITH(make_technology("dsp-dr", 100, {"extra_loss=-1dB"}),
                    Catch::Contains("extra_loss"));
  CHECK_THROWS_WITH(make_technology("dsp-dr", 100, {"com_min=50dB"}), Catch::Contains("com_min"));
  CHECK_THROWS_WITH(make_technology("dsp-dr", 100, {"rates=100G,300G"}), Catch::Contains("300G"));
  CHECK_THROWS_WITH(make_technology("dsp-sr", 100, {"rates=200G"}),
                    Catch::Contains("no key pmd_200G"));
  CHECK_THROWS_WITH(run("dsp-dr", 100, "100G", Fidelity::analytic, {"pmd_100G=100gbase_zz"}),
                    Catch::Contains("unknown IEEE PMD '100gbase_zz'"));
}
