// Closed-form impedance of planar and wire geometries (quasi-static, TEM / quasi-TEM), and
// Wheeler's incremental-inductance rule for their skin-effect resistance. All lengths in metres.
#pragma once

#include <functional>

namespace linkphy::channels {

constexpr double eta0_ohm = 376.730313668; ///< free-space impedance, ohm

/// Centred stripline of width w, thickness t between planes `b` apart (air filled), ohm.
/// Wheeler, "Transmission-line properties of a strip line between parallel planes", IEEE MTT
/// 26(11), 1978, eqs. (4)–(6) (as in Wadell, "Transmission Line Design Handbook", §3.5.1).
/// Requires w > 0, 0 ≤ t < b (m; not checked here: the Stripline constructor checks its geometry).
double stripline_z0_air(double w, double b, double t);
/// Zero-thickness stripline, exact conformal map (Cohn, IRE Trans. MTT 2(2), 1954):
/// Z0 = η0/4 · K(k')/K(k), k = tanh(πw/2b), k' = sech(πw/2b). `w`, `b` (m, > 0; not checked).
double stripline_z0_air_thin(double w, double b);

struct ModeImpedances {
  double odd_ohm = 0.0;  ///< odd-mode impedance of one line (differential = 2·odd)
  double even_ohm = 0.0; ///< even-mode impedance of one line (common = even/2)
};
/// Edge-coupled centred stripline, strips w wide with edge gap s, thickness t, planes b apart
/// (air). Cohn, "Shielded coupled-strip transmission line", IRE Trans. MTT 3(5), 1955 (t = 0,
/// exact), with Cohn's thick-strip fringing-capacitance correction (IRE Trans. MTT 8(6), 1960;
/// Wadell §3.6.1). Requires w > 0, s > 0, 0 ≤ t < b (m; not checked here).
ModeImpedances coupled_stripline_air(double w, double s, double b, double t);

/// Microstrip per Hammerstad & Jensen, "Accurate models for microstrip computer-aided design",
/// IEEE MTT-S 1980 (as transcribed in the Qucs technical documentation §11 and scikit-rf MLine).
struct MicrostripStatic {
  double w_eff_m = 0.0; ///< width corrected for thickness with the dielectric (w + Δw_r), m
  double z0_ohm = 0.0;  ///< quasi-static impedance with dielectric, ohm
  double eps_eff = 1.0; ///< quasi-static effective permittivity
};
/// Quasi-static microstrip: w, h (substrate height), t (strip thickness) in m (> 0, t ≥ 0); εr
/// real (1–20). Not checked here (the Microstrip constructor and the dielectric check theirs).
MicrostripStatic microstrip_static(double w, double h, double t, double eps_r);
/// Kirschning–Jansen dispersion of εeff (Electronics Letters 18(6), 1982), as in Qucs/scikit-rf.
/// `h` (m, > 0), `eps_r` (1–20), `freq_hz` (Hz, ≥ 0); not checked.
double microstrip_eps_eff_kj(const MicrostripStatic &m, double h, double eps_r, double freq_hz);
/// Kirschning–Jansen dispersion of Z0 (same source), as in Qucs/scikit-rf. `eps_eff_f` the
/// dispersed εeff at `freq_hz` (≥ 1); others as microstrip_eps_eff_kj; not checked.
double microstrip_z0_kj(const MicrostripStatic &m, double h, double eps_r, double eps_eff_f,
                        double freq_hz);

/// Per-unit-length capacitances of one line of an edge-coupled microstrip pair (F/m), even and odd
/// mode, by Garg & Bahl, "Characteristics of coupled microstriplines", IEEE MTT 27(7), 1979
/// (Gupta, Garg, Bahl & Bhartia, "Microstrip Lines and Slotlines", 2nd ed., §8.3). Strips of width
/// w (m), gap s, on a substrate of height h and permittivity εr; thickness ignored. w, s, h in m
/// (> 0), εr 1–20; not checked.
struct CoupledCapacitance {
  double even_f_per_m = 0.0; ///< even-mode capacitance per unit length, F/m (> 0)
  double odd_f_per_m = 0.0;  ///< odd-mode capacitance per unit length, F/m (> 0)
};
CoupledCapacitance coupled_microstrip_capacitance(double w, double s, double h, double eps_r);

/// Wheeler's incremental-inductance rule (Wheeler, "Formulas for the skin effect", Proc. IRE
/// 30(9), 1942; Pozar §3.7): R' = Rs/µ0 · ∂L'/∂n, where every conductor wall recedes by n.
/// `inductance_h_per_m(n)` returns L' with all walls receded by n (m); `scale_m` sets the
/// differentiation step (≈ the smallest dimension; m, > 0, not checked). Returns
/// g = (1/µ0)·∂L'/∂n in 1/m, so that R' = g·Rs.
double wheeler_geometry_factor(const std::function<double(double)> &inductance_h_per_m,
                               double scale_m);

} // namespace linkphy::channels
