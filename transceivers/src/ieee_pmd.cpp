// IEEE 802.3 PMD catalog entries and their power-budget check (see ieee_pmd.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>

#include <cmath>
#include <limits>

namespace linkphy::transceivers {

double IeeePmd::channel_il_db(double length_m) const {
  // IEEE 802.3 (e.g. 124.11.2): IL = fibre attenuation × length + connection/splice allocation.
  return connection_allocation_db + fibre_attenuation_db_per_m * length_m;
}

IeeePmd pmd_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  IeeePmd m;
  m.name = name;
  m.source = p.text("source");
  (void)p.text_or("note");
  m.lanes = static_cast<int>(p.integer("lanes", 1, 32));
  const std::string mod = p.text("modulation");
  if (mod == "NRZ")
    m.levels = 2;
  else if (mod == "PAM4")
    m.levels = 4;
  else
    throw InputError(p.where_key("modulation"), "'" + mod + "' is not NRZ or PAM4");
  m.baud_hz = p.quantity("baud_rate", D::symbol_rate);
  m.fibre = p.text("fibre");
  m.wavelength_min_m = p.quantity("wavelength_min", D::length);
  m.wavelength_max_m = p.quantity("wavelength_max", D::length);
  m.reach_m = p.quantity("reach", D::length);
  m.tx_oma_min_dbm = p.quantity("tx_oma_min", D::power_level);
  m.tx_oma_minus_tdecq_min_dbm = p.quantity_or("tx_oma_minus_tdecq_min", D::power_level,
                                               std::numeric_limits<double>::quiet_NaN());
  m.extinction_ratio_min_db = p.quantity("extinction_ratio_min", D::gain);
  m.tdecq_max_db = p.quantity("tdecq_max", D::gain);
  m.rin_oma_db_hz = p.quantity("rin_oma", D::rin);
  m.rx_sensitivity_oma_dbm = p.quantity("rx_sensitivity_oma", D::power_level);
  m.rx_stressed_sensitivity_oma_dbm = p.quantity("rx_stressed_sensitivity_oma", D::power_level);
  m.power_budget_db = p.quantity("power_budget", D::gain);
  m.channel_il_max_db = p.quantity("channel_il_max", D::gain);
  m.penalty_allocation_db = p.quantity("penalty_allocation", D::gain);
  m.additional_il_db = p.quantity("additional_il", D::gain);
  m.fibre_attenuation_db_per_m = p.quantity("fibre_attenuation", D::attenuation);
  m.connection_allocation_db = p.quantity("connection_allocation", D::gain);
  // "-11.87 ps/nm": a dispersion × length; the parser has no ps/nm unit, so read the number.
  auto ps_per_nm = [&](const std::string &key) {
    if (!p.has(key))
      return 0.0;
    std::string t = p.text(key);
    const auto pos = t.find("ps/nm");
    if (pos == std::string::npos)
      throw InputError(p.where_key(key), "'" + t + "' needs the unit ps/nm");
    return parse_quantity_as(t.substr(0, pos), D::dimensionless, p.where_key(key)) * 1e-3;
  };
  m.dispersion_min_s_per_m = ps_per_nm("dispersion_min");
  m.dispersion_max_s_per_m = ps_per_nm("dispersion_max");
  p.reject_unused({"source",
                   "note",
                   "lanes",
                   "modulation",
                   "baud_rate",
                   "fibre",
                   "wavelength_min",
                   "wavelength_max",
                   "reach",
                   "tx_oma_min",
                   "tx_oma_minus_tdecq_min",
                   "extinction_ratio_min",
                   "tdecq_max",
                   "rin_oma",
                   "rx_sensitivity_oma",
                   "rx_stressed_sensitivity_oma",
                   "power_budget",
                   "channel_il_max",
                   "penalty_allocation",
                   "additional_il",
                   "fibre_attenuation",
                   "connection_allocation",
                   "dispersion_min",
                   "dispersion_max"});
  return m;
}

IeeePmd find_pmd(const std::string &name) {
  return pmd_from_params(name, builtin_catalog("ieee_pmds.toml").entry(name, "IEEE PMD"));
}

PmdBudget evaluate_pmd_budget(const IeeePmd &pmd, double length_m, double extra_loss_db) {
  if (!(length_m >= 0))
    throw InputError("PMD " + pmd.name + " length", "must be >= 0 m");
  if (!(extra_loss_db >= 0))
    throw InputError("PMD " + pmd.name + " extra loss", "must be >= 0 dB");
  PmdBudget b;
  b.channel_il_db = pmd.channel_il_db(length_m) + extra_loss_db;
  // Power budget = channel IL + allocation for penalties (+ additional IL allowed).
  b.margin_db = pmd.power_budget_db - pmd.penalty_allocation_db - b.channel_il_db;
  b.within_loss_budget = b.channel_il_db <= pmd.channel_il_max_db + pmd.additional_il_db + 1e-9;
  b.within_reach = length_m <= pmd.reach_m * (1 + 1e-12);
  b.closes = b.margin_db >= -1e-9 && b.within_loss_budget && b.within_reach;
  return b;
}

} // namespace linkphy::transceivers
