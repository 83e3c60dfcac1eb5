// The cable NEXT coupling from an ICN figure (sweeps/src/cable_crosstalk.cpp): linear in the ICN,
// and the same on a thread that computed other references before (it keeps the last integral).
#include "../../sweeps/src/link_internal.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <thread>
#include <vector>

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

TEST_CASE("distributed NEXT: the lumped slope at low frequency, saturation and nulls above",
          "[technology][crosstalk]") {
  using linkphy::sweeps::detail::next_transfer_unit;
  const double fb = 25.78125e9, tau = 50e-12; // a 50 ps coupled section
  // f·τ = 1e-4: 1 − e^(−jθ) = jθ·(1 − jθ/2 − θ²/6 …), θ = 4πfτ ≈ 1.3e-3, so the two shapes agree
  // to θ/2 ≈ 6e-4 in magnitude.
  const double f_low = 1e-4 / tau;
  const auto lumped = next_transfer_unit(f_low, fb, 0), dist = next_transfer_unit(f_low, fb, tau);
  CHECK(std::abs(dist) == Approx(std::abs(lumped)).epsilon(1e-6));
  CHECK(std::abs(dist - lumped) / std::abs(lumped) < 1e-3);
  // |1 − e^(−jθ)| = 2|sin(θ/2)|: peaks of 2/(4πτ f_b) at f = (2n+1)/(4τ), nulls at f = n/(2τ).
  const double peak = 1 / (2 * std::numbers::pi * tau * fb);
  CHECK(std::abs(next_transfer_unit(1 / (4 * tau), fb, tau)) == Approx(peak).epsilon(1e-12));
  CHECK(std::abs(next_transfer_unit(3 / (4 * tau), fb, tau)) == Approx(peak).epsilon(1e-12));
  CHECK(std::abs(next_transfer_unit(1 / (2 * tau), fb, tau)) < 1e-12 * peak);
  // Never above the saturated level, while the lumped shape keeps rising (4× at 4/(4τ)).
  for (int i = 1; i <= 400; ++i)
    CHECK(std::abs(next_transfer_unit(i * 0.1e9, fb, tau)) <= peak * (1 + 1e-12));
  CHECK(std::abs(next_transfer_unit(1 / tau, fb, 0)) == Approx(2 * std::numbers::pi * peak));
}

TEST_CASE("the calibrated NEXT aggressor gives back the reference ICN, lumped or distributed",
          "[technology][crosstalk]") {
  using linkphy::sweeps::detail::next_aggressor;
  // σ_x² = 2∫W(f)|X(f)|²df over 0..f_b recomputed here from the aggressor's own S21 on a finer
  // trapezoid grid (20,000 intervals against the library's 4,000-point midpoint sum): agreement
  // to 1e-4 shows the aggressor and its calibration use the same shape (a transfer built with
  // another delay than the one calibrated is off by far more: checked below).
  for (const double tau : {0.0, 25e-12, 50e-12}) {
    IcnReference ref;
    ref.coupled_delay_s = tau;
    const double k = next_coupling_from_icn(ref);
    const int n = 20000;
    std::vector<double> f(n + 1);
    for (int i = 0; i <= n; ++i)
      f[i] = ref.baud_bd * i / n;
    const auto sigma = [&](const linkphy::com::TwoPort &x) {
      const double ft = 0.2365 / ref.rise_time_s;
      double sum = 0;
      for (int i = 0; i <= n; ++i) {
        const double u = std::numbers::pi * f[i] / ref.baud_bd;
        const double sinc = i == 0 ? 1.0 : std::sin(u) / u;
        const double w = ref.amplitude_v * ref.amplitude_v / ref.baud_bd * sinc * sinc /
                         (1 + std::pow(f[i] / ft, 4)) /
                         (1 + std::pow(f[i] / ref.rx_bandwidth_hz, 8));
        sum += (i == 0 || i == n ? 0.5 : 1.0) * w * std::norm(x.s21[i]);
      }
      return std::sqrt(2 * sum * ref.baud_bd / n);
    };
    CHECK(sigma(next_aggressor(f, k, ref.baud_bd, tau)) == Approx(ref.icn_v).epsilon(1e-4));
    const double other = tau > 0 ? 0.0 : 50e-12;
    CHECK(std::abs(sigma(next_aggressor(f, k, ref.baud_bd, other)) / ref.icn_v - 1) > 0.05);
  }
}
