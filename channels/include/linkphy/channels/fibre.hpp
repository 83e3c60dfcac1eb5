// Optical fibre: single-mode (ITU-T G.652/G.657, cabled OS1a/OS2) and multimode (OM3/OM4/OM5)
// from channels/catalog/fibres.toml. Attenuation vs wavelength, chromatic dispersion
// D(λ) = S0/4·(λ − λ0⁴/λ³) with its λ0/S0 limits, effective modal bandwidth (Gaussian response),
// PMD, connector/splice loss and reflectance, latency from the group index. A Fibre is an
// OpticalMedium stage (phy/optical_stage.hpp) for the statistical link engine.
#pragma once

#include <linkphy/phy/optical_stage.hpp>
#include <linkphy/phy/params.hpp>

#include <complex>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace linkphy::channels {

/// Chromatic dispersion of a fibre with zero-dispersion wavelength `lambda0_m` and slope `s0`
/// (s/m³) at `lambda_m`: D = S0/4·(λ − λ0⁴/λ³), s/m² (IEEE 802.3 clause 52.14 / 88.14; ITU-T
/// G.652 §6.6). 1 ps/(nm·km) = 1e-6 s/m². Wavelengths in m (> 0; not checked).
double chromatic_dispersion(double lambda_m, double lambda0_m, double s0_s_per_m3);

/// One fibre type (a catalog entry). All members SI. fibre_type_from_params checks the ranges
/// marked "checked"; the others are catalog conventions it does not enforce.
struct FibreType {
  std::string name;
  std::string source;
  bool single_mode = true;              ///< true: SMF (no modal bandwidth); false: MMF
  double window_min_m = 1260e-9;        ///< usable wavelength window, m (> 0; not checked)
  double window_max_m = 1625e-9;        ///< its upper end, m (> window_min_m; not checked)
  std::vector<double> att_wavelength_m; ///< m, ascending, non-empty (checked)
  std::vector<double> att_db_per_m;     ///< attenuation at those wavelengths, dB/m
  std::vector<double> emb_wavelength_m; ///< m, ascending (not checked); empty for SMF
  std::vector<double> emb_hz_m;         ///< effective modal bandwidth, Hz·m
  /// Zero-dispersion wavelength λ0: range (min ≤ nominal ≤ max) and nominal value, m.
  double lambda0_min_m = 1300e-9, lambda0_max_m = 1324e-9, lambda0_nominal_m = 1312e-9;
  double s0_max = 92.0, s0_nominal = 92.0; ///< dispersion slope, s/m³ (1 ps/(nm² km) = 1e3)
  /// PMD coefficient, s/√m (0.2 ps/√km = 6.32e-15); catalog key 0–10 ps/√km (checked).
  double pmd_s_per_sqrt_m = 0;
  double group_index = 1.4676;           ///< group index n_g (1.3–1.6, checked)
  double connector_loss_db = 0.5;        ///< per mated connector pair, dB
  double splice_loss_db = 0.1;           ///< per splice, dB
  double connector_reflectance_db = -35; ///< per connector, dB (≤ 0; not checked)

  /// `wavelength_m` (m) within [window_min_m, window_max_m]; throws InputError "wavelength ...
  /// outside the window of fibre NAME (a to b nm)" otherwise.
  void check_window(double wavelength_m, const std::string &where = {}) const;
  /// Attenuation at `wavelength_m` (m, > 0; not checked), dB/m: interpolated between catalog
  /// points in λ⁻⁴ (Rayleigh scattering, Agrawal §2.5.2), held constant beyond the end points.
  double attenuation_db_per_m(double wavelength_m) const;
  /// Nominal chromatic dispersion (λ0_nominal, S0_nominal) at `wavelength_m` (m), s/m².
  double dispersion(double wavelength_m) const;
  /// Worst-case dispersion range {min, max} over λ0 ∈ [λ0min, λ0max] at S0max, s/m²
  /// (IEEE 802.3 clauses 124/140/151 method: min with λ0max, max with λ0min).
  std::pair<double, double> dispersion_range(double wavelength_m) const;
  /// Effective modal bandwidth at `wavelength_m`, Hz·m (linear between catalog points, held
  /// constant beyond); +infinity for single-mode fibre.
  double modal_bandwidth_hz_m(double wavelength_m) const;
};

/// Builds a fibre type from a catalog entry (keys as in fibres.toml). Throws InputError.
FibreType fibre_type_from_params(const std::string &name, const ParamSet &entry);

/// The built-in fibre catalog (channels/catalog/fibres.toml, or $LINKPHY_DATA_DIR/channels).
const Catalog &fibre_catalog();
/// A fibre type by name from the built-in catalog; InputError "unknown fibre 'x' (known: ...)".
FibreType find_fibre(const std::string &name);

/// A fibre link: a type, a length and the connectors/splices along it, as an OpticalMedium.
class Fibre : public OpticalMedium {
public:
  /// `length_m` in [0, 200 km]; `connectors`, `splices` ≥ 0 (each adds its catalog loss).
  Fibre(FibreType type, double length_m, int connectors = 0, int splices = 0);

  std::string describe() const override;
  /// Fibre attenuation × length + connectors + splices, dB. Checks the window.
  double loss_db(const OpticalCarrier &carrier) const override;
  /// Intensity transfer: chromatic dispersion with chirp (small-signal, Wang & Petermann,
  /// J. Lightwave Technol. 10(1), 1992: H = cos φ − α·sin φ, φ = π·λ²·D·L·f²/c), source spectral
  /// width (Gaussian, σt = |D|·L·σλ, Agrawal §2.4.3), modal bandwidth (Gaussian, −3 dBo at EMB/L,
  /// IEEE 802.3 link model) and PMD (Gaussian, −3 dBo at 1/(3·DGDmax), 10GEPBud cell P13).
  void intensity_response(std::span<const double> freq_hz, const OpticalCarrier &carrier,
                          std::span<std::complex<double>> h) const override;
  /// Group delay n_g·L/c, s.
  double latency_s(const OpticalCarrier &carrier) const override;

  /// Chromatic dispersion × length, nominal, s/m, at `wavelength_m` (m; not checked).
  double dispersion_s_per_m(double wavelength_m) const;
  /// Maximum DGD for the link, s: 3 × mean DGD (PMD·√L), exceeded with probability ~4e-5
  /// (Maxwellian, ITU-T G.650.2 Appendix; IEEE 802.3 clause 52 DGDmax convention).
  double dgd_max_s() const;
  /// Sum of connector reflectances as a power ratio (for reflection-noise estimates).
  double total_reflectance() const;

  const FibreType &type() const { return type_; }
  double length_m() const { return length_m_; }

private:
  FibreType type_;
  double length_m_;
  int connectors_;
  int splices_;
};

} // namespace linkphy::channels
