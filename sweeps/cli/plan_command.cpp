// `linkphy plan FILE.toml [--format table|json|csv] [-o FILE]`: a rack or cluster rolled up —
// technology chosen per group of links, module and cable counts, power and heat, and the whole
// system on each technology considered (DESIGN.md §6; docs/plan.md).
#include "commands.hpp"
#include "option_names.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/plan.hpp>

#include <memory>
#include <string>

namespace linkphy::cli {
namespace {

struct Options {
  std::string file, format = "table", output;
};

int run(const Options &o) {
  if (o.format != "table" && o.format != "json" && o.format != "csv")
    throw InputError("--format '" + o.format + "'", "accepted: table, json, csv");
  check_input_file(o.file, "file", "a plan TOML file (see docs/plan.md)");
  const sweeps::Plan plan = sweeps::read_plan(o.file);
  sweeps::PlanResult r = sweeps::evaluate_plan(plan);
  // Why an option does not run, and the warnings: named by the options (option_names.hpp).
  for (auto &g : r.groups)
    for (auto &c : g.options)
      c.note = with_option_names(std::move(c.note));
  for (auto &w : r.warnings)
    w = with_option_names(std::move(w));
  sweeps::OutputFile out(o.output);
  if (o.format == "json")
    out.stream() << sweeps::plan_json(r);
  else if (o.format == "csv")
    out.stream() << sweeps::plan_csv(r);
  else
    out.stream() << sweeps::plan_table(r);
  out.commit();
  return 0;
}

void register_plan(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand(
      "plan", "a rack or cluster rolled up: technologies chosen, counts, power, heat");
  sub->footer("Example:\n  linkphy plan sweeps/examples/plans/nvlink_rack_72gpu.toml\n"
              "Plan files: groups of identical links ([[group]]: count, rate, lanes, length or a "
              "length distribution, techs) and forced alternatives; see docs/plan.md. Exit 2 "
              "with one line (FILE:LINE naming the key) on bad input.");
  sub->add_option("file", opt->file, "plan file (TOML)")->required();
  sub->add_option("--format", opt->format, "table (default) | json | csv");
  sub->add_option("-o,--output", opt->output, "write to FILE instead of stdout");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("plan", register_plan);

} // namespace
} // namespace linkphy::cli
