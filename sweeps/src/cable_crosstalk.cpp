// Cable-assembly near-end crosstalk for copper hops (link_internal.hpp): one multi-disturber NEXT
// aggressor whose level is set by an integrated crosstalk noise (ICN) figure.
#include "link_internal.hpp"

#include <linkphy/phy/error.hpp>

#include <cmath>
#include <cstring>
#include <numbers>

namespace linkphy::sweeps::detail {
namespace {

// ICN weighting of IEEE 802.3 (cable-assembly integrated crosstalk noise, 802.3ba cl. 85 /
// 802.3bj cl. 92): W(f) = A²/f_b · sinc²(f/f_b) · 1/(1 + (f/f_t)⁴) · 1/(1 + (f/f_r)⁸),
// f_t = 0.2365/T_r; σ_x² = 2·∫ W(f)·|X(f)|² df.
double icn_integral_unit(const IcnReference &ref) {
  const double ft = 0.2365 / ref.rise_time_s;
  const int n = 4000;
  const double df = ref.baud_bd / n;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const double f = (i + 0.5) * df;
    const double x = std::numbers::pi * f / ref.baud_bd;
    const double sinc = std::sin(x) / x;
    const double w = ref.amplitude_v * ref.amplitude_v / ref.baud_bd * sinc * sinc /
                     (1 + std::pow(f / ft, 4)) / (1 + std::pow(f / ref.rx_bandwidth_hz, 8));
    sum += w * std::norm(next_transfer_unit(f, ref.baud_bd, ref.coupled_delay_s)) * df;
  }
  return 2 * sum;
}

} // namespace

com::Complex next_transfer_unit(double f_hz, double ref_baud_bd, double coupled_delay_s) {
  if (coupled_delay_s <= 0)
    // Lumped capacitive and inductive coupling: rises 20 dB/decade (H. Johnson & M. Graham,
    // High-Speed Digital Design, §8.2).
    return com::Complex(0, f_hz / ref_baud_bd);
  // Weakly coupled matched lines: the near-end wave is the coupling integrated over the section
  // with its round-trip delay, K_b·(1 − e^(−j2βl)) (C. R. Paul, Analysis of Multiconductor
  // Transmission Lines, 2nd ed., ch. 10 weak-coupling crosstalk; the NEXT "saturation length" of
  // E. Bogatin, Signal and Power Integrity — Simplified, ch. 11), βl = 2πfτ.
  const double theta = 4 * std::numbers::pi * f_hz * coupled_delay_s;
  return com::Complex(1 - std::cos(theta), std::sin(theta)) /
         (4 * std::numbers::pi * coupled_delay_s * ref_baud_bd);
}

double next_coupling_from_icn(const IcnReference &ref) {
  if (!(ref.icn_v >= 0 && ref.amplitude_v > 0 && ref.baud_bd > 0 && ref.rise_time_s > 0 &&
        ref.rx_bandwidth_hz > 0 && ref.coupled_delay_s >= 0))
    throw InputError("crosstalk ICN reference",
                     "needs ICN >= 0, positive A, f_b, T_r, f_r and a coupled delay >= 0");
  // The integral (4000 points) for the last reference, per thread: a sweep's points share their
  // technology's reference, so it is the same number each time (compared bit for bit).
  struct Last {
    IcnReference ref;
    double unit = 0;
    bool set = false;
  };
  static_assert(sizeof(IcnReference) == 6 * sizeof(double), "compared bytewise: no padding");
  thread_local Last last;
  if (!last.set || std::memcmp(&last.ref, &ref, sizeof ref) != 0) {
    last.set = false;
    last.unit = icn_integral_unit(ref);
    last.ref = ref;
    last.set = true;
  }
  return ref.icn_v / std::sqrt(last.unit);
}

com::TwoPort next_aggressor(const std::vector<double> &f_hz, double coupling, double ref_baud_bd,
                            double coupled_delay_s) {
  com::TwoPort t;
  const std::size_t n = f_hz.size();
  t.s11.assign(n, 0.0);
  t.s22.assign(n, 0.0);
  t.s21.resize(n);
  for (std::size_t k = 0; k < n; ++k)
    t.s21[k] = coupled_delay_s > 0
                   ? coupling * next_transfer_unit(f_hz[k], ref_baud_bd, coupled_delay_s)
                   : com::Complex(0, coupling * f_hz[k] / ref_baud_bd); // lumped, as rounded before
  t.s12 = t.s21;
  return t;
}

} // namespace linkphy::sweeps::detail
