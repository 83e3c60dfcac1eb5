// Effective return loss, IEEE 802.3-2022 Annex 93A.5 (93A-56..93A-60; G_rr of 93A-59 within the
// DFE span N_bx), following the IEEE COM reference code's get_TDR.
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fft.hpp>
#include <linkphy/phy/pulse_response.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <cmath>
#include <numbers>
#include <string>

namespace linkphy::com {
namespace {

// The ranges of ErlSettings (com.hpp; the COM table reader's for the keys it reads).
void validate(const ErlSettings &s) {
  auto need = [](bool ok, const char *key, const char *accepted) {
    if (!ok)
      throw InputError(std::string("ERL setting '") + key + "'", accepted);
  };
  auto finite = [](double v) { return std::isfinite(v); };
  need(s.f_b_hz > 0 && finite(s.f_b_hz), "f_b", "must be a finite value > 0 Bd");
  need(s.samples_per_ui >= 4 && s.samples_per_ui <= 256, "M", "must be 4 to 256");
  check_modulation(Modulation{s.levels});
  need(s.der0 > 0 && s.der0 < 0.5, "DER_0", "must be in (0, 0.5)");
  need(s.f_r_hz >= 0 && finite(s.f_r_hz), "f_r", "must be a finite value >= 0 Hz (0: none)");
  need(s.t_r_s >= 0 && finite(s.t_r_s), "T_r", "must be a finite value >= 0 s");
  need(s.n_ui >= 1, "N", "must be >= 1 UI");
  need(s.n_bx >= 0, "N_bx", "must be >= 0 UI");
  need(s.rho_x >= 0 && s.rho_x <= 1, "rho_x", "must be in [0, 1]");
  need(s.beta_x >= 0 && finite(s.beta_x), "beta_x", "must be a finite value >= 0 dB/s");
  need(s.fixture_delay_s >= 0 && finite(s.fixture_delay_s), "fixture_delay",
       "must be a finite value >= 0 s");
  need(s.bin_v > 0 && finite(s.bin_v), "bin_v", "must be a finite value > 0 V");
}

} // namespace

double effective_return_loss(std::span<const double> f_hz, std::span<const Complex> gamma,
                             const ErlSettings &s) {
  validate(s);
  if (f_hz.size() < 10 || f_hz.size() != gamma.size())
    throw InputError("ERL", "needs a reflection coefficient on at least 10 frequencies");
  constexpr double kPi = std::numbers::pi;
  const double delay = 500e-12 + 3.0 * s.t_r_s; // makes the Gaussian edge causal
  std::vector<Complex> rl(f_hz.size());
  for (std::size_t k = 0; k < f_hz.size(); ++k) {
    const double f = f_hz[k];
    const double a = kPi * f * s.t_r_s / 1.6832; // TDR edge, 93A-46 form
    Complex h = gamma[k] * std::exp(-2.0 * a * a) * std::polar(1.0, -2.0 * kPi * f * delay);
    if (s.f_r_hz > 0) {
      const double x = f / s.f_r_hz; // 93A-20
      h /= Complex(1.0 - 3.414214 * x * x + x * x * x * x, 2.613126 * (x - x * x * x));
      if (s.tukey_window) {
        double w = 1.0;
        if (f > s.f_b_hz)
          w = 0.0;
        else if (f >= s.f_r_hz)
          w = 0.5 * std::cos(2.0 * kPi * (f - s.f_b_hz) / (2.0 * (s.f_b_hz - s.f_r_hz)) - kPi) +
              0.5;
        h *= w;
      }
    }
    rl[k] = h;
  }
  const double step = f_hz[2] - f_hz[1];
  const double f_max = s.samples_per_ui * s.f_b_hz / 2;
  const std::size_t intervals = fft_grid_intervals(f_max, step, "ERL");
  const double df = f_max / static_cast<double>(intervals);
  const auto spec = resample_transfer(f_hz, rl, df, intervals + 1);
  InverseRealFft ifft(intervals + 1);
  std::vector<double> ir(ifft.time_points());
  ifft.run(spec, ir);
  const double dt = 1.0 / (s.f_b_hz * s.samples_per_ui);
  const double ui = 1.0 / s.f_b_hz;
  // Time axis t_n = n·dt − 500 ps; keep t in [T_r, N·UI + T_fx].
  std::size_t start = 0, end = ir.size();
  for (std::size_t n = 0; n < ir.size(); ++n) {
    const double t = static_cast<double>(n) * dt - 500e-12;
    if (start == 0 && t >= s.t_r_s)
      start = n;
    if (t >= s.n_ui * ui + s.fixture_delay_s) {
      end = n + 1;
      break;
    }
  }
  if (start >= end)
    throw InputError("ERL", "reflection window is empty (check N and the fixture delay)");
  std::vector<double> seg(ir.begin() + static_cast<long>(start),
                          ir.begin() + static_cast<long>(end));
  std::vector<double> pulse = pulse_from_impulse(seg, s.samples_per_ui, 1.0);
  // Weighting: zero before the fixture, G_rr (and the β_x loss factor) within N_bx UI, 1 after.
  const double t_fx = s.fixture_delay_s + 3.0 * s.t_r_s;
  const double t_k = (s.n_bx + 1) * ui + t_fx;
  for (std::size_t i = 0; i < pulse.size(); ++i) {
    const double t = static_cast<double>(start + i) * dt - 500e-12;
    double w = 1.0;
    if (t < t_fx)
      w = 0.0;
    else if (t <= t_k) {
      // G_rr (93A-59): (1 + ρ_x)·ρ_x·exp(−(x − N_bx − 1)²/(1 + N_bx)²), x in UI from T_fx.
      const double x = (t - t_fx) / ui;
      const double d = (x - s.n_bx - 1.0) / (1.0 + s.n_bx);
      w = (1.0 + s.rho_x) * s.rho_x * std::exp(-d * d);
      if (s.n_bx > 0 && s.beta_x != 0) // G_loss (93A-58)
        w *= std::pow(10.0, s.beta_x * (t - t_k) / 20.0);
    }
    pulse[i] *= w;
  }
  double worst = 0;
  for (int ph = 0; ph < s.samples_per_ui; ++ph) {
    std::vector<double> taps;
    for (std::size_t i = static_cast<std::size_t>(ph); i < pulse.size();
         i += static_cast<std::size_t>(s.samples_per_ui))
      taps.push_back(pulse[i]);
    double span_v = 0; // the PMF's width, as in statistical_ber (kMaxPmfBins)
    for (double v : taps)
      span_v += 2.0 * std::abs(v);
    if (span_v / s.bin_v > static_cast<double>(kMaxPmfBins))
      throw InputError(
          "ERL setting 'bin_v'",
          number_text(s.bin_v) + " V is too fine: the reflections span " + number_text(span_v) +
              " V (accepted: bin_v >= " + number_text(span_v / static_cast<double>(kMaxPmfBins)) +
              " V, at most " + std::to_string(kMaxPmfBins) + " bins)");
    const AmplitudePmf pmf = pam_interference_pmf(taps, s.levels, s.bin_v);
    worst = std::max(worst, tail_amplitude(pmf, s.der0));
  }
  if (worst <= 0)
    return 200.0; // no reflection above the PDF resolution
  return -20.0 * std::log10(worst);
}

} // namespace linkphy::com
