// Runs a sweep: points spread over threads, rows streamed to OUT.partial as they finish (one
// line each, flushed in batches), OUT.partial renamed onto OUT when complete, with a JSON sidecar
// OUT.json. The threaded backend appends rows in point order (a reorder buffer holds a chunk until
// the chunks before it are in), so the finished partial file is OUT as it stands; rows that
// arrived out of order (the MPI backend, a resumed partial of an older binary) are sorted by point
// index at the end instead. --resume continues from OUT.partial without losing or duplicating a
// row; --shard K/N takes every N-th point (those with index % N == K − 1) for batch schedulers.
// The pieces (SweepRows: point → CSV line; SweepWriter: the output side) are public so that other
// backends (the MPI one, sweeps/mpi/) write exactly the same files.
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace linkphy::sweeps {

/// Most worker threads a sweep or a crossover study takes (--threads 1 to kMaxThreads).
inline constexpr unsigned kMaxThreads = 1024;

/// Starts `count` threads running `body` into `pool`. If the system refuses one
/// (std::system_error), calls `stop` (which must make the started ones return), joins them and
/// throws InputError naming SweepOptions.threads. `count` is not checked here (0 starts none;
/// callers keep it within kMaxThreads).
void start_threads(std::vector<std::thread> &pool, unsigned count,
                   const std::function<void()> &body, const std::function<void()> &stop);

/// check_sweep_options' checks are given per member (InputError naming the member as
/// "SweepOptions.FIELD", as link_eval.hpp "Names in errors"; `linkphy sweep` prints the options).
struct SweepOptions {
  /// CSV path; empty or "-" streams unsorted rows to stdout. Otherwise check_output_path: a
  /// directory, a symbolic link, a device, FIFO or socket, or a missing parent directory is
  /// refused ("-o 'PATH': ...").
  std::string output;
  /// worker threads (per process), 1 to kMaxThreads ("SweepOptions.threads N: accepted: …")
  unsigned threads = 1;
  /// continue OUT.partial (requires output: "SweepOptions.resume: needs an output file")
  bool resume = false;
  int shard_index = 1; ///< K of --shard K/N, 1 ≤ K ≤ N ("SweepOptions.shard: K/N needs 1 ≤ K ≤ N")
  int shard_count = 1;   ///< N of --shard K/N, ≥ 1
  bool progress = false; ///< draw a progress bar on stderr
  /// Progress as log lines on stderr (each 10 % once the run has lasted 10 s, or each minute):
  /// for batch jobs whose stderr is not a terminal.
  bool progress_log = false;
  int ranks = 1; ///< MPI ranks taking part (recorded in the sidecar only), ≥ 1; not checked
  /// How to go on after SIGINT or SIGTERM: the end of the line a run writing OUT.partial then
  /// prints on stderr ("linkphy: sweep interrupted: the rows so far are kept in OUT.partial; "
  /// + this). The library's words by default; the `linkphy` CLI passes "run the same command
  /// with --resume to continue". Any text (the line is cut at 1 KiB); empty: the line ends at
  /// the file's name.
  std::string resume_hint = "run the sweep again with SweepOptions.resume to continue";
  /// Called once per distinct warning of the sweep's setup (SweepRows::validate), before the
  /// first point runs, with the text in the spec's terms ("spec.toml:7: key 'set' 'host_length=5
  /// in' has no effect at 100G: …"); empty: the warnings are only returned in
  /// SweepSummary::warnings. The `linkphy` CLI prints each as "linkphy: warning: TEXT".
  std::function<void(const std::string &)> on_warning;
};

struct SweepSummary {
  std::uint64_t points = 0;    ///< points of this shard
  std::uint64_t evaluated = 0; ///< evaluated in this run
  std::uint64_t resumed = 0;   ///< found done in OUT.partial
  double seconds = 0.0;        ///< wall time of the run, s
  /// OUT.partial had to be sorted onto OUT (rows arrived out of point order); false: it was
  /// renamed as it stood (or rows went to stdout).
  bool sorted = false;
  /// --resume found OUT complete (no OUT.partial; OUT.json records this sweep and shard):
  /// nothing was evaluated or written.
  bool already_complete = false;
  /// The setup's warnings (SweepOptions::on_warning), each once, in the order found.
  std::vector<std::string> warnings;
};

/// Which evaluator columns a sweep keeps: those that repeat an axis column are dropped.
std::vector<bool> evaluator_columns_kept(const SweepSpec &spec, const Evaluator &evaluator);
/// The CSV header of a sweep: point, one column per axis (column_name), then the evaluator's
/// columns that do not repeat an axis.
std::vector<std::string> sweep_header(const SweepSpec &spec, const Evaluator &evaluator);

/// Point → CSV line. The axis cells (SI values) are formatted once up front, so a point costs its
/// evaluation plus one string join. Thread-safe when the evaluator is.
class SweepRows {
public:
  /// `threads` (≥ 1; 0 is not checked and acts as 1): how many threads will call append_row at
  /// once. Above 1 every point runs its own inner parallelism single-threaded
  /// (EvaluationContext::point_threads = 1: the statistical tier's equaliser search), else with
  /// the library default (one thread per core).
  SweepRows(const SweepSpec &spec, const Evaluator &evaluator, unsigned threads = 1);
  /// The column names (sweep_header).
  const std::vector<std::string> &header() const { return header_; }
  /// The header line (no '\n').
  const std::string &header_line() const { return header_line_; }
  /// The evaluator the rows are made by.
  const Evaluator &evaluator() const { return evaluator_; }
  /// Evaluates point i (0 ≤ i < point_count; not checked, as SweepSpec::point) and appends its
  /// line with '\n' to `out`. `cells` is the caller's scratch space. Throws what the evaluator
  /// throws, an InputError in the spec's terms (Evaluator::field_keys).
  void append_row(std::uint64_t i, std::string &out, std::vector<std::string> &cells) const;
  /// Evaluates point i and rejects keys the evaluator does not accept (InputError naming the key
  /// and its FILE:LINE): the check every backend runs before it touches a file. Returns the
  /// warnings of the setups checked (Evaluator::check_setup), each once, in the spec's terms at
  /// the line of the key they name.
  std::vector<std::string> validate(std::uint64_t i) const;
  /// The start of point i's line: its index and axis cells, comma-separated (no trailing comma):
  /// what a resumed row of this spec must begin with.
  std::string row_prefix(std::uint64_t i) const;

private:
  /// Evaluator::check_setup on each combination of the axes' values of its setup_keys (≤ 10⁴;
  /// more are left to the points); InputError at the first axis' FILE:LINE naming the values.
  /// Returns their warnings (as validate).
  std::vector<std::string> check_setups(const ParamSet &first) const;
  /// Appends each of `found` (Evaluator::check_setup's warnings for `point`) to `warnings` in the
  /// spec's terms, unless already there.
  void add_setup_warnings(const std::vector<std::string> &found, const ParamSet &point,
                          std::vector<std::string> &warnings) const;
  /// `e`, thrown by the evaluator on `point`, in the spec's terms (in_spec_keys with the
  /// evaluator's field_keys).
  [[noreturn]] void throw_in_spec_keys(const InputError &e, const ParamSet &point) const;

  const SweepSpec &spec_;
  const Evaluator &evaluator_;
  EvaluationContext context_;
  std::vector<bool> keep_;
  std::vector<std::string> header_;
  std::string header_line_;
  std::vector<std::vector<std::string>> axis_cells_; ///< [axis][value] as written in the CSV
  std::uint64_t id_ = 0; ///< process-unique: names this object to per-thread point scratch
};

/// The output side of a sweep: checks the options, computes the points of the shard, opens
/// OUT.partial (or resumes it: rows found there are not evaluated again), appends rows, and when
/// all are in renames OUT.partial onto OUT (sorting it first if rows came out of point order) and
/// writes OUT.json. With no output file rows go to stdout. Rows are collected in one buffer and
/// written with one call per 64 KiB, or when 50 ms old at the next append (outside the row lock:
/// appending threads do not wait for the write), so a killed run loses little work beyond rows
/// still held for order.
class SweepWriter {
public:
  /// Throws InputError on bad options, a partial file of another sweep, or an unwritable path.
  SweepWriter(const SweepSpec &spec, const SweepRows &rows, const SweepOptions &options);
  /// Closes OUT.partial and keeps it (a killed or abandoned run can be resumed).
  ~SweepWriter();
  SweepWriter(const SweepWriter &) = delete;
  SweepWriter &operator=(const SweepWriter &) = delete;

  /// Number of points of this shard still to evaluate.
  std::uint64_t todo_count() const { return todo_count_; }
  /// The k-th point still to evaluate (0 ≤ k < todo_count(); not checked), ascending in k.
  std::uint64_t todo_point(std::uint64_t k) const {
    return todo_.empty() ? first_ + k * stride_ : todo_[k];
  }
  /// Points of this shard (done or not).
  std::uint64_t shard_points() const { return shard_points_; }
  /// Points found done in OUT.partial.
  std::uint64_t resumed() const { return resumed_; }
  /// Appends `count` complete lines (each ending in '\n') of any points, in any order (the MPI
  /// backend): the partial file is then sorted at the end. Thread-safe. Test hook: with
  /// LINKPHY_TEST_KILL_AFTER_ROWS=N in the environment the process SIGKILLs itself after N rows.
  void write(std::string_view lines, std::size_t count);
  /// Appends the rows of the points todo_point(k0) … todo_point(k0 + count − 1), one complete
  /// line each in that order, from any thread and in any order of k0; every k must come exactly
  /// once. The rows reach OUT.partial in point order: a range waits in a reorder buffer until
  /// the ranges before it are in, so that finish() needs no sort. (A range held back for more
  /// than 2 s, or 64 MiB of held rows, is written at once instead and the file sorted at the end:
  /// rows never wait long for a slow point.) `lines` is taken: on return it is empty, with some
  /// capacity (buffers are recycled: no allocation per call). Thread-safe; the test hook as write.
  void write_ordered(std::uint64_t k0, std::size_t count, std::string &lines);
  /// Rows written by this run.
  std::uint64_t written() const;
  /// Every point is in: renames OUT.partial onto OUT (atomically; first sorted by point index if
  /// rows came out of order), writes OUT.json. `seconds` is the evaluation wall time for the
  /// sidecar, s (≥ 0; recorded as given, not checked).
  SweepSummary finish(double seconds);
  /// A point failed: closes and removes OUT.partial (no partial output is left).
  void fail();

private:
  struct Held { ///< a range of write_ordered waiting for the ranges before it
    std::uint64_t k0 = 0;
    std::size_t count = 0;
    std::string lines;
  };
  void append_locked(std::string_view lines, std::size_t count);
  void release_held_locked();        ///< writes every held range now (out of order)
  void flush_locked();               ///< the buffer to the file, now
  void write_out(std::string &text); ///< to sink_ and clears `text`; under io_mutex_
  /// Progress, the kill hook, and the buffer to the file (outside the row lock) on size or age.
  void after_append_locked(std::unique_lock<std::mutex> &lock);

  // Read by every worker for every point (todo_point): apart from what the lock holders write.
  const SweepSpec &spec_;
  const SweepRows &rows_;
  SweepOptions options_;
  bool to_stdout_ = false;
  std::string partial_;
  std::string stamp_;     ///< OUT.partial.spec: the spec_fingerprint of the run writing OUT.partial
  bool complete_ = false; ///< --resume of a complete OUT of this sweep: nothing to do
  std::vector<std::uint64_t> todo_; ///< explicit list only after a resume; else first_ + k·stride_
  std::uint64_t first_ = 0, stride_ = 1, todo_count_ = 0;
  std::uint64_t shard_points_ = 0, resumed_ = 0;
  long long kill_after_ = -1;

  // Written under mutex_, from its own cache line on.
  alignas(64) mutable std::mutex mutex_; ///< rows, held ranges, counts
  std::uint64_t written_ = 0;
  std::string buffer_;             ///< rows not yet handed to sink_
  bool in_order_ = true;           ///< OUT.partial's rows are in ascending point order
  std::uint64_t next_k_ = 0;       ///< write_ordered: the next range expected
  std::vector<Held> held_;         ///< write_ordered: ranges waiting (few: about one per thread)
  std::vector<std::string> spare_; ///< recycled range buffers
  std::size_t held_bytes_ = 0;     ///< bytes in held_
  double held_since_s_ = 0;        ///< since when held_ has waited with no range in order
  double last_flush_s_ = 0;
  struct Progress;
  std::unique_ptr<Progress> progress_;

  // Written under io_mutex_ (taken under mutex_, which may then be let go).
  std::mutex io_mutex_;
  std::FILE *sink_ = nullptr;
  std::string io_buffer_;     ///< rows being written to sink_
  bool write_failed_ = false; ///< a write to sink_ fell short (nothing more is written)
};

/// Process-wide allocator setting for long sweeps (glibc: M_TRIM_THRESHOLD = 256 MiB): freed memory
/// stays in the heap instead of going back to the OS after every point. A link point allocates and
/// frees megabytes of networks; trimming them each time cost page faults and brk calls worth ≈ 45 %
/// of a point's CPU time (measured with perf, analytic tier). No effect on other C libraries.
/// `linkphy sweep` calls it once before running.
void keep_freed_memory();

/// Throws InputError for options no backend accepts (shard K/N out of range, threads outside 1
/// to kMaxThreads, a bad output path, resume without an output file), named as SweepOptions above.
void check_sweep_options(const SweepOptions &options);

/// Runs the sweep on `options.threads` threads. Throws InputError on bad input (nothing is left
/// at OUT then; OUT.partial is kept only when the run was killed, for --resume).
SweepSummary run_sweep(const SweepSpec &spec, const Evaluator &evaluator,
                       const SweepOptions &options);

/// Joins shard outputs (same header) into one CSV sorted by point; identical duplicate rows are
/// kept once, conflicting ones are an error. From the parts' sidecars (PART.json: shard K/N,
/// sweep_points or the shard's points; for PART.partial, the stamp PART.partial.spec) it checks
/// that the set is complete — one N, every K from 1 to N, every point of each shard — and throws
/// InputError naming what is missing (nothing is written), unless `allow_partial`. Returns a line
/// for stderr ("" when none): what is missing with `allow_partial`, or the parts whose
/// completeness could not be checked (no sidecar recording their shard).
std::string merge_sweep_files(const std::vector<std::string> &parts, const std::string &output,
                              bool allow_partial = false);

} // namespace linkphy::sweeps
