// The link evaluator keeps per-thread state between evaluations (cached stage networks, the
// cascade of a hop's leading stages shared with the previous evaluation, the cable NEXT
// coupling, COM's aggressor correlations). An evaluation that follows others on the same
// thread must report exactly what it reports on a fresh thread.
#include <catch2/catch.hpp>

#include <linkphy/sweeps/link_eval.hpp>

#include <string>
#include <thread>
#include <vector>

using namespace linkphy::sweeps;

namespace {
LinkRequest request(const std::string &tech, double length_m, Fidelity fidelity) {
  LinkRequest q;
  q.tech = tech;
  q.length_m = length_m;
  q.rate = "100G";
  q.fidelity = fidelity;
  q.sets = {"serdes.eq_search=local"};
  q.with_power = false;
  q.analytic_cache = false; // the full evaluation, every time
  return q;
}

std::string on_fresh_thread(const LinkRequest &q) {
  std::string json;
  std::thread t([&] { json = link_report_json(evaluate_link(q)); });
  t.join();
  return json;
}
} // namespace

TEST_CASE("a link evaluated after others on the same thread reports as on a fresh thread",
          "[link]") {
  // Lengths of one technology in turn (the leading stages are shared and reused), then other
  // technologies (ACC has a redriver after its cable; the backplane other stages), then back.
  const std::vector<LinkRequest> sequence{
      request("dac", 1.0, Fidelity::statistical),    request("dac", 2.0, Fidelity::statistical),
      request("dac", 2.5, Fidelity::statistical),    request("acc", 2.0, Fidelity::statistical),
      request("acc", 3.0, Fidelity::statistical),    request("backplane", 0.4, Fidelity::analytic),
      request("backplane", 0.6, Fidelity::analytic), request("dac", 1.5, Fidelity::statistical)};
  std::vector<std::string> got;
  std::thread t([&] { // Catch2 assertions stay on this thread
    for (const LinkRequest &q : sequence)
      got.push_back(link_report_json(evaluate_link(q)));
  });
  t.join();
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    INFO(sequence[i].tech << " " << sequence[i].length_m << " m");
    CHECK(got[i] == on_fresh_thread(sequence[i]));
  }
}
