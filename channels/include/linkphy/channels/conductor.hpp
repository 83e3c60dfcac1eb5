// Conductor models: skin depth, copper resistivity vs temperature, the DC-to-skin-effect
// transition of a conductor's internal impedance, and surface roughness (Hammerstad, Huray).
#pragma once

#include <linkphy/phy/network.hpp>

#include <string>

namespace linkphy::channels {

constexpr double mu0_h_per_m = 1.25663706212e-6;  ///< vacuum permeability, H/m (CODATA 2018)
constexpr double eps0_f_per_m = 8.8541878128e-12; ///< vacuum permittivity, F/m (CODATA 2018)
constexpr double c0_m_per_s = 299792458.0;        ///< speed of light, m/s
constexpr double copper_sigma_s_per_m = 5.8e7;    ///< annealed copper at 20 °C, S/m (IACS 100 %)
constexpr double copper_alpha_per_k = 0.00393;    ///< copper resistivity coefficient at 20 °C, 1/K

/// Skin depth δ = 1/√(π f µ0 σ), m. `freq_hz` (Hz) > 0, `sigma_s_per_m` (S/m) > 0; not checked.
/// (Pozar §1.7)
double skin_depth_m(double freq_hz, double sigma_s_per_m);

/// Conductivity at `temperature_k` of a metal with conductivity `sigma_20c` at 20 °C and
/// resistivity temperature coefficient `alpha_per_k` (copper: +0.393 %/°C):
/// σ(T) = σ20 / (1 + α·(T − 293.15 K)). (CRC Handbook, "Electrical resistivity of pure metals")
/// `sigma_20c_s_per_m` (S/m, > 0; not checked), `alpha_per_k` (1/K), `temperature_k` (K):
/// InputError when 1 + α·(T − 293.15 K) ≤ 0.05 (copper: T ≤ ≈ 51 K); 200–400 K meaningful.
double conductivity_at(double sigma_20c_s_per_m, double alpha_per_k, double temperature_k);

/// Surface-roughness model of a conductor's loss enhancement K(f) ≥ 1.
struct Roughness {
  enum class Model { smooth, hammerstad, huray };
  Model model = Model::smooth;
  double rms_m = 0.0;         ///< Hammerstad: RMS surface roughness Δ, m (0–20 µm)
  double ball_radius_m = 0.0; ///< Huray: snowball radius a, m (0.05–5 µm)
  double surface_ratio = 0.0; ///< Huray: total ball surface / flat area, N·4πa²/A_flat (0–50)
  double matte_ratio = 1.0;   ///< Huray: A_matte / A_flat (≥ 1)
};

/// Loss enhancement factor at skin depth `delta_m` (m, > 0; not checked):
/// Hammerstad–Jensen K = 1 + (2/π)·atan(1.4·(Δ/δ)²) (Hammerstad & Jensen, MTT-S 1980);
/// Huray K = A_m/A_f + (3/2)·SR / (1 + δ/a + δ²/(2a²)) (Huray et al., "Impact of copper surface
/// texture on loss", DesignCon 2010; Huray, "The Foundations of Signal Integrity", Wiley 2009).
double roughness_factor(const Roughness &r, double delta_m);
/// "smooth", "hammerstad" or "huray" (throws InputError otherwise).
Roughness::Model roughness_model_from_name(const std::string &name);

/// Internal impedance per metre of a conductor system, DC to skin effect:
/// Zi(f) = K(f) · g · (k/σ) · coth(k·t_eff), k = (1+j)/δ — the surface impedance of a slab of
/// finite thickness (Ramo, Whinnery & Van Duzer, "Fields and Waves", 3rd ed., §5.16), so that
/// Zi → R_dc at low f and → K·g·(1+j)/(σδ) (Rs per square times the geometry factor g) once
/// δ ≪ t_eff. `g_per_m` (1/m) is the skin-effect geometry factor R_ac = g·Rs (e.g. 1/(2w) for a
/// thin strip, 1/(πd) for a round wire); t_eff = g/(σ·R_dc) makes the DC limit exact.
struct ConductorSpec {
  double sigma_s_per_m = copper_sigma_s_per_m; ///< conductivity at the temperature, S/m (> 0)
  double g_per_m = 0.0;                        ///< skin-effect geometry factor, 1/m (> 0)
  double rdc_ohm_per_m = 0.0;                  ///< DC resistance of the loop, ohm/m (> 0)
  Roughness roughness;
};
/// Zi at one frequency (Hz, ≥ 0; not checked), ohm/m. At 0 Hz returns R_dc. The members' ranges
/// are not checked here either.
Complex internal_impedance(const ConductorSpec &c, double freq_hz);

} // namespace linkphy::channels
