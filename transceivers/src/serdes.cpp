// SerDes reach classes from transceivers/catalog/serdes.toml over the Annex 93A COM tables.
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <linkphy/phy/lane_rate.hpp>

#include <algorithm>

namespace linkphy::transceivers {

std::vector<std::string> serdes_keys() {
  std::vector<std::string> k = {
      "source", "reach_class",     "com_table", "package_case", "dfe_taps", "tx_ffe",    "adc_enob",
      "a_v",    "eta0_v2_per_ghz", "snr_tx",    "sigma_rj_ui",  "a_dd_ui",  "eq_search", "package"};
  for (const auto &rc : lane_rate_class_names())
    k.push_back("com_table_" + rc);
  return k;
}

std::vector<std::string> serdes_names() { return builtin_catalog("serdes.toml").names(); }

SerdesClass find_serdes(const std::string &name, const ParamSet &overrides,
                        std::string_view rate_class) {
  ParamSet p = builtin_catalog("serdes.toml").entry(name, "SerDes class");
  p.merge(overrides);
  SerdesClass s;
  s.name = name;
  s.source = p.text("source");
  s.reach_class = p.text_or("reach_class").value_or(name);
  // The receiver of a lane-rate class is that generation's COM table (com_table_25G …); a rate
  // without one uses com_table, its frequencies scaled to the baud (serdes_settings).
  std::string key = "com_table";
  if (!rate_class.empty()) {
    std::string per_rate = "com_table_";
    per_rate += lane_rate_class(rate_class, "SerDes rate").name;
    // A user's com_table wins over the catalog's per-rate one (as a technology's --set host wins
    // over host_100G): set and silently ignored would be worse.
    if (p.has(per_rate) && !(overrides.has("com_table") && !overrides.has(per_rate)))
      key = per_rate;
  }
  try {
    s.table = find_com_table(p.text(key));
  } catch (const InputError &e) {
    if (e.where().rfind("find_com_table '", 0) != 0)
      throw;
    throw InputError(p.where_key(key), e.detail()); // the key that named it, not `com --config`
  }
  s.com_table_key = key;
  // The other tables' keys are known keys (not loaded here: a link evaluation looks a class up
  // per hop, and a bad name fails at its own rate with the list of shipped tables).
  (void)p.text("com_table");
  for (const auto &rc : lane_rate_class_names())
    if (const std::string k = "com_table_" + rc; p.has(k))
      (void)p.text(k);
  s.package_case = static_cast<int>(p.integer(
      "package_case", 1, static_cast<long>(std::max<std::size_t>(s.table.cases.size(), 1))));
  s.dfe_taps =
      static_cast<int>(p.integer("dfe_taps", -1, static_cast<long>(s.table.dfe.b_max.size())));
  const std::string ffe = p.text_or("tx_ffe").value_or("true");
  if (ffe != "true" && ffe != "false")
    throw InputError(p.where_key("tx_ffe"), "must be true or false, got '" + ffe + "'");
  s.tx_ffe = ffe == "true";
  s.adc_enob = p.number_or("adc_enob", 0, 0, 16);
  const std::string package = p.text_or("package").value_or("table");
  if (package != "table" && package != "bump")
    throw InputError(p.where_key("package"),
                     "'" + package +
                         "' not accepted; accepted: table (the COM table's package at "
                         "each end) or bump (die and bump only: a channel within one package)");
  s.package_line = package == "table";
  const std::string search = p.text_or("eq_search").value_or("local");
  if (search != "exhaustive" && search != "local")
    throw InputError(p.where_key("eq_search"),
                     "must be 'exhaustive' or 'local', got '" + search + "'");
  s.local_search = search == "local";
  if (p.has("a_v")) {
    s.table.a_v_v = p.quantity("a_v", Dimension::voltage);
    p.require_range("a_v", s.table.a_v_v, 1e-3, 5, "0.001 V to 5 V");
  }
  if (p.has("eta0_v2_per_ghz"))
    s.table.eta0_v2_per_hz = p.number("eta0_v2_per_ghz", 0, 1e-3) * 1e-9;
  if (p.has("snr_tx")) {
    s.table.snr_tx_db = p.quantity("snr_tx", Dimension::gain);
    p.require_range("snr_tx", s.table.snr_tx_db, com::kSnrTxMinDb, com::kSnrTxMaxDb,
                    com::kSnrTxAccepted);
  }
  if (p.has("sigma_rj_ui"))
    s.table.sigma_rj_ui = p.number("sigma_rj_ui", 0, 0.5);
  if (p.has("a_dd_ui"))
    s.table.a_dd_ui = p.number("a_dd_ui", 0, 0.5);
  p.reject_unused(serdes_keys());
  return s;
}

com::Settings serdes_settings(const SerdesClass &sc, double baud_bd, int levels,
                              int samples_per_ui) {
  if (!(baud_bd > 0))
    throw InputError("SerDes " + sc.name, "baud must be > 0 Bd");
  check_modulation(Modulation{levels});
  if (samples_per_ui < 4 || samples_per_ui > 64)
    throw InputError("SerDes " + sc.name, "samples per UI must be in [4, 64]");
  const ComTable &t = sc.table;
  const double k = baud_bd / t.f_b_hz; // the table's frequencies scale with the rate
  com::Settings s;
  s.f_b_hz = baud_bd;
  s.levels = levels;
  s.samples_per_ui = samples_per_ui;
  s.der0 = t.der0;
  s.a_v_v = t.a_v_v;
  s.a_fe_v = t.a_fe_v;
  s.a_ne_v = t.a_ne_v;
  s.r_lm = t.r_lm;
  s.t_r_s = t.t_r_s / k;
  s.f_r_hz = t.f_r_hz * k;
  s.rc_start_hz = t.rc_start_hz * k;
  s.rc_end_hz = t.rc_end_hz * k;
  s.eta0_v2_per_hz = t.eta0_v2_per_hz;
  s.snr_tx_db = t.snr_tx_db;
  s.sigma_rj_ui = t.sigma_rj_ui;
  s.a_dd_ui = t.a_dd_ui;
  s.f_z_hz = t.ctle.f_z_hz * k;
  s.f_p1_hz = t.ctle.f_p1_hz * k;
  s.f_p2_hz = t.ctle.f_p2_hz * k;
  s.f_hp_pz_hz = t.ctle.f_hp_pz_hz * k;
  s.g_dc_db = t.ctle.g_dc_db;
  s.g_dc_hp_db = t.ctle.g_dc_hp_db;
  if (sc.tx_ffe) {
    s.tx_pre_taps = t.tx_ffe.pre_taps;
    s.tx_tap_values = t.tx_ffe.tap_values;
    s.c0_min = t.tx_ffe.c0_min;
  } else {
    s.tx_pre_taps = 0;
    s.tx_tap_values = {};
    s.c0_min = 1;
  }
  s.b_max = t.dfe.b_max;
  s.b_min = t.dfe.b_min;
  if (sc.dfe_taps >= 0) {
    s.b_max.resize(static_cast<std::size_t>(sc.dfe_taps));
    s.b_min.resize(static_cast<std::size_t>(sc.dfe_taps));
    s.n_bg = 0; // floating taps only with the full DFE
  } else {
    s.n_bg = t.dfe.n_bg;
    s.n_bf = t.dfe.n_bf;
    s.n_f = t.dfe.n_f;
    s.b_max_g = t.dfe.b_max_g;
    s.b_float_rss_max = t.dfe.b_float_rss_max;
    s.n_tail_start = t.dfe.n_tail_start;
  }
  if (sc.dfe_taps >= 0 && s.n_tail_start > static_cast<int>(s.b_max.size()))
    s.n_tail_start = 0;
  return s;
}

HopPackage serdes_package(const SerdesClass &sc) {
  const ComTable &t = sc.table;
  HopPackage p;
  p.r0_ohm = t.r_0_ohm;
  p.r_d_tx_ohm = t.r_d_tx_ohm;
  p.r_d_rx_ohm = t.r_d_rx_ohm;
  p.line = {t.gamma0_per_mm, t.a1_per_mm_sqrt_ghz, t.a2_per_mm_ghz, t.tau_ns_per_mm};
  const PackageCase c =
      t.cases.empty() ? PackageCase{} : t.cases[static_cast<std::size_t>(sc.package_case - 1)];
  auto side = [&](int i, const std::vector<double> &z_p) {
    com::PackageSide s = package_side(t, i, z_p);
    s.z_c_ohm.resize(z_p.size(), t.z_c_ohm.empty() ? 90.0 : t.z_c_ohm.back());
    return s;
  };
  p.tx = side(0, c.z_p_tx_mm);
  p.rx = side(1, c.z_p_rx_mm);
  if (!sc.package_line) // die and bump only: the hop's channel is the package substrate (XSR)
    for (com::PackageSide *end : {&p.tx, &p.rx}) {
      end->length_mm.clear();
      end->z_c_ohm.clear();
      end->c_p_f = 0;
    }
  return p;
}

} // namespace linkphy::transceivers
