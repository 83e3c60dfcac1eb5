// Photodiodes (PIN and APD) and transimpedance amplifiers, and the O/E receiver they form
// (phy/optical_stage.hpp OptoElectronic). Noise per Agrawal, Fiber-Optic Communication Systems
// (4th ed.) §4.4 (shot and thermal noise, receiver sensitivity) and McIntyre, IEEE Trans. Electron
// Devices 13(1), 1966 (APD excess noise).
#pragma once

#include <linkphy/phy/optical_stage.hpp>
#include <linkphy/phy/params.hpp>

#include <complex>
#include <span>
#include <string>

namespace linkphy::transceivers {

/// Elementary charge, C.
inline constexpr double kElementaryCharge = 1.602176634e-19;

/// Responsivity of a photodiode of quantum efficiency `eta` ((0, 1]; InputError otherwise) at
/// `wavelength_m` (m, > 0; not checked):
/// R = η·q·λ/(h·c) = η·λ[µm]/1.2398 A/W (Agrawal eq. 4.1.3).
double responsivity(double eta, double wavelength_m);

/// McIntyre excess-noise factor F(M) = k·M + (1 − k)·(2 − 1/M) for gain M ≥ 1 and ionisation
/// ratio k (0..1) (McIntyre 1966; Agrawal eq. 4.4.14). InputError outside those ranges.
double apd_excess_noise(double gain, double k_ratio);

struct Photodiode {
  std::string name;
  std::string source;
  bool avalanche = false;          ///< APD (true) or PIN
  double quantum_efficiency = 0.8; ///< η, 0..1
  double dark_current_a = 10e-9;   ///< primary dark current, A (≥ 0)
  double capacitance_f = 100e-15;  ///< junction capacitance, F (≥ 0)
  double gain = 1;                 ///< APD multiplication M (1 for PIN)
  double k_ratio = 0;              ///< APD ionisation-coefficient ratio k (0..1)
  double bandwidth_hz = 30e9;      ///< intrinsic (transit/RC) 3-dB bandwidth, Hz
  double bias_v = 3;               ///< reverse bias, V (for the power draw)
  double window_min_m = 800e-9;    ///< wavelength range it responds in, m (> 0)
  double window_max_m = 1700e-9;   ///< its upper end, m (> window_min_m)
};

/// A photodiode from a catalog entry / the built-in photodiodes.toml ("unknown photodiode ...").
Photodiode photodiode_from_params(const std::string &name, const ParamSet &entry);
Photodiode find_photodiode(const std::string &name);

struct Tia {
  std::string name;
  std::string source;
  double noise_density_a_per_rthz = 15e-12; ///< input-referred noise current density, A/√Hz
  double bandwidth_hz = 35e9;               ///< 3-dB bandwidth, Hz
  double noise_bandwidth_factor = 1.11;     ///< noise BW / 3-dB BW (2nd-order Butterworth 1.11)
  double transimpedance_ohm = 2000;         ///< mid-band gain, Ω
  double power_w = 0.15;                    ///< power per lane, W
};

Tia tia_from_params(const std::string &name, const ParamSet &entry);
Tia find_tia(const std::string &name);

/// Photodiode + TIA at a wavelength: the O/E stage of a link.
class OpticalReceiver : public OptoElectronic {
public:
  /// Throws InputError if `wavelength_m` (m) is outside the photodiode's window.
  OpticalReceiver(Photodiode pd, Tia tia, double wavelength_m);

  std::string describe() const override;
  /// Photodiode (single pole at its bandwidth) × TIA (2nd-order Butterworth at its bandwidth).
  void response(std::span<const double> freq_hz, std::span<std::complex<double>> h) const override;
  double responsivity_a_per_w() const override; ///< R·M
  /// Input-referred noise PSD, A²/Hz: TIA i_n² + 2q·M²·F·(R·P + I_d) (Agrawal eqs. 4.4.3, 4.4.15)
  /// at mean received power `p_avg_w` (W, ≥ 0 meaningful; not checked).
  double noise_current_psd(double p_avg_w) const override;
  double noise_bandwidth_hz() const override; ///< TIA bandwidth × noise-bandwidth factor
  double power_w() const override;            ///< TIA power + bias × photocurrent (negligible)

  /// RMS thermal (TIA) noise current σ_T over the noise bandwidth, A.
  double thermal_noise_a() const;
  /// OMA (W) that achieves `q` on each of the (levels − 1) eyes, for extinction ratio
  /// `extinction_ratio` (linear, > 1; infinity allowed): thermal + level-dependent shot noise on
  /// the top (worst) eye, Q = ΔI/(σ_top + σ_below), solved by fixed point. For thermal noise only
  /// this is (levels − 1)·2·Q·σ_T/(R·M). InputError unless `q` > 0 and `levels` ≥ 2.
  double sensitivity_oma_w(double q, int levels, double extinction_ratio) const;

private:
  Photodiode pd_;
  Tia tia_;
  double wavelength_m_;
};

/// Agrawal eq. 4.4.11: thermal-noise-limited average received power for infinite extinction ratio,
/// P̄ = Q·σ_T/R, W. `q` (> 0), `sigma_t_a` (A, ≥ 0), `responsivity_a_per_w` (A/W, > 0); not
/// checked.
double thermal_limited_sensitivity_w(double q, double sigma_t_a, double responsivity_a_per_w);

/// APD optimum gain: the M minimising Agrawal eq. 4.4.16, P̄rec(M) = (Q/R)(q·F(M)·Q·Δf + σ_T/M)
/// with McIntyre's F(M); dP̄/dM = 0 gives k·M² + (1 − k) = σ_T/(q·Q·Δf). Returns +infinity when
/// no finite optimum exists (k = 0 and σ_T > q·Q·Δf: gain always helps), 1 when gain never helps.
/// `sigma_t_a` (A, ≥ 0), `q` (> 0), `noise_bandwidth_hz` (Hz, > 0), `k_ratio` (0..1); not checked.
double apd_optimum_gain(double sigma_t_a, double q, double noise_bandwidth_hz, double k_ratio);
/// Agrawal eq. 4.4.16: APD sensitivity (average power, infinite ER, dark current neglected), W.
/// `gain` (≥ 1) and `k_ratio` (0..1) as apd_excess_noise (InputError); the rest as
/// apd_optimum_gain, `responsivity_a_per_w` (A/W, > 0), not checked.
double apd_sensitivity_w(double gain, double k_ratio, double sigma_t_a, double q,
                         double noise_bandwidth_hz, double responsivity_a_per_w);

} // namespace linkphy::transceivers
