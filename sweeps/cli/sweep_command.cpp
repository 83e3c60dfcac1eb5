// `linkphy sweep FILE.toml [-o out.csv] [--threads N] [--resume] [--shard K/N] [--force]` and
// `linkphy merge PART.csv... -o out.csv`. Under `mpirun` (when built with LINKPHY_WITH_MPI) the
// sweep runs on the MPI backend (sweeps/mpi/mpi_sweep.hpp) with the same files as output.
#include "commands.hpp"
#include "option_names.hpp"

#ifdef LINKPHY_WITH_MPI
#include "mpi_sweep.hpp"
#endif

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace linkphy::cli {
namespace {

struct SweepArgs {
  std::string spec;
  std::string output;
  unsigned threads = 0;
  bool resume = false;
  std::string shard = "1/1";
  bool force = false;
  bool quiet = false;
};

void parse_shard(const std::string &text, int &k, int &n) {
  const auto slash = text.find('/');
  try {
    if (slash == std::string::npos)
      throw std::invalid_argument("");
    std::size_t p1 = 0, p2 = 0;
    k = std::stoi(text.substr(0, slash), &p1);
    n = std::stoi(text.substr(slash + 1), &p2);
    if (p1 != slash || p2 != text.size() - slash - 1 || n < 1 || k < 1 || k > n)
      throw std::invalid_argument("");
  } catch (const std::exception &) {
    throw InputError("--shard '" + text + "'", "expected K/N with 1 ≤ K ≤ N, e.g. 2/8");
  }
}

void report(const SweepArgs &a, const sweeps::SweepSummary &s, int ranks) {
  if (s.already_complete)
    std::cerr << "linkphy: " << a.output << " is complete (" << a.output
              << ".json records this sweep, " << s.points << " points); nothing to resume\n";
  else if (!a.output.empty() && a.output != "-")
    std::cerr << "linkphy: " << s.evaluated << " points evaluated"
              << (s.resumed ? " (" + std::to_string(s.resumed) + " resumed)" : std::string())
              << (ranks > 1 ? " on " + std::to_string(ranks) + " MPI ranks" : std::string())
              << " in " << sweeps::format_value(s.seconds) << " s; wrote " << a.output << " and "
              << a.output << ".json\n";
}

int run_sweep_command(const SweepArgs &a) {
  sweeps::keep_freed_memory();
  sweeps::SweepOptions o;
  o.output = a.output;
  o.resume = a.resume;
  o.resume_hint = "run the same command with --resume to continue"; // the interrupt line's end
  o.on_warning = [](const std::string &w) { std::cerr << "linkphy: warning: " << w << "\n"; };
  parse_shard(a.shard, o.shard_index, o.shard_count);
  check_input_file(a.spec, "spec", "a sweep spec TOML with a [sweep] table");
  if (std::error_code ec;
      !a.output.empty() && a.output != "-" && std::filesystem::equivalent(a.output, a.spec, ec))
    throw InputError("-o '" + a.output + "'",
                     "is the sweep spec itself (it would be overwritten); accepted: another file "
                     "path, or - for stdout");
  o.progress = !a.quiet && ::isatty(STDERR_FILENO);
  o.progress_log = !a.quiet && !o.progress;
#ifdef LINKPHY_WITH_MPI
  if (sweeps::mpi::launched_by_mpi()) { // one rank per core by default: 1 thread per rank
    o.threads = a.threads ? a.threads : 1;
    const auto r = sweeps::mpi::run_sweep_mpi(a.spec, a.force, o, with_option_names);
    if (r.rank == 0 && r.exit_code == 0)
      report(a, r.summary, r.ranks);
    return r.exit_code;
  }
#endif
  o.threads = a.threads ? a.threads : std::max(1u, std::thread::hardware_concurrency());
  const auto spec = sweeps::read_sweep_spec(a.spec, a.force);
  const auto evaluator = sweeps::make_evaluator(spec.evaluator, spec.evaluator_where);
  report(a, sweeps::run_sweep(spec, *evaluator, o), 1);
  return 0;
}

std::string mpi_note() {
#ifdef LINKPHY_WITH_MPI
  return "\nUnder mpirun (e.g. `mpirun -n 4 linkphy sweep spec.toml -o out.csv`) the points are "
         "spread over\nthe MPI ranks (--threads per rank, default 1); rank 0 writes the same "
         "files.";
#else
  return "";
#endif
}

void register_sweep(CLI::App &app) {
  auto args = std::make_shared<SweepArgs>();
  auto *sub = app.add_subcommand("sweep", "Run a parameter sweep described by a TOML file");
  sub->footer(
      "Example:\n  linkphy sweep sweeps/examples/kp4_waterfall.toml -o kp4.csv --threads 2\n"
      "Rows (one per point: point index, the axes in SI units, the evaluator's keys) "
      "stream to OUT.partial,\nare sorted and renamed onto OUT when complete, with a JSON "
      "sidecar OUT.json.\nA killed sweep continues with --resume." +
      mpi_note() + " Evaluators: " + [] {
        std::string s;
        for (const auto &e : sweeps::evaluators())
          s += "\n  " + e.name + ": " + e.description;
        return s;
      }());
  sub->add_option("spec", args->spec, "Sweep spec (TOML with a [sweep] table)")->required();
  sub->add_option("-o,--output", args->output, "CSV output file (default: stdout, unsorted)");
  sub->add_option("--threads", args->threads,
                  "Worker threads, 1 to 1024 (0 or not given: all cores; under mpirun 1 per rank)");
  sub->add_flag("--resume", args->resume, "Continue OUT.partial left by a killed run");
  sub->add_option("--shard", args->shard, "Take shard K of N (points with index % N == K-1)");
  sub->add_flag("--force", args->force, "Allow more than 1e8 points");
  sub->add_flag("-q,--quiet", args->quiet, "No progress bar");
  set_runner(sub, [args] { return run_sweep_command(*args); });
}

void register_merge(CLI::App &app) {
  auto parts = std::make_shared<std::vector<std::string>>();
  auto output = std::make_shared<std::string>();
  auto allow_partial = std::make_shared<bool>(false);
  auto *sub = app.add_subcommand("merge", "Join sweep shards into one CSV sorted by point");
  sub->footer(
      "Examples (from the repository root; the three shards first):\n"
      "  linkphy sweep sweeps/examples/link_reach.toml --shard 1/3 -o p1.csv\n"
      "  linkphy sweep sweeps/examples/link_reach.toml --shard 2/3 -o p2.csv\n"
      "  linkphy sweep sweeps/examples/link_reach.toml --shard 3/3 -o p3.csv\n"
      "  linkphy merge p1.csv p2.csv p3.csv -o all.csv\n"
      "  linkphy merge p1.csv p3.csv -o some.csv --allow-partial\n"
      "From the shards' sidecars (PART.csv.json; for a killed run's PART.csv.partial, its\n"
      "PART.csv.partial.spec) merge checks that the set is complete: one --shard split K/N,\n"
      "every K from 1 to N, every point of each shard. An incomplete set is refused (exit 2,\n"
      "no output) with one line naming what is missing. A part without a sidecar (a shard\n"
      "written to stdout, or copied without its .json) must have a header a sweep writes, each\n"
      "point in one part only and no point missing below the last; one warning line on stderr\n"
      "says what could not be checked (the spec, a shard past the last point).");
  sub->add_option("parts", *parts, "Shard CSV files (same header)")->required();
  sub->add_option("-o,--output", *output, "Merged CSV (default: stdout)");
  sub->add_flag("--allow-partial", *allow_partial,
                "Merge an incomplete set (shards or points missing, shards of different N) "
                "anyway; stderr says what is missing");
  set_runner(sub, [parts, output, allow_partial] {
    for (const auto &p : *parts)
      check_input_file(p, "parts", "sweep shard CSV files (same header)", "no such file", true);
    const auto note = sweeps::merge_sweep_files(*parts, *output, *allow_partial);
    // Rows to a stdout that failed end in main's one line "stdout: write failed", alone.
    std::cout.flush();
    if (!note.empty() && std::cout && std::fflush(stdout) == 0 && !std::ferror(stdout))
      std::cerr << "linkphy: " << note << "\n";
    return 0;
  });
}

const bool registered_sweep = add_command("sweep", register_sweep);
const bool registered_merge = add_command("merge", register_merge);

} // namespace
} // namespace linkphy::cli
