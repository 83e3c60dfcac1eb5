// The threaded sweep backend: workers take chunks of consecutive points from one atomic counter,
// format a chunk's rows into a local buffer and hand it to SweepWriter::write_ordered, whose
// reorder buffer appends the chunks to OUT.partial in point order (sweep_runner.hpp): the file is
// complete and sorted when the last chunk lands.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
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

SweepSummary run_sweep(const SweepSpec &spec, const Evaluator &evaluator, const SweepOptions &o) {
  check_sweep_options(o);
  const SweepRows rows(spec, evaluator, o.threads);
  // Validate on the first point of the shard before touching any file: unknown keys, bad units.
  const auto first = static_cast<std::uint64_t>(o.shard_index - 1);
  if (first < spec.point_count())
    rows.validate(first);
  SweepWriter writer(spec, rows, o);

  const std::uint64_t n = writer.todo_count();
  // Chunks amortise the shared counter and the writer's lock (one each per chunk, not per row);
  // small enough that threads finish together and the reorder buffer holds little.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(n / (64 * o.threads), 1, 32);
  const auto t0 = std::chrono::steady_clock::now();
  // Each on its own cache line: the counter is written by every worker, the flag only read.
  struct alignas(64) Counter {
    std::atomic<std::uint64_t> next{0};
  } counter;
  struct alignas(64) Flag {
    std::atomic<bool> failed{false};
  } flag;
  std::mutex error_mutex;
  std::string first_error;

  auto worker = [&]() {
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
  for (unsigned t = 1; t < o.threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto &t : pool)
    t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (flag.failed) {
    writer.fail();
    throw InputError("", first_error);
  }
  return writer.finish(seconds);
}

} // namespace linkphy::sweeps
