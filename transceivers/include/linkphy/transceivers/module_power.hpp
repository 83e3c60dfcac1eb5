// Module power from its parts (DESIGN.md §3 "Power and heat"): a module build names its parts
// (catalog transceivers/catalog/modules.toml → power.toml, lasers.toml, form_factors.toml) and its
// power EMERGES as the sum of the part models at the operating point, including the temperature
// the module reaches (case = ambient + P·θ_ca, solved by fixed-point iteration because leakage,
// laser derating and TEC power depend on it). Results are per end (one module, or one end of a
// cable); a warning string is returned when the module exceeds its form factor's power class.
#pragma once

#include <linkphy/phy/params.hpp>
#include <linkphy/phy/power.hpp>
#include <linkphy/transceivers/laser.hpp>
#include <linkphy/transceivers/power_models.hpp>

#include <optional>
#include <string>
#include <vector>

namespace linkphy::transceivers {

/// A form factor (form_factors.toml).
struct FormFactor {
  std::string name;
  std::string source;
  std::vector<double> class_limits_w; ///< CMIS power classes 1..7 (W); empty = no classes
  double max_power_w = 15;            ///< thermal envelope of the form factor, W (0.01–1000)
  double max_case_k = 343.15;         ///< case-temperature limit, K (250–450)
  double theta_ca_k_per_w = 2;        ///< case-to-ambient thermal resistance, K/W (0.01–50)
};
FormFactor find_form_factor(const std::string &name);
/// Power limit of class `power_class` (1..n from the table, n = class_limits_w.size(), 7 for CMIS;
/// n + 1 = `declared_max_w`, W, which must exceed the class-n limit). InputError for a class the
/// form factor does not have, or a form factor without classes.
double power_class_limit_w(const FormFactor &ff, int power_class, double declared_max_w);

enum class ModuleKind { dsp_pluggable, lpo, cpo, acc, aec, dac, d2d };
const char *module_kind_name(ModuleKind kind);

/// A module (or cable end, or die-to-die PHY) resolved from its catalog entry: every part spec
/// looked up once (setup), so that module_power() is a cheap hot path.
struct ModuleBuild {
  std::string name;
  std::string source;
  ModuleKind kind = ModuleKind::dsp_pluggable;
  FormFactor form_factor;
  int power_class = 0;             ///< declared CMIS class (1–8; 0 = none declared)
  double declared_max_power_w = 0; ///< class 8 only
  int lanes = 8;                   ///< electrical/optical lanes per end (1–64)
  double lane_rate_bps = 106.25e9; ///< line rate per lane, b/s (1e9 to 1e12)
  double payload_bps = 800e9;      ///< user data rate per end and direction, b/s (1e6 to 1e14)
  // Parts (present or not, by kind).
  std::optional<PartPowerSpec> dsp_host_serdes; ///< the DSP's host-side SerDes (in the module)
  double dsp_host_loss_db = 0;                  ///< host channel the DSP host side equalises, dB
  std::optional<PartPowerSpec> dsp;
  /// Clock and data recovery of a module retimed without a DSP (25G NRZ pluggables: a TX CDR
  /// and an RX CDR per lane in one part), per lane; a dsp_pluggable build has a dsp or a cdr.
  std::optional<PartPowerSpec> cdr;
  std::optional<PartPowerSpec> driver;
  double drive_swing_v = 0; ///< driver swing, V ppd (0–10)
  std::optional<LaserSpec> laser;
  double launch_avg_w = 0;        ///< mean launch per lane, W
  double laser_extra_loss_db = 0; ///< CW laser → modulator (coupling, splitting), dB (0–30)
  std::optional<TecSpec> tec;     ///< laser TEC (absent: uncooled)
  std::optional<PartPowerSpec> tia;
  std::optional<ElsSpec> els; ///< CPO external laser source
  std::optional<TecSpec> els_tec;
  std::optional<PartPowerSpec> redriver; ///< ACC, per lane at this end
  std::optional<PartPowerSpec> retimer;  ///< AEC, per lane at this end
  double cable_loss_db = 0;              ///< cable loss at Nyquist it equalises, dB (0–80)
  std::optional<PartPowerSpec> eeprom;   ///< per module
  double tx_swing_v = 0;                 ///< passive cable: host TX swing, V ppd (0–5)
  /// Die-to-die PHY per lane (a d2d or a serdes part), at cable_loss_db: the die-to-die channel.
  std::optional<PartPowerSpec> d2d;
  std::optional<PartPowerSpec> host_serdes; ///< host SerDes driving this module (on the host)
  double host_loss_db = 0; ///< its channel loss, dB (0–80, checked by module_power_figures)
  OverheadSpec overhead;
  double t1_k = 150; ///< laser slope-efficiency T1, K
};
ModuleBuild module_from_params(const std::string &name, const ParamSet &entry);
/// A build from the built-in modules.toml ("unknown module 'x' (known: ...)").
ModuleBuild find_module(const std::string &name);

struct ModuleConditions {
  double ambient_k = 308.15;           ///< inlet air, K (200–400; default 35 °C)
  std::optional<double> cable_loss_db; ///< overrides the build's cable loss, dB (0–80)
  std::optional<double> host_loss_db;  ///< overrides the host channel loss, dB (0–80)
};

/// Per-end power of a build (numbers only; the hot path).
struct ModulePowerFigures {
  double power_w = 0;             ///< supply power of the module (one end), W
  double heat_w = 0;              ///< heat in the module (power − optical launched), W
  double passive_heat_w = 0;      ///< signal power the cable absorbs (passive copper), W
  double host_serdes_w = 0;       ///< host SerDes for this module's lanes (on the host), W
  double energy_pj_per_bit = 0;   ///< power_w / payload
  double case_temperature_k = 0;  ///< converged module case temperature, K
  double laser_temperature_k = 0; ///< laser temperature (TEC set point or case), K
  int iterations = 0;             ///< fixed-point iterations to converge (< 100 mK)
  bool converged = true;          ///< false on thermal runaway (power keeps rising)
  bool tec_saturated = false;     ///< the TEC could not hold its set point
};
ModulePowerFigures module_power_figures(const ModuleBuild &build, const ModuleConditions &c);

/// The full result: figures, the ledger of parts (end a, plus the medium's absorbed power) and
/// warnings (power class, form-factor envelope, case temperature, TEC saturation, runaway).
struct ModulePower {
  ModulePowerFigures figures;
  PowerLedger ledger;
  std::vector<std::string> warnings;
};
ModulePower module_power(const ModuleBuild &build, const ModuleConditions &c = {});

/// A whole link of one technology: the build at each end (a module per end, a cable with two
/// ends, a die-to-die pair), optionally the host SerDes driving each end. Ledger entries carry
/// their end (a, b) and the medium's absorbed signal power; W per end, heat per end and pJ/bit
/// (whole-link power over the payload of one direction, the convention of link energy figures).
struct LinkPower {
  PowerLedger ledger;
  double power_a_w = 0, power_b_w = 0; ///< per end, W
  double heat_a_w = 0, heat_b_w = 0;   ///< per end, W
  double power_w = 0;                  ///< both ends, W
  double energy_pj_per_bit = 0;        ///< power_w / payload
  std::vector<std::string> warnings;   ///< from either end, prefixed "end a:"/"end b:"
};
LinkPower link_power(const ModuleBuild &build, const ModuleConditions &end_a,
                     const ModuleConditions &end_b, bool include_host_serdes);

} // namespace linkphy::transceivers
