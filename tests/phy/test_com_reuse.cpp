// The COM evaluator keeps per-thread state between evaluations (buffers, and an aggressor's
// pulses and correlations when its inputs are unchanged: com.cpp, Evaluator::prepare). An
// evaluation that follows others on the same thread must give the same result, bit for bit, as
// the same evaluation on a fresh thread.
#include <linkphy/phy/com.hpp>

#include "com_line_fixture.hpp"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace linkphy::com;

namespace {
Settings small_settings() {
  Settings s = linkphy::com::test::small_settings();
  s.threads = 1;
  return s;
}

// A board line (100 Ω, matched to 2·R_0) of `len_mm` between two 802.3ck packages.
PathTransfer line_channel(double len_mm) {
  return linkphy::com::test::packaged_line(linkphy::com::test::grid_50mhz(60e9), len_mm);
}

PathTransfer coupled(const PathTransfer &p, PathKind kind, double gain) {
  PathTransfer c = p;
  c.kind = kind;
  for (auto &h : c.h21)
    h *= gain;
  return c;
}

Result on_fresh_thread(const Settings &s, const PathTransfer &thru,
                       const std::vector<PathTransfer> &aggr) {
  Result r;
  std::thread t([&] { r = evaluate(s, thru, aggr); });
  t.join();
  return r;
}

void require_same(const Result &a, const Result &b) {
  CHECK(a.com_db == b.com_db);
  CHECK(a.fom_db == b.fom_db);
  CHECK(a.a_ni_v == b.a_ni_v);
  CHECK(a.g_dc_db == b.g_dc_db);
  CHECK(a.g_dc_hp_db == b.g_dc_hp_db);
  CHECK(a.tx_taps == b.tx_taps);
  CHECK(a.dfe_taps == b.dfe_taps);
  CHECK(a.sigma_isi_v == b.sigma_isi_v);
  CHECK(a.sigma_j_v == b.sigma_j_v);
  CHECK(a.sigma_xt_v == b.sigma_xt_v);
  CHECK(a.cursor_sample == b.cursor_sample);
}
} // namespace

TEST_CASE("an evaluation after others on the same thread equals one on a fresh thread",
          "[com][engine]") {
  const Settings s = small_settings();
  const PathTransfer short_line = line_channel(150), long_line = line_channel(350);
  const std::vector<PathTransfer> next{coupled(short_line, PathKind::next, 0.004)};
  const std::vector<PathTransfer> fext{coupled(short_line, PathKind::fext, 0.004)};
  const std::vector<PathTransfer> next_other{coupled(long_line, PathKind::next, 0.004)};
  Settings more_taps = s; // one more post-cursor tap: the correlations gain a lag
  more_taps.tx_tap_values.push_back({-0.05, 0.0});
  Settings other_ctle = s; // another CTLE pole: other basis pulses
  other_ctle.f_p2_hz *= 0.9;

  // Catch2 assertions run on this thread only: the evaluations run on their own threads.
  Result a, b, c, d, e;
  std::thread t([&] {
    evaluate(s, short_line, next);
    a = evaluate(s, long_line, next); // the same aggressor under another thru (what reuse is for)
    c = evaluate(s, long_line, next_other);          // another transfer, all else the same
    b = evaluate(s, long_line, fext);                // a transfer as FEXT (another amplitude)
    d = evaluate(more_taps, long_line, next_other);  // another lag count
    e = evaluate(other_ctle, long_line, next_other); // other basis pulses
  });
  t.join();
  require_same(a, on_fresh_thread(s, long_line, next));
  require_same(b, on_fresh_thread(s, long_line, fext));
  require_same(c, on_fresh_thread(s, long_line, next_other));
  require_same(d, on_fresh_thread(more_taps, long_line, next_other));
  require_same(e, on_fresh_thread(other_ctle, long_line, next_other));
}
