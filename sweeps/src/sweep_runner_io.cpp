// The two halves every sweep backend shares: SweepRows (point → CSV line) and SweepWriter
// (OUT.partial, resume, the reorder buffer, renaming or sorting onto OUT, the JSON sidecar).
// sweep_runner.hpp documents them.
#include "sweep_cells.hpp"
#include "sweep_runner_text.hpp"

#include <signal.h>
#include <unistd.h>

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>

namespace linkphy::sweeps {

using detail::csv_escape;
using detail::json_escape;
using Clock = std::chrono::steady_clock;

namespace {

double now_s() { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); }

// Rows are handed to the file in one call per this many bytes, or when the last call is this old
// (a killed run loses at most that much work; a resume re-evaluates it).
constexpr std::size_t kFlushBytes = std::size_t{64} << 10;
constexpr double kFlushAge_s = 0.05;
// The reorder buffer gives up order (the file is sorted at the end instead) when no range has
// come in order for this long while others wait, or when this much waits: rows behind a slow
// point are not kept from the file for long, and memory stays bounded.
constexpr double kHoldMax_s = 2.0;
constexpr std::size_t kHoldMaxBytes = std::size_t{64} << 20;

void write_sidecar(const std::string &path, const SweepSpec &spec,
                   const std::vector<std::string> &header, const SweepSummary &s,
                   const SweepOptions &o) {
  OutputFile out(path);
  auto &os = out.stream();
  os << "{\n  \"linkphy_version\": \"" << LINKPHY_SWEEPS_VERSION << "\",\n";
  os << "  \"name\": \"" << json_escape(spec.name) << "\",\n";
  os << "  \"evaluator\": \"" << json_escape(spec.evaluator) << "\",\n";
  os << "  \"spec_file\": \"" << json_escape(spec.file.string()) << "\",\n";
  os << "  \"spec\": \"" << json_escape(spec.source_text) << "\",\n";
  os << "  \"combine\": \"" << (spec.combine == Combine::zip ? "zip" : "product") << "\",\n";
  os << "  \"spec_hash\": \"" << spec_fingerprint(spec) << "\",\n";
  os << "  \"columns\": [";
  for (std::size_t i = 0; i < header.size(); ++i)
    os << (i ? ", " : "") << "\"" << json_escape(header[i]) << "\"";
  os << "],\n  \"units\": \"each column's unit is the suffix of its name (_m, _hz, _db, _w, "
        "_gbps, _mv, _pj_per_bit, ...); axis columns are in SI units\",\n";
  os << "  \"axes\": [";
  for (std::size_t i = 0; i < spec.axes.size(); ++i) {
    const auto &a = spec.axes[i];
    os << (i ? ", " : "") << "{\"key\": \"" << json_escape(a.key) << "\", \"column\": \""
       << json_escape(column_name(a.key, a.dimension)) << "\", \"points\": " << a.values.size()
       << "}";
  }
  // points: this shard's; sweep_points: every shard's (linkphy merge checks completeness).
  os << "],\n  \"points\": " << s.points << ",\n  \"sweep_points\": " << spec.point_count()
     << ",\n  \"evaluated\": " << s.evaluated << ",\n  \"resumed\": " << s.resumed
     << ",\n  \"shard\": \"" << o.shard_index << "/" << o.shard_count
     << "\",\n  \"threads\": " << o.threads << ",\n  \"mpi_ranks\": " << o.ranks
     << ",\n  \"seconds\": " << json_number(s.seconds) << ",\n  \"points_per_second\": "
     << json_number(s.seconds > 0 ? static_cast<double>(s.evaluated) / s.seconds : 0.0) << "\n}\n";
  out.commit();
}

} // namespace

namespace {

// SIGINT/SIGTERM while rows go to OUT.partial: one line saying where the rows are and how to go
// on, then the default action (exit status 130/143 as before). The handler only write()s a line
// made before the run (async-signal-safe) and re-raises the signal with the default action.
char g_interrupt_line[1024];
std::size_t g_interrupt_len = 0;
struct sigaction g_old_int {
}, g_old_term{};
bool g_handlers_installed = false;

void on_sweep_interrupt(int sig) {
  if (g_interrupt_len > 0)
    (void)!::write(STDERR_FILENO, g_interrupt_line, g_interrupt_len);
  std::raise(sig); // SA_RESETHAND: the default action now
}

void install_interrupt_line(const std::string &line) {
  const std::size_t n = std::min(line.size(), sizeof g_interrupt_line);
  std::memcpy(g_interrupt_line, line.data(), n);
  g_interrupt_len = n;
  struct sigaction sa {};
  sa.sa_handler = on_sweep_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND | SA_NODEFER;
  g_handlers_installed =
      ::sigaction(SIGINT, &sa, &g_old_int) == 0 && ::sigaction(SIGTERM, &sa, &g_old_term) == 0;
}

void remove_interrupt_line() {
  if (!g_handlers_installed)
    return;
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
  g_handlers_installed = false;
  g_interrupt_len = 0;
}

} // namespace

struct SweepWriter::Progress {
  /// `bar`: a bar redrawn in place (stderr a terminal); `log`: a line at each 10 % once the run
  /// has lasted 10 s, or every minute (stderr a log file: batch jobs); neither: silent.
  Progress(bool bar, bool log, std::uint64_t total) : bar_(bar), log_(log), total_(total) {}
  void update(std::uint64_t done, bool final = false) {
    if (!bar_ && !log_)
      return;
    const auto now = Clock::now();
    if (bar_ && !final && now - last_ < std::chrono::milliseconds(200))
      return;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? static_cast<double>(done - first_) / secs : 0.0;
    const double frac = total_ ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
    if (log_) {
      const int decile = static_cast<int>(frac * 10);
      const bool due =
          secs >= log_after_s_ && (decile > last_decile_ || now - last_ >= std::chrono::minutes(1));
      if (!due || final)
        return;
      last_decile_ = decile;
      last_ = now;
      std::fprintf(stderr, "linkphy: sweep: %.0f%% (%llu/%llu points), %.3g pt/s, ETA %s\n",
                   100 * frac, static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(total_), rate, duration_text(eta).c_str());
      return;
    }
    last_ = now;
    const int width = 30;
    const int filled = static_cast<int>(frac * width);
    std::fprintf(stderr, "\r[%s%s] %5.1f%% %llu/%llu  %.0f pt/s  ETA %s  ",
                 std::string(static_cast<std::size_t>(filled), '=').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), ' ').c_str(), 100 * frac,
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_),
                 rate, duration_text(eta).c_str());
    if (final)
      std::fprintf(stderr, "\n");
  }
  /// mm:ss below an hour, h:mm:ss above (83 h read "5000:00" as mm:ss).
  static std::string duration_text(double s) {
    const long long t = s > 0 && s < 1e9 ? static_cast<long long>(s) : 0;
    char buf[48];
    if (t >= 3600)
      std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", t / 3600, t / 60 % 60, t % 60);
    else
      std::snprintf(buf, sizeof buf, "%02lld:%02lld", t / 60, t % 60);
    return buf;
  }
  bool bar_, log_;
  std::uint64_t total_, first_ = 0;
  int last_decile_ = 0;
  double log_after_s_ = 10; ///< no log line before the run has lasted this long, s
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_ = Clock::now();
};

std::vector<bool> evaluator_columns_kept(const SweepSpec &spec, const Evaluator &evaluator) {
  std::vector<bool> keep;
  for (const auto &c : evaluator.columns()) {
    bool dup = false;
    for (const auto &a : spec.axes)
      dup = dup || c == column_name(a.key, a.dimension) || c == a.key;
    keep.push_back(!dup);
  }
  return keep;
}

std::vector<std::string> sweep_header(const SweepSpec &spec, const Evaluator &evaluator) {
  std::vector<std::string> h{"point"};
  for (const auto &a : spec.axes)
    h.push_back(column_name(a.key, a.dimension));
  const auto cols = evaluator.columns();
  const auto keep = evaluator_columns_kept(spec, evaluator);
  for (std::size_t i = 0; i < cols.size(); ++i)
    if (keep[i])
      h.push_back(cols[i]);
  return h;
}

void check_sweep_options(const SweepOptions &o) {
  if (o.shard_count < 1 || o.shard_index < 1 || o.shard_index > o.shard_count)
    throw InputError("SweepOptions.shard", "K/N needs 1 ≤ K ≤ N");
  if (o.threads < 1 || o.threads > kMaxThreads)
    throw InputError("SweepOptions.threads " + std::to_string(o.threads),
                     "accepted: 1 to " + std::to_string(kMaxThreads));
  check_output_path(o.output, "-o");
  if (o.resume && (o.output.empty() || o.output == "-"))
    throw InputError("SweepOptions.resume", "needs an output file (-o OUT.csv)");
}

// ---- SweepRows --------------------------------------------------------------------------------

namespace {

std::atomic<std::uint64_t> next_rows_id{1};

// A thread's last point of one SweepRows: the next point differs from it in few axes (the last
// one, mostly), so it is updated in place rather than built (keys, places, maps) from scratch.
struct PointScratch {
  std::uint64_t owner = 0;
  ParamSet point;
  std::vector<std::size_t> idx;
};

} // namespace

SweepRows::SweepRows(const SweepSpec &spec, const Evaluator &evaluator, unsigned threads)
    : spec_(spec), evaluator_(evaluator), keep_(evaluator_columns_kept(spec, evaluator)),
      header_(sweep_header(spec, evaluator)), id_(next_rows_id.fetch_add(1)) {
  // Points evaluated side by side: each keeps to its own thread (the workers fill the cores).
  context_.point_threads = threads > 1 ? 1 : 0;
  for (std::size_t i = 0; i < header_.size(); ++i) {
    if (i) // appended, not "," + …: GCC 12 raises a false -Wrestrict on that
      header_line_ += ',';
    header_line_ += csv_escape(header_[i]);
  }
  for (const auto &ax : spec.axes) {
    std::vector<std::string> cells;
    cells.reserve(ax.values.size());
    for (const auto &text : ax.values)
      cells.push_back(csv_escape(
          ax.dimension ? format_value(parse_quantity_as(text, *ax.dimension, ax.where)) : text));
    axis_cells_.push_back(std::move(cells));
  }
}

void SweepRows::append_row(std::uint64_t i, std::string &out,
                           std::vector<std::string> &cells) const {
  thread_local PointScratch scratch;
  const auto idx = spec_.point_indices(i);
  if (scratch.owner != id_ || scratch.idx.size() != idx.size()) {
    scratch.owner = 0; // until the point is whole
    scratch.point = spec_.point(i);
    scratch.idx = idx;
    scratch.owner = id_;
  } else {
    for (std::size_t a = 0; a < idx.size(); ++a)
      if (idx[a] != scratch.idx[a]) { // as SweepSpec::point sets it
        const auto &ax = spec_.axes[a];
        scratch.point.set(ax.key, ax.values[idx[a]], ax.where);
        scratch.idx[a] = idx[a];
      }
  }
  try {
    evaluator_.evaluate_with(scratch.point, cells, context_);
  } catch (const InputError &e) {
    throw_in_spec_keys(e, scratch.point);
  }
  out += std::to_string(i);
  for (std::size_t a = 0; a < axis_cells_.size(); ++a) {
    out += ',';
    out += axis_cells_[a][idx[a]];
  }
  for (std::size_t c = 0; c < cells.size() && c < keep_.size(); ++c)
    if (keep_[c]) {
      out += ',';
      // One pass over the cell (find_first_of scans the 3-character set once per character).
      const bool plain = std::none_of(cells[c].begin(), cells[c].end(),
                                      [](char ch) { return ch == ',' || ch == '"' || ch == '\n'; });
      if (plain)
        out += cells[c];
      else
        out += csv_escape(cells[c]);
    }
  out += '\n';
}

std::string SweepRows::row_prefix(std::uint64_t i) const {
  const auto idx = spec_.point_indices(i);
  std::string out = std::to_string(i);
  for (std::size_t a = 0; a < axis_cells_.size(); ++a) {
    out += ',';
    out += axis_cells_[a][idx[a]];
  }
  return out;
}

std::vector<std::string> SweepRows::validate(std::uint64_t i) const {
  // Unknown keys first: a misspelt axis ('lenght') is named as such, not reported as the key it
  // was meant to be ('missing key length') by the evaluation below.
  const ParamSet first = spec_.point(i);
  const auto accepted = evaluator_.accepted_keys();
  for (const auto &[key, value] : first.values())
    if (std::find(accepted.begin(), accepted.end(), key) == accepted.end()) {
      // as ParamSet::reject_unused words it
      throw InputError(first.where_key(key), "unknown key; accepted: " + join_list(accepted));
    }
  for (const auto &axis : spec_.axes)
    for (const auto &v : axis.values)
      evaluator_.check_value(axis.key, v, axis.where + ": axis '" + axis.key + "'");
  // Before the first point: its setup errors name the spec's lines.
  std::vector<std::string> warnings = check_setups(first);
  std::vector<std::string> cells;
  try {
    evaluator_.evaluate(first, cells);
  } catch (const InputError &e) {
    throw_in_spec_keys(e, first);
  }
  first.reject_unused(accepted);
  return warnings;
}

void SweepRows::add_setup_warnings(const std::vector<std::string> &found, const ParamSet &point,
                                   std::vector<std::string> &warnings) const {
  const auto names = evaluator_.field_keys();
  for (const auto &w : found) {
    // At the spec's place of the input the warning starts with ("LinkRequest.sets 'k=v' …" →
    // "spec.toml:7: key 'set' 'k=v' …"), as an error's where() is placed.
    std::string text = at_spec_key(w, point, names);
    if (std::find(warnings.begin(), warnings.end(), text) == warnings.end())
      warnings.push_back(std::move(text));
  }
}

void SweepRows::throw_in_spec_keys(const InputError &e, const ParamSet &point) const {
  const auto names = evaluator_.field_keys();
  if (names.empty())
    throw; // the evaluator's own error as it is (called from a handler of `e`)
  throw in_spec_keys(e, point, names);
}

std::vector<std::string> SweepRows::check_setups(const ParamSet &first) const {
  // Every combination of the values the axes give the evaluator's setup keys (the link
  // evaluator: technology × lane rate × modulation × sets), so that a technology that cannot run
  // a listed rate is an error now, not at a point hours into the run.
  const auto keys = evaluator_.setup_keys();
  std::vector<std::size_t> axes;
  for (std::size_t a = 0; a < spec_.axes.size(); ++a)
    if (std::find(keys.begin(), keys.end(), spec_.axes[a].key) != keys.end())
      axes.push_back(a);
  std::vector<std::string> warnings;
  if (axes.empty()) {
    try {
      add_setup_warnings(evaluator_.check_setup(first), first, warnings); // shared by every point
    } catch (const InputError &e) {
      throw_in_spec_keys(e, first);
    }
    return warnings;
  }
  constexpr std::uint64_t kMaxCombinations = 10'000; // link: ≈ 55 µs each, stages built
  std::uint64_t combinations = 1;
  for (const std::size_t a : axes) {
    const std::uint64_t len = spec_.axes[a].values.size();
    combinations = spec_.combine == Combine::zip ? len : combinations * len;
    if (combinations > kMaxCombinations)
      return warnings; // the points check their own setup
  }
  ParamSet p = first;
  std::vector<std::size_t> idx(axes.size(), 0);
  for (std::uint64_t c = 0; c < combinations; ++c) {
    std::uint64_t rest = c; // product: mixed radix, the last axis fastest; zip: c on every axis
    for (std::size_t k = axes.size(); k-- > 0;) {
      const auto &ax = spec_.axes[axes[k]];
      idx[k] = spec_.combine == Combine::zip ? static_cast<std::size_t>(c)
                                             : static_cast<std::size_t>(rest % ax.values.size());
      rest /= ax.values.size();
      p.set(ax.key, ax.values[idx[k]], ax.where);
    }
    try {
      add_setup_warnings(evaluator_.check_setup(p), p, warnings);
    } catch (const InputError &e) {
      std::string values;
      for (std::size_t k = 0; k < axes.size(); ++k)
        values += (k ? ", " : "") + spec_.axes[axes[k]].key + " = '" +
                  spec_.axes[axes[k]].values[idx[k]] + "'";
      // At the line of the key the evaluator blamed (an axis named by its values, a fixed key
      // as "FILE:LINE: key 'set'"), else of the first such axis.
      std::string at = spec_.axes[axes.front()].where;
      for (const auto &kv : p.values())
        if (e.where() == p.where_key(kv.first)) {
          at = e.where();
          for (const auto &ax : spec_.axes)
            if (ax.key == kv.first)
              at = ax.where;
        }
      // The values name the combination; the detail names the spec's keys (field_keys).
      throw InputError(at, values + ": " + in_spec_keys(e, p, evaluator_.field_keys()).detail());
    }
  }
  return warnings;
}

// ---- SweepWriter ------------------------------------------------------------------------------

SweepWriter::SweepWriter(const SweepSpec &spec, const SweepRows &rows, const SweepOptions &o)
    : spec_(spec), rows_(rows), options_(o) {
  check_sweep_options(o);
  to_stdout_ = o.output.empty() || o.output == "-";
  const std::uint64_t total = spec.point_count();
  first_ = static_cast<std::uint64_t>(o.shard_index - 1);
  stride_ = static_cast<std::uint64_t>(o.shard_count);
  shard_points_ = first_ < total ? (total - first_ + stride_ - 1) / stride_ : 0;
  todo_count_ = shard_points_;
  const std::string &header_line = rows.header_line();
  if (to_stdout_) {
    sink_ = stdout;
    std::fprintf(sink_, "%s\n", header_line.c_str());
  } else {
    partial_ = o.output + ".partial";
    stamp_ = partial_ + ".spec";
    const std::string hash = spec_fingerprint(spec);
    const std::string shard = std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count);
    if (o.resume && !std::filesystem::exists(partial_) && std::filesystem::exists(o.output)) {
      // Nothing to resume: OUT is complete. The same sweep (its sidecar says so) has nothing to
      // do; anything else is not overwritten by a run that was asked to continue.
      const std::string side = o.output + ".json";
      if (detail::json_field(side, "spec_hash") != hash ||
          detail::json_field(side, "shard") != shard)
        throw InputError(
            "SweepOptions.resume",
            o.output + " exists, " + partial_ + " does not, and " + side +
                " does not record this sweep (spec_hash " + hash + ", shard " + shard +
                "); not overwriting it: run without SweepOptions.resume to run the sweep again");
      complete_ = true;
      resumed_ = shard_points_;
      todo_count_ = 0;
    } else if (o.resume && std::filesystem::exists(partial_)) {
      if (!std::filesystem::is_regular_file(partial_)) // a directory: file_size() threw (exit 1)
        throw InputError(partial_, "not a regular file (a directory?); accepted: the OUT.partial a "
                                   "killed run of this sweep left; not resuming: remove it to "
                                   "start over");
      // A partial of another spec (an axis' values, a fixed key, the evaluator changed since the
      // run started) would mix two sweeps' rows under one header: refused. The stamp is missing
      // for a partial of an older binary; the axis cells of each row are checked below anyway.
      if (const std::string was = detail::json_field(stamp_, "spec_hash");
          !was.empty() && was != hash)
        throw InputError(partial_, "written by another sweep (spec_hash " + was + " in " + stamp_ +
                                       ", " + spec.file.string() + " now gives " + hash +
                                       ": an axis, a value, a fixed key or the evaluator "
                                       "changed); not resuming: restore the spec, or run "
                                       "without SweepOptions.resume to start over");
      const auto lines = detail::read_complete_lines(partial_, false); // cut once checked
      if (!lines.empty() && lines.front() != header_line)
        throw InputError(partial_ + ":1", "header differs from this sweep's (accepted: '" +
                                              header_line + "'); not resuming");
      // Every row is checked before the file is touched: a corrupted partial is refused whole
      // (rows of another sweep or shard, cut or duplicated rows would end up in OUT).
      const auto cells = static_cast<long long>(rows.header().size());
      // The result cells as the evaluator writes them (the point and axis cells are compared
      // whole below): a corrupted cell is not carried into OUT.
      const auto kinds =
          detail::cell_kinds(rows.header(), &rows.evaluator(), detail::CellKind::skip);
      std::vector<std::pair<std::uint64_t, std::size_t>> at; // (point, line number)
      at.reserve(lines.size());
      bool ascending = true; // strictly: the rows an ordered run leaves
      long long last = -1;
      for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string where = partial_ + ":" + std::to_string(i + 1);
        const long long pt = detail::row_point(lines[i]);
        if (pt < 0)
          throw InputError(where, "malformed row: no point index (accepted: rows that start with "
                                  "the point index, as this sweep writes them); not resuming");
        if (const long long c = detail::csv_cell_count(lines[i]); c != cells)
          throw InputError(
              where, "malformed row: " +
                         (c < 0 ? std::string("a quote left open") : std::to_string(c) + " cells") +
                         ", the header has " + std::to_string(cells) + " (accepted: rows of " +
                         std::to_string(cells) + " cells, as the header); not resuming");
        const auto p = static_cast<std::uint64_t>(pt);
        if (p >= total || p < first_ || (p - first_) % stride_ != 0)
          throw InputError(where, "point " + std::to_string(pt) + " is not one of this " +
                                      (stride_ > 1 ? "shard's" : "sweep's") + " (0 to " +
                                      std::to_string(total - 1) +
                                      (stride_ > 1 ? ", index % " + std::to_string(stride_) +
                                                         " == " + std::to_string(first_)
                                                   : std::string()) +
                                      "); not resuming");
        if (const std::string prefix = rows.row_prefix(p);
            lines[i].compare(0, prefix.size(), prefix) != 0 ||
            (lines[i].size() > prefix.size() && lines[i][prefix.size()] != ','))
          throw InputError(where, "point " + std::to_string(pt) +
                                      ": its axis values are not this spec's (expected '" + prefix +
                                      "'); not resuming: restore the spec, or run "
                                      "without SweepOptions.resume to start over");
        detail::check_row_cells(lines[i], kinds, rows.header(), partial_, i + 1,
                                "; not resuming: the partial is corrupted (delete it to start "
                                "over)");
        ascending = ascending && pt > last;
        last = pt;
        at.emplace_back(p, i + 1);
      }
      std::sort(at.begin(), at.end());
      for (std::size_t k = 1; k < at.size(); ++k)
        if (at[k].first == at[k - 1].first)
          throw InputError(partial_ + ":" + std::to_string(at[k].second),
                           "point " + std::to_string(at[k].first) + " again (first at line " +
                               std::to_string(at[k - 1].second) +
                               ") (accepted: each point once); not resuming");
      std::uintmax_t complete = 0; // bytes of the complete lines: a half-written last row goes
      for (const auto &line : lines)
        complete += line.size() + 1;
      if (std::filesystem::file_size(partial_) > complete)
        std::filesystem::resize_file(partial_, complete);
      std::vector<std::uint64_t> seen;
      seen.reserve(at.size());
      for (const auto &a : at)
        seen.push_back(a.first);
      for (std::uint64_t k = 0; k < shard_points_; ++k) {
        const std::uint64_t i = first_ + k * stride_;
        if (!std::binary_search(seen.begin(), seen.end(), i))
          todo_.push_back(i);
      }
      resumed_ = shard_points_ - todo_.size();
      todo_count_ = todo_.size();
      // A partial an ordered run left holds a prefix of the points: the rest, appended in
      // order, keep it sorted. Anything else (rows of an unordered backend, gaps) is sorted at
      // the end.
      in_order_ = ascending &&
                  (todo_.empty() || last < 0 || todo_.front() > static_cast<std::uint64_t>(last));
      sink_ = std::fopen(partial_.c_str(), "ab");
      if (sink_ && lines.empty())
        std::fprintf(sink_, "%s\n", header_line.c_str());
    } else {
      // An interrupted run's rows (hours of work, perhaps) are never overwritten by a fresh start.
      if (!o.resume && std::filesystem::exists(partial_))
        throw InputError(
            "-o '" + o.output + "'",
            "an interrupted run left " + partial_ +
                "; accepted: SweepOptions.resume to continue it, or delete it to start over");
      sink_ = std::fopen(partial_.c_str(), "wb");
      if (sink_)
        std::fprintf(sink_, "%s\n", header_line.c_str());
    }
    if (!sink_ && !complete_)
      throw InputError(partial_, "cannot open for writing");
    if (sink_) { // which sweep OUT.partial belongs to, for --resume
      std::ofstream stamp(stamp_, std::ios::binary | std::ios::trunc);
      stamp << "{\"spec_hash\": \"" << hash
            << "\", \"spec_file\": " << json_string(spec.file.string()) << ", \"shard\": \""
            << shard << "\", \"points\": " << shard_points_ << ", \"sweep_points\": " << total
            << "}\n";
      stamp.flush();
      if (!stamp) {
        std::fclose(sink_);
        sink_ = nullptr;
        throw InputError(stamp_, "cannot open for writing");
      }
    }
  }
  if (sink_ && !to_stdout_)
    install_interrupt_line("\nlinkphy: sweep interrupted: the rows so far are kept in " + partial_ +
                           (o.resume_hint.empty() ? "" : "; " + o.resume_hint) + "\n");
  if (const char *k = std::getenv("LINKPHY_TEST_KILL_AFTER_ROWS"))
    kill_after_ = std::atoll(k);
  progress_ = std::make_unique<Progress>(o.progress, o.progress_log, shard_points_);
  if (const char *k = std::getenv("LINKPHY_TEST_PROGRESS_AFTER_S")) // tests: no 10 s wait
    progress_->log_after_s_ = std::atof(k);
  progress_->first_ = resumed_;
  last_flush_s_ = now_s();
  // A flush comes at 64 KiB plus at most a chunk or two; staying under glibc's 128 KiB mmap
  // threshold keeps the buffers in the heap (no mmap, page faults and munmap per run).
  buffer_.reserve(kFlushBytes + (std::size_t{16} << 10));
  io_buffer_.reserve(kFlushBytes + (std::size_t{16} << 10));
}

SweepWriter::~SweepWriter() {
  remove_interrupt_line();
  if (sink_ && !to_stdout_) { // killed or abandoned: what is in order so far, for --resume
    flush_locked();
    std::fclose(sink_);
  }
}

void SweepWriter::write_out(std::string &text) {
  if (!text.empty() && sink_ && !write_failed_) // no sink after fail(): the rows are dropped
    write_failed_ =
        std::fwrite(text.data(), 1, text.size(), sink_) != text.size() || std::fflush(sink_) != 0;
  text.clear();
}

void SweepWriter::flush_locked() {
  std::lock_guard<std::mutex> io(io_mutex_); // after a write in progress: the order holds
  write_out(buffer_);
}

void SweepWriter::append_locked(std::string_view lines, std::size_t count) {
  buffer_.append(lines);
  written_ += count;
}

void SweepWriter::after_append_locked(std::unique_lock<std::mutex> &lock) {
  progress_->update(resumed_ + written_);
  if (kill_after_ >= 0 && static_cast<long long>(written_) >= kill_after_) {
    flush_locked();
    std::raise(SIGKILL);
  }
  const double t = now_s();
  if (buffer_.size() < kFlushBytes && t - last_flush_s_ <= kFlushAge_s)
    return;
  last_flush_s_ = t;
  // The write itself runs outside the row lock (other threads go on appending rows); taking the
  // I/O lock before letting go of the row lock keeps the writes in the order of the rows.
  std::lock_guard<std::mutex> io(io_mutex_);
  buffer_.swap(io_buffer_);
  lock.unlock();
  write_out(io_buffer_);
}

void SweepWriter::release_held_locked() {
  if (held_.empty())
    return;
  in_order_ = false;
  std::sort(held_.begin(), held_.end(), [](const Held &a, const Held &b) { return a.k0 < b.k0; });
  for (Held &h : held_) {
    append_locked(h.lines, h.count);
    h.lines.clear();
    spare_.push_back(std::move(h.lines));
  }
  held_.clear();
  held_bytes_ = 0;
}

void SweepWriter::write(std::string_view lines, std::size_t count) {
  if (count == 0)
    return;
  std::unique_lock<std::mutex> lock(mutex_);
  release_held_locked();
  in_order_ = false; // rows of any points: sorted at the end
  append_locked(lines, count);
  after_append_locked(lock);
}

void SweepWriter::write_ordered(std::uint64_t k0, std::size_t count, std::string &lines) {
  if (count == 0) {
    lines.clear();
    return;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  if (in_order_ && k0 != next_k_) { // an earlier range is still being evaluated: hold this one
    const double t = now_s();
    if (held_.empty())
      held_since_s_ = t;
    Held h;
    h.k0 = k0;
    h.count = count;
    h.lines.swap(lines); // the caller gets a recycled buffer back
    if (!spare_.empty()) {
      lines.swap(spare_.back());
      spare_.pop_back();
    }
    held_bytes_ += h.lines.size();
    held_.push_back(std::move(h));
    if (held_bytes_ <= kHoldMaxBytes && t - held_since_s_ <= kHoldMax_s)
      return;
    release_held_locked(); // waited too long: out of order from here on
    after_append_locked(lock);
    return;
  }
  append_locked(lines, count);
  lines.clear();
  if (in_order_) {
    next_k_ = k0 + count;
    // The held ranges that now follow on (few: about one per worker thread).
    for (auto it = held_.begin(); it != held_.end();) {
      if (it->k0 != next_k_) {
        ++it;
        continue;
      }
      append_locked(it->lines, it->count);
      next_k_ += it->count;
      held_bytes_ -= it->lines.size();
      it->lines.clear();
      spare_.push_back(std::move(it->lines));
      held_.erase(it);
      it = held_.begin();
    }
    held_since_s_ = now_s(); // progress: the wait of the ones still held starts again
  }
  after_append_locked(lock);
}

std::uint64_t SweepWriter::written() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return written_;
}

SweepSummary SweepWriter::finish(double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  release_held_locked(); // none unless a range never came (then the file is sorted)
  flush_locked();
  SweepSummary summary;
  summary.points = shard_points_;
  summary.resumed = resumed_;
  summary.evaluated = written_;
  summary.seconds = seconds;
  if (complete_) { // --resume of a complete OUT: nothing was opened, nothing is written
    summary.already_complete = true;
    return summary;
  }
  progress_->update(resumed_ + written_, true);
  if (to_stdout_) {
    std::fflush(sink_);
    sink_ = nullptr;
    return summary;
  }
  const bool closed = std::fclose(sink_) == 0;
  sink_ = nullptr;
  if (write_failed_ || !closed)
    throw InputError(partial_, "write failed (disk full?); the rows written so far are kept "
                               "for SweepOptions.resume");
  if (in_order_) {
    // Rows in point order, the header first: OUT.partial is OUT (renamed atomically).
    std::filesystem::rename(partial_, options_.output);
    std::error_code ec;
    std::filesystem::remove(stamp_, ec);
    write_sidecar(options_.output + ".json", spec_, rows_.header(), summary, options_);
    return summary;
  }
  summary.sorted = true;
  // Rows out of order: sorted by point index, then renamed onto OUT atomically.
  // One read of the whole file, rows as views into it, one write (a serial step: with µs points
  // it must not cost much next to the sweep).
  std::string text;
  {
    std::ifstream in(partial_, std::ios::binary);
    text.resize(static_cast<std::size_t>(std::filesystem::file_size(partial_)));
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
  }
  std::vector<std::pair<long long, std::string_view>> sorted;
  std::size_t start = text.find('\n'); // the header line is the first
  start = start == std::string::npos ? text.size() : start + 1;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos)
      break; // an incomplete last line (as read_complete_lines)
    const std::string_view line(text.data() + start, nl - start);
    long long point = -1;
    const std::size_t comma = std::min(line.find(','), line.size());
    const auto r = std::from_chars(line.data(), line.data() + comma, point);
    if (r.ec != std::errc() || r.ptr != line.data() + comma)
      point = -1; // as detail::row_point
    sorted.emplace_back(point, line);
    start = nl + 1;
  }
  std::sort(sorted.begin(), sorted.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  {
    std::string body;
    body.reserve(text.size() + rows_.header_line().size() + 1);
    body += rows_.header_line();
    body += '\n';
    for (const auto &r : sorted) {
      body += r.second;
      body += '\n';
    }
    OutputFile out(options_.output);
    out.stream().write(body.data(), static_cast<std::streamsize>(body.size()));
    out.commit();
  }
  std::filesystem::remove(partial_);
  std::error_code ec;
  std::filesystem::remove(stamp_, ec);
  write_sidecar(options_.output + ".json", spec_, rows_.header(), summary, options_);
  return summary;
}

void SweepWriter::fail() {
  std::lock_guard<std::mutex> lock(mutex_);
  // A batch being written outside the row lock (after_append_locked) ends first: the sink is
  // never closed under it. Rows other threads append after this are dropped (write_out).
  std::lock_guard<std::mutex> io(io_mutex_);
  if (to_stdout_) {
    write_out(buffer_); // the rows so far, as a stream shows them
    if (sink_)
      std::fflush(sink_);
    sink_ = nullptr;
    return;
  }
  if (sink_)
    std::fclose(sink_);
  sink_ = nullptr;
  std::error_code ec;
  std::filesystem::remove(partial_, ec);
  if (!stamp_.empty())
    std::filesystem::remove(stamp_, ec);
}

} // namespace linkphy::sweeps
