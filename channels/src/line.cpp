// Uniform line → 2-port S. Pozar, "Microwave Engineering", 4th ed., §2.1 and Table 4.2.
#include <linkphy/channels/line.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include "complex_fast.hpp"

#include <cmath>

namespace linkphy::channels {

LineConstants from_gamma_zc(std::span<const Complex> gamma_per_m, std::span<const Complex> zc_ohm) {
  if (gamma_per_m.size() != zc_ohm.size())
    throw InputError("line", "gamma and Zc must have the same number of frequencies");
  LineConstants out;
  out.z_per_m.resize(gamma_per_m.size());
  out.y_per_m.resize(gamma_per_m.size());
  for (std::size_t k = 0; k < gamma_per_m.size(); ++k) {
    out.z_per_m[k] = gamma_per_m[k] * zc_ohm[k];
    out.y_per_m[k] = gamma_per_m[k] / zc_ohm[k];
  }
  return out;
}

Complex propagation_constant(Complex z_per_m, Complex y_per_m) {
  Complex g = std::sqrt(z_per_m * y_per_m);
  if (g.real() < 0.0)
    g = -g;
  return g;
}

Complex characteristic_impedance(Complex z_per_m, Complex y_per_m) {
  const Complex g = propagation_constant(z_per_m, y_per_m);
  if (g == Complex(0.0, 0.0))
    return {INFINITY, 0.0};
  return z_per_m / g;
}

void fill_line_network(Network &net, const LineConstants &line, double length_m, double z0_ohm) {
  if (!(length_m >= 0.0) || !std::isfinite(length_m))
    throw InputError("line",
                     "length must be >= 0 m and finite (got " + number_text(length_m) + " m)");
  if (!(z0_ohm > 0.0) || !std::isfinite(z0_ohm))
    throw InputError("line", "reference impedance must be > 0 ohm and finite (got " +
                                 number_text(z0_ohm) + " ohm)");
  const std::size_t nf = net.frequencies();
  if (net.ports != 2 || line.z_per_m.size() != nf || line.y_per_m.size() != nf)
    throw InputError("line", "network and line constants must be a 2-port on the same grid");
  const double z0 = z0_ohm;
  Complex *s = net.s.data();
  for (std::size_t k = 0; k < nf; ++k, s += 4) {
    const Complex zp = line.z_per_m[k];
    const Complex yp = line.y_per_m[k];
    Complex s11, s21;
    if (yp == Complex(0.0, 0.0) || zp == Complex(0.0, 0.0)) {
      // ABCD limit (γℓ = 0): A = D = 1, B = Z'ℓ, C = Y'ℓ.
      const Complex b = zp * length_m, c = yp * length_m;
      const Complex den = 2.0 + b / z0 + c * z0;
      s21 = 2.0 / den;
      s11 = (b / z0 - c * z0) / den;
    } else {
      using detail::cdiv;
      using detail::cmul;
      Complex g = detail::csqrt(cmul(zp, yp));
      if (g.real() < 0.0)
        g = -g;
      const Complex zc = cdiv(zp, g);
      // e^{-γℓ}, |e1| ≤ 1, in real arithmetic.
      const double mag = std::exp(-g.real() * length_m);
      const double ph = -g.imag() * length_m;
      const Complex e1(mag * std::cos(ph), mag * std::sin(ph));
      const Complex e2 = cmul(e1, e1);
      // Multiply numerator and D by 2·e^{-γℓ}: cosh → (1+e2), sinh → (1−e2).
      const Complex zc2 = cmul(zc, zc);
      const double z02 = z0 * z0;
      const Complex one_p = 1.0 + e2, one_m = 1.0 - e2;
      const Complex den = cmul(2.0 * z0 * zc, one_p) + cmul(zc2 + z02, one_m);
      const Complex inv = cdiv(1.0, den);
      s11 = cmul(cmul(zc2 - z02, one_m), inv);
      s21 = cmul(cmul(4.0 * z0 * zc, e1), inv);
    }
    s[0] = s11;
    s[1] = s21;
    s[2] = s21;
    s[3] = s11;
  }
  for (auto &z : net.z0_ohm)
    z = z0_ohm;
}

Network line_network(std::span<const double> freq_hz, const LineConstants &line, double length_m,
                     double z0_ohm) {
  Network net(std::vector<double>(freq_hz.begin(), freq_hz.end()), 2, z0_ohm);
  fill_line_network(net, line, length_m, z0_ohm);
  return net;
}

} // namespace linkphy::channels
