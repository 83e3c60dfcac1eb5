// The threaded sweep writes OUT.partial in point order (SweepWriter::write_ordered's reorder
// buffer) and renames it onto OUT without a sort; rows that arrive out of order (the MPI
// backend's SweepWriter::write, a partial left by an older binary) take the sort at the end. Both
// must give the same bytes.
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <catch2/catch.hpp>

#include "sweep_test_files.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace linkphy;
using namespace linkphy::sweeps;

namespace {

fs::path dir() { return test::fixed_scratch_dir("linkphy_test_sweep_order"); }

// 2 codes × 150 pre-FEC BERs = 300 points of the closed-form `fec` evaluator.
SweepSpec fec_spec() { return test::fec_spec(dir(), "1e-7", 150); }

// The rows of points [k0, k1) of a writer's to-do list.
std::string rows_of(const SweepRows &rows, const SweepWriter &w, std::uint64_t k0,
                    std::uint64_t k1) {
  std::string text;
  std::vector<std::string> cells;
  for (std::uint64_t k = k0; k < k1; ++k)
    rows.append_row(w.todo_point(k), text, cells);
  return text;
}

// The lines of a CSV file after its header, and the header.
std::vector<std::string> body_lines(const std::string &text, std::string &header) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  std::getline(in, header);
  while (std::getline(in, line))
    lines.push_back(line);
  return lines;
}

} // namespace

TEST_CASE("the in-order path writes the bytes of the sorted path", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions o;
  o.output = (dir() / "ordered.csv").string();
  test::remove_sweep_outputs(o.output);
  o.threads = 2;
  const SweepSummary threaded = run_sweep(spec, *ev, o);
  CHECK(threaded.evaluated == 300);
  CHECK_FALSE(threaded.sorted); // renamed as written: the reorder buffer kept point order
  const std::string ordered = test::read_text_file(o.output);
  REQUIRE(std::count(ordered.begin(), ordered.end(), '\n') == 301);

  o.threads = 1;
  test::remove_sweep_outputs(o.output);
  CHECK_FALSE(run_sweep(spec, *ev, o).sorted);
  CHECK(test::read_text_file(o.output) == ordered);

  SECTION("rows written out of order (as the MPI backend does) are sorted to the same file") {
    SweepOptions u;
    u.output = (dir() / "unordered.csv").string();
    test::remove_sweep_outputs(u.output);
    const SweepRows rows(spec, *ev);
    SweepWriter w(spec, rows, u);
    REQUIRE(w.todo_count() == 300);
    // Batches of 7 rows, the last batch first.
    for (std::uint64_t end = 300; end > 0;) {
      const std::uint64_t begin = end >= 7 ? end - 7 : 0;
      w.write(rows_of(rows, w, begin, end), static_cast<std::size_t>(end - begin));
      end = begin;
    }
    const SweepSummary s = w.finish(0.1);
    CHECK(s.sorted);
    CHECK(s.evaluated == 300);
    CHECK(test::read_text_file(u.output) == ordered);
  }

  SECTION("write_ordered ranges in any order reach the file in point order") {
    SweepOptions u;
    u.output = (dir() / "shuffled.csv").string();
    test::remove_sweep_outputs(u.output);
    const SweepRows rows(spec, *ev);
    SweepWriter w(spec, rows, u);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges; // uneven: 1 to 13 rows
    for (std::uint64_t k = 0, step = 1; k < 300; step = step % 13 + 1) {
      ranges.emplace_back(k, std::min<std::uint64_t>(300, k + step));
      k = ranges.back().second;
    }
    std::mt19937 rng(7);
    std::shuffle(ranges.begin(), ranges.end(), rng);
    std::string text;
    for (const auto &[k0, k1] : ranges) {
      text = rows_of(rows, w, k0, k1);
      w.write_ordered(k0, static_cast<std::size_t>(k1 - k0), text);
      CHECK(text.empty()); // taken (a recycled buffer comes back)
    }
    const SweepSummary s = w.finish(0.1);
    CHECK_FALSE(s.sorted);
    CHECK(test::read_text_file(u.output) == ordered);
  }

  SECTION("a range held back too long is written at once, and the file sorted at the end") {
    SweepOptions u;
    u.output = (dir() / "held.csv").string();
    test::remove_sweep_outputs(u.output);
    const SweepRows rows(spec, *ev);
    SweepWriter w(spec, rows, u);
    std::string text = rows_of(rows, w, 100, 300);
    w.write_ordered(100, 200, text); // waits for 0–99
    // The reorder buffer gives up after 2 s (sweep_runner_io.cpp kHoldMax_s): 2.2 s later the
    // next range that cannot go in order releases everything held.
    std::this_thread::sleep_for(std::chrono::milliseconds(2200));
    text = rows_of(rows, w, 50, 100);
    w.write_ordered(50, 50, text);
    // Written already (the file holds rows 50–299, out of order with 0–49 still to come).
    CHECK(w.written() == 250);
    text = rows_of(rows, w, 0, 50);
    w.write_ordered(0, 50, text);
    const SweepSummary s = w.finish(0.1);
    CHECK(s.sorted);
    CHECK(test::read_text_file(u.output) == ordered);
  }
}

TEST_CASE("a partial file with rows out of order resumes to the rows of one run", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions o;
  o.output = (dir() / "reference.csv").string();
  test::remove_sweep_outputs(o.output);
  o.threads = 2;
  run_sweep(spec, *ev, o);
  const std::string expected = test::read_text_file(o.output);
  std::string header;
  const std::vector<std::string> lines = body_lines(expected, header);
  REQUIRE(lines.size() == 300);

  // Writes OUT.partial with the header, the rows of `points` in that order, and optionally a
  // half-written row (a kill in the middle of a write), then resumes it on 2 threads.
  const auto resume = [&](const std::string &name, const std::vector<std::size_t> &points,
                          bool torn_tail) {
    SweepOptions r;
    r.output = (dir() / name).string();
    r.threads = 2;
    r.resume = true;
    test::remove_sweep_outputs(r.output);
    {
      std::ofstream part(r.output + ".partial", std::ios::binary);
      part << header << '\n';
      for (std::size_t i : points)
        part << lines[i] << '\n';
      if (torn_tail)
        part << lines[299].substr(0, 9);
    }
    const SweepSummary s = run_sweep(spec, *ev, r);
    CHECK(s.resumed == points.size());
    CHECK(s.evaluated == 300 - points.size());
    CHECK(test::read_text_file(r.output) == expected);
    CHECK_FALSE(fs::exists(r.output + ".partial"));
    return s;
  };

  SECTION("rows of an unordered writer: every third point, last first, a torn last row") {
    std::vector<std::size_t> points;
    for (std::size_t i = 0; i < 300; i += 3)
      points.push_back(i);
    std::reverse(points.begin(), points.end());
    CHECK(resume("reversed.csv", points, true).sorted);
  }
  SECTION("ascending rows with a gap are not a prefix: sorted at the end") {
    std::vector<std::size_t> points;
    for (std::size_t i = 0; i < 40; ++i)
      points.push_back(i < 20 ? i : i + 30); // 0–19 and 50–69
    CHECK(resume("gap.csv", points, false).sorted);
  }
  SECTION("a prefix in order (what an ordered run leaves) is continued in order") {
    std::vector<std::size_t> points;
    for (std::size_t i = 0; i < 123; ++i)
      points.push_back(i);
    CHECK_FALSE(resume("prefix.csv", points, true).sorted);
  }
}

TEST_CASE("rows other threads append after a failed point are dropped, with no partial file",
          "[sweep]") {
  // A point failed (SweepWriter::fail closes and removes OUT.partial) while other threads still
  // finish their points and append rows: those rows must be dropped, not written to a closed
  // sink (which crashed the process when a flush fell due: ≥ 64 KiB of rows or 50 ms), and no
  // OUT, OUT.partial or OUT.json may be left. 300 points × 200 repeats ≈ 4 MB of rows, so many
  // flushes fall due after fail().
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions u;
  u.output = (dir() / "failed.csv").string();
  test::remove_sweep_outputs(u.output);
  const SweepRows rows(spec, *ev);
  {
    SweepWriter w(spec, rows, u);
    const std::string block = rows_of(rows, w, 0, 300);
    w.fail();
    for (int i = 0; i < 200; ++i) {
      std::string text = block;
      w.write(text, 300); // as the MPI root's receiving thread does
    }
  }
  CHECK_FALSE(fs::exists(u.output));
  CHECK_FALSE(fs::exists(u.output + ".partial"));
  CHECK_FALSE(fs::exists(u.output + ".json"));
}
