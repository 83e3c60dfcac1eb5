// Interpolation of S onto a new frequency grid and extrapolation to DC, after scikit-rf 0.15.4
// Network.interpolate (scipy interp1d, kind='linear', on real and imaginary parts) and
// Network.extrapolate_to_dc (kind='linear'); see network_ops.hpp for the differences.
#include "network_detail.hpp"

#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace linkphy {

Network interpolate(const Network &net, std::span<const double> freq_hz) {
  detail::validate(net, "network");
  const std::string where = "interpolation of " + detail::where_of(net, "network");
  if (freq_hz.empty()) {
    throw InputError(where, "the new frequency grid is empty");
  }
  const std::vector<double> &f = net.freq_hz;
  const double lo = f.front();
  const double hi = f.back();
  std::vector<std::size_t> left(freq_hz.size());
  std::vector<double> weight(freq_hz.size());
  for (std::size_t q = 0; q < freq_hz.size(); ++q) {
    const double x = freq_hz[q];
    if (!std::isfinite(x) || (q > 0 && !(x > freq_hz[q - 1]))) {
      throw InputError(where, "the new frequencies must be finite and strictly ascending (point " +
                                  std::to_string(q + 1) + ")");
    }
    if (x < lo || x > hi) {
      throw InputError(where, number_text(x) + " Hz is outside the network's band [" +
                                  number_text(lo) + ", " + number_text(hi) +
                                  "] Hz; interpolation does not extrapolate");
    }
    // Interval [f[i], f[i+1]] holding x (scipy interp1d: searchsorted left, clipped).
    const auto it = std::lower_bound(f.begin(), f.end(), x);
    std::size_t i = static_cast<std::size_t>(it - f.begin());
    if (f.size() == 1) {
      left[q] = 0;
      weight[q] = 0.0;
      continue;
    }
    i = std::clamp<std::size_t>(i, 1, f.size() - 1) - 1;
    left[q] = i;
    weight[q] = (x - f[i]) / (f[i + 1] - f[i]);
  }
  Network out;
  out.freq_hz.assign(freq_hz.begin(), freq_hz.end());
  out.ports = net.ports;
  out.z0_ohm = net.z0_ohm;
  out.name = net.name;
  const std::size_t nn = static_cast<std::size_t>(net.ports) * net.ports;
  out.s.resize(out.freq_hz.size() * nn);
  for (std::size_t q = 0; q < out.freq_hz.size(); ++q) {
    const Complex *a = net.s.data() + left[q] * nn;
    const double w = weight[q];
    Complex *o = out.s.data() + q * nn;
    const Complex *b = a + nn;
    if (w == 0.0 || w == 1.0) { // on a data point: the data, exactly
      std::copy(w == 0.0 ? a : b, (w == 0.0 ? a : b) + nn, o);
      continue;
    }
    // scipy interp1d: slope·(x − x_lo) + y_lo, slope = (y_hi − y_lo)/(x_hi − x_lo)
    for (std::size_t e = 0; e < nn; ++e)
      o[e] = a[e] + (b[e] - a[e]) * w;
  }
  return out;
}

Network extrapolate_to_dc(const Network &net) {
  detail::validate(net, "network");
  const std::string where = "DC extrapolation of " + detail::where_of(net, "network");
  if (net.freq_hz.front() == 0.0) {
    return net;
  }
  if (net.frequencies() < 2) {
    throw InputError(where, "needs at least 2 frequency points, the network has 1");
  }
  const double f0 = net.freq_hz[0];
  const double f1 = net.freq_hz[1];
  // skrf prepends round(f0/(f1 − f0)) points; capped here so that a file whose first step is
  // tiny (1 GHz, 1 GHz + 1 Hz) does not ask for 10⁹ points. The points below f0 lie on a
  // straight line in re/im between the DC value and S(f0), so 10,000 of them already sample it
  // finely for any caller that interpolates between them.
  constexpr double kMaxDcPoints = 10000;
  const double steps = std::round(std::min(f0 / (f1 - f0), kMaxDcPoints));
  const std::size_t m = static_cast<std::size_t>(std::max(1.0, steps));
  const std::size_t nn = static_cast<std::size_t>(net.ports) * net.ports;

  // DC value: magnitude and unwrapped phase extrapolated linearly from the first two points.
  std::vector<Complex> dc(nn);
  const double t = -f0 / (f1 - f0); // position of 0 Hz in units of the first interval from f0
  for (std::size_t e = 0; e < nn; ++e) {
    const Complex s0 = net.s[e];
    const Complex s1 = net.s[nn + e];
    const double ph0 = std::arg(s0);
    double dph = std::arg(s1) - ph0; // numpy.unwrap: bring the step into [−π, π)
    dph = std::remainder(dph, 2.0 * std::numbers::pi);
    const double mag = std::abs(s0) + t * (std::abs(s1) - std::abs(s0));
    dc[e] = std::polar(1.0, ph0 + t * dph) * mag;
  }

  Network out;
  out.ports = net.ports;
  out.z0_ohm = net.z0_ohm;
  out.name = net.name;
  out.freq_hz.resize(m + net.frequencies());
  out.s.resize(out.freq_hz.size() * nn);
  for (std::size_t i = 0; i < m; ++i) {
    const double w = static_cast<double>(i) / static_cast<double>(m);
    out.freq_hz[i] = f0 * w;
    Complex *o = out.s.data() + i * nn;
    for (std::size_t e = 0; e < nn; ++e)
      o[e] = dc[e] + (net.s[e] - dc[e]) * w;
  }
  for (std::size_t e = 0; e < nn; ++e)
    out.s[e] = out.s[e].real(); // S at DC is real
  std::copy(net.freq_hz.begin(), net.freq_hz.end(), out.freq_hz.begin() + static_cast<long>(m));
  std::copy(net.s.begin(), net.s.end(), out.s.begin() + static_cast<long>(m * nn));
  return out;
}

} // namespace linkphy
