// The threaded sweep backend: workers take chunks of consecutive points from one atomic counter,
// format a chunk's rows into a local buffer and hand it to SweepWriter::write_ordered, whose
// reorder buffer appends the chunks to OUT.partial in point order (sweep_runner.hpp): the file is
// complete and sorted when the last chunk lands. Before that, with several threads, they call
// Evaluator::prepare for one point of each run of the last axis (per-run setup side by side).
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace linkphy::sweeps {

void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

void start_threads(std::vector<std::thread> &pool, unsigned count,
                   const std::function<void()> &body, const std::function<void()> &stop) {
  try {
    for (unsigned t = 0; t < count; ++t)
      pool.emplace_back(body);
  } catch (const std::system_error &e) {
    const std::size_t started = pool.size() + 1; // with the calling thread
    stop();
    for (auto &t : pool)
      t.join();
    pool.clear();
    throw InputError("SweepOptions.threads",
                     "the system refused to start thread " + std::to_string(started + 1) + " of " +
                         std::to_string(count + 1) + " (" + e.what() + "); accepted: 1 to " +
                         std::to_string(kMaxThreads) + ", as many as the system allows");
  }
}

SweepSummary run_sweep(const SweepSpec &spec, const Evaluator &evaluator, const SweepOptions &o) {
  check_sweep_options(o);
  const SweepRows rows(spec, evaluator, o.threads);
  // Validate on the first point of the shard before touching any file: unknown keys, bad units.
  const auto first = static_cast<std::uint64_t>(o.shard_index - 1);
  std::vector<std::string> warnings;
  if (first < spec.point_count())
    warnings = rows.validate(first);
  SweepWriter writer(spec, rows, o);
  if (o.on_warning) // once the options and the output are found good
    for (const auto &w : warnings)
      o.on_warning(w);

  const std::uint64_t n = writer.todo_count();
  // Chunks amortise the shared counter and the writer's lock (one each per chunk, not per row);
  // small enough that threads finish together and the reorder buffer holds little.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(n / (64 * o.threads), 1, 32);
  // Runs of the last axis ("blocks": points that differ only in it) whose setup the evaluator may
  // make up front (Evaluator::prepare), side by side on the threads: only for products, with
  // several threads, and blocks of 64 points or more on average (prepare costs about a point).
  const std::uint64_t block =
      spec.combine == Combine::product && !spec.axes.empty() ? spec.axes.back().values.size() : 0;
  const std::uint64_t blocks = block ? spec.point_count() / block : 0;
  const bool prepare = o.threads > 1 && blocks >= 2 && blocks * 64 <= n;
  const auto t0 = std::chrono::steady_clock::now();
  // Each on its own cache line: the counter is written by every worker, the flag only read.
  struct alignas(64) Counter {
    std::atomic<std::uint64_t> next{0};
  } counter;
  struct alignas(64) Flag {
    std::atomic<bool> failed{false};
  } flag;
  struct alignas(64) BlockCounter {
    std::atomic<std::uint64_t> next{0};
  } next_block;
  std::mutex error_mutex;
  std::string first_error;

  auto worker = [&]() {
    for (std::uint64_t b; prepare && !flag.failed.load(std::memory_order_relaxed) &&
                          (b = next_block.next.fetch_add(1)) < blocks;) {
      // The block's first point still to do (todo_point is ascending): none, nothing to make.
      std::uint64_t lo = 0, hi = n;
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (writer.todo_point(mid) < b * block)
          lo = mid + 1;
        else
          hi = mid;
      }
      if (lo < n && writer.todo_point(lo) < (b + 1) * block) {
        try {
          evaluator.prepare(spec.point(writer.todo_point(lo)));
        } catch (const std::exception &) { // the point itself reports it
        }
      }
    }
    std::vector<std::string> cells;
    std::string batch;
    while (!flag.failed.load(std::memory_order_relaxed)) {
      const std::uint64_t k0 = counter.next.fetch_add(chunk, std::memory_order_relaxed);
      if (k0 >= n)
        break;
      const std::uint64_t k1 = std::min(n, k0 + chunk);
      for (std::uint64_t k = k0; k < k1; ++k) {
        const std::uint64_t i = writer.todo_point(k);
        try {
          rows.append_row(i, batch, cells);
        } catch (const std::exception &e) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (!flag.failed.exchange(true))
            first_error = "point " + std::to_string(i) + ": " + e.what();
          return;
        }
      }
      writer.write_ordered(k0, static_cast<std::size_t>(k1 - k0), batch);
    }
  };
  std::vector<std::thread> pool;
  try {
    start_threads(pool, o.threads - 1, worker, [&] { flag.failed = true; });
  } catch (const InputError &) {
    writer.fail(); // no rows kept: nothing was asked for that could run
    throw;
  }
  worker();
  for (auto &t : pool)
    t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (flag.failed) {
    writer.fail();
    throw InputError("", first_error);
  }
  SweepSummary summary = writer.finish(seconds);
  summary.warnings = std::move(warnings);
  return summary;
}

} // namespace linkphy::sweeps
