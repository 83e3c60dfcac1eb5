// Optical transmitters (E/O stages, phy/optical_stage.hpp): VCSEL (850/910 nm), directly
// modulated laser (DML), electro-absorption modulated laser (EML), and a CW laser with an external
// Mach–Zehnder or ring modulator (the external laser source of co-packaged optics), each with its
// driver. Catalog: transceivers/catalog/lasers.toml.
#pragma once

#include <linkphy/phy/optical_stage.hpp>
#include <linkphy/phy/params.hpp>

#include <complex>
#include <span>
#include <string>

namespace linkphy::transceivers {

enum class LaserKind { vcsel, dml, eml, cw_mzm, cw_ring };

/// A transmitter type (catalog entry). Directly modulated kinds (vcsel, dml) set their power with
/// bias and modulation current; modulator kinds (eml, cw_mzm, cw_ring) carve a CW power.
struct LaserSpec {
  std::string name;
  std::string source;
  LaserKind kind = LaserKind::dml;
  double wavelength_m = 1310e-9;             ///< at the reference temperature
  double wavelength_drift_m_per_k = 0.09e-9; ///< dλ/dT (DFB ~0.09 nm/K, VCSEL ~0.06 nm/K)
  double spectral_width_rms_m = 0.1e-9;      ///< RMS spectral width, m
  double chirp_alpha = 0;                    ///< transient chirp (Henry) factor, dimensionless
  double rin_db_hz = -140;                   ///< RIN, dB/Hz
  double bandwidth_hz = 30e9;                ///< modulation 3-dB bandwidth, Hz
  double extinction_ratio_db = 4;            ///< nominal ER, dB (> 0)
  double avg_power_dbm = 0;                  ///< nominal mean launch power at 25 °C, dBm
  double slope_efficiency_w_per_a = 0.3;     ///< dP/dI above threshold (direct modulation), W/A
  double threshold_a = 5e-3;                 ///< threshold current at the reference temperature, A
  double t0_k = 60;                          ///< characteristic temperature T0, K
  double forward_voltage_v = 1.5;            ///< laser forward voltage at bias, V
  double wall_plug_efficiency = 0.2;         ///< CW laser (modulator kinds): optical out / elec. in
  double modulator_loss_db = 0;              ///< modulator insertion loss (modulator kinds), dB
  double v_pi_v = 0;                         ///< MZM half-wave voltage, V (cw_mzm)
  double drive_swing_v = 0;                  ///< driver peak-to-peak swing at the modulator, V
  double driver_power_w = 0.1;               ///< driver power per lane, W
  double tec_w_per_k = 0;                    ///< TEC power per kelvin from the set point, W/K
  double heater_w_per_k = 0;                 ///< ring heater power per kelvin of detuning, W/K
  double reference_temperature_k = 298.15;   ///< temperature the catalog figures hold at, K
};

LaserSpec laser_from_params(const std::string &name, const ParamSet &entry);
/// A laser from the built-in lasers.toml ("unknown laser 'x' (known: ...)").
LaserSpec find_laser(const std::string &name);

/// Threshold current at `temperature_k`: I_th = I_th,ref·exp((T − T_ref)/T0) (Agrawal,
/// Fiber-Optic Communication Systems 4th ed. §3.5.3; Coldren & Corzine §2.8). `temperature_k`
/// (K; not checked here, the Transmitter accepts 200–450 K exclusive).
double threshold_current(const LaserSpec &spec, double temperature_k);

/// MZM biased at quadrature driven with `v_pp` (push-pull, α = 0): P = P_in·cos²(π/4 ∓ π·v/(4Vπ))
/// → ER = (1 + sin(π·v_pp/(2Vπ)))/(1 − sin(π·v_pp/(2Vπ))) (linear); infinite at v_pp = Vπ (and
/// above: the swing is clamped at Vπ). `v_pp`, `v_pi` (V, > 0; InputError otherwise).
double mzm_extinction_ratio(double v_pp, double v_pi);

/// OMA from mean power and extinction ratio (linear): OMA = 2·P̄·(ER − 1)/(ER + 1) (IEEE 802.3
/// 52.9.5 / 68.6.2 definitions: P1 − P0 with P̄ = (P1 + P0)/2). `p_avg_w` (W; not checked, ≥ 0
/// meaningful), `er_linear` (> 1, infinity allowed; InputError otherwise).
double oma_from_average(double p_avg_w, double er_linear);

/// A transmitter at an operating temperature: the E/O stage.
class Transmitter : public ElectroOptic {
public:
  /// Throws InputError when the laser cannot lase at `temperature_k` with its nominal bias
  /// (directly modulated), on ER ≤ 0 dB, or for `temperature_k` (K) outside (200, 450).
  Transmitter(LaserSpec spec, double temperature_k);

  std::string describe() const override;
  OpticalCarrier carrier() const override; ///< wavelength drifted to the temperature
  /// Second-order (Butterworth) response at the modulation bandwidth.
  void response(std::span<const double> freq_hz, std::span<std::complex<double>> h) const override;
  double oma_w() const override;
  double average_power_w() const override;
  double rin_per_hz() const override;
  /// Laser (bias·V_f, or CW power / wall-plug) + driver + TEC + heater, W.
  double power_w() const override;

  double extinction_ratio() const { return er_; } ///< linear
  double bias_current_a() const { return bias_a_; }
  double tec_power_w() const;
  double heater_power_w() const;

private:
  LaserSpec spec_;
  double temperature_k_;
  double p_avg_w_ = 0;
  double er_ = 1;
  double bias_a_ = 0;
};

} // namespace linkphy::transceivers
