#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/output.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>
#include <vector>

namespace linkphy::sweeps {
namespace {

using Clock = std::chrono::steady_clock;

std::string csv_escape(const std::string &s) {
  if (s.find_first_of(",\"\n") == std::string::npos)
    return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

std::string join_csv(const std::vector<std::string> &cells) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i)
      line += ',';
    line += csv_escape(cells[i]);
  }
  return line;
}

std::string json_escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      break;
    default:
      out += c;
    }
  }
  return out;
}

// Leading point index of a CSV row, or -1 when the row is malformed.
long long row_point(const std::string &line) {
  const auto comma = line.find(',');
  try {
    std::size_t pos = 0;
    const long long v = std::stoll(line.substr(0, comma), &pos);
    return pos == (comma == std::string::npos ? line.size() : comma) ? v : -1;
  } catch (const std::exception &) {
    return -1;
  }
}

// Reads the complete lines of a partial file; truncates a trailing half-written line.
std::vector<std::string> read_complete_lines(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const auto last_nl = text.rfind('\n');
  const std::size_t keep = last_nl == std::string::npos ? 0 : last_nl + 1;
  if (keep != text.size()) {
    in.close();
    std::filesystem::resize_file(p, keep);
    text.resize(keep);
  }
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

class ProgressBar {
public:
  ProgressBar(bool enabled, std::uint64_t total) : enabled_(enabled), total_(total) {}
  void update(std::uint64_t done, bool final = false) {
    if (!enabled_)
      return;
    const auto now = Clock::now();
    if (!final && now - last_ < std::chrono::milliseconds(200))
      return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = secs > 0 ? static_cast<double>(done) / secs : 0.0;
    const double frac = total_ ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
    const int width = 30;
    const int filled = static_cast<int>(frac * width);
    const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
    std::fprintf(stderr, "\r[%s%s] %5.1f%% %llu/%llu  %.0f pt/s  ETA %02d:%02d  ",
                 std::string(static_cast<std::size_t>(filled), '=').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), ' ').c_str(), 100 * frac,
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total_),
                 rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    if (final)
      std::fprintf(stderr, "\n");
  }

private:
  bool enabled_;
  std::uint64_t total_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_{};
};

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
  os << "  \"columns\": [";
  for (std::size_t i = 0; i < header.size(); ++i)
    os << (i ? ", " : "") << "\"" << json_escape(header[i]) << "\"";
  os << "],\n  \"units\": \"SI; each column's unit is the suffix of its name (_m, _hz, _db, "
        "_w, _pj_per_bit, ...)\",\n";
  os << "  \"axes\": [";
  for (std::size_t i = 0; i < spec.axes.size(); ++i) {
    const auto &a = spec.axes[i];
    os << (i ? ", " : "") << "{\"key\": \"" << json_escape(a.key) << "\", \"column\": \""
       << json_escape(column_name(a.key, a.dimension)) << "\", \"points\": " << a.values.size()
       << "}";
  }
  os << "],\n  \"points\": " << s.points << ",\n  \"evaluated\": " << s.evaluated
     << ",\n  \"resumed\": " << s.resumed << ",\n  \"shard\": \"" << o.shard_index << "/"
     << o.shard_count << "\",\n  \"threads\": " << o.threads
     << ",\n  \"seconds\": " << format_value(s.seconds) << ",\n  \"points_per_second\": "
     << format_value(s.seconds > 0 ? static_cast<double>(s.evaluated) / s.seconds : 0.0) << "\n}\n";
  out.commit();
}

} // namespace

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

SweepSummary run_sweep(const SweepSpec &spec, const Evaluator &evaluator, const SweepOptions &o) {
  if (o.shard_count < 1 || o.shard_index < 1 || o.shard_index > o.shard_count)
    throw InputError("--shard", "K/N needs 1 ≤ K ≤ N");
  if (o.threads < 1)
    throw InputError("--threads", "needs at least 1 thread");
  const bool to_stdout = o.output.empty() || o.output == "-";
  if (o.resume && to_stdout)
    throw InputError("--resume", "needs an output file (-o OUT.csv)");

  const auto header = sweep_header(spec, evaluator);
  const auto keep = evaluator_columns_kept(spec, evaluator);
  const std::string header_line = join_csv(header);
  const std::uint64_t total = spec.point_count();

  // Validate on the first point of the shard before touching any file: unknown keys, bad units.
  std::vector<std::uint64_t> todo;
  for (std::uint64_t i = static_cast<std::uint64_t>(o.shard_index - 1); i < total;
       i += static_cast<std::uint64_t>(o.shard_count))
    todo.push_back(i);
  SweepSummary summary;
  summary.points = todo.size();
  if (!todo.empty()) {
    const ParamSet p = spec.point(todo.front());
    std::vector<std::string> cells;
    evaluator.evaluate(p, cells);
    p.reject_unused(evaluator.accepted_keys());
  }

  const std::filesystem::path out_path = to_stdout ? "" : o.output;
  std::filesystem::path partial = out_path;
  partial += ".partial";
  std::FILE *sink = stdout;
  std::vector<char> done_flag;
  if (!to_stdout) {
    if (o.resume && std::filesystem::exists(partial)) {
      const auto lines = read_complete_lines(partial);
      if (!lines.empty() && lines.front() != header_line)
        throw InputError(partial.string(), "header differs from this sweep's; not resuming");
      std::map<std::uint64_t, bool> seen;
      for (std::size_t i = 1; i < lines.size(); ++i) {
        const long long pt = row_point(lines[i]);
        if (pt < 0)
          throw InputError(partial.string() + ":" + std::to_string(i + 1), "malformed row");
        seen[static_cast<std::uint64_t>(pt)] = true;
      }
      std::vector<std::uint64_t> left;
      for (auto i : todo)
        if (!seen.count(i))
          left.push_back(i);
      summary.resumed = todo.size() - left.size();
      todo.swap(left);
      sink = std::fopen(partial.c_str(), "ab");
      if (sink && lines.empty())
        std::fprintf(sink, "%s\n", header_line.c_str());
    } else {
      sink = std::fopen(partial.c_str(), "wb");
      if (sink)
        std::fprintf(sink, "%s\n", header_line.c_str());
    }
    if (!sink)
      throw InputError(partial.string(), "cannot open for writing");
  } else {
    std::fprintf(sink, "%s\n", header_line.c_str());
  }

  // Test hook: LINKPHY_TEST_KILL_AFTER_ROWS=N kills the process with SIGKILL after N rows have
  // been written and flushed, so tests can interrupt a sweep at a chosen point.
  long long kill_after = -1;
  if (const char *k = std::getenv("LINKPHY_TEST_KILL_AFTER_ROWS"))
    kill_after = std::atoll(k);

  const auto t0 = Clock::now();
  std::atomic<std::size_t> next{0};
  std::mutex write_mutex;
  std::uint64_t written = 0;
  std::string first_error;
  std::atomic<bool> failed{false};
  ProgressBar bar(o.progress, summary.points);
  auto last_flush = Clock::now();

  auto worker = [&]() {
    std::vector<std::string> cells;
    std::string batch;
    std::size_t batch_rows = 0;
    auto flush_batch = [&](bool force) {
      if (batch_rows == 0)
        return;
      std::lock_guard<std::mutex> lock(write_mutex);
      std::fwrite(batch.data(), 1, batch.size(), sink);
      written += batch_rows;
      const auto now = Clock::now();
      if (force || now - last_flush > std::chrono::milliseconds(50)) {
        std::fflush(sink);
        last_flush = now;
      }
      if (kill_after >= 0 && static_cast<long long>(written) >= kill_after) {
        std::fflush(sink);
        std::raise(SIGKILL);
      }
      bar.update(summary.resumed + written);
      batch.clear();
      batch_rows = 0;
    };
    while (!failed.load(std::memory_order_relaxed)) {
      const std::size_t k = next.fetch_add(1);
      if (k >= todo.size())
        break;
      const std::uint64_t i = todo[k];
      try {
        const ParamSet p = spec.point(i);
        evaluator.evaluate(p, cells);
        std::vector<std::string> row{std::to_string(i)};
        const auto idx = spec.point_indices(i);
        for (std::size_t a = 0; a < spec.axes.size(); ++a) {
          const auto &ax = spec.axes[a];
          const std::string &text = ax.values[idx[a]];
          row.push_back(
              ax.dimension ? format_value(parse_quantity_as(text, *ax.dimension, ax.where)) : text);
        }
        for (std::size_t c = 0; c < cells.size(); ++c)
          if (keep[c])
            row.push_back(cells[c]);
        batch += join_csv(row);
        batch += '\n';
        ++batch_rows;
      } catch (const std::exception &e) {
        std::lock_guard<std::mutex> lock(write_mutex);
        if (!failed.exchange(true))
          first_error = "point " + std::to_string(i) + ": " + e.what();
        break;
      }
      if (batch_rows >= 64 || kill_after >= 0)
        flush_batch(false);
    }
    flush_batch(true);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < o.threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto &t : pool)
    t.join();
  summary.evaluated = written;
  summary.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  bar.update(summary.resumed + written, true);

  if (to_stdout) {
    std::fflush(sink);
    if (failed)
      throw InputError("", first_error);
    return summary;
  }
  std::fclose(sink);
  if (failed) {
    std::error_code ec;
    std::filesystem::remove(partial, ec);
    throw InputError("", first_error);
  }
  // Complete: rows sorted by point index, then renamed onto OUT atomically.
  auto lines = read_complete_lines(partial);
  std::vector<std::pair<long long, std::string>> rows;
  rows.reserve(lines.size());
  for (std::size_t i = 1; i < lines.size(); ++i)
    rows.emplace_back(row_point(lines[i]), std::move(lines[i]));
  std::sort(rows.begin(), rows.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  {
    OutputFile out(o.output);
    out.stream() << header_line << '\n';
    for (const auto &r : rows)
      out.stream() << r.second << '\n';
    out.commit();
  }
  std::filesystem::remove(partial);
  write_sidecar(o.output + ".json", spec, header, summary, o);
  return summary;
}

void merge_sweep_files(const std::vector<std::string> &parts, const std::string &output) {
  if (parts.empty())
    throw InputError("merge", "no input files");
  std::string header;
  std::map<long long, std::pair<std::string, std::string>> rows; // point → (row, where)
  for (const auto &part : parts) {
    if (!std::filesystem::is_regular_file(part))
      throw InputError(part, "not a file");
    std::ifstream in(part, std::ios::binary);
    std::string line;
    std::size_t lineno = 0;
    while (std::getline(in, line)) {
      ++lineno;
      const std::string where = part + ":" + std::to_string(lineno);
      if (lineno == 1) {
        if (header.empty())
          header = line;
        else if (line != header)
          throw InputError(where, "header differs from " + parts.front() + "'s");
        continue;
      }
      const long long pt = row_point(line);
      if (pt < 0)
        throw InputError(where, "malformed row (expected POINT,...)");
      auto [it, fresh] = rows.try_emplace(pt, line, where);
      if (!fresh && it->second.first != line)
        throw InputError(where,
                         "point " + std::to_string(pt) + " conflicts with " + it->second.second);
    }
    if (lineno == 0)
      throw InputError(part, "empty file (no header)");
  }
  OutputFile out(output);
  out.stream() << header << '\n';
  for (const auto &kv : rows)
    out.stream() << kv.second.first << '\n';
  out.commit();
}

} // namespace linkphy::sweeps
