// `linkphy reach --tech NAME --rate R [--ber-target X] [--modulation M] [--set key=value]...
// [--fidelity F] [--tolerance L] [-o FILE]`: the longest length that closes, by bisection
// (DESIGN.md §6; a log-spaced scan first when length_min fails, sweeps::find_reach). JSON:
// reach_m plus the link report at that length.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/output.hpp>

#include <memory>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

struct Options {
  std::string tech, rate, modulation, fidelity = "statistical", tolerance = "5 mm", output;
  std::vector<std::string> sets, catalogs;
  double ber_target = 1e-15;
  CLI::App *sub = nullptr;
};

int run(const Options &o) {
  sweeps::LinkRequest q;
  check_technology(o.tech);
  check_ber_target(o.ber_target, *o.sub);
  q.tech = o.tech;
  q.rate = o.rate;
  if (!o.modulation.empty())
    q.modulation = o.modulation;
  q.sets = o.sets;
  check_user_catalogs(o.catalogs);
  q.catalogs = o.catalogs;
  q.fidelity = sweeps::parse_fidelity(o.fidelity);
  q.ber_target = o.ber_target;
  const double tol = parse_quantity_as(o.tolerance, Dimension::length, "--tolerance");
  // Below ~1 µm the bisection's interval stops shrinking in doubles at km lengths (it would hang).
  if (!(tol >= 1e-6 && tol <= 10e3))
    throw InputError("--tolerance '" + o.tolerance + "'", "accepted: 1 um to 10 km");
  const auto r = sweeps::find_reach(q, tol);
  sweeps::OutputFile out(o.output);
  out.stream() << sweeps::reach_report_json(r);
  out.commit();
  return 0;
}

void register_reach(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand("reach", "longest length whose post-FEC BER meets the target");
  sub->footer("Example:\n  linkphy reach --tech dac --rate 100G --ber-target 1e-15\n"
              "Bisection on length within the technology's length_min..length_max, which assumes "
              "closure falls with length. If length_min does not close (a short channel whose "
              "reflections no line loss damps), 11 more lengths log-spaced up to length_max are "
              "tried and the bisection runs from the longest that closes towards the next one; "
              "the JSON then has \"closes_at_min\":false with reach_m > 0 (reach_m 0: none of "
              "the 12 closes). Exit 2 with one line on bad input.");
  opt->sub = sub;
  sub->add_option("--tech", opt->tech, "technology")->required();
  sub->add_option("--rate", opt->rate,
                  "lane rate (25G … 400G, or explicit with its modulation: '106.25 Gb/s PAM4')")
      ->required();
  sub->add_option("--modulation", opt->modulation, "NRZ, PAM4, …");
  sub->add_option("--ber-target", opt->ber_target, "post-FEC BER target (default 1e-15)");
  sub->add_option("--set", opt->sets, "override key=value");
  sub->add_option("--catalog", opt->catalogs,
                  "user channel catalog KIND=FILE (KIND: laminates, foils, cables, packages)");
  sub->add_option("--fidelity", opt->fidelity, "analytic | statistical | montecarlo");
  sub->add_option("--tolerance", opt->tolerance, "length resolution, 1 um to 10 km (default 5 mm)");
  sub->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("reach", register_reach);

} // namespace
} // namespace linkphy::cli
