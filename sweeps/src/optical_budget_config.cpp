// TOML → OpticalLinkInputs for `linkphy optical-budget` (keys: the 10GEPBud input cells in
// snake_case; see optical_budget_config.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/optical_budget_config.hpp>

#include "toml_text.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace linkphy::sweeps {
namespace {

using detail::toml_scalar_text;

std::string lower(std::string s) {
  for (auto &c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Exactly one of `keys` given; otherwise InputError at the second one given (or at the file when
// none is), naming the keys given and the ones accepted.
void require_one_of(const ParamSet &p, const std::vector<std::string> &keys) {
  std::string all;
  std::vector<std::string> given;
  for (const auto &k : keys) {
    all += (all.empty() ? "" : ", ") + k;
    if (p.has(k))
      given.push_back(k);
  }
  if (given.size() == 1)
    return;
  const std::string accepted = " (accepted: exactly one of " + all + ")";
  if (given.empty())
    throw InputError(p.where(), "none of " + all + " given" + accepted);
  std::string both;
  for (std::size_t i = 0; i < given.size(); ++i)
    both += (i == 0 ? "" : i + 1 == given.size() ? " and " : ", ") + given[i];
  throw InputError(p.where_key(given[1]),
                   both + (given.size() == 2 ? " both" : " all") + " given" + accepted);
}

} // namespace

const std::vector<std::string> &optical_budget_keys() {
  static const std::vector<std::string> keys = {"sheet",
                                                "source",
                                                "fibre_type",
                                                "modulation",
                                                "reach",
                                                "baud_rate",
                                                "q",
                                                "ber_target",
                                                "ser_target",
                                                "tx_rise_time_20_80",
                                                "rin_oma",
                                                "rin_coefficient",
                                                "wavelength",
                                                "spectral_width",
                                                "tx_oma",
                                                "tx_avg_power_worst",
                                                "extinction_ratio",
                                                "det_jitter",
                                                "dcd_dj",
                                                "tx_mask_x2",
                                                "mpn_k",
                                                "tx_reflectance",
                                                "modal_noise_penalty",
                                                "connection_loss",
                                                "reflection_noise_factor",
                                                "attenuation",
                                                "attenuation_normalisation",
                                                "zero_dispersion_wavelength",
                                                "dispersion_slope",
                                                "dgd_max",
                                                "modal_bandwidth",
                                                "rx_sensitivity_oma",
                                                "rx_reflectance",
                                                "rx_bandwidth",
                                                "baseline_wander_sd"};
  return keys;
}

ParamSet read_flat_toml(const std::filesystem::path &file) {
  const std::string fname = file.string();
  const toml::table tbl = detail::parse_toml_file(file, "configuration file");
  ParamSet params(fname);
  for (const auto &[k, v] : tbl) {
    const std::string where = fname + ":" + std::to_string(v.source().begin.line);
    if (v.is_table() || v.is_array())
      throw InputError(where, "key '" + std::string(k.str()) +
                                  "' must be a single value (this file holds flat key = value)");
    params.set(std::string(k.str()), toml_scalar_text(v, where), where);
  }
  return params;
}

OpticalBudgetConfig optical_budget_from_params(const ParamSet &p) {
  OpticalBudgetConfig cfg;
  OpticalLinkInputs &in = cfg.inputs;
  cfg.sheet = p.text_or("sheet").value_or("");
  cfg.source = p.text_or("source").value_or("");

  const std::string fibre = lower(p.text("fibre_type"));
  if (fibre == "mmf" || fibre == "multimode")
    in.fibre = LinkFibre::multimode;
  else if (fibre == "smf" || fibre == "single_mode")
    in.fibre = LinkFibre::single_mode;
  else
    throw InputError(p.where_key("fibre_type"),
                     "unknown fibre type '" + p.text("fibre_type") + "' (accepted: mmf, smf)");

  const std::string mod = lower(p.text_or("modulation").value_or("nrz"));
  if (mod == "nrz" || mod == "pam2")
    in.levels = 2;
  else if (mod == "pam4")
    in.levels = 4;
  else
    throw InputError(p.where_key("modulation"),
                     "unknown modulation '" + p.text("modulation") + "' (accepted: NRZ, PAM4)");
  cfg.modulation = in.levels == 2 ? "NRZ" : "PAM4";

  require_one_of(p, {"q", "ber_target", "ser_target"});
  // The model takes Q 1 to 20 (as the key q): a target must give Q >= 1. SER = 2(M−1)/M·Q(q) and
  // a Gray-coded BER = SER/log2(M) (Agrawal eq. 4.5.10; IEEE 10GEPBud), so at Q = 1:
  const double q_at_1 = 0.5 * std::erfc(1 / std::sqrt(2.0)); // 0.1587
  const double ser_max = 2.0 * (in.levels - 1) / in.levels * q_at_1;
  const double ber_max = in.levels == 2 ? q_at_1 : ser_max / 2;
  auto target = [&](const std::string &key, double max) {
    const double v = p.number(key, 1e-30, 0.7);
    if (!(v <= max))
      throw InputError(p.where_key(key), "'" + number_text(v) + "' gives Q below 1 for " +
                                             cfg.modulation + "; accepted: 1e-30 to " +
                                             number_text(std::floor(max * 1e4) / 1e4) +
                                             " (Q 1 to 20)");
    return v;
  };
  if (p.has("q"))
    in.q = p.number("q", 1, 20);
  else if (p.has("ber_target"))
    in.q = in.levels == 2 ? q_from_ber(target("ber_target", ber_max))
                          : q_from_ser(target("ber_target", ber_max) * 2, in.levels);
  else
    in.q = q_from_ser(target("ser_target", ser_max), in.levels);

  using D = Dimension;
  in.reach_km = p.quantity("reach", D::length) / 1e3;
  in.baud_mbd = p.quantity("baud_rate", D::symbol_rate) / 1e6;
  in.tx_rise_20_80_ps = p.quantity("tx_rise_time_20_80", D::time) * 1e12;
  in.rin_oma_db_hz = p.quantity("rin_oma", D::rin);
  in.rin_coefficient = p.number_or("rin_coefficient", 0.7, 0, 1);
  in.wavelength_nm = p.quantity("wavelength", D::length) * 1e9;
  in.spectral_width_nm = p.quantity("spectral_width", D::length) * 1e9;
  in.tx_oma_dbm = p.quantity("tx_oma", D::power_level);
  require_one_of(p, {"tx_avg_power_worst", "extinction_ratio"});
  if (p.has("extinction_ratio")) {
    const double er_db = p.quantity("extinction_ratio", D::gain);
    if (!(er_db > 0))
      throw InputError(p.where_key("extinction_ratio"),
                       "extinction ratio must be > 0 dB (P1/P0 > 1)");
    const double er = std::pow(10.0, er_db / 10);
    // Pavg = OMA/2 · (ER+1)/(ER−1): inverse of the sheet's C9 formula.
    in.tx_avg_power_worst_dbm = in.tx_oma_dbm + 10 * std::log10(0.5 * (er + 1) / (er - 1));
  } else {
    in.tx_avg_power_worst_dbm = p.quantity("tx_avg_power_worst", D::power_level);
  }
  in.dcd_dj_ps = p.quantity("dcd_dj", D::time) * 1e12;
  in.det_jitter_ps = p.quantity_or("det_jitter", D::time, in.dcd_dj_ps * 1e-12) * 1e12;
  in.tx_mask_x2_ui = p.number_or("tx_mask_x2", 0.4, 0, 0.5);
  in.mpn_k = p.number_or("mpn_k", 0, 0, 1);
  in.tx_reflectance_db = p.quantity("tx_reflectance", D::gain);
  in.modal_noise_penalty_db = p.quantity_or("modal_noise_penalty", D::gain, 0);
  in.connection_loss_db = p.quantity("connection_loss", D::gain);
  in.reflection_noise_factor = p.number_or("reflection_noise_factor", 0, 0, 1);
  in.attenuation_db_km = p.quantity("attenuation", D::attenuation) * 1e3;
  // P4: 3.5 at 850 nm and 1.4846 at 1310 nm are ((1/(0.00094·λ))^4 + 1.05) at those wavelengths.
  in.attenuation_normalisation =
      p.number_or("attenuation_normalisation", in.wavelength_nm > 1000 ? 1.4846 : 3.5, 1e-3, 1e3);
  in.zero_dispersion_nm = p.quantity("zero_dispersion_wavelength", D::length) * 1e9;
  in.dispersion_slope_ps_nm2_km = p.quantity("dispersion_slope", D::dispersion_slope) / 1e3;
  if (in.fibre == LinkFibre::single_mode) {
    in.dgd_max_ps = p.quantity("dgd_max", D::time) * 1e12;
    in.modal_bandwidth_mhz_km = p.quantity_or("modal_bandwidth", D::bandwidth_length, 1e15) / 1e9;
  } else {
    in.modal_bandwidth_mhz_km = p.quantity("modal_bandwidth", D::bandwidth_length) / 1e9;
  }
  in.rx_sensitivity_oma_dbm = p.quantity("rx_sensitivity_oma", D::power_level);
  in.rx_reflectance_db = p.quantity("rx_reflectance", D::gain);
  in.rx_bandwidth_mhz = p.quantity("rx_bandwidth", D::frequency) / 1e6;
  in.baseline_wander_sd = p.number_or("baseline_wander_sd", 0, 0, 0.99);
  p.reject_unused(optical_budget_keys());
  try {
    validate(in);
  } catch (const InputError &e) {
    // Name the file and key: "FILE:LINE: key 'k': ..." where the key is known.
    const std::string key = e.where().substr(e.where().find(": ") + 2);
    throw InputError(p.has(key) ? p.where_key(key) : p.where(), e.detail());
  }
  return cfg;
}

OpticalBudgetConfig read_optical_budget_config(const std::filesystem::path &file,
                                               const ParamSet &overrides) {
  ParamSet params = read_flat_toml(file);
  params.merge(overrides);
  return optical_budget_from_params(params);
}

} // namespace linkphy::sweeps
