// Materials of a copper channel: a dielectric (Dk/Df at a reference frequency, Df drift with
// temperature) and a metal (conductivity, its temperature coefficient, surface roughness).
#pragma once

#include <linkphy/channels/conductor.hpp>
#include <linkphy/channels/dielectric.hpp>

#include <span>
#include <string>
#include <vector>

namespace linkphy::channels {

struct Dielectric {
  std::string name;         ///< catalog name or "custom"
  double dk = 4.0;          ///< relative permittivity at f_ref (1–20)
  double df = 0.02;         ///< loss tangent at f_ref (0–1)
  double f_ref_hz = 1e9;    ///< frequency of dk/df, Hz (1 kHz–1 THz)
  double df_tc_per_k = 0.0; ///< relative Df drift, 1/K (Df(T) = Df·(1 + tc·(T − t_ref)))
  double t_ref_k = 298.15;  ///< temperature of dk/df, K
  bool causal = true;       ///< Djordjevic–Sarkar; false = frequency-invariant dk·(1 − j·df)
  /// The causal Djordjevic–Sarkar model at `temperature_k` (Df drifted when the catalog gives it).
  /// `temperature_k` (K; not checked, the drifted Df is clamped to [0, 1]; 200–400 K meaningful).
  DjordjevicSarkar model(double temperature_k) const;
  /// Complex relative permittivity ε' − jε'' on a grid `freq_hz` (Hz, ≥ 0) at `temperature_k` (K,
  /// as model()).
  std::vector<Complex> epsilon(std::span<const double> freq_hz, double temperature_k) const;
};

struct Metal {
  std::string name;                                ///< "copper" or a foil/catalog name
  double sigma_20c_s_per_m = copper_sigma_s_per_m; ///< conductivity at 20 °C, S/m (1e5–1e8)
  double alpha_per_k = copper_alpha_per_k;         ///< resistivity temperature coefficient, 1/K
  Roughness roughness;                             ///< surface texture of the signal foil
  /// σ at `temperature_k` (K; linear resistivity law: conductivity_at's InputError where it fails).
  double sigma_at(double temperature_k) const {
    return conductivity_at(sigma_20c_s_per_m, alpha_per_k, temperature_k);
  }
};

} // namespace linkphy::channels
