// Shared fixture for hop tests: a synthetic lossy differential line (Annex 93A line model,
// 93A-13/14, skin + dielectric terms) between the 802.3ck C2C packages, and a small equaliser
// search space.
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/hop.hpp>

#include <vector>

namespace hop_fixture {

inline std::vector<double> grid(double f_stop_hz = 80e9, double df_hz = 50e6) {
  std::vector<double> f;
  for (double v = df_hz; v <= f_stop_hz + 1; v += df_hz)
    f.push_back(v);
  return f;
}

inline linkphy::HopPackage package() {
  linkphy::HopPackage p; // 802.3ck Annex 120F C2C values (transceivers/catalog/com)
  linkphy::com::PackageSide s;
  s.c_d_f = 1.2e-13;
  s.l_s_h = 0.12e-9;
  s.c_b_f = 0.3e-13;
  s.c_p_f = 0.87e-13;
  s.z_c_ohm = {87.5, 92.5};
  s.length_mm = {12, 1.8};
  p.tx = s;
  p.rx = s;
  p.line = {0, 9.909e-4, 2.772e-4, 6.141e-3};
  return p;
}

/// A board trace of `length_mm` (PCB-like loss: ≈0.1 dB/mm at 26.6 GHz).
inline linkphy::com::PathTransfer thru(double length_mm, const std::vector<double> &f) {
  const linkphy::com::LineModel board{0, 1.2e-3, 3.0e-4, 6.2e-3};
  const auto ch = linkphy::com::transmission_line(f, board, 95.0, length_mm, 50.0);
  return linkphy::hop_transfer(f, ch, package(), linkphy::com::PathKind::thru, "trace");
}

inline linkphy::com::Settings settings(int levels, double baud_bd) {
  linkphy::com::Settings s;
  s.f_b_hz = baud_bd;
  s.levels = levels;
  s.samples_per_ui = 16;
  s.r_lm = 1;
  s.f_r_hz = 0.75 * baud_bd;
  const double k = baud_bd / 53.125e9; // CTLE poles scale with the rate
  s.f_z_hz = 21.25e9 * k;
  s.f_p1_hz = 21.25e9 * k;
  s.f_p2_hz = 53.125e9 * k;
  s.f_hp_pz_hz = 0;
  s.g_dc_db = {-12, -10, -8, -6, -4, -2, 0};
  s.g_dc_hp_db = {0};
  s.tx_pre_taps = 1;
  s.tx_tap_values = {{-0.15, -0.1, -0.05, 0}, {-0.1, -0.05, 0}};
  s.c0_min = 0.6;
  s.b_max = {0.7, 0.3, 0.2, 0.1};
  s.b_min = {-0.7, -0.3, -0.2, -0.1};
  s.a_dd_ui = 0; // Monte Carlo has no dual-Dirac jitter; compare like with like
  s.sigma_rj_ui = 0.01;
  return s;
}

} // namespace hop_fixture
