// Power models of active parts (sources in power_models.hpp and power.toml).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/power_models.hpp>

#include <cmath>

namespace linkphy::transceivers {
namespace {

void check_temperature(const std::string &where, double t_k) {
  if (!(t_k >= 200 && t_k <= 450))
    throw InputError(where, "temperature must be 200 to 450 K (-73 to 177 degC)");
}

const Catalog &power_catalog() { return builtin_catalog("power.toml"); }

ParamSet entry_of_kind(const std::string &name, const std::string &kind) {
  ParamSet p = power_catalog().entry(name, "power part");
  if (p.text("kind") != kind)
    throw InputError(p.where_key("kind"),
                     "'" + name + "' is a " + p.text("kind") + ", not a " + kind);
  return p;
}

} // namespace

PartPowerSpec part_power_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  PartPowerSpec s;
  s.name = name;
  s.source = p.text("source");
  s.kind = p.text("kind");
  static const char *kinds[] = {"serdes", "dsp", "redriver", "retimer", "driver",
                                "tia",    "cdr", "d2d",      "eeprom"};
  bool ok = false;
  for (const char *k : kinds)
    ok = ok || s.kind == k;
  if (!ok)
    throw InputError(p.where_key("kind"),
                     "'" + s.kind +
                         "' is not a part kind (serdes, dsp, redriver, retimer, driver, tia, "
                         "cdr, d2d, eeprom)");
  s.fixed_w = p.quantity_or("fixed", D::power, 0.0);
  p.require_range("fixed", s.fixed_w, 0, 10, "0 to 10 W");
  s.pj_per_bit = p.quantity_or("energy", D::energy_per_bit, 0.0) * 1e12;
  p.require_range("energy", s.pj_per_bit * 1e-12, 0, 100e-12, "0 to 100 pJ/bit");
  s.pj_per_bit_per_db = p.number_or("pj_per_bit_per_db", 0, 0, 5);
  s.max_loss_db = p.quantity_or("max_loss", D::gain, 0.0);
  p.require_range("max_loss", s.max_loss_db, 0, 80, "0 to 80 dB");
  s.min_rate_bps = p.quantity_or("min_rate", D::bit_rate, 1e9);
  s.max_rate_bps = p.quantity_or("max_rate", D::bit_rate, 500e9);
  if (!(s.min_rate_bps > 0 && s.max_rate_bps >= s.min_rate_bps))
    throw InputError(p.where_key("max_rate"), "need 0 < min_rate <= max_rate");
  s.supply_v = p.quantity_or("supply", D::voltage, 0.0);
  p.require_range("supply", s.supply_v, 0, 10, "0 to 10 V");
  s.load_ohm = p.quantity_or("load", D::resistance, 0.0);
  p.require_range("load", s.load_ohm, 0, 1e4, "0 to 10 kohm");
  s.temp_coeff_per_k = p.quantity_or("temp_coeff", D::temperature_coefficient, 0.0);
  p.require_range("temp_coeff", s.temp_coeff_per_k, 0, 0.05, "0 to 5 %/degC");
  p.reject_unused({"source", "kind", "fixed", "energy", "pj_per_bit_per_db", "max_loss", "min_rate",
                   "max_rate", "supply", "load", "temp_coeff"});
  return s;
}

PartPowerSpec find_part_power(const std::string &name) {
  return part_power_from_params(name, power_catalog().entry(name, "power part"));
}

double part_power_w(const PartPowerSpec &s, const OperatingPoint &op) {
  const auto where = [&] { return "power of " + s.name; }; // built only on error (hot path)
  if (!(op.lane_rate_bps >= s.min_rate_bps * (1 - 1e-9) &&
        op.lane_rate_bps <= s.max_rate_bps * (1 + 1e-9)))
    throw InputError(where(), "lane rate " + number_text(op.lane_rate_bps * 1e-9) +
                                  " Gb/s outside the part's range " +
                                  number_text(s.min_rate_bps * 1e-9) + " to " +
                                  number_text(s.max_rate_bps * 1e-9) + " Gb/s");
  if (!(op.loss_db >= 0) || (s.pj_per_bit_per_db > 0 && op.loss_db > s.max_loss_db))
    throw InputError(where(), "channel loss " + std::to_string(op.loss_db) +
                                  " dB outside what it equalises (0 to " +
                                  std::to_string(s.max_loss_db) + " dB)");
  if (!(op.swing_v >= 0 && op.swing_v <= 10))
    throw InputError(where(), "swing must be 0 to 10 V");
  if (!(op.temperature_k >= 200 && op.temperature_k <= 450))
    check_temperature(where(), op.temperature_k);
  const double e_pj = s.pj_per_bit + s.pj_per_bit_per_db * op.loss_db;
  double p = s.fixed_w + e_pj * 1e-12 * op.lane_rate_bps;
  if (s.load_ohm > 0)
    p += s.supply_v * op.swing_v / s.load_ohm; // tail current I_T = swing/R_L from the supply
  // Leakage growth, linearised about 25 °C; never below the dynamic part (clamp at 50 %).
  const double tf = std::max(0.5, 1.0 + s.temp_coeff_per_k * (op.temperature_k - kPowerReferenceK));
  return p * tf;
}

double serdes_tx_power_w(const PartPowerSpec &s, const OperatingPoint &op) {
  return s.tx_share * part_power_w(s, op);
}

double serdes_rx_power_w(const PartPowerSpec &s, const OperatingPoint &op) {
  return (1.0 - s.tx_share) * part_power_w(s, op);
}

PartPowerSpec find_serdes_power(std::string_view reach, int rate_class_gbps) {
  if (!(reach == "xsr" || reach == "vsr" || reach == "mr" || reach == "lr"))
    throw InputError("serdes class",
                     "reach '" + std::string(reach) + "' is not one of xsr, vsr, mr, lr");
  if (!(rate_class_gbps == 28 || rate_class_gbps == 56 || rate_class_gbps == 112 ||
        rate_class_gbps == 224))
    throw InputError("serdes class", "rate class " + std::to_string(rate_class_gbps) +
                                         " is not one of 28, 56, 112, 224 (Gb/s)");
  const std::string name =
      "serdes_" + std::string(reach) + "_" + std::to_string(rate_class_gbps) + "g";
  PartPowerSpec s = part_power_from_params(name, entry_of_kind(name, "serdes"));
  return s;
}

TecSpec find_tec(const std::string &name) {
  const ParamSet p = entry_of_kind(name, "tec");
  TecSpec t;
  t.name = name;
  t.source = p.text("source");
  t.cop_max = p.number("cop_max", 0.1, 10);
  t.delta_t_max_k = p.number("delta_t_max_k", 1, 150);
  t.set_point_k = p.quantity("set_point", Dimension::temperature);
  p.require_range("set_point", t.set_point_k, 200, 450, "200 to 450 K");
  p.reject_unused({"source", "kind", "cop_max", "delta_t_max_k", "set_point"});
  return t;
}

double tec_power_w(double heat_load_w, double case_k, const TecSpec &t) {
  if (!(heat_load_w >= 0 && std::isfinite(heat_load_w)))
    throw InputError("TEC " + t.name, "heat load must be a finite value >= 0 W");
  if (!(case_k >= 200 && case_k <= 450))
    check_temperature("TEC " + t.name, case_k);
  const double dt = case_k - t.set_point_k;
  if (dt <= 0)
    return 0.0;
  if (dt >= t.delta_t_max_k)
    throw InputError("TEC " + t.name, "case is " + std::to_string(dt) +
                                          " K above the set point; the TEC holds at most " +
                                          std::to_string(t.delta_t_max_k) + " K");
  const double cop = t.cop_max * (1.0 - dt / t.delta_t_max_k); // linearised COP(ΔT)
  return heat_load_w / cop;
}

LaserPower laser_power(const LaserSpec &laser, double launch_avg_w, double extra_loss_db,
                       double t_k, double t1_k) {
  const auto where = [&] { return "laser power of " + laser.name; }; // only on error
  if (!(launch_avg_w > 0 && std::isfinite(launch_avg_w)))
    throw InputError(where(), "launch power must be > 0 W");
  if (!(extra_loss_db >= 0 && extra_loss_db < 60))
    throw InputError(where(), "extra loss must be 0 to 60 dB");
  if (!(t_k >= 200 && t_k <= 450))
    check_temperature(where(), t_k);
  LaserSpec s = laser;
  s.avg_power_dbm = 10 * std::log10(launch_avg_w / 1e-3);
  s.driver_power_w = 0; // drivers are modelled separately (PartPowerSpec kind driver)
  s.tec_w_per_k = 0;    // TEC modelled by tec_power_w
  const Transmitter tx(s, t_k);
  LaserPower r;
  r.heater_w = tx.heater_power_w();
  if (laser.kind == LaserKind::vcsel || laser.kind == LaserKind::dml) {
    r.electrical_w = tx.power_w() - r.heater_w; // bias(T) × V_f from the optics model
    r.optical_w = launch_avg_w;
  } else {
    if (!(t1_k > 0))
      throw InputError(where(), "slope-efficiency characteristic temperature T1 must be > 0 K");
    r.optical_w = launch_avg_w * std::pow(10.0, (laser.modulator_loss_db + extra_loss_db) / 10);
    const double wpe =
        laser.wall_plug_efficiency * std::exp(-(t_k - laser.reference_temperature_k) / t1_k);
    r.electrical_w = r.optical_w / std::min(wpe, 1.0);
  }
  return r;
}

double laser_slope_t1_k() {
  const ParamSet p = entry_of_kind("laser_slope_t1", "laser_derating");
  const double t1 = p.number("t1_k", 10, 10000);
  p.reject_unused({"source", "kind", "t1_k"});
  return t1;
}

OverheadSpec find_overhead(const std::string &name) {
  const ParamSet p = entry_of_kind(name, "overhead");
  OverheadSpec o;
  o.name = name;
  o.source = p.text("source");
  o.mcu_w = p.quantity("mcu", Dimension::power);
  p.require_range("mcu", o.mcu_w, 0, 5, "0 to 5 W");
  o.dcdc_efficiency = p.number("dcdc_efficiency", 0.5, 1);
  p.reject_unused({"source", "kind", "mcu", "dcdc_efficiency"});
  return o;
}

double supply_power_w(double load_w, const OverheadSpec &o) {
  if (!(load_w >= 0 && std::isfinite(load_w)))
    throw InputError("overhead " + o.name, "load must be a finite value >= 0 W");
  return (load_w + o.mcu_w) / o.dcdc_efficiency;
}

ElsSpec find_els(const std::string &name) {
  const ParamSet p = entry_of_kind(name, "els");
  ElsSpec e;
  e.name = name;
  e.source = p.text("source");
  e.path_loss_db = p.quantity("path_loss", Dimension::gain);
  p.require_range("path_loss", e.path_loss_db, 0, 30, "0 to 30 dB");
  e.case_rise_k = p.number("case_rise_k", 0, 60);
  e.control_w_per_lane = p.quantity("control_per_lane", Dimension::power);
  p.require_range("control_per_lane", e.control_w_per_lane, 0, 5, "0 to 5 W");
  e.tec = p.text("tec");
  p.reject_unused({"source", "kind", "path_loss", "case_rise_k", "control_per_lane", "tec"});
  return e;
}

} // namespace linkphy::transceivers
