// Heat and temperature of link ends (DESIGN.md §3 "Power and heat"): case temperature from a
// lumped thermal resistance, laser derating with temperature (through the optics model's T0 law),
// the analytic-tier growth of copper loss with temperature, and the signal power a passive cable
// absorbs.
#pragma once

#include <linkphy/transceivers/laser.hpp>

namespace linkphy::transceivers {

/// Steady-state case temperature T_case = T_ambient + P·θ_ca (lumped thermal resistance,
/// Incropera et al., Fundamentals of Heat and Mass Transfer, §3.1.2 thermal circuits).
/// ambient 200–450 K, heat ≥ 0 W, θ_ca ≥ 0 K/W; else InputError.
double case_temperature_k(double ambient_k, double heat_w, double theta_ca_k_per_w);

/// A laser's derating at `temperature_k` relative to its reference temperature: threshold from the
/// optics model's T0 law (laser.hpp threshold_current), slope efficiency η(T) = η·exp(−ΔT/T1), and
/// for direct lasers the bias needed to hold its nominal mean power (automatic power control).
struct LaserDerating {
  double threshold_a = 0;     ///< I_th(T), A
  double threshold_ratio = 1; ///< I_th(T)/I_th(T_ref)
  double slope_ratio = 1;     ///< η(T)/η(T_ref)
  double bias_a = 0;          ///< I_th(T) + P̄/η(T) (direct kinds), A; 0 for modulator kinds
};
/// temperature 200–450 K, t1_k > 0; else InputError.
LaserDerating laser_derating(const LaserSpec &laser, double temperature_k, double t1_k);

/// Analytic tier: insertion loss of a copper channel at a temperature offset,
/// IL(T) = IL(T_ref)·(1 + coeff·ΔT), with coeff typically +0.2 to +0.4 %/°C for PCB/cable channels
/// (conductor resistivity +0.393 %/°C → skin loss +~0.2 %/°C, plus dielectric Df drift). IL ≥ 0 dB,
/// coeff 0–0.02 /K, ΔT −150…+150 K; else InputError.
double copper_il_at_temperature_db(double il_ref_db, double delta_t_k, double coeff_per_k);

/// Closed-form growth of skin-effect conductor loss with temperature: α_c ∝ √ρ, so
/// α_c(T)/α_c(T_ref) = √[(1 + α·(T − 20 °C))/(1 + α·(T_ref − 20 °C))] (Pozar, Microwave
/// Engineering 4th ed. §2.7/§3.x: R_s = √(ωμ/2σ); copper α = 0.00393/K, CRC Handbook).
/// `alpha_per_k` (1/K), `t_ref_k` and `t_k` (K); InputError where 1 + α·(T − 293.15 K) ≤ 0 at
/// either temperature (no other range checked; 200–450 K meaningful).
double skin_loss_ratio(double alpha_per_k, double t_ref_k, double t_k);

/// Mean signal power a passive cable lane absorbs: a PAM4 differential swing `swing_vppd` (V
/// peak-to-peak) into `r_diff_ohm` carries ⟨v²⟩/R = (swing/2)²·(5/9)/R (equiprobable levels ±1,
/// ±1/3), of which the fraction 1 − 10^(−loss/10) is absorbed (loss at Nyquist: an upper estimate,
/// lower frequencies lose less). swing 0–5 V, R > 0, loss 0–80 dB; else InputError.
double absorbed_signal_power_w(double swing_vppd, double r_diff_ohm, double loss_db);

} // namespace linkphy::transceivers
