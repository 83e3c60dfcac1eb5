// `linkphy link --tech NAME --length L --rate R [--modulation M] [--set key=value]...
// [--fidelity analytic|statistical|montecarlo] [--channel SPEC]... [--ber-target X]
// [--format json|text] [-o FILE]`: one link evaluated (DESIGN.md §6).
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/technology.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

struct Options {
  std::string tech, length, rate, modulation, fidelity = "statistical", format = "json", output;
  std::vector<std::string> sets, channels;
  double ber_target = 1e-15;
  long mc_symbols = 1'000'000;
};

int run(const Options &o) {
  sweeps::LinkRequest q;
  q.tech = o.tech;
  q.length_m = parse_quantity_as(o.length, Dimension::length, "--length");
  if (!(q.length_m >= 0 && q.length_m <= 100e3))
    throw InputError("--length '" + o.length + "'", "accepted: 0 m to 100 km");
  q.rate = o.rate;
  if (!o.modulation.empty())
    q.modulation = o.modulation;
  q.sets = o.sets;
  q.channels = o.channels;
  q.fidelity = sweeps::parse_fidelity(o.fidelity);
  q.ber_target = o.ber_target;
  if (o.mc_symbols < 1000)
    throw InputError("--mc-symbols", "must be >= 1000");
  q.mc_symbols = static_cast<std::uint64_t>(o.mc_symbols);
  const sweeps::LinkReport r = sweeps::evaluate_link(q);
  for (const auto &w : r.warnings)
    std::cerr << "linkphy: warning: " << w << "\n";
  sweeps::OutputFile out(o.output);
  out.stream() << (o.format == "json" ? sweeps::link_report_json(r) : sweeps::link_report_text(r));
  out.commit();
  return 0;
}

void register_link(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand("link", "evaluate one link: SNR, BER pre/post FEC, margin, COM");
  std::string techs;
  try {
    for (const auto &n : sweeps::technology_names())
      techs += (techs.empty() ? "" : ", ") + n;
  } catch (const std::exception &) {
    techs = "(catalog not found)";
  }
  sub->footer("Technologies: " + techs +
              "\nExample:\n  linkphy link --tech dac --length 2m --rate 100G --format text\n"
              "  linkphy link --tech pcb --length 10in --rate 50G --set material=fr4 "
              "--set serdes.eta0_v2_per_ghz=3e-8\n"
              "power_w is 0: power is not modelled yet. Exit 2 with one line on bad input.");
  sub->add_option("--tech", opt->tech, "technology (sweeps/catalog/technologies.toml)")->required();
  sub->add_option("--length", opt->length, "link length with unit, e.g. 2m")->required();
  sub->add_option("--rate", opt->rate, "lane rate: 25G|50G|100G|200G|400G or e.g. '106.25 Gb/s'")
      ->required();
  sub->add_option("--modulation", opt->modulation, "NRZ, PAM4, PAM6, PAM8 …");
  sub->add_option("--set", opt->sets, "override key=value (serdes.KEY=value for the SerDes)");
  sub->add_option("--fidelity", opt->fidelity, "analytic | statistical | montecarlo");
  sub->add_option("--channel", opt->channels, "channel spec(s) replacing hop 1's stages");
  sub->add_option("--ber-target", opt->ber_target, "post-FEC BER target (default 1e-15)");
  sub->add_option("--mc-symbols", opt->mc_symbols, "Monte Carlo symbols per hop (default 1e6)");
  sub->add_option("--format", opt->format, "output format")->check(CLI::IsMember({"json", "text"}));
  sub->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("link", register_link);

} // namespace
} // namespace linkphy::cli
