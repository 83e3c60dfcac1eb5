// Runs a sweep: points spread over threads, rows streamed to OUT.partial as they finish (one
// line each, flushed in batches), sorted by point index and renamed onto OUT when complete, with a
// JSON sidecar OUT.json. --resume continues from OUT.partial without losing or duplicating a row;
// --shard K/N takes every N-th point (those with index % N == K − 1) for batch schedulers.
#pragma once

#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <cstdint>
#include <string>

namespace linkphy::sweeps {

struct SweepOptions {
  std::string output;    ///< CSV path; empty or "-" streams unsorted rows to stdout
  unsigned threads = 1;  ///< worker threads, ≥ 1
  bool resume = false;   ///< continue OUT.partial (requires output)
  int shard_index = 1;   ///< K of --shard K/N, 1 ≤ K ≤ N
  int shard_count = 1;   ///< N of --shard K/N, ≥ 1
  bool progress = false; ///< draw a progress bar on stderr
};

struct SweepSummary {
  std::uint64_t points = 0;    ///< points of this shard
  std::uint64_t evaluated = 0; ///< evaluated in this run
  std::uint64_t resumed = 0;   ///< found done in OUT.partial
  double seconds = 0.0;
};

/// Which evaluator columns a sweep keeps: those that repeat an axis column are dropped.
std::vector<bool> evaluator_columns_kept(const SweepSpec &spec, const Evaluator &evaluator);
/// The CSV header of a sweep: point, one column per axis (column_name), then the evaluator's
/// columns that do not repeat an axis.
std::vector<std::string> sweep_header(const SweepSpec &spec, const Evaluator &evaluator);

/// Runs the sweep. Throws InputError on bad input (nothing is left at OUT then; OUT.partial is
/// kept only when the run was killed, for --resume).
SweepSummary run_sweep(const SweepSpec &spec, const Evaluator &evaluator,
                       const SweepOptions &options);

/// Joins shard outputs (same header) into one CSV sorted by point; identical duplicate rows are
/// kept once, conflicting ones are an error.
void merge_sweep_files(const std::vector<std::string> &parts, const std::string &output);

} // namespace linkphy::sweeps
