// Reading an IEEE 802.3 link-model configuration (one 10GEPBud sheet's inputs) from TOML: flat
// `key = "value unit"` pairs, typed and unit-checked through ParamSet, unknown keys rejected.
// Example files: sweeps/examples/optical-budget/*.toml (one per sheet of the workbook).
#pragma once

#include <linkphy/phy/optical_link_model.hpp>
#include <linkphy/phy/params.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// A link-model configuration: the sheet's inputs and its provenance.
struct OpticalBudgetConfig {
  std::string sheet;              ///< `sheet` key (e.g. "850S50_500"); may be empty
  std::string source;             ///< `source` key: where the numbers come from; may be empty
  std::string modulation = "NRZ"; ///< "NRZ" or "PAM4" (the key also accepts pam2; any case)
  OpticalLinkInputs inputs;
};

/// Every key an optical-budget configuration accepts (for --help and error messages).
const std::vector<std::string> &optical_budget_keys();

/// Reads a TOML file of top-level `key = value` pairs into a ParamSet (values as text, each key
/// placed at FILE:LINE). Throws InputError on a missing file, malformed TOML or a table.
ParamSet read_flat_toml(const std::filesystem::path &file);

/// Builds the inputs from named parameters. Keys and units (see optical_budget_keys()):
/// reach (length), baud_rate (symbol rate), q | ber_target | ser_target (plain numbers),
/// wavelength, spectral_width, zero_dispersion_wavelength (length), tx_oma, tx_avg_power_worst,
/// rx_sensitivity_oma (dBm), extinction_ratio (dB, instead of tx_avg_power_worst), rin_oma
/// (dB/Hz), tx_rise_time_20_80, det_jitter, dcd_dj, dgd_max (time), attenuation (dB/km),
/// dispersion_slope (ps/(nm^2 km)), modal_bandwidth (MHz km), rx_bandwidth (frequency),
/// connection_loss, modal_noise_penalty, tx_reflectance, rx_reflectance (dB), and plain numbers
/// rin_coefficient, mpn_k, reflection_noise_factor, baseline_wander_sd, tx_mask_x2,
/// attenuation_normalisation; fibre_type = mmf|smf, modulation = NRZ|PAM4.
/// Ranges checked here (InputError "FILE:LINE: key 'k': '…' is out of range; accepted: …"):
/// exactly one of q (1 to 20), ber_target or ser_target. A target becomes q (PAM4 ber_target as
/// SER = 2·BER), which must lie in 1 to 20, so the targets are checked from 1e-30 up to Q = 1:
/// NRZ BER or SER ≤ 0.1586, PAM4 ber_target ≤ 0.1189, PAM4 ser_target ≤ 0.2379 (the error names
/// the key and that limit). Exactly one of
/// tx_avg_power_worst and extinction_ratio (> 0 dB); rin_coefficient, mpn_k and
/// reflection_noise_factor 0 to 1, tx_mask_x2 0 to 0.5 UI, baseline_wander_sd 0 to 0.99,
/// attenuation_normalisation 1e-3 to 1e3; dgd_max is required for smf, modal_bandwidth for mmf.
/// Every other range is validate()'s (optical_link_model.hpp), reported at the key's line.
/// Throws InputError naming the key on a bad value, an unknown key, or invalid physics.
OpticalBudgetConfig optical_budget_from_params(const ParamSet &params);

/// read_flat_toml + `overrides` (--set key=value) + optical_budget_from_params.
OpticalBudgetConfig read_optical_budget_config(const std::filesystem::path &file,
                                               const ParamSet &overrides = ParamSet());

} // namespace linkphy::sweeps
