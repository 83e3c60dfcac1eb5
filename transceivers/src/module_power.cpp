// Module power from its parts (see module_power.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/module_power.hpp>
#include <linkphy/transceivers/thermal.hpp>

#include <cmath>
#include <sstream>

namespace linkphy::transceivers {
namespace {

std::vector<double> split_numbers(const ParamSet &p, const std::string &key) {
  std::vector<double> out;
  std::stringstream ss(p.text(key));
  std::string item;
  double last = 0;
  while (std::getline(ss, item, ',')) {
    if (item.empty())
      continue;
    double v = 0;
    try {
      v = std::stod(item);
    } catch (...) {
      throw InputError(p.where_key(key), "'" + item + "' is not a number (W)");
    }
    if (!(v > last))
      throw InputError(p.where_key(key), "power classes must be increasing and > 0 W");
    out.push_back(v);
    last = v;
  }
  return out;
}

// Per-lane/per-module numbers at one case temperature.
struct Parts {
  double dsp_host = 0, dsp = 0, cdr = 0, driver = 0, laser = 0, heater = 0, tec = 0, tia = 0;
  double els_laser = 0, els_tec = 0, els_control = 0, redriver = 0, retimer = 0, eeprom = 0,
         d2d = 0;
  double optical_out = 0;  // launched into fibre, W (leaves the module: not heat)
  double passive_heat = 0; // absorbed by the cable, W
  double host = 0;         // host SerDes (not in the module)
  double laser_t_k = 0;
  bool tec_saturated = false;
  double load() const {
    return dsp_host + dsp + cdr + driver + laser + heater + tec + tia + els_laser + els_tec +
           els_control + redriver + retimer + eeprom + d2d;
  }
};

double tec_or_saturated(double heat_w, double case_k, const TecSpec &t, bool &saturated) {
  const double dt = case_k - t.set_point_k;
  if (dt >= 0.95 * t.delta_t_max_k) { // cannot hold: report, and charge the COP at 95 % ΔT_max
    saturated = true;
    return heat_w / (t.cop_max * 0.05);
  }
  return tec_power_w(heat_w, case_k, t);
}

Parts evaluate(const ModuleBuild &b, double case_k, double ambient_k, double cable_loss,
               double host_loss) {
  Parts p;
  const double n = b.lanes;
  OperatingPoint op;
  op.lane_rate_bps = b.lane_rate_bps;
  op.temperature_k = case_k;
  if (b.dsp_host_serdes) {
    op.loss_db = b.dsp_host_loss_db;
    p.dsp_host = n * part_power_w(*b.dsp_host_serdes, op);
  }
  op.loss_db = 0;
  if (b.dsp)
    p.dsp = n * part_power_w(*b.dsp, op);
  if (b.cdr)
    p.cdr = n * part_power_w(*b.cdr, op);
  if (b.driver) {
    op.swing_v = b.drive_swing_v;
    p.driver = n * part_power_w(*b.driver, op);
    op.swing_v = 0;
  }
  if (b.tia)
    p.tia = n * part_power_w(*b.tia, op);
  if (b.laser && !b.els) {
    p.laser_t_k = b.tec ? b.tec->set_point_k : case_k;
    const LaserPower lp =
        laser_power(*b.laser, b.launch_avg_w, b.laser_extra_loss_db, p.laser_t_k, b.t1_k);
    p.laser = n * lp.electrical_w;
    p.heater = n * lp.heater_w;
    p.optical_out = n * b.launch_avg_w;
    if (b.tec) // heat pumped = laser electrical in − optical out
      p.tec =
          tec_or_saturated(n * (lp.electrical_w - lp.optical_w), case_k, *b.tec, p.tec_saturated);
  }
  if (b.laser && b.els) {
    // CPO: the CW laser sits in the ELS at its TEC set point; rings (heater) on the engine.
    const double els_case = ambient_k + b.els->case_rise_k;
    p.laser_t_k = b.els_tec ? b.els_tec->set_point_k : els_case;
    const LaserPower lp =
        laser_power(*b.laser, b.launch_avg_w, b.els->path_loss_db, p.laser_t_k, b.t1_k);
    const LaserPower ring = laser_power(*b.laser, b.launch_avg_w, 0, case_k, b.t1_k);
    p.els_laser = n * lp.electrical_w;
    p.heater = n * ring.heater_w;
    p.els_control = n * b.els->control_w_per_lane;
    p.optical_out = n * b.launch_avg_w;
    if (b.els_tec)
      p.els_tec = tec_or_saturated(n * (lp.electrical_w - lp.optical_w), els_case, *b.els_tec,
                                   p.tec_saturated);
  }
  if (b.redriver) {
    op.loss_db = cable_loss;
    p.redriver = n * part_power_w(*b.redriver, op);
  }
  if (b.retimer) {
    op.loss_db = cable_loss;
    p.retimer = n * part_power_w(*b.retimer, op);
  }
  op.loss_db = 0;
  if (b.eeprom) {
    OperatingPoint e = op;
    e.lane_rate_bps = std::clamp(b.lane_rate_bps, b.eeprom->min_rate_bps, b.eeprom->max_rate_bps);
    p.eeprom = part_power_w(*b.eeprom, e);
  }
  if (b.d2d) { // the PHY equalises the die-to-die channel (0 dB unless the build gives one)
    op.loss_db = cable_loss;
    p.d2d = n * part_power_w(*b.d2d, op);
    op.loss_db = 0;
  }
  if (b.tx_swing_v > 0)
    p.passive_heat = n * absorbed_signal_power_w(b.tx_swing_v, 100.0, cable_loss);
  if (b.host_serdes) {
    OperatingPoint h = op;
    h.loss_db = host_loss;
    h.temperature_k = ambient_k; // host silicon: outside this module's thermal loop
    p.host = n * part_power_w(*b.host_serdes, h);
  }
  return p;
}

} // namespace

FormFactor find_form_factor(const std::string &name) {
  const ParamSet p = builtin_catalog("form_factors.toml").entry(name, "form factor");
  FormFactor f;
  f.name = name;
  f.source = p.text("source");
  f.class_limits_w = split_numbers(p, "power_classes");
  f.max_power_w = p.quantity("max_power", Dimension::power);
  p.require_range("max_power", f.max_power_w, 0.01, 1000, "0.01 to 1000 W");
  f.max_case_k = p.quantity("max_case_temperature", Dimension::temperature);
  p.require_range("max_case_temperature", f.max_case_k, 250, 450, "250 to 450 K");
  f.theta_ca_k_per_w = p.number("theta_ca_k_per_w", 0.01, 50);
  p.reject_unused(
      {"source", "power_classes", "max_power", "max_case_temperature", "theta_ca_k_per_w"});
  return f;
}

double power_class_limit_w(const FormFactor &ff, int cls, double declared_max_w) {
  const int n = static_cast<int>(ff.class_limits_w.size());
  if (n == 0)
    throw InputError("form factor " + ff.name, "has no power classes");
  if (cls >= 1 && cls <= n)
    return ff.class_limits_w[cls - 1];
  if (cls == n + 1) {
    if (!(declared_max_w > ff.class_limits_w.back()))
      throw InputError("form factor " + ff.name,
                       "power class " + std::to_string(cls) +
                           " needs a declared maximum power above the class-" + std::to_string(n) +
                           " limit");
    return declared_max_w;
  }
  throw InputError("form factor " + ff.name, "power class must be 1 to " + std::to_string(n + 1));
}

const char *module_kind_name(ModuleKind k) {
  switch (k) {
  case ModuleKind::dsp_pluggable:
    return "dsp_pluggable";
  case ModuleKind::lpo:
    return "lpo";
  case ModuleKind::cpo:
    return "cpo";
  case ModuleKind::acc:
    return "acc";
  case ModuleKind::aec:
    return "aec";
  case ModuleKind::dac:
    return "dac";
  case ModuleKind::d2d:
    return "d2d";
  }
  return "?";
}

ModuleBuild module_from_params(const std::string &name, const ParamSet &p) {
  using D = Dimension;
  ModuleBuild b;
  b.name = name;
  b.source = p.text("source");
  const std::string kind = p.text("kind");
  static const std::pair<const char *, ModuleKind> kinds[] = {
      {"dsp_pluggable", ModuleKind::dsp_pluggable},
      {"lpo", ModuleKind::lpo},
      {"cpo", ModuleKind::cpo},
      {"acc", ModuleKind::acc},
      {"aec", ModuleKind::aec},
      {"dac", ModuleKind::dac},
      {"d2d", ModuleKind::d2d}};
  bool found = false;
  for (const auto &[n, k] : kinds)
    if (kind == n) {
      b.kind = k;
      found = true;
    }
  if (!found)
    throw InputError(p.where_key("kind"),
                     "'" + kind +
                         "' is not a module kind (dsp_pluggable, lpo, cpo, acc, aec, "
                         "dac, d2d)");
  b.form_factor = find_form_factor(p.text("form_factor"));
  b.power_class = p.has("power_class") ? static_cast<int>(p.integer("power_class", 1, 8)) : 0;
  b.declared_max_power_w = p.quantity_or("declared_max_power", D::power, 0.0);
  if (b.power_class > 0)
    (void)power_class_limit_w(b.form_factor, b.power_class, b.declared_max_power_w);
  b.lanes = static_cast<int>(p.integer("lanes", 1, 64));
  b.lane_rate_bps = p.quantity("lane_rate", D::bit_rate);
  p.require_range("lane_rate", b.lane_rate_bps, 1e9, 1e12, "1 Gb/s to 1 Tb/s");
  b.payload_bps = p.quantity("payload", D::bit_rate);
  p.require_range("payload", b.payload_bps, 1e6, 1e14, "1 Mb/s to 100 Tb/s");
  auto part = [&](const std::string &key) -> std::optional<PartPowerSpec> {
    if (auto v = p.text_or(key))
      return find_part_power(*v);
    return std::nullopt;
  };
  b.dsp_host_serdes = part("dsp_host_serdes");
  b.dsp_host_loss_db = p.quantity_or("dsp_host_loss", D::gain, 0.0);
  b.dsp = part("dsp");
  b.cdr = part("cdr");
  b.driver = part("driver");
  b.tia = part("tia");
  b.redriver = part("redriver");
  b.retimer = part("retimer");
  b.eeprom = part("eeprom");
  b.d2d = part("d2d");
  b.host_serdes = part("host_serdes");
  b.host_loss_db = p.quantity_or("host_loss", D::gain, 0.0);
  b.cable_loss_db = p.quantity_or("cable_loss", D::gain, 0.0);
  p.require_range("cable_loss", b.cable_loss_db, 0, 80, "0 to 80 dB");
  b.tx_swing_v = p.quantity_or("tx_swing", D::voltage, 0.0);
  p.require_range("tx_swing", b.tx_swing_v, 0, 5, "0 to 5 V");
  if (auto l = p.text_or("laser")) {
    b.laser = find_laser(*l);
    b.launch_avg_w = 1e-3 * std::pow(10.0, b.laser->avg_power_dbm / 10);
    if (p.has("launch"))
      b.launch_avg_w = 1e-3 * std::pow(10.0, p.quantity("launch", D::power_level) / 10);
    b.drive_swing_v = b.laser->drive_swing_v;
  }
  b.drive_swing_v = p.quantity_or("drive_swing", D::voltage, b.drive_swing_v);
  p.require_range("drive_swing", b.drive_swing_v, 0, 10, "0 to 10 V");
  b.laser_extra_loss_db = p.quantity_or("laser_extra_loss", D::gain, 0.0);
  p.require_range("laser_extra_loss", b.laser_extra_loss_db, 0, 30, "0 to 30 dB");
  if (auto t = p.text_or("tec"))
    b.tec = find_tec(*t);
  if (auto e = p.text_or("els")) {
    b.els = find_els(*e);
    b.els_tec = find_tec(b.els->tec);
  }
  b.overhead = find_overhead(p.text("overhead"));
  b.t1_k = laser_slope_t1_k();
  // What each kind needs (a build missing its defining part is an error, not a zero).
  auto need = [&](bool ok, const std::string &what) {
    if (!ok)
      throw InputError(p.where(), "module '" + name + "' of kind " + kind + " needs " + what);
  };
  switch (b.kind) {
  case ModuleKind::dsp_pluggable:
    need((b.dsp || b.cdr) && b.driver && b.laser && b.tia, "dsp (or cdr), driver, laser and tia");
    break;
  case ModuleKind::lpo:
    need(b.driver && b.laser && b.tia && !b.dsp, "driver, laser and tia (and no dsp)");
    break;
  case ModuleKind::cpo:
    need(b.driver && b.laser && b.tia && b.els && !b.dsp, "driver, laser, tia, els (no dsp)");
    break;
  case ModuleKind::acc:
    need(b.redriver.has_value(), "redriver");
    break;
  case ModuleKind::aec:
    need(b.retimer.has_value(), "retimer");
    break;
  case ModuleKind::dac:
    need(b.eeprom && !b.redriver && !b.retimer, "eeprom (and no active part)");
    break;
  case ModuleKind::d2d:
    need(b.d2d.has_value(), "d2d");
    break;
  }
  p.reject_unused({"source",
                   "kind",
                   "form_factor",
                   "power_class",
                   "declared_max_power",
                   "lanes",
                   "lane_rate",
                   "payload",
                   "dsp_host_serdes",
                   "dsp_host_loss",
                   "dsp",
                   "cdr",
                   "driver",
                   "drive_swing",
                   "laser",
                   "launch",
                   "laser_extra_loss",
                   "tec",
                   "tia",
                   "els",
                   "redriver",
                   "retimer",
                   "cable_loss",
                   "eeprom",
                   "tx_swing",
                   "d2d",
                   "host_serdes",
                   "host_loss",
                   "overhead"});
  return b;
}

ModuleBuild find_module(const std::string &name) {
  return module_from_params(name, builtin_catalog("modules.toml").entry(name, "module"));
}

ModulePowerFigures module_power_figures(const ModuleBuild &b, const ModuleConditions &c) {
  if (!(c.ambient_k >= 200 && c.ambient_k <= 400))
    throw InputError("module " + b.name, "ambient must be 200 to 400 K");
  const double cable = c.cable_loss_db.value_or(b.cable_loss_db);
  const double host = c.host_loss_db.value_or(b.host_loss_db);
  if (!(cable >= 0 && cable <= 80) || !(host >= 0 && host <= 80))
    throw InputError("module " + b.name, "channel losses must be 0 to 80 dB");
  const double theta = b.form_factor.theta_ca_k_per_w;
  ModulePowerFigures f;
  double t = c.ambient_k;
  Parts p;
  f.converged = false;
  for (int it = 1; it <= 50; ++it) {
    p = evaluate(b, t, c.ambient_k, cable, host);
    const double power = supply_power_w(p.load(), b.overhead);
    const double heat = std::max(0.0, power - p.optical_out);
    const double tn = case_temperature_k(c.ambient_k, heat, theta);
    f.iterations = it;
    if (tn > 440) // thermal runaway: stop before the models leave their range
      break;
    const bool done = std::abs(tn - t) < 0.1;
    t = tn;
    if (done) {
      f.converged = true;
      break;
    }
  }
  p = evaluate(b, t, c.ambient_k, cable, host);
  f.power_w = supply_power_w(p.load(), b.overhead);
  f.heat_w = std::max(0.0, f.power_w - p.optical_out);
  f.passive_heat_w = p.passive_heat;
  f.host_serdes_w = p.host;
  f.energy_pj_per_bit = energy_pj_per_bit(f.power_w, b.payload_bps);
  f.case_temperature_k = t;
  f.laser_temperature_k = p.laser_t_k;
  f.tec_saturated = p.tec_saturated;
  return f;
}

ModulePower module_power(const ModuleBuild &b, const ModuleConditions &c) {
  ModulePower r;
  r.figures = module_power_figures(b, c);
  const auto &f = r.figures;
  const Parts p =
      evaluate(b, f.case_temperature_k, c.ambient_k, c.cable_loss_db.value_or(b.cable_loss_db),
               c.host_loss_db.value_or(b.host_loss_db));
  // Ledger: every part's load power scaled by the DC/DC (the converter loss is its own entry).
  const double eta = b.overhead.dcdc_efficiency;
  auto add = [&](const char *name, const char *kind, double w) {
    if (w > 0)
      r.ledger.add_draw(name, kind, LinkEnd::a, w);
  };
  add("dsp host-side serdes", "serdes", p.dsp_host);
  add("dsp", "dsp", p.dsp);
  add("cdr", "cdr", p.cdr);
  add("driver", "driver", p.driver);
  if (p.laser > 0) // the launched light leaves the module: drawn here, not heat here
    r.ledger.add({"laser", "laser", LinkEnd::a, p.laser, std::max(0.0, p.laser - p.optical_out)});
  add("ring heater", "heater", p.heater);
  add("tec", "tec", p.tec);
  add("tia", "tia", p.tia);
  if (p.els_laser > 0)
    r.ledger.add({"els laser share", "laser", LinkEnd::a, p.els_laser,
                  std::max(0.0, p.els_laser - p.optical_out)});
  add("els tec share", "tec", p.els_tec);
  add("els control share", "laser", p.els_control);
  add("redriver", "redriver", p.redriver);
  add("retimer", "retimer", p.retimer);
  add("eeprom", "eeprom", p.eeprom);
  add("d2d phy", "d2d", p.d2d);
  add("mcu", "mcu", b.overhead.mcu_w);
  add("dc/dc loss", "dcdc", (p.load() + b.overhead.mcu_w) * (1.0 / eta - 1.0));
  if (p.passive_heat > 0)
    r.ledger.add_passive("cable (absorbed signal)", LinkEnd::medium, p.passive_heat);

  std::ostringstream w;
  const FormFactor &ff = b.form_factor;
  if (b.power_class > 0) {
    const double lim = power_class_limit_w(ff, b.power_class, b.declared_max_power_w);
    if (f.power_w > lim) {
      w.str("");
      w << "module " << b.name << " draws " << f.power_w << " W, above its power class "
        << b.power_class << " limit of " << lim << " W (" << ff.name << ")";
      r.warnings.push_back(w.str());
    }
  }
  if (f.power_w > ff.max_power_w) {
    w.str("");
    w << "module " << b.name << " draws " << f.power_w << " W, above the " << ff.name
      << " envelope of " << ff.max_power_w << " W";
    r.warnings.push_back(w.str());
  }
  if (f.case_temperature_k > ff.max_case_k) {
    w.str("");
    w << "module " << b.name << " case reaches " << f.case_temperature_k - 273.15
      << " degC, above the " << ff.name << " limit of " << ff.max_case_k - 273.15 << " degC";
    r.warnings.push_back(w.str());
  }
  if (f.tec_saturated)
    r.warnings.push_back("module " + b.name + ": the TEC cannot hold the laser set point");
  if (!f.converged)
    r.warnings.push_back("module " + b.name +
                         ": thermal runaway (case temperature did not settle)");
  return r;
}

LinkPower link_power(const ModuleBuild &b, const ModuleConditions &ca, const ModuleConditions &cb,
                     bool host) {
  LinkPower r;
  int i = 0;
  for (const ModuleConditions *c : {&ca, &cb}) {
    const LinkEnd end = i++ == 0 ? LinkEnd::a : LinkEnd::b;
    const ModulePower m = module_power(b, *c);
    for (PowerEntry e : m.ledger.entries()) {
      if (e.end == LinkEnd::a)
        e.end = end;
      r.ledger.add(std::move(e));
    }
    if (host && m.figures.host_serdes_w > 0)
      r.ledger.add_draw("host serdes", "serdes", end, m.figures.host_serdes_w);
    for (const auto &w : m.warnings)
      r.warnings.push_back(std::string("end ") + link_end_name(end) + ": " + w);
  }
  r.power_a_w = r.ledger.power_w(LinkEnd::a);
  r.power_b_w = r.ledger.power_w(LinkEnd::b);
  r.heat_a_w = r.ledger.heat_w(LinkEnd::a);
  r.heat_b_w = r.ledger.heat_w(LinkEnd::b);
  r.power_w = r.ledger.total_power_w();
  r.energy_pj_per_bit = energy_pj_per_bit(r.power_w, b.payload_bps);
  return r;
}

} // namespace linkphy::transceivers
