// Shared by the COM engine tests: small 802.3ck-like search settings and a board line between
// two 802.3ck packages (Annex 93A line model 93A-9..14, package of 93A.1.2 with the 802.3ck
// two-segment trace), built on a caller's frequency grid.
#pragma once

#include <linkphy/phy/com.hpp>

#include <vector>

namespace linkphy::com::test {

// 802.3ck-like settings with small search grids to keep the tests fast (library thread default).
inline Settings small_settings() {
  Settings s;
  s.g_dc_db = {-12, -9, -6, -3, 0};
  s.g_dc_hp_db = {-3, 0};
  s.tx_pre_taps = 1;
  s.tx_tap_values = {{-0.2, -0.1, 0.0}, {-0.1, 0.0}};
  s.c0_min = 0.54;
  s.b_max = {0.85, 0.3, 0.2, 0.2};
  s.b_min = {0.0, -0.3, -0.2, -0.2};
  return s;
}

// 0 Hz to f_stop_hz (inclusive) in 50 MHz steps.
inline std::vector<double> grid_50mhz(double f_stop_hz) {
  std::vector<double> f;
  for (double x = 0; x <= f_stop_hz + 1; x += 50e6)
    f.push_back(x);
  return f;
}

// A board line (100 Ω, matched to 2·R_0) of `len_mm` (mm, > 0) between two 802.3ck packages
// (802.3ck COM board line γ0/a1/a2/τ, package line and C_d/L_s/C_b/C_p of the CR/KR tables).
inline PathTransfer packaged_line(const std::vector<double> &f_hz, double len_mm) {
  const LineModel board{0, 3.8206e-4, 9.5909e-5, 5.79e-3};
  const LineModel pkg{0, 9.909e-4, 2.772e-4, 6.141e-3};
  PackageSide side{1.2e-13, 0.12e-9, 0.3e-13, {87.5, 92.5}, {12.0, 1.8}, 0.87e-13};
  TwoPort t = package(f_hz, side, pkg, 50.0);
  t = cascade(t, transmission_line(f_hz, board, 100.0, len_mm, 50.0));
  t = cascade(t, flipped(package(f_hz, side, pkg, 50.0)));
  return PathTransfer{PathKind::thru, f_hz, terminated_transfer(t, 0, 0), "line"};
}

} // namespace linkphy::com::test
