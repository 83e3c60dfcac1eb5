// The threaded sweep backend: workers take chunks of points from one atomic counter, format their
// rows into a local batch and hand batches to the SweepWriter (sweep_runner.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
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
  // Chunks amortise the shared counter; small enough that threads finish together.
  const std::uint64_t chunk = std::clamp<std::uint64_t>(n / (64 * o.threads), 1, 16);
  const bool kill_hook = std::getenv("LINKPHY_TEST_KILL_AFTER_ROWS") != nullptr;
  const auto t0 = std::chrono::steady_clock::now();
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::string first_error;

  auto worker = [&]() {
    std::vector<std::string> cells;
    std::string batch;
    std::size_t batch_rows = 0;
    while (!failed.load(std::memory_order_relaxed)) {
      const std::uint64_t k0 = next.fetch_add(chunk, std::memory_order_relaxed);
      if (k0 >= n)
        break;
      const std::uint64_t k1 = std::min(n, k0 + chunk);
      for (std::uint64_t k = k0; k < k1; ++k) {
        const std::uint64_t i = writer.todo_point(k);
        try {
          rows.append_row(i, batch, cells);
          ++batch_rows;
        } catch (const std::exception &e) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (!failed.exchange(true))
            first_error = "point " + std::to_string(i) + ": " + e.what();
          return;
        }
        if (batch_rows >= 64 || kill_hook) {
          writer.write(batch, batch_rows);
          batch.clear();
          batch_rows = 0;
        }
      }
    }
    writer.write(batch, batch_rows);
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < o.threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto &t : pool)
    t.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (failed) {
    writer.fail();
    throw InputError("", first_error);
  }
  return writer.finish(seconds);
}

} // namespace linkphy::sweeps
