// Closed-form impedances: Wheeler 1978 / Cohn 1954–1960 stripline, Hammerstad–Jensen and
// Kirschning–Jansen microstrip, Wheeler's incremental-inductance rule.
#include <linkphy/channels/conductor.hpp>
#include <linkphy/channels/geometry.hpp>

#include <cmath>
#include <numbers>

namespace linkphy::channels {

namespace {
constexpr double pi = std::numbers::pi;

// K(k')/K(k) with k' = √(1 − k²), accurate also for k → 1 (k' given directly).
double elliptic_ratio(double k, double kp) {
  return std::comp_ellint_1(kp) / std::comp_ellint_1(k);
}

// Cohn's fringing capacitance of a thick strip edge, normalised by ε/π
// (Cohn 1960; Wadell eq. 3.6.1.x): Cf(t) = 2 ln((2b − t)/(b − t)) − (t/b) ln(t(2b − t)/(b − t)²).
double fringe(double b, double t) {
  if (t <= 0.0)
    return 2.0 * std::log(2.0);
  return 2.0 * std::log((2 * b - t) / (b - t)) -
         (t / b) * std::log(t * (2 * b - t) / ((b - t) * (b - t)));
}
} // namespace

double stripline_z0_air(double w, double b, double t) {
  // Wheeler 1978: Z0 = (η0/4π) ln{1 + (4/πm)[(8/πm) + √((8/πm)² + 6.27)]}, m = w'/(b − t).
  const double x = t / b;
  double dw = 0.0; // Δw/(b − t)
  if (x > 0.0) {
    const double n = 2.0 / (1.0 + (2.0 / 3.0) * x / (1.0 - x));
    dw = x / (pi * (1.0 - x)) *
         (1.0 -
          0.5 * std::log(std::pow(x / (2.0 - x), 2) + std::pow(0.0796 * x / (w / b + 1.1 * x), n)));
  }
  const double m = w / (b - t) + dw;
  const double a = 8.0 / (pi * m);
  return eta0_ohm / (4.0 * pi) * std::log(1.0 + 4.0 / (pi * m) * (a + std::sqrt(a * a + 6.27)));
}

double stripline_z0_air_thin(double w, double b) {
  const double k = std::tanh(pi * w / (2 * b));
  const double kp = 1.0 / std::cosh(pi * w / (2 * b));
  return eta0_ohm / 4.0 * elliptic_ratio(k, kp);
}

ModeImpedances coupled_stripline_air(double w, double s, double b, double t) {
  // Cohn 1955 (t = 0): k_e = tanh(πw/2b)·tanh(π(w+s)/2b), k_o = tanh(πw/2b)·coth(π(w+s)/2b),
  // Z = η0/4 · K(k')/K(k).
  const double a = std::tanh(pi * w / (2 * b));
  const double c = std::tanh(pi * (w + s) / (2 * b));
  const double ke = a * c, ko = a / c;
  const double ze0 = eta0_ohm / 4.0 * elliptic_ratio(ke, std::sqrt(1 - ke * ke));
  const double zo0 = eta0_ohm / 4.0 * elliptic_ratio(ko, std::sqrt(1 - ko * ko));
  if (t <= 0.0)
    return {zo0, ze0};
  // Cohn 1960 thick strips: 1/Z_o = 1/Z0(t) + (Cf(t)/Cf(0))·(1/Z_o(0) − 1/Z0(0)), and
  // 1/Z_e = 1/Z0(t) − (Cf(t)/Cf(0))·(1/Z0(0) − 1/Z_e(0)).
  const double z_t = stripline_z0_air(w, b, t);
  const double z_0 = stripline_z0_air_thin(w, b);
  const double r = fringe(b, t) / fringe(b, 0.0);
  ModeImpedances out;
  out.odd_ohm = 1.0 / (1.0 / z_t + r * (1.0 / zo0 - 1.0 / z_0));
  out.even_ohm = 1.0 / (1.0 / z_t - r * (1.0 / z_0 - 1.0 / ze0));
  return out;
}

namespace {
// Hammerstad–Jensen helper functions (Qucs technical documentation eqs. 11.x; scikit-rf mline).
double hj_a(double u) {
  return 1.0 +
         std::log((std::pow(u, 4) + std::pow(u / 52.0, 2)) / (std::pow(u, 4) + 0.432)) / 49.0 +
         std::log(1.0 + std::pow(u / 18.1, 3)) / 18.7;
}
double hj_b(double er) { return 0.564 * std::pow((er - 0.9) / (er + 3.0), 0.053); }
double hj_zl1(double w, double h) {
  const double u = w / h;
  const double f = 6.0 + (2 * pi - 6.0) * std::exp(-std::pow(30.666 / u, 0.7528));
  return eta0_ohm / (2 * pi) * std::log(f / u + std::sqrt(1.0 + std::pow(2.0 / u, 2)));
}
double hj_ere(double w, double h, double er) {
  const double u = w / h;
  return (er + 1) / 2 + (er - 1) / 2 * std::pow(1.0 + 10.0 / u, -hj_a(u) * hj_b(er));
}
} // namespace

MicrostripStatic microstrip_static(double w, double h, double t, double eps_r) {
  double dw1 = 0.0, dwr = 0.0;
  if (t > 0.0) {
    // Thickness correction Δu1 = (t/π)·ln(1 + 4e/(t·coth²√(6.517u))) with t and u normalised
    // to h (Hammerstad & Jensen 1980; Qucs eq. 11.22 with normalised t). scikit-rf 0.15.4
    // evaluates it with t in metres, which makes its correction vanish.
    const double tn = t / h;
    dw1 =
        h * tn / pi *
        std::log(1.0 + 4.0 * std::exp(1.0) * std::pow(std::tanh(std::sqrt(6.517 * w / h)), 2) / tn);
    dwr = dw1 / 2.0 * (1.0 + 1.0 / std::cosh(std::sqrt(eps_r - 1.0)));
  }
  const double w1 = w + dw1, wr = w + dwr;
  MicrostripStatic m;
  m.w_eff_m = wr;
  m.eps_eff = hj_ere(wr, h, eps_r) * std::pow(hj_zl1(w1, h) / hj_zl1(wr, h), 2);
  m.z0_ohm = hj_zl1(wr, h) / std::sqrt(m.eps_eff);
  return m;
}

double microstrip_eps_eff_kj(const MicrostripStatic &m, double h, double er, double freq_hz) {
  const double u = m.w_eff_m / h;
  const double fn = freq_hz * h * 1e-6; // GHz·mm
  const double p1 = 0.27488 + (0.6315 + 0.525 / std::pow(1 + 0.0157 * fn, 20)) * u -
                    0.065683 * std::exp(-8.7513 * u);
  const double p2 = 0.33622 * (1 - std::exp(-0.03442 * er));
  const double p3 = 0.0363 * std::exp(-4.6 * u) * (1 - std::exp(-std::pow(fn / 38.7, 4.97)));
  const double p4 = 1 + 2.751 * (1 - std::exp(-std::pow(er / 15.916, 8)));
  const double pf = p1 * p2 * std::pow((0.1844 + p3 * p4) * fn, 1.5763);
  return er - (er - m.eps_eff) / (1 + pf);
}

double microstrip_z0_kj(const MicrostripStatic &m, double h, double er, double ereff_f,
                        double freq_hz) {
  const double u = m.w_eff_m / h;
  const double fn = freq_hz * h * 1e-6;
  const double ereff = m.eps_eff;
  const double r1 = 0.03891 * std::pow(er, 1.4);
  const double r2 = 0.267 * std::pow(u, 7);
  const double r3 = 4.766 * std::exp(-3.228 * std::pow(u, 0.641));
  const double r4 = 0.016 + std::pow(0.0514 * er, 4.524);
  const double r5 = std::pow(fn / 28.843, 12);
  const double r6 = 22.20 * std::pow(u, 1.92);
  const double r7 = 1.206 - 0.3144 * std::exp(-r1) * (1 - std::exp(-r2));
  const double r8 = 1 + 1.275 * (1 - std::exp(-0.004625 * r3 * std::pow(er, 1.674)) *
                                         std::pow(fn / 18.365, 2.745));
  const double r9 = 5.086 * r4 * r5 / (0.3838 + 0.386 * r4) * std::exp(-r6) / (1 + 1.2992 * r5) *
                    std::pow(er - 1, 6) / (1 + 10 * std::pow(er - 1, 6));
  const double r10 = 0.00044 * std::pow(er, 2.136) + 0.0184;
  const double r11 = std::pow(fn / 19.47, 6) / (1 + 0.0962 * std::pow(fn / 19.47, 6));
  const double r12 = 1 / (1 + 0.00245 * u * u);
  const double r13 = 0.9408 * std::pow(ereff_f, r8) - 0.9603;
  const double r14 = (0.9408 - r9) * std::pow(ereff, r8) - 0.9603;
  const double r15 = 0.707 * r10 * std::pow(fn / 12.3, 1.097);
  const double r16 = 1 + 0.0503 * er * er * r11 * (1 - std::exp(-std::pow(u / 15, 6)));
  const double r17 = r7 * (1 - 1.1241 * r12 / r16 * std::exp(-0.026 * std::pow(fn, 1.15656) - r15));
  return m.z0_ohm * std::pow(r13 / r14, r17);
}

CoupledCapacitance coupled_microstrip_capacitance(double w, double s, double h, double er) {
  // Garg & Bahl 1979: C_e = C_p + C_f + C_f', C_o = C_p + C_f + C_ga + C_gd.
  const MicrostripStatic single = microstrip_static(w, h, 0.0, er);
  const double cp = eps0_f_per_m * er * w / h;
  const double cf = 0.5 * (std::sqrt(single.eps_eff) / (c0_m_per_s * single.z0_ohm) - cp);
  const double a = std::exp(-0.1 * std::exp(2.33 - 2.53 * w / h));
  const double cf2 =
      cf / (1.0 + a * (h / s) * std::tanh(8.0 * s / h)) * std::sqrt(er / single.eps_eff);
  const double k = (s / h) / (s / h + 2.0 * w / h);
  const double cga = eps0_f_per_m * elliptic_ratio(k, std::sqrt(1.0 - k * k)); // K(k')/K(k)
  const double cgd = eps0_f_per_m * er / pi * std::log(1.0 / std::tanh(pi * s / (4.0 * h))) +
                     0.65 * cf * (0.02 / (s / h) * std::sqrt(er) + 1.0 - 1.0 / (er * er));
  return {cp + cf + cf2, cp + cf + cga + cgd};
}

double wheeler_geometry_factor(const std::function<double(double)> &inductance_h_per_m,
                               double scale_m) {
  // Central difference around n = 0 with a step of 1e-4 of the smallest dimension.
  const double dn = 1e-4 * scale_m;
  const double dl = (inductance_h_per_m(dn) - inductance_h_per_m(-dn)) / (2 * dn);
  return dl / mu0_h_per_m;
}

} // namespace linkphy::channels
