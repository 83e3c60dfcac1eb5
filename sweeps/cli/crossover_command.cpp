// `linkphy crossover [STUDY.toml] [--rates R,...] [--criterion C] [--fidelity F] [-o out.csv]
// [--map map.csv] [--points points.csv] [--sensitivity sens.csv] [--plot [KIND=]FILE]...
// [--catalog KIND=FILE]... [--threads N] [--format text|csv]`: where optics overtakes copper
// (DESIGN.md §6). Without a study file it runs the shipped default study
// (sweeps/examples/crossover/default.toml).
#include "commands.hpp"
#include "option_names.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/crossover_output.hpp>
#include <linkphy/sweeps/crossover_plots.hpp>
#include <linkphy/sweeps/crossover_study.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

namespace linkphy::cli {
namespace {

struct Options {
  std::string study, rates, criterion, fidelity, copper, optical, output, map, points, sensitivity,
      format = "text";
  std::vector<std::string> plots, catalogs;
  unsigned threads = 0;
};

std::vector<std::string> split_list(const std::string &text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    const auto a = item.find_first_not_of(' '), b = item.find_last_not_of(' ');
    if (a != std::string::npos)
      out.push_back(item.substr(a, b - a + 1));
  }
  return out;
}

struct PlotRequest {
  sweeps::CrossoverPlotKind kind;
  std::filesystem::path file;
};

PlotRequest parse_plot(const std::string &arg) {
  PlotRequest p{sweeps::CrossoverPlotKind::crossover, arg};
  if (const auto eq = arg.find('='); eq != std::string::npos) {
    p.kind = sweeps::parse_plot_kind(arg.substr(0, eq), "--plot '" + arg + "'");
    p.file = arg.substr(eq + 1);
  }
  const auto ext = p.file.extension().string();
  if (ext != ".svg" && ext != ".png")
    throw InputError("--plot '" + arg + "'",
                     "unsupported plot format '" + ext +
                         "'; accepted: FILE.svg, FILE.png, "
                         "optionally prefixed KIND= (crossover, map, energy, ber)");
  const auto dir = p.file.parent_path();
  if (!dir.empty() && !std::filesystem::is_directory(dir))
    throw InputError("--plot '" + arg + "'", "directory '" + dir.string() + "' does not exist");
  // The plot is rendered beside its path and renamed onto it: not onto a device, FIFO or link.
  sweeps::check_output_path(p.file.string(), "--plot");
  return p;
}

int run(const Options &o) {
  const auto start = std::chrono::steady_clock::now();
  // Everything is checked before anything is computed or written.
  if (o.format != "text" && o.format != "csv")
    throw InputError("--format '" + o.format + "'", "accepted: text, csv");
  if (o.threads > sweeps::kMaxThreads)
    throw InputError("--threads " + std::to_string(o.threads),
                     "accepted: 1 to " + std::to_string(sweeps::kMaxThreads) + " (0: all cores)");
  // Every output path is checked before any work (-o is, by run_selected).
  for (const auto &[path, option] : {std::pair{o.map, "--map"}, std::pair{o.points, "--points"},
                                     std::pair{o.sensitivity, "--sensitivity"}})
    if (!path.empty())
      sweeps::check_output_path(path, option);
  if (!o.study.empty())
    check_input_file(o.study, "study", "a crossover study TOML with a [crossover] table",
                     "cannot open the crossover study");
  std::vector<PlotRequest> plots;
  for (const auto &a : o.plots)
    plots.push_back(parse_plot(a));
  check_user_catalogs(o.catalogs);
  auto study = sweeps::read_crossover_study(o.study.empty() ? sweeps::default_crossover_study()
                                                            : std::filesystem::path(o.study),
                                            o.catalogs);
  for (auto &c : study.catalog_sources) // recorded in the sidecar: named by the option
    c.where = with_option_names(std::move(c.where));
  if (!o.rates.empty()) {
    study.rates = split_list(o.rates);
    for (const auto &r : study.rates)
      (void)parse_lane_rate(r, {}, {}, "--rates '" + o.rates + "'");
  }
  if (!o.copper.empty()) {
    study.copper = split_list(o.copper);
    study.copper_where = "--copper";
  }
  if (!o.optical.empty()) {
    study.optical = split_list(o.optical);
    study.optical_where = "--optical";
  }
  if (!o.criterion.empty())
    study.criterion = sweeps::parse_criterion(o.criterion);
  if (!o.fidelity.empty()) {
    if (o.fidelity != "analytic" && o.fidelity != "statistical" && o.fidelity != "montecarlo")
      throw InputError("--fidelity '" + o.fidelity + "'", "accepted: analytic, statistical");
    study.fidelity = sweeps::parse_fidelity(o.fidelity);
  }
  if (study.fidelity == sweeps::Fidelity::montecarlo)
    throw InputError("--fidelity montecarlo",
                     "too slow for a bisection; accepted here: analytic, statistical");
  if (!o.sensitivity.empty() && study.sensitivity.empty())
    throw InputError("--sensitivity",
                     "the study" + (study.file.empty() ? "" : " " + study.file) +
                         " has no [sensitivity] table of knobs; accepted: a study with one "
                         "(docs/crossover.md), or no --sensitivity");
  std::string plot_rate =
      study.plot_rate.empty() ? study.rates[study.rates.size() / 2] : study.plot_rate;
  std::optional<sweeps::OutputFile> csv, map_csv, points_csv, sens_csv;
  if (!o.output.empty())
    csv.emplace(o.output);
  if (!o.map.empty())
    map_csv.emplace(o.map);
  if (!o.points.empty())
    points_csv.emplace(o.points);
  if (!o.sensitivity.empty())
    sens_csv.emplace(o.sensitivity);

  const unsigned threads =
      o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  // Several queries at once: each point's COM search on its own thread (no oversubscription).
  const auto model = sweeps::engine_model(threads > 1 ? 1 : 0);
  const auto rows = sweeps::find_crossovers(study, model, threads);
  bool need_map = map_csv || points_csv;
  for (const auto &p : plots)
    need_map = need_map || p.kind != sweeps::CrossoverPlotKind::crossover;
  std::vector<sweeps::MapPoint> points;
  std::vector<sweeps::MapCell> cells;
  if (need_map) {
    if (std::find(study.rates.begin(), study.rates.end(), plot_rate) == study.rates.end())
      study.rates.push_back(plot_rate); // the per-technology plots' rate is evaluated too
    points = sweeps::evaluate_map(study, model, true, threads);
    cells = sweeps::best_per_cell(study, points);
  }
  std::vector<sweeps::SensitivityRow> sens;
  if (sens_csv)
    sens = sweeps::crossover_sensitivity(study, model, rows, threads);

  // Plots go to temporary siblings first; all are renamed only when every one rendered.
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> rendered;
  auto drop_rendered = [&] {
    for (const auto &[tmp, _] : rendered) {
      std::error_code ec;
      std::filesystem::remove(tmp, ec);
    }
  };
  try {
    for (const auto &p : plots) {
      sweeps::PlotSpec spec;
      switch (p.kind) {
      case sweeps::CrossoverPlotKind::crossover:
        spec = sweeps::crossover_plot(rows);
        break;
      case sweeps::CrossoverPlotKind::map:
        spec = sweeps::map_plot(cells, rows);
        break;
      case sweeps::CrossoverPlotKind::energy:
        spec = sweeps::energy_plot(points, plot_rate);
        break;
      case sweeps::CrossoverPlotKind::ber:
        spec = sweeps::ber_plot(points, plot_rate);
        break;
      }
      const auto tmp = p.file.parent_path() /
                       ("." + p.file.stem().string() + ".partial" + p.file.extension().string());
      sweeps::render_plot(spec, tmp);
      rendered.emplace_back(tmp, p.file);
    }
  } catch (...) {
    drop_rendered();
    throw;
  }

  std::vector<std::string> written;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  auto commit = [&](std::optional<sweeps::OutputFile> &f, const std::string &path,
                    const std::string &table, const std::vector<std::string> &columns) {
    if (!f)
      return;
    f->commit();
    written.push_back(path);
    if (path != "-") {
      sweeps::OutputFile side(path + ".json");
      side.stream() << sweeps::crossover_sidecar_json(study, table, columns, seconds, {});
      side.commit();
      written.push_back(path + ".json");
    }
  };
  try {
    if (csv)
      sweeps::write_crossover_csv(csv->stream(), rows);
    if (map_csv)
      sweeps::write_map_csv(map_csv->stream(), cells);
    if (points_csv)
      sweeps::write_points_csv(points_csv->stream(), points);
    if (sens_csv)
      sweeps::write_sensitivity_csv(sens_csv->stream(), sens);
  } catch (...) {
    drop_rendered();
    throw;
  }
  commit(csv, o.output, "crossover",
         {"lane_rate_gbps", "rate", "copper_tech", "optical_tech", "criterion", "crossover_m",
          "bound", "copper_energy_pj_per_bit", "optical_energy_pj_per_bit", "optical_closes",
          "evaluations"});
  commit(map_csv, o.map, "technology map",
         {"lane_rate_gbps", "rate", "distance_m", "best_tech", "family", "energy_pj_per_bit",
          "closes"});
  commit(points_csv, o.points, "technology points",
         {"lane_rate_gbps", "rate", "distance_m", "tech", "family", "in_range", "closes",
          "ber_pre_fec", "ber_post_fec", "energy_pj_per_bit"});
  commit(sens_csv, o.sensitivity, "sensitivity",
         {"knob", "value", "rate", "lane_rate_gbps", "crossover_m", "base_m", "change_pct", "bound",
          "base_bound"});
  for (const auto &[tmp, target] : rendered) {
    std::filesystem::rename(tmp, target);
    written.push_back(target.string());
  }

  if (o.format == "csv" && !csv)
    sweeps::write_crossover_csv(std::cout, rows);
  else {
    sweeps::print_crossover_table(std::cout, study, rows);
    if (!sens.empty())
      sweeps::print_knob_ranking(std::cout, sweeps::rank_knobs(sens));
  }
  for (const auto &w : study.warnings) // after success: a failure stays one line
    std::cerr << "linkphy: warning: " << with_option_names(w) << "\n";
  int evaluations = 0;
  for (const auto &r : rows)
    evaluations += r.evaluations;
  std::cerr << "linkphy: crossover: " << evaluations << " link evaluations for the crossover in "
            << sweeps::format_value(seconds) << " s";
  if (!written.empty()) {
    std::cerr << "; wrote";
    for (const auto &w : written)
      std::cerr << " " << w;
  }
  std::cerr << "\n";
  return 0;
}

void register_crossover(CLI::App &app) {
  auto opt = std::make_shared<Options>();
  auto *sub = app.add_subcommand("crossover", "where optics overtakes copper, per lane rate");
  sub->footer(
      "Examples:\n"
      "  linkphy crossover                       # the default study, table on stdout\n"
      "  linkphy crossover sweeps/examples/crossover/default.toml --rates 50G,100G --criterion "
      "energy -o x.csv\n"
      "  linkphy crossover --plot x.svg --plot map=map.svg --plot energy=e.png --plot ber=b.svg\n"
      "  linkphy crossover --map map.csv --points points.csv --sensitivity sens.csv\n"
      "  linkphy crossover --catalog cables=sweeps/examples/catalogs/cables_df_x10.toml --rates "
      "100G "
      "-o x.csv\n"
      "The crossover is the longest distance at which the best copper technology still wins "
      "(feasible: some copper closes at the BER target; energy: copper's best pJ/bit is lower), "
      "found by a log-spaced scan and bisection on distance. User channel catalogs (--catalog, or "
      "the study's catalogs = [\"KIND=FILE\", ...] with FILE beside the study; the study's "
      "first) feed every link and power evaluation; the sidecar records them. Plots need "
      "gnuplot (Debian gnuplot-nox). Exit 2 with one line on bad input; no output file is left "
      "behind.");
  sub->add_option("study", opt->study,
                  "study TOML (default: sweeps/examples/crossover/default.toml)");
  sub->add_option("--rates", opt->rates,
                  "lane rates, comma separated (25G,50G,… or explicit with its modulation, '106.25 "
                  "Gb/s PAM4')");
  sub->add_option("--criterion", opt->criterion, "feasible | energy | cost");
  sub->add_option("--fidelity", opt->fidelity, "analytic | statistical");
  sub->add_option("--copper", opt->copper, "copper technologies, comma separated");
  sub->add_option("--optical", opt->optical, "optical technologies, comma separated");
  sub->add_option("-o,--output", opt->output, "crossover CSV (+ OUT.json sidecar)");
  sub->add_option("--map", opt->map, "technology map CSV: best technology per (rate, distance)");
  sub->add_option("--points", opt->points, "every technology at every map cell, CSV");
  sub->add_option("--sensitivity", opt->sensitivity,
                  "sensitivity CSV of the study's [sensitivity] knobs (+ ranking on stdout)");
  sub->add_option("--plot", opt->plots,
                  "[KIND=]FILE.svg|.png, KIND crossover (default), map, energy, ber; repeatable");
  sub->add_option("--catalog", opt->catalogs,
                  "user channel catalog KIND=FILE (KIND: laminates, foils, cables, packages; "
                  "FILE relative to the working directory), loaded after the study's catalogs; "
                  "repeatable");
  sub->add_option("--threads", opt->threads,
                  "worker threads, 1 to 1024 (0 or not given: all cores)");
  sub->add_option("--format", opt->format, "stdout: text table (default) or csv");
  set_runner(sub, [opt] { return run(*opt); });
}

const bool registered = add_command("crossover", register_crossover);

} // namespace
} // namespace linkphy::cli
