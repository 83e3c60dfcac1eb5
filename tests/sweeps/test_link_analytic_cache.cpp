// The analytic tier's plan cache (sweeps/src/link_analytic.cpp) against the full per-point
// evaluation (LinkRequest::analytic_cache = false) over lengths, rates and technologies.
#include "../../sweeps/src/link_internal.hpp"

#include <catch2/catch.hpp>

#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace linkphy;
using namespace linkphy::sweeps;

namespace {

LinkRequest request(const std::string &tech, const std::string &rate, double length_m) {
  LinkRequest q;
  q.tech = tech;
  q.rate = rate;
  q.length_m = length_m;
  q.fidelity = Fidelity::analytic;
  return q;
}

} // namespace

TEST_CASE("analytic plan: cached = full evaluation within the stated tolerance", "[analytic]") {
  // Tolerances: IL at Nyquist ≤ 1e-6 dB (the plan computes it exactly, an ABCD product per
  // stage at f_N: rounding only; measured ≤ 5e-10 dB) and SNR ≤ 0.05 dB (the loss fit is
  // interpolated in length; the plan accepts ≤ 0.04 dB of fitted loss at its check lengths and
  // d SNR / d IL ≲ 1; measured ≤ 2e-5 dB). The feasibility verdict may only differ within 0.1 dB
  // of a threshold.
  struct Case {
    const char *tech, *rate;
    std::vector<double> lengths_m;
  };
  const std::vector<Case> cases = {
      {"dac", "25G", {0.1, 0.37, 1, 2.5, 4.2, 7, 10, 13}},
      {"dac", "100G", {0.1, 0.25, 0.5, 1.3, 2, 3.1, 5, 10}},
      {"dac", "200G", {0.1, 0.5, 1.1, 2, 4}},
      {"backplane", "100G", {0.01, 0.05, 0.2, 0.5, 1, 2, 6}},
      {"backplane", "200G", {0.03, 0.11, 0.4, 1.5}},
      {"pcb", "50G", {0.005, 0.02, 0.1, 0.3, 1, 3, 10}},
      {"aec", "100G", {0.1, 1, 3, 7, 15}},
      {"d2d", "100G", {0.0005, 0.005, 0.02, 0.05}},
      {"dsp-dr", "100G", {1, 30, 500, 1000}},
      {"lpo", "100G", {1, 30, 300}},
  };
  for (const auto &c : cases) {
    INFO(c.tech << " " << c.rate);
    const auto range = detail::analytic_plan_range(request(c.tech, c.rate, 1));
    REQUIRE(range);
    std::printf("analytic plan %-9s %-4s: serves %g m to %g m\n", c.tech, c.rate, range->first,
                range->second);
    double max_il = 0, max_snr = 0;
    for (double len : c.lengths_m) {
      INFO("length " << len << " m");
      LinkRequest q = request(c.tech, c.rate, len);
      const LinkReport fast = evaluate_link(q);
      q.analytic_cache = false;
      const LinkReport full = evaluate_link(q);
      REQUIRE(fast.hops.size() == full.hops.size());
      for (std::size_t h = 0; h < full.hops.size(); ++h) {
        const double dil = std::abs(fast.hops[h].il_nyquist_db - full.hops[h].il_nyquist_db);
        const double dsnr = std::abs(fast.hops[h].snr_db - full.hops[h].snr_db);
        max_il = std::max(max_il, dil);
        max_snr = std::max(max_snr, dsnr);
        CHECK(dil <= 1e-6);
        CHECK(dsnr <= 0.05);
      }
      CHECK(std::abs(fast.summary.margin_db - full.summary.margin_db) <= 0.05);
      // The verdict may differ only within 0.1 dB of a threshold: the BER margin's zero or an
      // electrical hop's SNR margin at DER_0 equal to com_min (3 dB for these technologies).
      bool near_threshold = std::abs(full.summary.margin_db) <= 0.1;
      for (const auto &h : full.hops)
        if (h.snr_margin_der0_db && std::abs(*h.snr_margin_der0_db - 3) <= 0.1)
          near_threshold = true;
      if (!near_threshold)
        CHECK(fast.limited_by == full.limited_by);
      REQUIRE(fast.stages.size() == full.stages.size());
      for (std::size_t s = 0; s < full.stages.size(); ++s)
        CHECK(fast.stages[s].name == full.stages[s].name);
      CHECK(fast.warnings == full.warnings);
      CHECK(fast.power.has_value() == full.power.has_value());
      if (fast.power && full.power)
        CHECK(fast.power->power_w == Approx(full.power->power_w).epsilon(1e-3));
    }
    std::printf("analytic plan %-9s %-4s: max |dIL| %.2g dB, max |dSNR| %.2g dB\n", c.tech, c.rate,
                max_il, max_snr);
  }
}

TEST_CASE("analytic plan: sweep rows beyond length_max (extrapolated) within tolerance",
          "[analytic]") {
  // Rows carry no warnings, so the plan serves them beyond the technology's length_max too (the
  // line's IL stays affine; its ripple only shrinks with length). Same tolerances as above.
  const auto ev = make_link_evaluator();
  for (const char *tech : {"pcb", "backplane", "dac"})
    for (double len : {3.0, 10.0, 30.0}) {
      INFO(tech << " " << len << " m");
      ParamSet p;
      p.set("tech", tech);
      p.set("length", std::to_string(len) + " m");
      p.set("rate", "100G");
      p.set("fidelity", "analytic");
      std::vector<std::string> cells;
      ev->evaluate(p, cells);
      LinkRequest q = request(tech, "100G", len);
      q.analytic_cache = false;
      const LinkReport full = evaluate_link(q);
      const auto cols = ev->columns();
      auto cell = [&](const char *name) {
        const auto i = std::find(cols.begin(), cols.end(), name) - cols.begin();
        return std::stod(cells.at(static_cast<std::size_t>(i)));
      };
      CHECK(std::abs(cell("il_nyquist_db") - full.summary.il_nyquist_db) <= 1e-6);
      CHECK(std::abs(cell("snr_db") - full.summary.snr_db) <= 0.05);
      CHECK(cell("power_w") == Approx(full.power->power_w).epsilon(1e-3));
    }
}

TEST_CASE("analytic plan: hops with a redriver take the full evaluation", "[analytic]") {
  // ACC: the redriver's peaking follows the cable loss through a clamp, not affine in length.
  CHECK_FALSE(detail::analytic_plan_range(request("acc", "100G", 1)));
  LinkRequest q = request("acc", "100G", 2);
  const LinkReport a = evaluate_link(q);
  q.analytic_cache = false;
  const LinkReport b = evaluate_link(q);
  CHECK(a.summary.snr_db == b.summary.snr_db);
}

TEST_CASE("analytic plan: errors are the full evaluation's", "[analytic]") {
  CHECK_THROWS_WITH(evaluate_link(request("nosuch", "100G", 1)), Catch::Contains("nosuch"));
  CHECK_THROWS_WITH(evaluate_link(request("dac", "100G", -1)),
                    Catch::Contains("LinkRequest.length_m"));
  CHECK_THROWS_WITH(evaluate_link(request("dsp-sr", "400G", 1)), Catch::Contains("400G"));
}

TEST_CASE("analytic plan: threads share plans (rows as one thread)", "[analytic]") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("linkphy_analytic_cache_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto spec_path = dir / "s.toml";
  std::ofstream(spec_path) << "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n"
                              "[axes]\ntech = [\"dac\", \"pcb\"]\nrate = [\"50G\", \"100G\"]\n"
                              "length = { lin = [\"0.05 m\", \"3 m\"], points = 40 }\n";
  const SweepSpec spec = read_sweep_spec(spec_path);
  const auto ev = make_evaluator(spec.evaluator, "test");
  auto run = [&](unsigned threads, const std::string &name) {
    SweepOptions o;
    o.output = (dir / name).string();
    o.threads = threads;
    run_sweep(spec, *ev, o);
    std::ifstream in(o.output);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string one = run(1, "one.csv"), two = run(2, "two.csv");
  CHECK(one == two);
  CHECK(std::count(one.begin(), one.end(), '\n') == 161);
  std::filesystem::remove_all(dir);
}

TEST_CASE("format_value is printf's %.12g", "[analytic]") {
  // The row formatter's fast path (shortest digits laid out by %g's rules) against printf itself,
  // on the values sweeps print and on every layout boundary of %g.
  std::vector<double> values = {0.0,
                                -0.0,
                                1.0,
                                -1.0,
                                0.1,
                                0.0001,
                                0.00001,
                                1e-5,
                                9.99e-5,
                                1e-4,
                                123456789012.0,
                                999999999999.0,
                                1e12,
                                1e11,
                                1.5e12,
                                1e15,
                                1e100,
                                1e-300,
                                5e-324,
                                2.5,
                                1e21,
                                1e22,
                                0.3,
                                2.0 / 3.0,
                                1e6,
                                100.0,
                                53.125,
                                26.5625,
                                1.7976931348623157e308,
                                -4.25e-7};
  std::uint64_t state = 42;
  for (int i = 0; i < 20000; ++i) { // magnitudes 1e-12..1e15, few and many digits
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const double u = static_cast<double>(state >> 11) / 9007199254740992.0;
    const double mag = std::pow(10.0, -12 + 27 * u);
    values.push_back((i % 2 ? -1 : 1) * mag);
    values.push_back(std::round(mag * 1000) / 1000);
    values.push_back(static_cast<double>(static_cast<long long>(mag) % 100000));
    values.push_back(std::nextafter(std::round(mag * 1e6) / 1e6, 0.0)); // near 12-digit ties
    values.push_back(std::nextafter(0.5 + std::round(mag * 1e3) * 1e-12, 1.0));
  }
  for (double v : {9.999999999995, 9.9999999999949, 0.99999999999951, 999999999999.5,
                   1.0000000000005, 1.00000000000049, 2.5e-5, 123456.7890125})
    values.push_back(v);
  for (double v : values) {
    char ref[64];
    std::snprintf(ref, sizeof ref, "%.12g", v);
    INFO(ref);
    CHECK(format_value(v) == ref);
  }
}

TEST_CASE("analytic plan: DAC reach as without the cache", "[analytic]") {
  // The reach search (bisection to 5 mm) through the cached tier and through the full evaluation:
  // SNR within 1e-3 dB of each other (above), so the reach may move by one bisection step at most.
  for (const char *rate : {"25G", "50G", "100G", "200G"}) {
    LinkRequest q = request("dac", rate, 1);
    const ReachResult cached = find_reach(q);
    q.analytic_cache = false;
    const ReachResult full = find_reach(q);
    std::printf("dac %s analytic reach: %.3f m cached, %.3f m full (%s)\n", rate, cached.length_m,
                full.length_m, full.at_reach.limited_by.c_str());
    CHECK(std::abs(cached.length_m - full.length_m) <= 0.01);
  }
}

TEST_CASE("analytic plan: clearing the cache rebuilds the same plans", "[analytic]") {
  // The cold-run benchmark (bench_plan) empties the cache between iterations: a rebuilt plan must
  // give the same report (the plan is a function of the request), and a thread's remembered plan
  // must not outlive the clear (its epoch check).
  const LinkRequest q = request("dac", "100G", 1.7);
  const std::string before = link_report_json(evaluate_link(q));
  clear_analytic_plans();
  const std::string after = link_report_json(evaluate_link(q));
  CHECK(after == before);
  LinkRequest other = q;
  other.sets.push_back("awg=28"); // another plan, then back
  const std::string thinner = link_report_json(evaluate_link(other));
  CHECK(thinner != before);
  clear_analytic_plans();
  CHECK(link_report_json(evaluate_link(q)) == before);
}
