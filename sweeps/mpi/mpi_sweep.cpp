// MPI backend of `linkphy sweep` (mpi_sweep.hpp). Only the main thread of each rank calls MPI
// (MPI_THREAD_FUNNELED); worker threads evaluate points. Waiting is done by polling (MPI_Iprobe /
// MPI_Test) with short sleeps, because a blocking MPI_Recv spins a core in OpenMPI and the ranks
// share their cores with the worker threads.
//
// Protocol (tags below): a rank ≠ 0 sends REQ, rank 0 answers CHUNK (point indices; empty: no more
// work); the rank sends ROWS (complete CSV lines) as batches fill, ERR (text) if a point fails, and
// DONE when its workers have stopped and its sends completed. MPI keeps messages between two ranks
// in order, so rank 0 has every row of a rank once it sees its DONE.
#include "mpi_sweep.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/evaluators.hpp>

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <functional>
#include <iostream>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace linkphy::sweeps::mpi {
namespace {

enum Tag : int { kReq = 1, kChunk = 2, kRows = 3, kErr = 4, kDone = 5, kSetupError = 6 };

constexpr std::size_t kBatchRows = 64;
constexpr auto kIdle = std::chrono::microseconds(200);

using Clock = std::chrono::steady_clock;

// Non-blocking sends whose buffers live until MPI has taken them.
class PendingSends {
public:
  void send_bytes(std::string data, int dest, int tag) {
    auto &s = strings_.emplace_back(std::move(data), MPI_REQUEST_NULL);
    MPI_Isend(s.first.data(), static_cast<int>(s.first.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD,
              &s.second);
  }
  void send_points(std::vector<std::uint64_t> data, int dest, int tag) {
    auto &s = points_.emplace_back(std::move(data), MPI_REQUEST_NULL);
    MPI_Isend(s.first.data(), static_cast<int>(s.first.size()), MPI_UINT64_T, dest, tag,
              MPI_COMM_WORLD, &s.second);
  }
  /// Releases the buffers of completed sends; true when none is left.
  bool test() {
    sweep(strings_);
    sweep(points_);
    return strings_.empty() && points_.empty();
  }
  void wait_all() {
    while (!test())
      std::this_thread::sleep_for(kIdle);
  }

private:
  template <class L> static void sweep(L &list) {
    for (auto it = list.begin(); it != list.end();) {
      int done = 0;
      MPI_Test(&it->second, &done, MPI_STATUS_IGNORE);
      it = done ? list.erase(it) : std::next(it);
    }
  }
  std::list<std::pair<std::string, MPI_Request>> strings_;
  std::list<std::pair<std::vector<std::uint64_t>, MPI_Request>> points_;
};

std::string recv_bytes(const MPI_Status &st) {
  int n = 0;
  MPI_Get_count(&st, MPI_CHAR, &n);
  std::string s(static_cast<std::size_t>(n), '\0');
  MPI_Recv(s.data(), n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return s;
}

std::vector<std::uint64_t> recv_points(const MPI_Status &st) {
  int n = 0;
  MPI_Get_count(&st, MPI_UINT64_T, &n);
  std::vector<std::uint64_t> v(static_cast<std::size_t>(n));
  MPI_Recv(v.data(), n, MPI_UINT64_T, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return v;
}

std::optional<MPI_Status> probe(int source) {
  int flag = 0;
  MPI_Status st;
  MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
  if (!flag)
    return std::nullopt;
  return st;
}

// Calls MPI_Finalize when the run leaves, whichever way.
struct Session {
  Session() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED) {
      MPI_Finalize();
      throw std::runtime_error("MPI: the library does not provide MPI_THREAD_FUNNELED");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
  }
  ~Session() { MPI_Finalize(); }
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;
  int rank = 0, size = 1;
};

// One failure, the first one seen, with its exit code (2 bad input, 1 other).
struct Failure {
  std::string message;
  int code = 0;
  explicit operator bool() const { return code != 0; }
  void set(const std::string &m, int c) {
    if (!code) {
      message = m;
      code = c;
    }
  }
};

// Evaluates points taken from `next_chunk` on `threads` threads; batches go to `deliver`.
// Used by both sides: rank 0 takes chunks from its counter, other ranks from their queue.
class Workers {
public:
  using NextChunk = std::function<bool(std::vector<std::uint64_t> &)>; // false: no more work
  using Deliver = std::function<void(std::string &, std::size_t)>;

  Workers(const SweepRows &rows, unsigned threads, NextChunk next, Deliver deliver)
      : rows_(rows), next_(std::move(next)), deliver_(std::move(deliver)), threads_(threads) {
    for (unsigned t = 0; t < threads; ++t)
      pool_.emplace_back([this] { run(); });
  }
  ~Workers() { join(); }
  void join() {
    for (auto &t : pool_)
      if (t.joinable())
        t.join();
  }
  /// Every worker thread has returned.
  bool done() const { return finished_.load() == threads_; }
  /// A point failed (failure() says which).
  bool failed() const { return failed_.load(); }
  Failure failure() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return failure_;
  }
  /// Workers stop after their current point (another rank failed).
  void stop() { stop_.store(true); }

private:
  bool stopping() const { return stop_.load(std::memory_order_relaxed); }
  void run() {
    std::vector<std::string> cells;
    std::vector<std::uint64_t> chunk;
    std::string batch;
    std::size_t batch_rows = 0;
    while (!stopping() && next_(chunk)) {
      for (const std::uint64_t i : chunk) {
        try {
          rows_.append_row(i, batch, cells);
          ++batch_rows;
        } catch (const InputError &e) {
          fail("point " + std::to_string(i) + ": " + e.what(), 2);
        } catch (const std::exception &e) {
          fail("point " + std::to_string(i) + ": " + e.what(), 1);
        }
        if (stopping())
          break;
        if (batch_rows >= kBatchRows) {
          deliver_(batch, batch_rows);
          batch.clear();
          batch_rows = 0;
        }
      }
    }
    if (batch_rows && !stopping())
      deliver_(batch, batch_rows);
    finished_.fetch_add(1);
  }
  void fail(const std::string &m, int code) {
    std::lock_guard<std::mutex> lock(mutex_);
    failure_.set(m, code);
    failed_.store(true);
    stop_.store(true);
  }

  const SweepRows &rows_;
  NextChunk next_;
  Deliver deliver_;
  unsigned threads_;
  std::vector<std::thread> pool_;
  std::atomic<unsigned> finished_{0};
  std::atomic<bool> failed_{false}, stop_{false};
  mutable std::mutex mutex_;
  Failure failure_;
};

// Rank 0: serves chunks and receives rows while its own workers evaluate.
SweepSummary run_root(const Session &s, const SweepOptions &o, const SweepRows &rows,
                      SweepWriter &writer, Failure &failure) {
  const std::uint64_t n = writer.todo_count();
  const std::uint64_t ranks = static_cast<std::uint64_t>(s.size);
  // Remote chunks: big enough to amortise a message, small enough to balance (≈ 8 per worker).
  const std::uint64_t remote_chunk =
      std::clamp<std::uint64_t>(n / (ranks * o.threads * 8), 1, 1024);
  const std::uint64_t local_chunk = std::clamp<std::uint64_t>(n / (ranks * o.threads * 64), 1, 16);
  std::mutex next_mutex;
  std::uint64_t next = 0;
  bool stopped = false;
  auto take = [&](std::uint64_t count, std::vector<std::uint64_t> &out) {
    out.clear();
    std::lock_guard<std::mutex> lock(next_mutex);
    if (stopped)
      return false;
    const std::uint64_t k1 = std::min(n, next + count);
    for (std::uint64_t k = next; k < k1; ++k)
      out.push_back(writer.todo_point(k));
    next = k1;
    return !out.empty();
  };
  const auto t0 = Clock::now();
  Workers local(
      rows, o.threads, [&](std::vector<std::uint64_t> &c) { return take(local_chunk, c); },
      [&](std::string &batch, std::size_t count) { writer.write(batch, count); });
  PendingSends sends;
  int remote_done = 0;
  bool stopped_seen = false;
  while (true) {
    bool busy = false;
    while (const auto st = probe(MPI_ANY_SOURCE)) {
      busy = true;
      switch (st->MPI_TAG) {
      case kReq: {
        recv_bytes(*st);
        std::vector<std::uint64_t> chunk;
        take(remote_chunk, chunk);
        sends.send_points(std::move(chunk), st->MPI_SOURCE, kChunk);
        break;
      }
      case kRows: {
        const std::string batch = recv_bytes(*st);
        if (!failure)
          writer.write(batch,
                       static_cast<std::size_t>(std::count(batch.begin(), batch.end(), '\n')));
        break;
      }
      case kErr: {
        const std::string text = recv_bytes(*st);
        // "CODE MESSAGE"
        failure.set(text.substr(2), text[0] == '2' ? 2 : 1);
        break;
      }
      case kDone:
        recv_bytes(*st);
        ++remote_done;
        break;
      default:
        recv_bytes(*st);
      }
    }
    if (local.failed())
      failure.set(local.failure().message, local.failure().code);
    if (failure && !stopped_seen) {
      std::lock_guard<std::mutex> lock(next_mutex);
      stopped = true;
      stopped_seen = true;
      local.stop();
    }
    sends.test();
    if (local.done() && remote_done == s.size - 1)
      break;
    if (!busy)
      std::this_thread::sleep_for(kIdle);
  }
  local.join();
  if (local.failed())
    failure.set(local.failure().message, local.failure().code);
  sends.wait_all();
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (failure) {
    writer.fail();
    return {};
  }
  return writer.finish(seconds);
}

// Ranks ≠ 0: keep a chunk or two of work queued, evaluate, send rows to rank 0.
void run_worker_rank(const SweepOptions &o, const SweepRows &rows) {
  std::mutex mutex;
  std::condition_variable work_cv;
  std::deque<std::vector<std::uint64_t>> queue;
  bool no_more = false;
  std::deque<std::pair<std::string, std::size_t>> outbox;

  auto next_chunk = [&](std::vector<std::uint64_t> &c) {
    std::unique_lock<std::mutex> lock(mutex);
    work_cv.wait(lock, [&] { return !queue.empty() || no_more; });
    if (queue.empty())
      return false;
    c = std::move(queue.front());
    queue.pop_front();
    return true;
  };
  auto deliver = [&](std::string &batch, std::size_t count) {
    std::lock_guard<std::mutex> lock(mutex);
    outbox.emplace_back(std::move(batch), count);
    batch.clear();
  };
  Workers workers(rows, o.threads, next_chunk, deliver);
  PendingSends sends;
  bool outstanding = false, err_sent = false;
  while (true) {
    bool busy = false;
    {
      std::unique_lock<std::mutex> lock(mutex);
      const bool want = !no_more && !workers.failed() && queue.size() < o.threads;
      lock.unlock();
      if (want && !outstanding) {
        sends.send_bytes({}, 0, kReq);
        outstanding = true;
      }
    }
    if (const auto st = probe(0)) { // only CHUNK comes from rank 0
      busy = true;
      std::vector<std::uint64_t> chunk = recv_points(*st);
      outstanding = false;
      std::lock_guard<std::mutex> lock(mutex);
      if (chunk.empty() || workers.failed()) {
        no_more = true;
      } else {
        queue.push_back(std::move(chunk));
      }
      work_cv.notify_all();
    }
    {
      std::deque<std::pair<std::string, std::size_t>> out;
      {
        std::lock_guard<std::mutex> lock(mutex);
        out.swap(outbox);
      }
      for (auto &b : out) {
        busy = true;
        sends.send_bytes(std::move(b.first), 0, kRows);
      }
    }
    if (workers.failed() && !err_sent) {
      const Failure f = workers.failure();
      sends.send_bytes(std::to_string(f.code) + " " + f.message, 0, kErr);
      err_sent = true;
      std::lock_guard<std::mutex> lock(mutex);
      no_more = true; // stop asking; the outstanding answer is still received below
      work_cv.notify_all();
    }
    sends.test();
    bool outbox_empty = false;
    {
      std::lock_guard<std::mutex> lock(mutex);
      outbox_empty = outbox.empty();
    }
    if (workers.done() && !outstanding && outbox_empty)
      break;
    if (!busy)
      std::this_thread::sleep_for(kIdle);
  }
  workers.join();
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto &b : outbox)
      sends.send_bytes(std::move(b.first), 0, kRows);
    outbox.clear();
  }
  sends.wait_all();
  sends.send_bytes({}, 0, kDone);
  sends.wait_all();
}

} // namespace

bool launched_by_mpi() {
  for (const char *v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(v))
      return true;
  return false;
}

MpiSweepResult run_sweep_mpi(const std::filesystem::path &spec_file, bool force,
                             SweepOptions options,
                             const std::function<std::string(std::string)> &wording) {
  const Session session;
  MpiSweepResult result;
  result.rank = session.rank;
  result.ranks = session.size;
  options.ranks = session.size;
  const bool root = session.rank == 0;
  if (!root)
    options.progress = false;

  // Set-up on every rank; the ranks agree on the first failure before any row is evaluated.
  Failure setup;
  std::optional<SweepSpec> spec;
  std::unique_ptr<Evaluator> evaluator;
  std::optional<SweepRows> rows;
  std::optional<SweepWriter> writer;
  std::vector<std::string> warnings; // of the setup (SweepRows::validate)
  try {
    spec = read_sweep_spec(spec_file, force);
    evaluator = make_evaluator(spec->evaluator, spec->evaluator_where);
    check_sweep_options(options);
    // Points evaluated at once across the job (ranks × threads): above 1, each point's inner
    // parallelism (the COM search) runs single-threaded, as in a threaded sweep.
    rows.emplace(*spec, *evaluator, options.threads * static_cast<unsigned>(session.size));
    const auto first = static_cast<std::uint64_t>(options.shard_index - 1);
    if (first < spec->point_count())
      warnings = rows->validate(first);
    if (root) {
      writer.emplace(*spec, *rows, options);
      if (options.on_warning) // rank 0 only: each warning once for the job
        for (const auto &w : warnings)
          options.on_warning(w);
    }
  } catch (const InputError &e) {
    setup.set(e.what(), 2);
  } catch (const std::exception &e) {
    setup.set(e.what(), 1);
  }
  int mine = setup ? session.rank : session.size, first_bad = session.size;
  MPI_Allreduce(&mine, &first_bad, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first_bad < session.size) {
    if (session.rank == first_bad && !root) {
      const std::string text = std::to_string(setup.code) + " rank " +
                               std::to_string(session.rank) + ": " + setup.message;
      MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kSetupError,
               MPI_COMM_WORLD);
    }
    if (root && first_bad != 0) {
      MPI_Status st;
      MPI_Probe(first_bad, kSetupError, MPI_COMM_WORLD, &st);
      const std::string text = recv_bytes(st);
      setup = {};
      setup.set(text.substr(2), text[0] == '2' ? 2 : 1);
    }
    if (writer)
      writer->fail();
    result.exit_code = setup.code ? setup.code : 2;
  } else if (root) {
    Failure failure;
    result.summary = run_root(session, options, *rows, *writer, failure);
    result.summary.warnings = warnings;
    setup = failure;
    result.exit_code = setup.code;
  } else {
    run_worker_rank(options, *rows);
  }
  // Rank 0 says a failure once, as the CLI says any error, before any rank leaves: a rank that
  // exits with a non-zero status makes mpirun stop the job, which killed rank 0 before its line
  // was out (seen about once in ten runs of the bad-spec test).
  if (root && setup.code) {
    std::cerr << "linkphy: " << (wording ? wording(setup.message) : setup.message) << std::endl;
    result.reported = true;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  return result;
}

} // namespace linkphy::sweeps::mpi
