// IEEE 802.3 optical PMDs (transceivers/catalog/ieee_pmds.toml): per-lane transmitter, receiver
// and power-budget limits, and the standard's budget check at a length (IEEE 802.3 clauses 95,
// 124, 138, 140, 151, 167: power budget = channel insertion loss + allocation for penalties +
// additional insertion loss allowed).
#pragma once

#include <linkphy/phy/params.hpp>

#include <string>

namespace linkphy::transceivers {

/// One IEEE PMD (per lane). Levels in dBm, losses in dB, SI otherwise.
struct IeeePmd {
  std::string name;
  std::string source;
  int lanes = 1;                            ///< lanes of the PMD, 1–32
  int levels = 4;                           ///< 2 = NRZ, 4 = PAM4
  double baud_hz = 53.125e9;                ///< symbol rate per lane, Bd
  std::string fibre;                        ///< fibre catalog name (channels/catalog/fibres.toml)
  double wavelength_min_m = 1304.5e-9;      ///< lane wavelength range
  double wavelength_max_m = 1317.5e-9;      ///< m (≥ wavelength_min_m)
  double reach_m = 500;                     ///< operating reach (max)
  double tx_oma_min_dbm = -0.8;             ///< OMA (outer for PAM4), min
  double tx_oma_minus_tdecq_min_dbm = -2.2; ///< OMAouter − TDECQ, min (NaN if not specified)
  double extinction_ratio_min_db = 3.5;     ///< TX extinction ratio, min, dB
  double tdecq_max_db = 3.4;                ///< TDECQ (PAM4) or TDEC (NRZ), max
  double rin_oma_db_hz = -136;              ///< RIN(OMA), max
  double rx_sensitivity_oma_dbm = -4.4;     ///< unstressed receiver sensitivity (OMA), max
  double rx_stressed_sensitivity_oma_dbm = -1.9; ///< stressed receiver sensitivity (OMA), max
  double power_budget_db = 6.5;                  ///< power budget (for max TDECQ), dB
  double channel_il_max_db = 3.0;     ///< operating distance channel insertion loss, max, dB
  double penalty_allocation_db = 3.4; ///< allocation for penalties (for max TDECQ), dB
  double additional_il_db = 0.1;      ///< additional insertion loss allowed, max, dB (≥ 0)
  double fibre_attenuation_db_per_m = 0.5e-3; ///< attenuation the standard assumes
  double connection_allocation_db = 2.75;     ///< connection and splice loss allocation
  double dispersion_min_s_per_m = 0;          ///< CD limits at reach (s/m; 1 ps/nm = 1e-3 s/m)
  double dispersion_max_s_per_m = 0;          ///< (min ≤ max; 0 and 0: no CD limit)

  /// Channel insertion loss at `length_m` (m; not checked, ≥ 0 meaningful): connections + fibre
  /// attenuation × length, dB.
  double channel_il_db(double length_m) const;
};

/// Builds a PMD from a catalog entry (keys as in ieee_pmds.toml). Throws InputError.
IeeePmd pmd_from_params(const std::string &name, const ParamSet &entry);
/// A PMD from the built-in catalog: "unknown IEEE PMD 'x' (known: ...)".
IeeePmd find_pmd(const std::string &name);

/// Budget of a PMD over a length of fibre with `extra_loss_db` (≥ 0) of added loss.
struct PmdBudget {
  double channel_il_db = 0; ///< connections + fibre + extra loss
  double margin_db = 0; ///< power budget − penalties − channel IL (≥ 0: the budget closes)
  bool within_loss_budget = false; ///< channel IL ≤ channel_il_max + additional_il
  bool within_reach = false;       ///< length ≤ operating reach
  bool closes = false;             ///< all of the above
};
/// `length_m` (m, ≥ 0), `extra_loss_db` (optical dB, ≥ 0); throws InputError otherwise.
PmdBudget evaluate_pmd_budget(const IeeePmd &pmd, double length_m, double extra_loss_db = 0);

} // namespace linkphy::transceivers
