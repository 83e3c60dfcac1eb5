// Checks of a hop's cascaded channel 2-port: passivity (largest singular value of S ≤ 1) and
// causality (impulse-response energy long before the main arrival), each warning saying by how much
// — the same criteria as com_run.cpp's check_channel for 4-ports.
#include "link_internal.hpp"

#include <linkphy/phy/fft.hpp>
#include <linkphy/phy/pulse_response.hpp>

#include <cmath>
#include <complex>
#include <numbers>
#include <sstream>

namespace linkphy::sweeps::detail {

std::vector<std::string> check_two_port(const Network &n) {
  std::vector<std::string> w;
  auto fmt = [](double v, int prec = 4) {
    std::ostringstream os;
    os.precision(prec);
    os << v;
    return os.str();
  };
  double worst = 0, worst_f = 0;
  for (std::size_t k = 0; k < n.frequencies(); ++k) {
    // σ_max² of a 2×2 S: largest eigenvalue of the Hermitian SᴴS.
    const auto s11 = n.at(k, 0, 0), s12 = n.at(k, 0, 1), s21 = n.at(k, 1, 0), s22 = n.at(k, 1, 1);
    const double a = std::norm(s11) + std::norm(s21), c = std::norm(s12) + std::norm(s22);
    const std::complex<double> b = std::conj(s11) * s12 + std::conj(s21) * s22;
    const double sv = std::sqrt(0.5 * (a + c) + std::sqrt(0.25 * (a - c) * (a - c) + std::norm(b)));
    if (sv > worst) {
      worst = sv;
      worst_f = n.freq_hz[k];
    }
  }
  if (worst > 1.0 + 1e-4)
    w.push_back(n.name + ": S-parameters not passive: largest singular value " + fmt(worst, 6) +
                " at " + fmt(worst_f / 1e9) + " GHz (exceeds 1 by " + fmt(worst - 1.0, 3) + ", " +
                fmt(20 * std::log10(worst), 3) + " dB)");
  const auto &f = n.freq_hz;
  if (f.size() >= 10) {
    const double step = f[2] - f[1];
    const double f_max = f.back();
    const std::size_t intervals = fft_grid_intervals(f_max, step, n.name);
    std::vector<std::complex<double>> h(f.size());
    for (std::size_t k = 0; k < f.size(); ++k) { // Hann window over the band against Gibbs
      const double win = 0.5 + 0.5 * std::cos(std::numbers::pi * f[k] / f_max);
      h[k] = n.at(k, 1, 0) * win;
    }
    const auto spec =
        resample_transfer(f, h, f_max / static_cast<double>(intervals), intervals + 1);
    InverseRealFft ifft(intervals + 1);
    std::vector<double> ir(ifft.time_points());
    ifft.run(spec, ir);
    // A delayed causal response has (almost) nothing long before its main arrival: count the
    // energy from half a record to an eighth of a record before the peak (circularly), which is
    // where a non-causal precursor lands whatever the channel delay.
    const std::size_t len = ir.size();
    std::size_t peak = 0;
    for (std::size_t i = 0; i < len; ++i)
      if (std::abs(ir[i]) > std::abs(ir[peak]))
        peak = i;
    double total = 0, before = 0;
    for (std::size_t i = 0; i < len; ++i)
      total += ir[i] * ir[i];
    for (std::size_t back = len / 8; back < len / 2; ++back) {
      const double v = ir[(peak + len - back) % len];
      before += v * v;
    }
    if (total > 0 && before / total > 1e-3)
      w.push_back(n.name + ": S21 not causal: " + fmt(100.0 * before / total, 3) +
                  " % of the impulse-response energy lies well before its main arrival (" +
                  fmt(10 * std::log10(before / total), 3) +
                  " dB), or the response outlasts the record of 1/df = " + fmt(1e9 / step, 4) +
                  " ns and wraps round");
  }
  return w;
}

} // namespace linkphy::sweeps::detail
