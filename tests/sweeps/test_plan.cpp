// The plan roll-up (plan.hpp): reading plan files, length distributions, technology choice,
// module pooling, the per-(technology, rate) cache, and roll-up arithmetic against direct
// technology_power evaluations.
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/plan.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include <string>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {

Plan plan_of(const std::string &text) { return parse_plan(text, "test.toml"); }

const PlanOption &option(const PlanGroupResult &g, const std::string &tech) {
  for (const auto &o : g.options)
    if (o.tech == tech)
      return o;
  FAIL("no option " << tech);
  return g.options.front();
}

// The error parse_plan gives `text` (as file bad.toml), or "accepted".
std::string message(const std::string &text) {
  try {
    (void)parse_plan(text, "bad.toml");
  } catch (const InputError &e) {
    return std::string(e.what());
  }
  return std::string("accepted");
}
} // namespace

TEST_CASE("plan files: lengths and distributions and defaults", "[plan]") {
  const Plan p = plan_of(R"(
[[group]]
name = "a"
count = 10
lanes = 4
rate = "100G"
length = "2 m"
techs = ["dac"]

[[group]]
count = 7
lanes = 1
rate = "50G"
length_min = "1 m"
length_max = "3 m"
techs = ["dac", "pcb"]

[[group]]
count = 3
lanes = 2
rate = "200G"
lengths = ["1 m", "4 m"]
weights = [3, 1]
techs = ["backplane"]
)");
  REQUIRE(p.groups.size() == 3);
  CHECK(p.name == "test");
  CHECK(p.ambient_k == Approx(308.15));       // 35 °C default
  CHECK(p.fidelity == Fidelity::statistical); // the DESIGN.md default tier
  CHECK(p.groups[0].max_length_m() == 2.0);
  CHECK(p.groups[1].name == "group2");
  CHECK(p.groups[1].uniform);
  CHECK(p.groups[1].max_length_m() == 3.0);
  CHECK(p.groups[1].mean_length_m() == Approx(2.0));
  CHECK(p.groups[1].lane.line_rate_bps == Approx(53.125e9));
  // Weights are normalised: 3:1 → 0.75/0.25, mean 0.75·1 + 0.25·4 = 1.75 m.
  CHECK(p.groups[2].weights[0] == Approx(0.75));
  CHECK(p.groups[2].mean_length_m() == Approx(1.75));
  CHECK(p.groups[2].max_length_m() == 4.0);
}

TEST_CASE("plan files: bad input names the key and its line", "[plan]") {
  const std::string head = "[[group]]\ncount = 2\nlanes = 1\nrate = \"100G\"\n";
  CHECK(message(head + "techs = [\"dac\"]\n").find("exactly one of") != std::string::npos);
  CHECK(message(head + "techs = [\"dac\"]\nlength = \"1 m\"\nlengths = [\"2 m\"]\n")
            .find("exactly one of") != std::string::npos);
  CHECK(message(head + "techs = [\"dac\"]\nlength_min = \"1 m\"\n").find("length_max") !=
        std::string::npos);
  CHECK(message(head + "techs = [\"dac\"]\nlength_min = \"3 m\"\nlength_max = \"1 m\"\n")
            .find("bad.toml:7: key 'length_max'") != std::string::npos);
  CHECK(message(head + "techs = [\"dac\"]\nlengths = [\"1 m\"]\nweights = [1, 2]\n")
            .find("bad.toml:7: key 'weights'") != std::string::npos);
  CHECK(message(head + "techs = [\"dac\"]\nlengths = [\"1 m\"]\nweights = [0]\n")
            .find("weights must be > 0") != std::string::npos);
  CHECK(message(head + "length = \"1 m\"\n").find("needs key 'techs'") != std::string::npos);
  CHECK(message("[[group]]\nlanes = 1\nrate = \"100G\"\nlength = \"1 m\"\ntechs = [\"dac\"]\n")
            .find("needs key 'count'") != std::string::npos);
  CHECK(message(head + "techs = []\nlength = \"1 m\"\n").find("at least one technology") !=
        std::string::npos);
  CHECK(message("ambient = \"900 K\"\n" + head + "techs = [\"dac\"]\nlength = \"1 m\"\n")
            .find("bad.toml:1: key 'ambient'") != std::string::npos);
  CHECK(message("fidelity = \"exact\"\n" + head + "techs = [\"dac\"]\nlength = \"1 m\"\n")
            .find("bad.toml:1: key 'fidelity'") != std::string::npos);
  CHECK(message("group = 3\n").find("[[group]]") != std::string::npos);
  CHECK(message("[[group]\n").find("bad.toml:1") != std::string::npos); // malformed TOML
}

TEST_CASE("plan files: a group name is unique, printable and not blank", "[plan]") {
  // Were accepted: two groups of one name (or a name that is another group's default groupN)
  // gave rows no reader could tell apart; a blank name gave rows of no name.
  auto group = [](const std::string &name_line) {
    return "[[group]]\n" + name_line + "count = 2\nlanes = 1\nrate = \"100G\"\nlength = \"1 m\"\n" +
           "techs = [\"dac\"]\n";
  };
  CHECK(message(group("name = \"a\"\n") + group("name = \"a\"\n")) ==
        "bad.toml:8: [[group]] 'a': the group at bad.toml:1 has that name too (a group without a "
        "name is groupN, N its place); accepted: a name no other group has");
  CHECK(message(group("name = \"group2\"\n") + group("")).find("bad.toml:8: [[group]] 'group2'") ==
        0);
  CHECK(message(group("name = \" \"\n")) ==
        "bad.toml:2: key 'name': is blank; accepted: a name of printable characters, not blank");
  CHECK(message(group("name = \"a\\nb\"\n"))
            .find("bad.toml:2: key 'name': holds a control "
                  "character") == 0);
  CHECK(message(group("name = \"a\"\n") + group("name = \"b\"\n") + group("")) == "accepted");
}

TEST_CASE("plan roll-up: choice and pooling and totals and the cache", "[plan]") {
  const Plan p = plan_of(R"(
fidelity = "analytic"
alternatives = ["backplane"]

[[group]]
name = "short"
count = 100
lanes = 4
rate = "100G"
length = "0.05 m"
techs = ["pcb", "dac"]

[[group]]
name = "long"
count = 30
lanes = 3
rate = "100G"
length = "20 m"
techs = ["dac", "pcb"]
)");
  std::map<std::string, TechRateFigures> cache;
  const PlanResult r = evaluate_plan(p, &cache);
  // Three technologies considered, one rate: three reach searches, shared by both groups.
  CHECK(cache.size() == 3);
  REQUIRE(r.groups.size() == 2);
  CHECK(r.links == 130);
  CHECK(r.lanes == 100 * 4 + 30 * 3);
  // Alternatives first, then the groups' techs in order of appearance; every group sees all.
  REQUIRE(r.alternatives.size() == 3);
  CHECK(r.alternatives[0].tech == "backplane");
  CHECK(r.alternatives[1].tech == "pcb");
  CHECK(r.alternatives[2].tech == "dac");
  for (const auto &g : r.groups)
    CHECK(g.options.size() == 3);

  // Short group: PCB closes at 5 cm and draws less than a DAC (VSR vs LR/MR SerDes, no cable).
  const auto &s = r.groups[0];
  REQUIRE(s.chosen >= 0);
  CHECK(s.options[static_cast<std::size_t>(s.chosen)].tech == "pcb");
  CHECK(option(s, "pcb").power_w < option(s, "dac").power_w);
  CHECK(option(s, "backplane").allowed == false);
  // Long group: nothing allowed closes at 20 m (beyond both technologies' length_max).
  const auto &l = r.groups[1];
  CHECK(l.chosen == -1);
  CHECK_FALSE(option(l, "dac").closes);
  CHECK_FALSE(r.chosen.closes);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].find("'long'") != std::string::npos);
  CHECK(r.warnings[0].find("no allowed technology closes at 20 m") != std::string::npos);

  // Pooled modules: 30 links × 3 lanes = 90 lanes over 8-lane DAC ends → 12 per end.
  CHECK(option(l, "dac").modules == 24);
  CHECK(option(l, "dac").cables == 12);
  CHECK(option(s, "pcb").modules == 0);

  // The roll-up equals direct technology_power evaluations of the same links: 100 links of 4
  // lanes at 5 cm on PCB = 100 × one link's power. Tolerance 0.1 %: the roll-up takes the IL as
  // affine in length (two evaluations); reflections between the sections bend it by ~1e-4.
  const auto one = technology_power("pcb", p.groups[0].lane, 4, 0.05, {}, p.ambient_k, std::nullopt,
                                    p.ambient_k); // the plan's channel temperature
  CHECK(option(s, "pcb").power_w == Approx(100 * one.power_w).epsilon(1e-3));
  // Totals of the chosen technologies: the short group only (the long one has none).
  CHECK(r.chosen.power_w == Approx(option(s, "pcb").power_w));
  // Each alternative sums its option over the groups.
  CHECK(r.alternatives[2].power_w == Approx(option(s, "dac").power_w + option(l, "dac").power_w));
  CHECK(r.alternatives[2].closes == false);

  // A second evaluation with the same cache adds nothing to it.
  (void)evaluate_plan(p, &cache);
  CHECK(cache.size() == 3);
}

TEST_CASE("plan roll-up: a uniform length distribution averages the host SerDes power", "[plan]") {
  // The DAC's host SerDes power grows linearly with the channel loss, itself linear in length:
  // a uniform 0.5–1.5 m group draws what a 1 m group draws (to the strata's resolution).
  const Plan p = plan_of(R"(
fidelity = "analytic"
[[group]]
count = 500
lanes = 8
rate = "100G"
length_min = "0.5 m"
length_max = "1.5 m"
techs = ["dac"]

[[group]]
count = 500
lanes = 8
rate = "100G"
length = "1 m"
techs = ["dac"]
)");
  const PlanResult r = evaluate_plan(p);
  const double uniform_w = r.groups[0].options[0].host_serdes_w;
  const double fixed_w = r.groups[1].options[0].host_serdes_w;
  // Tolerance 0.1 %: the IL is affine in length (up to ~1e-4 from reflections), the SerDes law
  // affine in the IL; the 500 strata midpoints average an affine function exactly.
  CHECK(uniform_w == Approx(fixed_w).epsilon(1e-3));
  // Longer links draw more; and the IL line through the two evaluated lengths gives a direct
  // evaluation at 1 m to 0.1 % (tolerance as above).
  const TechRateFigures f = tech_rate_figures("dac", p.groups[0], p);
  CHECK(f.host_lane_w(1.5) > f.host_lane_w(0.5));
  const auto direct = technology_power("dac", p.groups[0].lane, 8, 1.0, {}, p.ambient_k,
                                       std::nullopt, p.ambient_k); // the plan's channel temp.
  CHECK(f.host_lane_w(1.0) == Approx(direct.host_serdes_lane_w).epsilon(1e-3));
}

TEST_CASE("plan roll-up: a passive DAC group's heat equals its drawn power", "[plan][heat]") {
  // Energy conservation, as technology_power: the signal the host SerDes launch and the cable
  // absorbs is in the modules' heat, so the host's heat is its draw less that signal; Σ heat =
  // Σ power to rounding (1e-9 relative: sums of ~10^3 terms). Before, it was counted twice
  // (the 72-GPU rack plan read 5.879 kW heat for 5.875 kW drawn). An optical group's heat stays
  // below its power (its light leaves the module).
  const Plan p = plan_of(R"(
fidelity = "analytic"
[[group]]
count = 100
lanes = 8
rate = "100G"
length = "1 m"
techs = ["dac", "dsp-dr"]
)");
  const PlanResult r = evaluate_plan(p);
  const PlanOption &dac = option(r.groups[0], "dac");
  const TechRateFigures f = tech_rate_figures("dac", p.groups[0], p);
  INFO("dac: power " << dac.power_w << " W, heat " << dac.heat_w << " W");
  CHECK(f.module_cable_heat_w > 0);
  CHECK(dac.heat_w == Approx(dac.power_w).epsilon(1e-9));
  const PlanOption &dsp = option(r.groups[0], "dsp-dr");
  CHECK(dsp.heat_w < dsp.power_w);
}

TEST_CASE("plan set: applied to each technology that has the key, an error if none has it",
          "[plan]") {
  // docs/plan.md's example: awg=28 reaches the group's dac and is skipped for the forced optics
  // (which have no awg), as a crossover study's sets are.
  const std::string text = R"(
fidelity = "analytic"
alternatives = ["dsp-dr", "dac"]

[[group]]
count = 10
lanes = 2
rate = "100G"
length = "1 m"
techs = ["dac"]
set = ["awg=28"]
)";
  const PlanResult r = evaluate_plan(plan_of(text));
  const PlanResult r26 = evaluate_plan(plan_of(text.substr(0, text.find("set = ["))));
  REQUIRE(r.groups.size() == 1);
  CHECK(option(r.groups[0], "dsp-dr").runs);
  // The thinner cable is lossier: shorter DAC reach than with the catalog's 26 AWG.
  CHECK(option(r.groups[0], "dac").reach_m < option(r26.groups[0], "dac").reach_m);
  std::string bad = text;
  bad.replace(bad.find("awg=28"), 6, "awh=28");
  try {
    (void)evaluate_plan(plan_of(bad));
    FAIL("accepted a set no technology has");
  } catch (const InputError &e) {
    CHECK(std::string(e.what()).find("test.toml:11: key 'set'") != std::string::npos);
    CHECK(std::string(e.what()).find("'awh=28' fits none of the technologies (dsp-dr, dac)") !=
          std::string::npos);
  }
}

TEST_CASE("plan power: the host SerDes equalises the channel at the plan's ambient, as link does",
          "[plan]") {
  // The reach search runs the channel stages at the plan's ambient; the DAC host SerDes power,
  // which follows the channel IL, must too: a 70 °C plan's link draws what `linkphy link
  // --temperature 70degC --ambient 70degC` draws. 1.1 m is the roll-up's second IL anchor
  // (length_min + 1 m), so the affine IL is exact there: tolerance 1e-9 (rounding). With the
  // channel at 25 °C (before the fix) the roll-up read 8.437 W against the link's 8.495 W.
  const Plan p = plan_of(R"(
ambient = "70 degC"
fidelity = "analytic"
[[group]]
count = 1
lanes = 8
rate = "100G"
length = "1.1 m"
techs = ["dac"]
)");
  const PlanResult r = evaluate_plan(p);
  LinkRequest q;
  q.tech = "dac";
  q.rate = "100G";
  q.length_m = 1.1;
  q.fidelity = Fidelity::analytic;
  q.temperature_k = p.ambient_k;
  q.ambient_k = p.ambient_k;
  q.lanes = 8;
  const LinkReport link = evaluate_link(q);
  REQUIRE(link.power);
  CHECK(option(r.groups[0], "dac").power_w == Approx(link.power->power_w).epsilon(1e-9));
}

TEST_CASE("plan roll-up: a shared cache keeps BER targets apart", "[plan]") {
  // The per-(technology, rate) cache key held the BER target as std::to_string (6 decimals), so
  // 1e-15 and 1e-12 were the same key and a cache shared by two plans gave the second plan the
  // first one's reach.
  Plan p = plan_of(R"(
fidelity = "analytic"

[[group]]
name = "g"
count = 10
lanes = 4
rate = "100G"
length = "1 m"
techs = ["dac"]
)");
  std::map<std::string, TechRateFigures> cache;
  (void)evaluate_plan(p, &cache);
  const std::size_t one = cache.size();
  p.ber_target = 1e-12;
  (void)evaluate_plan(p, &cache);
  CHECK(cache.size() == 2 * one);
}
