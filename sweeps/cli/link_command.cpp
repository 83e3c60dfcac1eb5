// `linkphy link --tech NAME --length L --rate R [--modulation M] [--set key=value]...
// [--fidelity analytic|statistical|montecarlo] [--channel SPEC]... [--ber-target X]
// [--temperature T] [--config FILE.toml] [--format json|text] [-o FILE]`: one link evaluated
// (DESIGN.md §6). Options given on the command line override those of the --config file.
#include "commands.hpp"
#include "option_names.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_config.hpp>
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
  std::string config, temperature, ambient;
  int lanes = 0;
  std::vector<std::string> sets, channels, catalogs;
  double ber_target = 1e-15;
  long mc_symbols = 1'000'000;
  CLI::App *sub = nullptr;
};

int run(const Options &o) {
  sweeps::LinkConfig cfg;
  if (!o.config.empty()) {
    check_input_file(o.config, "--config", "a link TOML file (see docs/link.md)",
                     "link configuration file not found", true);
    // --tech replaces the file's tech: the file's [set] keys are that technology's.
    const bool tech_option = o.sub->count("--tech") > 0;
    if (tech_option)
      check_technology(o.tech);
    cfg = sweeps::read_link_config(o.config, tech_option ? o.tech : "");
  }
  sweeps::LinkRequest &q = cfg.request;
  // An option given replaces the file's key: its errors are then the option's.
  const auto given = [&](const char *opt, const char *key) {
    if (o.sub->count(opt) > 0) {
      sweeps::drop_file_key(cfg, key);
      return true;
    }
    if (cfg.given.count(key) == 0) {
      std::string accepted;
      if (std::string(key) == "tech") {
        accepted = join_list(sweeps::technology_names());
      } else if (std::string(key) == "length") {
        accepted = "a length with its unit, 0 m to 100 km, e.g. 2m";
      } else {
        accepted = "25G, 50G, 100G, 200G, 400G, or a rate with its unit and modulation such "
                   "as '106.25 Gb/s PAM4'";
      }
      throw InputError(opt, std::string("required, on the command line or as '") + key +
                                "' in --config (accepted: " + accepted + ")");
    }
    return false;
  };
  if (given("--tech", "tech")) {
    check_technology(o.tech);
    q.tech = o.tech;
  }
  if (given("--length", "length")) {
    q.length_m = parse_quantity_as(o.length, Dimension::length, "--length");
    if (!(q.length_m >= 0 && q.length_m <= 100e3))
      throw InputError("--length '" + o.length + "'", "accepted: 0 m to 100 km");
  }
  if (given("--rate", "rate"))
    q.rate = o.rate;
  if (!o.modulation.empty()) {
    sweeps::drop_file_key(cfg, "modulation");
    q.modulation = o.modulation;
  }
  q.sets.insert(q.sets.end(), o.sets.begin(), o.sets.end()); // the command line's come last
  if (!o.channels.empty()) {
    sweeps::drop_file_key(cfg, "channels");
    q.channels = o.channels;
  }
  check_user_catalogs(o.catalogs);
  q.catalogs.insert(q.catalogs.end(), o.catalogs.begin(), o.catalogs.end());
  if (o.sub->count("--fidelity") > 0) {
    sweeps::drop_file_key(cfg, "fidelity");
    q.fidelity = sweeps::parse_fidelity(o.fidelity);
  }
  if (o.sub->count("--ber-target") > 0) {
    check_ber_target(o.ber_target, *o.sub);
    sweeps::drop_file_key(cfg, "ber_target");
    q.ber_target = o.ber_target;
  }
  if (o.sub->count("--mc-symbols") > 0) {
    if (o.mc_symbols < 1000 || o.mc_symbols > 1'000'000'000)
      throw InputError("--mc-symbols " + std::to_string(o.mc_symbols), "accepted: 1000 to 1e9");
    sweeps::drop_file_key(cfg, "mc_symbols");
    q.mc_symbols = static_cast<std::uint64_t>(o.mc_symbols);
  }
  if (o.sub->count("--lanes") > 0) {
    if (!(o.lanes >= 0 && o.lanes <= 1024))
      throw InputError(given_text(*o.sub, "--lanes"), "accepted: 0 (one module's lanes) to 1024");
    q.lanes = o.lanes;
  }
  if (!o.ambient.empty()) {
    q.ambient_k = parse_quantity_as(o.ambient, Dimension::temperature, "--ambient");
    if (!(q.ambient_k >= 200 && q.ambient_k <= 400)) // as link_power_or_warning() checks
      throw InputError("--ambient '" + o.ambient + "'",
                       "accepted: 200 K to 400 K (-73 to 127 degC)");
  }
  if (!o.temperature.empty()) {
    q.temperature_k = parse_quantity_as(o.temperature, Dimension::temperature, "--temperature");
    if (!(q.temperature_k >= 200 && q.temperature_k <= 450))
      throw InputError("--temperature '" + o.temperature + "'",
                       "accepted: 200 K to 450 K (-73 to 177 degC)");
    sweeps::drop_file_key(cfg, "temperature");
  }
  sweeps::LinkReport r;
  try {
    r = sweeps::evaluate_link_config(cfg); // errors of the file's values name FILE:LINE and key
  } catch (const InputError &e) {          // a bad --channel spec: named by the option that gave it
    // (not the technology's own hop 1, which the power model builds: ChannelInputError)
    if (o.channels.empty() || e.where().rfind("spec '", 0) != 0 ||
        dynamic_cast<const sweeps::ChannelInputError *>(&e))
      throw;
    throw InputError("--channel", e.what());
  }
  for (auto &w : r.warnings) { // named by the options, in the report too (option_names.hpp)
    w = with_option_names(std::move(w));
    std::cerr << "linkphy: warning: " << w << "\n";
  }
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
    techs = join_list(sweeps::technology_names());
  } catch (const std::exception &) {
    techs = "(catalog not found)";
  }
  sub->footer(
      "Technologies: " + techs +
      "\nExample:\n  linkphy link --tech dac --length 2m --rate 100G --format text\n"
      "  linkphy link --tech pcb --length 10in --rate 50G --set material=fr4 "
      "--set serdes.eta0_v2_per_ghz=3e-8\n"
      "  linkphy link --config sweeps/examples/link/dac_2m.toml --length 2.5m\n"
      "power_w, heat_w, energy_pj_per_bit: the technology's module build at this rate (its key\n"
      "module, or module_25G ... module_400G at that class: e.g. QSFP28 builds at 25G, 400G\n"
      "QSFP-DD / 200G QSFP56 builds at 50G) plus the host SerDes, both ends, for --lanes lanes\n"
      "(default: one module's). Exit 2 with one line on bad input.");
  opt->sub = sub;
  sub->add_option("--tech", opt->tech, "technology (sweeps/catalog/technologies.toml)");
  sub->add_option("--length", opt->length, "link length with unit, e.g. 2m");
  sub->add_option("--rate", opt->rate,
                  "lane rate: 25G|50G|100G|200G|400G or e.g. '106.25 Gb/s PAM4' (or '106.25 Gb/s' "
                  "with --modulation)");
  sub->add_option("--config", opt->config, "TOML file with the link's keys (see docs/link.md)");
  sub->add_option("--temperature", opt->temperature,
                  "stage temperature, e.g. 85degC (25 degC; 200 K to 450 K)");
  sub->add_option("--lanes", opt->lanes, "lanes of the link for power, 1-1024 (0: one module's)");
  sub->add_option("--ambient", opt->ambient,
                  "inlet air at the modules (default 35 degC; 200 K to 400 K)");
  sub->add_option("--modulation", opt->modulation, "NRZ, PAM4, PAM6, PAM8 …");
  sub->add_option("--set", opt->sets, "override key=value (serdes.KEY=value for the SerDes)");
  sub->add_option("--fidelity", opt->fidelity, "analytic | statistical | montecarlo");
  sub->add_option("--channel", opt->channels, "channel spec(s) replacing hop 1's stages");
  sub->add_option("--catalog", opt->catalogs,
                  "user channel catalog KIND=FILE (KIND: laminates, foils, cables, packages), "
                  "entries added to / overriding the built-in ones the stages read");
  sub->add_option("--ber-target", opt->ber_target, "post-FEC BER target (default 1e-15)");
  sub->add_option("--mc-symbols", opt->mc_symbols,
                  "Monte Carlo symbols per hop, 1000 to 1e9 (default 1e6)");
  sub->add_option("--format", opt->format, "output format")->check(one_of({"json", "text"}));
  sub->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("link", register_link);

} // namespace
} // namespace linkphy::cli
