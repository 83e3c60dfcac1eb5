// `linkphy optical-budget --config FILE.toml [--length L] [--set key=value]... [--format
// text|json] [-o FILE]`: the IEEE 802.3 optical link model (10GEPBud spreadsheet) evaluated at the
// configuration's `reach` (or at --length).
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/optical_link_model.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/optical_budget_config.hpp>
#include <linkphy/sweeps/output.hpp>

#include <cmath>
#include <iomanip>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace linkphy::cli {
namespace {

/// Longest --length: the link model's range of `reach` (optical_link_model.cpp validate()).
constexpr double kMaxLength_km = 200;

struct Options {
  std::string config;
  std::string length;
  std::string format = "text";
  std::string output;
  std::vector<std::string> sets;
};

using sweeps::json_string;

// 10 significant digits, no "-0"; not finite (an eye closed by noise: the sheet shows #NUM!): null.
std::string num(double v) { return sweeps::json_number(v == 0 ? 0.0 : v, 10); }

int run(const Options &opt) {
  ParamSet overrides("--set");
  for (const auto &s : opt.sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("--set '" + s + "'", "expected key=value (e.g. reach=\"100 m\")");
    overrides.set(s.substr(0, eq), s.substr(eq + 1), "--set '" + s + "'");
  }
  check_input_file(opt.config, "--config",
                   "a link-model TOML file (e.g. sweeps/examples/optical-budget/850S50_500.toml)",
                   "configuration file not found", true);
  const auto cfg = sweeps::read_optical_budget_config(opt.config, overrides);
  double length_km = cfg.inputs.reach_km;
  if (!opt.length.empty()) {
    length_km = parse_quantity_as(opt.length, Dimension::length, "--length") / 1e3;
    // The range of the model's `reach` (validate(): 0 < reach <= 200 km): the sheet models an
    // unamplified fibre link (the shipped sheets go to 40 km); 1e300 km printed a 3.6e300 dB
    // channel loss and a closed eye as if it were an answer.
    if (!(length_km > 0 && length_km <= kMaxLength_km))
      throw InputError("--length '" + opt.length + "'",
                       "accepted: above 0 m, up to 200 km (the link model's range, as for "
                       "reach: an unamplified fibre link)");
  }
  const OpticalLinkResult r = evaluate_optical_link(cfg.inputs, length_km);

  const std::vector<std::pair<std::string, double>> rows = {
      {"channel_il_db", r.channel_il_db},
      {"fibre_loss_db", r.fibre_loss_db},
      {"p_isi_db", r.p_isi_db},
      {"p_dj_db", r.p_dj_db},
      {"p_rin_db", r.p_rin_db},
      {"p_mpn_db", r.p_mpn_db},
      {"p_reflection_db", r.p_reflection_db},
      {"p_cross_db", r.p_cross_db},
      {"p_modal_noise_db", r.p_modal_noise_db},
      {"p_total_db", r.p_total_db},
      {"power_budget_db", r.power_budget_db},
      {"margin_db", r.margin_db},
      {"extinction_ratio_db", r.extinction_ratio_db},
      {"tc_ps", r.tc_ps}};

  sweeps::OutputFile out(opt.output);
  std::ostream &os = out.stream();
  if (opt.format == "json") {
    os << "{\"sheet\": " << json_string(cfg.sheet)
       << ", \"modulation\": " << json_string(cfg.modulation)
       << ", \"reach_m\": " << num(cfg.inputs.reach_km * 1e3)
       << ", \"length_m\": " << num(length_km * 1e3) << ", \"q\": " << num(cfg.inputs.q);
    for (const auto &[k, v] : rows)
      os << ", \"" << k << "\": " << num(v);
    os << ", \"eye_closed\": " << (r.eye_closed ? "true" : "false")
       << ", \"feasible\": " << (!r.eye_closed && r.margin_db >= 0 ? "true" : "false") << "}\n";
  } else {
    os << "IEEE 802.3 link model" << (cfg.sheet.empty() ? "" : " (" + cfg.sheet + ")") << ", "
       << cfg.modulation << ", length " << length_km * 1e3 << " m\n";
    for (const auto &[k, v] : rows)
      os << std::left << std::setw(22) << k << " " << (std::isfinite(v) ? num(v) : "closed")
         << "\n";
    os << std::left << std::setw(22) << "feasible"
       << " " << (!r.eye_closed && r.margin_db >= 0 ? "yes" : "no") << "\n";
  }
  out.commit();
  return 0;
}

void register_optical_budget(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand(
      "optical-budget",
      "IEEE 802.3 optical link model (10GEPBud spreadsheet): channel loss, penalties, margin");
  sub->footer("Example:\n  linkphy optical-budget --config sweeps/examples/optical-budget/"
              "850S50_500.toml --format json\n"
              "Keys of FILE.toml (units in the value, e.g. reach = \"82 m\"): the spreadsheet's "
              "inputs in snake_case; see the example files.\n"
              "Exit 2 with one line on bad input.");
  sub->add_option("--config", opt->config, "link-model TOML file (one sheet's inputs)")->required();
  sub->add_option("--length", opt->length,
                  "evaluate at this length instead of `reach` (e.g. 2km; above 0 m, up to 200 km)");
  sub->add_option("--set", opt->sets, "override a key: --set key=value (repeatable)");
  sub->add_option("--format", opt->format, "output format")->check(one_of({"text", "json"}));
  sub->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("optical-budget", register_optical_budget);

} // namespace
} // namespace linkphy::cli
