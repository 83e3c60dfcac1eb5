// The library's link evaluation called from two std::threads at once (a planner's own parallel
// study, not the sweep runner): both threads start together on a fresh process, so the built-in
// catalogs, the technology catalog, the analytic-tier plan cache and the power setup are first
// used concurrently. Each result must equal the one the same request gives evaluated serially.
#include <catch2/catch.hpp>

#include <linkphy/channels/specs.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <cmath>
#include <exception>
#include <functional>
#include <latch>
#include <string>
#include <thread>
#include <vector>

using namespace linkphy::sweeps;

namespace {
// Runs `body` on a new thread once both threads are ready; an exception it throws is kept, so
// that the test thread reports it (an escaping exception would abort the whole program).
std::thread start_together(std::latch &start, std::exception_ptr &error,
                           std::function<void()> body) {
  return std::thread([&start, &error, body = std::move(body)] {
    start.arrive_and_wait();
    try {
      body();
    } catch (...) {
      error = std::current_exception();
    }
  });
}

LinkRequest request(const std::string &tech, double length_m, const std::string &rate,
                    Fidelity fidelity) {
  LinkRequest q;
  q.tech = tech;
  q.length_m = length_m;
  q.rate = rate;
  q.fidelity = fidelity;
  q.sets = {"serdes.eq_search=local"}; // the default search of statistical hops, stated
  return q;
}

const std::vector<LinkRequest> &requests() {
  static const std::vector<LinkRequest> r{request("dac", 2.0, "100G", Fidelity::statistical),
                                          request("dac", 2.0, "100G", Fidelity::analytic),
                                          request("backplane", 0.5, "100G", Fidelity::analytic),
                                          request("acc", 3.0, "100G", Fidelity::statistical),
                                          request("dsp-dr", 500.0, "100G", Fidelity::analytic),
                                          request("pcb", 0.3, "50G", Fidelity::analytic),
                                          request("aoc", 20.0, "100G", Fidelity::analytic)};
  return r;
}
} // namespace

TEST_CASE("two threads evaluating links at once report what a serial evaluation reports",
          "[link][threads]") {
  const auto &reqs = requests();
  std::vector<std::string> a(reqs.size()), b(reqs.size());
  std::latch start(2);
  std::exception_ptr e1, e2;
  // Thread 1 runs the list forwards, thread 2 backwards, so different (tech, rate) plans and
  // catalogs are first built on both threads at once.
  std::thread t1 = start_together(start, e1, [&] {
    for (std::size_t i = 0; i < reqs.size(); ++i)
      a[i] = link_report_json(evaluate_link(reqs[i]));
  });
  std::thread t2 = start_together(start, e2, [&] {
    for (std::size_t i = reqs.size(); i-- > 0;)
      b[i] = link_report_json(evaluate_link(reqs[i]));
  });
  t1.join();
  t2.join();
  REQUIRE_NOTHROW(e1 ? std::rethrow_exception(e1) : void());
  REQUIRE_NOTHROW(e2 ? std::rethrow_exception(e2) : void());
  for (std::size_t i = 0; i < reqs.size(); ++i) {
    INFO(reqs[i].tech << " " << reqs[i].length_m << " m " << reqs[i].rate << " "
                      << to_string(reqs[i].fidelity));
    const std::string serial = link_report_json(evaluate_link(reqs[i]));
    CHECK(a[i] == serial);
    CHECK(b[i] == serial);
  }
}

TEST_CASE("two threads searching reaches at once find the serial reach", "[link][threads]") {
  LinkRequest q = request("dac", 1.0, "100G", Fidelity::analytic);
  LinkRequest r = request("backplane", 0.5, "200G", Fidelity::analytic);
  double qa = 0, ra = 0;
  std::latch start(2);
  std::exception_ptr e1, e2;
  std::thread t1 = start_together(start, e1, [&] { qa = find_reach(q).length_m; });
  std::thread t2 = start_together(start, e2, [&] { ra = find_reach(r).length_m; });
  t1.join();
  t2.join();
  REQUIRE_NOTHROW(e1 ? std::rethrow_exception(e1) : void());
  REQUIRE_NOTHROW(e2 ? std::rethrow_exception(e2) : void());
  CHECK(qa == find_reach(q).length_m); // exact: the same bisection on the same figures
  CHECK(ra == find_reach(r).length_m);
  CHECK(qa > 0);
}

TEST_CASE("one channel context and one medium shared by two threads give the serial network",
          "[link][threads]") {
  const ChannelContext ctx{linkphy::channels::ChannelCatalogs::builtin()};
  const auto stage = make_channel_stage("twinax:awg=26,length=2m", ctx);
  std::vector<double> f;
  for (int k = 0; k <= 200; ++k)
    f.push_back(250e6 * k); // 0–50 GHz
  const linkphy::Conditions c{};
  std::vector<linkphy::Complex> s1, s2;
  std::latch start(2);
  std::exception_ptr e1, e2;
  std::thread t1 = start_together(start, e1, [&] { s1 = stage.electrical->network(f, c).s; });
  std::thread t2 = start_together(start, e2, [&] {
    // the same context, building a stage while the other thread evaluates the shared one
    const auto other =
        make_channel_stage("stripline:material=megtron7,width=5mil,height=5mil,length=6in", ctx);
    (void)other.electrical->network(f, c);
    s2 = stage.electrical->network(f, c).s;
  });
  t1.join();
  t2.join();
  REQUIRE_NOTHROW(e1 ? std::rethrow_exception(e1) : void());
  REQUIRE_NOTHROW(e2 ? std::rethrow_exception(e2) : void());
  const auto serial = stage.electrical->network(f, c).s;
  CHECK(s1 == serial);
  CHECK(s2 == serial);
}
