// The cable NEXT coupling from an ICN figure (sweeps/src/cable_crosstalk.cpp): linear in the ICN,
// and the same on a thread that computed other references before (it keeps the last integral).
#include "../../sweeps/src/link_internal.hpp"

#include <catch2/catch.hpp>

#include <thread>

using linkphy::sweeps::detail::IcnReference;
using linkphy::sweeps::detail::next_coupling_from_icn;

namespace {
double on_fresh_thread(const IcnReference &ref) {
  double k = 0;
  std::thread t([&] { k = next_coupling_from_icn(ref); });
  t.join();
  return k;
}
} // namespace

TEST_CASE("the NEXT coupling is linear in the ICN and independent of earlier references",
          "[technology][crosstalk]") {
  IcnReference a; // the 802.3 cable-assembly reference (link_internal.hpp defaults)
  IcnReference b = a;
  b.rise_time_s *= 1.5; // another weighting: another integral
  IcnReference a2 = a;
  a2.icn_v *= 2;
  // σ_x = k·sqrt(integral): k doubles with the ICN (to rounding of one division, 1e-15).
  CHECK(next_coupling_from_icn(a2) == Approx(2 * next_coupling_from_icn(a)).epsilon(1e-15));
  const double ka = on_fresh_thread(a), kb = on_fresh_thread(b), ka2 = on_fresh_thread(a2);
  CHECK(ka != kb);
  // After other references on the same thread: the same doubles as on a fresh thread.
  CHECK(next_coupling_from_icn(b) == kb);
  CHECK(next_coupling_from_icn(a) == ka);
  CHECK(next_coupling_from_icn(a) == ka);
  CHECK(next_coupling_from_icn(a2) == ka2);
  CHECK(next_coupling_from_icn(b) == kb);
}
