// Optical stages of a link (DESIGN.md §2), next to stage.hpp's ElectricalMedium: a passive optical
// medium (fibre, connectors), an E/O converter (driver + laser or modulator) and an O/E converter
// (photodiode + TIA). phy knows no concrete part: channels/ and transceivers/ implement these.
// Evaluation is per stage on a whole frequency grid (one virtual call per stage per point).
#pragma once

#include <complex>
#include <span>
#include <string>

namespace linkphy {

/// The optical carrier an E/O stage launches and media act on.
struct OpticalCarrier {
  /// Centre wavelength, m (700e-9 .. 1700e-9 meaningful). Not checked here: a fibre spec checks
  /// it against the fibre's window (FibreType::check_window), the laser catalog does not.
  double wavelength_m = 1310e-9;
  /// RMS source spectral width, m (≥ 0; 0 = single-frequency). Not checked here; fibre specs
  /// accept 0–20 nm.
  double spectral_width_rms_m = 0.0;
  /// Transient chirp (Henry) factor α, dimensionless. Not checked here; fibre specs and the laser
  /// catalog accept −10..10.
  double chirp_alpha = 0.0;
};

/// A passive optical medium: fibre, patch cord, connectors. Optical loss is a power ratio in dB;
/// the intensity transfer function is the small-signal response of the optical *intensity*
/// (dispersion with chirp, modal bandwidth, PMD), normalised to 1 at 0 Hz (loss not included).
class OpticalMedium {
public:
  virtual ~OpticalMedium() = default;
  /// Short human description, e.g. "fibre os2 l=2000m".
  virtual std::string describe() const = 0;
  /// Optical insertion loss at the carrier, dB (≥ 0).
  virtual double loss_db(const OpticalCarrier &carrier) const = 0;
  /// Intensity transfer function on `freq_hz` (Hz, ascending, ≥ 0) into `h` (same size).
  virtual void intensity_response(std::span<const double> freq_hz, const OpticalCarrier &carrier,
                                  std::span<std::complex<double>> h) const = 0;
  /// Group delay of the medium at the carrier, s.
  virtual double latency_s(const OpticalCarrier &carrier) const = 0;
};

/// An E/O converter: electrical drive (V) → optical intensity. Its noise (RIN) scales with the
/// optical level, so it is given relative to the mean power.
class ElectroOptic {
public:
  virtual ~ElectroOptic() = default;
  virtual std::string describe() const = 0;
  /// The carrier it launches (wavelength, spectral width, chirp).
  virtual OpticalCarrier carrier() const = 0;
  /// Modulation transfer function (normalised to 1 at 0 Hz) on `freq_hz` (Hz, ≥ 0) into `h`
  /// (same size).
  virtual void response(std::span<const double> freq_hz,
                        std::span<std::complex<double>> h) const = 0;
  /// Optical modulation amplitude, W.
  virtual double oma_w() const = 0;
  /// Mean launched optical power, W.
  virtual double average_power_w() const = 0;
  /// One-sided RIN: intensity-noise PSD / mean power², 1/Hz.
  virtual double rin_per_hz() const = 0;
  /// Electrical power drawn (driver, laser, TEC/heater), W.
  virtual double power_w() const = 0;
};

/// An O/E converter: received optical intensity → electrical signal. Shot noise depends on the
/// received optical power, thermal (TIA) noise does not.
class OptoElectronic {
public:
  virtual ~OptoElectronic() = default;
  virtual std::string describe() const = 0;
  /// Responsivity × transimpedance response, normalised to 1 at 0 Hz, on `freq_hz` (Hz, ≥ 0)
  /// into `h` (same size).
  virtual void response(std::span<const double> freq_hz,
                        std::span<std::complex<double>> h) const = 0;
  /// DC responsivity (incl. APD gain), A/W.
  virtual double responsivity_a_per_w() const = 0;
  /// Input-referred noise current PSD, A²/Hz, at received mean optical power `p_avg_w` (W, ≥ 0
  /// meaningful; not checked by OpticalReceiver): thermal + shot (+ dark current, APD excess
  /// noise).
  virtual double noise_current_psd(double p_avg_w) const = 0;
  /// Noise bandwidth of the receiver, Hz.
  virtual double noise_bandwidth_hz() const = 0;
  /// Electrical power drawn (TIA, bias), W.
  virtual double power_w() const = 0;
};

} // namespace linkphy
