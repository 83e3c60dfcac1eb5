// Loader of IEEE 802.3 Annex 93A COM parameter tables (TOML transcriptions of the IEEE COM
// workbooks' COM_Settings sheets).
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/toml_syntax.hpp>
#include <linkphy/transceivers/com_table.hpp>

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifndef LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR
#define LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::transceivers {
namespace {

// One TOML table with the keys read so far, for "missing key" and "unknown key" errors.
class Section {
public:
  Section(const toml::table *t, std::string file, std::string name)
      : t_(t), file_(std::move(file)), name_(std::move(name)) {}
  bool has(const std::string &k) const {
    known_.insert(k); // an optional key asked about is an accepted one
    return t_ && t_->contains(k);
  }
  std::string where(const std::string &k) const {
    const toml::node *n = t_ ? t_->get(k) : nullptr;
    return file_ + (n ? ":" + std::to_string(n->source().begin.line) : "") + ": key '" + name_ + k +
           "'";
  }
  const toml::node &node(const std::string &k) {
    used_.insert(k);
    const toml::node *n = t_ ? t_->get(k) : nullptr;
    if (!n)
      throw InputError(file_, "missing key '" + name_ + k + "'");
    return *n;
  }
  double number(const std::string &k) {
    const toml::node &n = node(k);
    if (auto v = n.value<double>())
      return *v;
    throw InputError(where(k), "must be a number");
  }
  double number(const std::string &k, double lo, double hi) {
    const double v = number(k);
    if (!(v >= lo && v <= hi))
      throw InputError(where(k), "must be in [" + fmt(lo) + ", " + fmt(hi) + "]");
    return v;
  }
  int integer(const std::string &k, int lo, int hi) {
    const toml::node &n = node(k);
    auto v = n.value<int64_t>();
    if (!v || *v < lo || *v > hi)
      throw InputError(where(k), "must be a whole number in [" + std::to_string(lo) + ", " +
                                     std::to_string(hi) + "]");
    return static_cast<int>(*v);
  }
  bool boolean(const std::string &k) {
    if (auto v = node(k).value<bool>())
      return *v;
    throw InputError(where(k), "must be true or false");
  }
  std::string text(const std::string &k) {
    if (auto v = node(k).value<std::string>())
      return *v;
    throw InputError(where(k), "must be a string");
  }
  double quantity(const std::string &k, Dimension d) {
    const toml::node &n = node(k);
    auto v = n.value<std::string>();
    if (!v)
      throw InputError(where(k), "must be a string with a unit (" + units_accepted(d) + ")");
    return parse_quantity_as(*v, d, where(k));
  }
  /// A quantity within [lo, hi] (SI units); `accepted` states the range in the table's units.
  double quantity(const std::string &k, Dimension d, double lo, double hi, const char *accepted) {
    const double v = quantity(k, d);
    if (!(v >= lo && v <= hi))
      throw InputError(where(k), std::string("out of range; accepted: ") + accepted);
    return v;
  }
  std::vector<double> quantities(const std::string &k, Dimension d, std::size_t count, double lo,
                                 double hi, const char *accepted) {
    auto v = quantities(k, d, count);
    for (double x : v)
      if (!(x >= lo && x <= hi))
        throw InputError(where(k), std::string("value out of range; accepted: ") + accepted);
    return v;
  }
  std::vector<double> quantities(const std::string &k, Dimension d, std::size_t count = 0) {
    const toml::node &n = node(k);
    const auto *a = n.as_array();
    if (!a)
      throw InputError(where(k), "must be an array of strings with units");
    std::vector<double> out;
    for (const auto &e : *a) {
      auto v = e.value<std::string>();
      if (!v)
        throw InputError(where(k),
                         "every element must be a string with a unit (" + units_accepted(d) + ")");
      out.push_back(parse_quantity_as(*v, d, where(k)));
    }
    if (count && out.size() != count)
      throw InputError(where(k), "needs " + std::to_string(count) + " values");
    if (out.empty())
      throw InputError(where(k), "needs at least one value");
    return out;
  }
  std::vector<double> numbers(const std::string &k) {
    const auto *a = node(k).as_array();
    if (!a)
      throw InputError(where(k), "must be an array of numbers");
    std::vector<double> out;
    for (const auto &e : *a) {
      auto v = e.value<double>();
      if (!v)
        throw InputError(where(k), "every element must be a number");
      out.push_back(*v);
    }
    return out;
  }
  /// { min = , step = , max = } as a grid.
  std::vector<double> grid(const std::string &k) {
    const auto *t = node(k).as_table();
    if (!t)
      throw InputError(where(k), "must be a table { min = X, step = S, max = Y }");
    auto get = [&](const char *f) {
      auto v = t->get(f) ? t->get(f)->value<double>() : std::nullopt;
      if (!v)
        throw InputError(where(k), std::string("needs number '") + f + "'");
      return *v;
    };
    const std::string w = where(k);
    return tap_grid(get("min"), get("step"), get("max"), w.c_str());
  }
  /// A grid whose values lie in [lo, hi].
  std::vector<double> grid(const std::string &k, double lo, double hi, const char *accepted) {
    auto v = grid(k);
    if (!(v.front() >= lo && v.back() <= hi))
      throw InputError(where(k), std::string("values out of range; accepted: ") + accepted);
    return v;
  }
  void reject_unknown() const {
    if (!t_)
      return;
    for (const auto &[k, v] : *t_) {
      const std::string key(k.str());
      if (!used_.count(key) && key != "case") {
        std::set<std::string> accepted = known_; // every key this section asked for
        accepted.insert(used_.begin(), used_.end());
        if (t_->contains("case"))
          accepted.insert("case");
        throw InputError(where(key),
                         "unknown key; accepted here: " +
                             join_list(accepted, [&](const std::string &a) { return name_ + a; }));
      }
    }
  }

private:
  static std::string fmt(double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  }
  const toml::table *t_;
  std::string file_, name_;
  std::set<std::string> used_;
  mutable std::set<std::string> known_;
};

Section section(const toml::table &root, const std::string &file, const std::string &name,
                bool required = true) {
  const toml::node *n = root.get(name);
  if (!n) {
    if (required)
      throw InputError(file, "missing table [" + name + "]");
    return Section(nullptr, file, name + ".");
  }
  if (!n->as_table())
    throw InputError(file, "'" + name + "' must be a table");
  return Section(n->as_table(), file, name + ".");
}

// Accepted ranges of the physical parameters (the IEEE tables lie well inside each): they keep
// every value finite and positive where the Annex 93A formulas divide by it (CTLE corners,
// impedances), and bound what would otherwise overflow or exhaust memory downstream.
constexpr const char *kCtleFreqs = "1 MHz to 10 THz";
constexpr const char *kGains = "-60 dB to 60 dB";
constexpr const char *kCaps = "0 F to 1 nF";
constexpr const char *kTau = "0 to 1 ns/mm";
constexpr const char *kLen = "0 mm to 1 m";
constexpr const char *kDb100 = "-100 dB to 100 dB";

} // namespace

ComTable load_com_table(const std::filesystem::path &path) {
  const std::string file = path.string();
  if (std::filesystem::is_directory(path))
    throw InputError(file, "is a directory, not a COM parameter table; accepted: a .toml file "
                           "or a shipped table name such as 802.3ck-kr");
  if (!std::filesystem::is_regular_file(path))
    throw InputError(file, "COM parameter table not found (give a .toml file or a shipped "
                           "table name such as 802.3ck-kr)");
  toml::table root;
  try {
    root = toml::parse_file(file);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(file, e.source().begin.line, e.source().begin.column, e.description());
  }
  ComTable t;
  t.file = file;
  Section top(&root, file, "");
  t.name = top.text("name");
  t.title = top.text("title");
  t.source = top.text("source");
  for (const char *s :
       {"signal", "receiver", "ctle", "tx_ffe", "dfe", "package", "erl", "thresholds", "board"})
    if (top.has(s))
      (void)top.node(s); // marks the section as known
  top.reject_unknown();

  Section sig = section(root, file, "signal");
  t.f_b_hz = sig.quantity("f_b", Dimension::symbol_rate, 1e8, 1e12, "0.1 GBd to 1000 GBd");
  t.levels = sig.integer("L", 2, 16);
  t.samples_per_ui = sig.integer("M", 4, 256);
  t.der0 = sig.number("DER_0", 1e-30, 0.49);
  t.a_v_v = sig.quantity("A_v", Dimension::voltage, 1e-3, 5, "0.001 V to 5 V");
  t.a_fe_v = sig.quantity("A_fe", Dimension::voltage, 0, 5, "0 V to 5 V");
  t.a_ne_v = sig.quantity("A_ne", Dimension::voltage, 0, 5, "0 V to 5 V");
  t.r_lm = sig.number("R_LM", 1e-3, 1.0);
  t.t_r_s = sig.quantity("T_r", Dimension::time, 0, 1e-9, "0 ns to 1 ns");
  t.r_0_ohm = sig.quantity("R_0", Dimension::resistance, 1, 1000, "1 ohm to 1000 ohm");
  const auto rd = sig.quantities("R_d", Dimension::resistance, 2, 1, 1000, "1 ohm to 1000 ohm");
  t.r_d_tx_ohm = rd[0];
  t.r_d_rx_ohm = rd[1];
  if (sig.has("port_order")) {
    const auto po = sig.numbers("port_order");
    std::vector<int> seen;
    for (double v : po) {
      if (!(v == std::floor(v)) || std::abs(v) > 1000) // 1.5 used to truncate to port 1
        throw InputError(sig.where("port_order"),
                         "'" + number_text(v) +
                             "' is not a port number; accepted: a permutation "
                             "of [1, 2, 3, 4] (whole numbers)");
      seen.push_back(static_cast<int>(v));
    }
    std::vector<int> sorted = seen;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != std::vector<int>{1, 2, 3, 4})
      throw InputError(sig.where("port_order"), "must be a permutation of [1, 2, 3, 4]");
    for (int i = 0; i < 4; ++i)
      t.port_order[i] = seen[static_cast<std::size_t>(i)];
  }
  sig.reject_unknown();

  Section rx = section(root, file, "receiver");
  t.f_r_hz = rx.number("f_r", 0.01, 10.0) * t.f_b_hz;
  if (rx.has("RC_start") || rx.has("RC_end")) { // optional, both or neither
    // Receiver corners like f_r: 0.01 to 10 × f_b (com::kRxCornerMinFb/MaxFb, com.hpp).
    const double lo = com::kRxCornerMinFb * t.f_b_hz, hi = com::kRxCornerMaxFb * t.f_b_hz;
    const std::string range =
        "accepted: " + number_text(lo / 1e9) + " GHz to " + number_text(hi / 1e9) +
        " GHz (0.01 to 10 × f_b, f_b = " + number_text(t.f_b_hz / 1e9) + " GBd)";
    for (const auto &[k, out] : {std::pair<const char *, double *>{"RC_start", &t.rc_start_hz},
                                 std::pair<const char *, double *>{"RC_end", &t.rc_end_hz}}) {
      *out = rx.quantity(k, Dimension::frequency);
      if (!(*out >= lo && *out <= hi))
        throw InputError(rx.where(k), number_text(*out / 1e9) + " GHz is out of range; " + range);
    }
    if (!(t.rc_end_hz > t.rc_start_hz))
      throw InputError(rx.where("RC_end"), "must exceed RC_start (both > 0)");
  }
  t.eta0_v2_per_hz = rx.number("eta_0_v2_per_ghz", 0.0, 1.0) / 1e9;
  t.snr_tx_db = rx.quantity("SNR_TX", Dimension::gain, com::kSnrTxMinDb, com::kSnrTxMaxDb,
                            com::kSnrTxAccepted);
  t.sigma_rj_ui = rx.number("sigma_RJ_ui", 0.0, 0.5);
  t.a_dd_ui = rx.number("A_DD_ui", 0.0, 0.5);
  rx.reject_unknown();

  Section ct = section(root, file, "ctle");
  t.ctle.f_z_hz = ct.quantity("f_z", Dimension::frequency, 1e6, 1e13, kCtleFreqs);
  t.ctle.f_p1_hz = ct.quantity("f_p1", Dimension::frequency, 1e6, 1e13, kCtleFreqs);
  t.ctle.f_p2_hz = ct.quantity("f_p2", Dimension::frequency, 1e6, 1e13, kCtleFreqs);
  t.ctle.f_hp_pz_hz = ct.has("f_HP_PZ") ? ct.quantity("f_HP_PZ", Dimension::frequency) : 0.0;
  if (t.ctle.f_hp_pz_hz != 0 && !(t.ctle.f_hp_pz_hz >= 1e6 && t.ctle.f_hp_pz_hz <= 1e13))
    throw InputError(ct.where("f_HP_PZ"), "out of range; accepted: 0 (no low-frequency stage) "
                                          "or 1 MHz to 10 THz");
  t.ctle.g_dc_db = ct.grid("g_DC", -60, 60, kGains);
  t.ctle.g_dc_hp_db =
      ct.has("g_DC_HP") ? ct.grid("g_DC_HP", -60, 60, kGains) : std::vector<double>{0.0};
  if (t.ctle.g_dc_db.size() * t.ctle.g_dc_hp_db.size() > com::kMaxCtleSettings)
    throw InputError(ct.where("g_DC"),
                     "g_DC x g_DC_HP hold " +
                         std::to_string(t.ctle.g_dc_db.size() * t.ctle.g_dc_hp_db.size()) +
                         " CTLE settings; at most " + std::to_string(com::kMaxCtleSettings) +
                         " are accepted (use coarser steps)");
  ct.reject_unknown();

  Section tx = section(root, file, "tx_ffe");
  t.tx_ffe.c0_min = tx.number("c0_min", 1e-3, 1.0);
  t.tx_ffe.pre_taps = tx.integer("pre_taps", 0, 8);
  for (int k = t.tx_ffe.pre_taps; k >= 1; --k)
    t.tx_ffe.tap_values.push_back(tx.grid("c_m" + std::to_string(k)));
  for (int k = 1; tx.has("c_p" + std::to_string(k)); ++k)
    t.tx_ffe.tap_values.push_back(tx.grid("c_p" + std::to_string(k)));
  double tx_settings = 1; // the TX FFE grid's size, checked before the search enumerates it
  for (const auto &v : t.tx_ffe.tap_values)
    tx_settings *= static_cast<double>(v.size());
  if (tx_settings > static_cast<double>(com::kMaxTxFfeSettings))
    throw InputError(tx.where(t.tx_ffe.pre_taps > 0 ? "c_m1" : "c_p1"),
                     "the TX FFE grid holds " +
                         std::to_string(static_cast<long long>(tx_settings)) +
                         " tap settings; at most " +
                         std::to_string(static_cast<long long>(com::kMaxTxFfeSettings)) +
                         " are accepted (use coarser steps)");
  for (const auto &v : t.tx_ffe.tap_values)
    for (double c : v)
      if (c < -1 || c > 1)
        throw InputError(file, "TX FFE tap value " + std::to_string(c) +
                                   " out of range (taps must lie in [-1, 1])");
  tx.reject_unknown();

  Section df = section(root, file, "dfe");
  const int nb = df.integer("N_b", 0, 1000);
  t.dfe.b_max = df.numbers("b_max");
  t.dfe.b_min = df.numbers("b_min");
  for (const auto &[key, v] : {std::pair{"b_max", &t.dfe.b_max}, std::pair{"b_min", &t.dfe.b_min}})
    if (v->size() != static_cast<std::size_t>(nb))
      throw InputError(df.where(key), std::to_string(v->size()) +
                                          " values but N_b = " + std::to_string(nb) +
                                          " (accepted: N_b values in each of b_max and b_min, "
                                          "one per DFE tap)");
  for (int k = 0; k < nb; ++k)
    if (!(t.dfe.b_min[static_cast<std::size_t>(k)] <= t.dfe.b_max[static_cast<std::size_t>(k)]) ||
        !(std::abs(t.dfe.b_max[static_cast<std::size_t>(k)]) <= 2) ||
        !(std::abs(t.dfe.b_min[static_cast<std::size_t>(k)]) <= 2))
      throw InputError(df.where("b_min"),
                       "tap " + std::to_string(k + 1) + ": needs b_min <= b_max and |b| <= 2");
  t.dfe.n_bg = df.integer("N_bg", 0, 100);
  t.dfe.n_bf = df.integer("N_bf", 0, 100);
  t.dfe.n_f = df.integer("N_f", 0, 10000);
  t.dfe.b_max_g = df.number("bmaxg", 0.0, 2.0);
  t.dfe.b_float_rss_max = df.number("B_float_RSS_MAX", 0.0, 2.0);
  t.dfe.n_tail_start = df.integer("N_tail_start", 0, 10000);
  if (t.dfe.n_bg > 0 && t.dfe.n_f < nb + t.dfe.n_bf)
    throw InputError(df.where("N_f"), "floating taps need N_f >= N_b + N_bf");
  df.reject_unknown();

  Section pk = section(root, file, "package");
  const auto cd = pk.quantities("C_d", Dimension::capacitance, 2, 0, 1e-9, kCaps);
  const auto ls = pk.quantities("L_s", Dimension::inductance, 2, 0, 1e-6, "0 H to 1 uH");
  const auto cb = pk.quantities("C_b", Dimension::capacitance, 2, 0, 1e-9, kCaps);
  const auto cp = pk.quantities("C_p", Dimension::capacitance, 2, 0, 1e-9, kCaps);
  for (int i = 0; i < 2; ++i) {
    t.c_d_f[i] = cd[static_cast<std::size_t>(i)];
    t.l_s_h[i] = ls[static_cast<std::size_t>(i)];
    t.c_b_f[i] = cb[static_cast<std::size_t>(i)];
    t.c_p_f[i] = cp[static_cast<std::size_t>(i)];
  }
  t.z_c_ohm = pk.quantities("Z_c", Dimension::resistance, 0, 1, 1000, "1 ohm to 1000 ohm");
  t.gamma0_per_mm = pk.number("gamma0_per_mm", 0.0, 1.0);
  t.a1_per_mm_sqrt_ghz = pk.number("a1_per_mm_sqrt_ghz", 0.0, 1.0);
  t.a2_per_mm_ghz = pk.number("a2_per_mm_ghz", 0.0, 1.0);
  t.tau_ns_per_mm = pk.quantity("tau", Dimension::time_per_length, 0, 1e-6, kTau) * 1e9 / 1e3;
  const auto *cases = root["package"]["case"].as_array();
  if (!cases || cases->empty())
    throw InputError(file, "missing key 'package.case' (at least one [[package.case]])");
  int ci = 0;
  for (const auto &c : *cases) {
    ++ci;
    Section cs(c.as_table(), file, "package.case[" + std::to_string(ci) + "].");
    PackageCase pc;
    const std::size_t nseg = t.z_c_ohm.size();
    auto mm = [&](const char *k) {
      auto v = cs.quantities(k, Dimension::length, nseg);
      for (double &x : v) {
        if (!(x >= 0 && x <= 1))
          throw InputError(cs.where(k), "lengths must be in 0 mm to 1 m");
        x *= 1e3;
      }
      return v;
    };
    pc.z_p_tx_mm = mm("z_p_tx");
    pc.z_p_next_mm = mm("z_p_next");
    pc.z_p_fext_mm = mm("z_p_fext");
    pc.z_p_rx_mm = mm("z_p_rx");
    cs.reject_unknown();
    t.cases.push_back(pc);
  }
  pk.reject_unknown();

  Section er = section(root, file, "erl");
  t.erl_tr_s = er.quantity("T_r", Dimension::time, 0, 1e-9, "0 ns to 1 ns");
  t.erl_n = er.integer("N", 1, 1000000);
  t.erl_beta_x = er.number("beta_x", 0.0, 1e12);
  t.erl_rho_x = er.number("rho_x", 0.0, 1.0);
  t.erl_n_bx = er.integer("N_bx", 0, 100000);
  t.erl_tfx_s = er.quantity("fixture_delay", Dimension::time, 0, 1e-6, "0 ns to 1 us");
  t.erl_tukey_window = er.boolean("tukey_window");
  er.reject_unknown();

  Section th = section(root, file, "thresholds");
  t.com_pass_db = th.quantity("COM", Dimension::gain, -100, 100, kDb100);
  t.erl_pass_db = th.quantity("ERL", Dimension::gain, -100, 100, kDb100);
  th.reject_unknown();

  if (root.contains("board")) {
    Section bd = section(root, file, "board");
    t.include_pcb = true;
    t.board_gamma0_per_mm = bd.number("gamma0_per_mm", 0.0, 1.0);
    t.board_a1_per_mm_sqrt_ghz = bd.number("a1_per_mm_sqrt_ghz", 0.0, 1.0);
    t.board_a2_per_mm_ghz = bd.number("a2_per_mm_ghz", 0.0, 1.0);
    t.board_tau_ns_per_mm =
        bd.quantity("tau", Dimension::time_per_length, 0, 1e-6, kTau) * 1e9 / 1e3;
    t.board_z_c_ohm = bd.quantity("Z_c", Dimension::resistance, 1, 1000, "1 ohm to 1000 ohm");
    t.z_bp_tx_mm = bd.quantity("z_bp_tx", Dimension::length, 0, 1, kLen) * 1e3;
    t.z_bp_next_mm = bd.quantity("z_bp_next", Dimension::length, 0, 1, kLen) * 1e3;
    t.z_bp_fext_mm = bd.quantity("z_bp_fext", Dimension::length, 0, 1, kLen) * 1e3;
    t.z_bp_rx_mm = bd.quantity("z_bp_rx", Dimension::length, 0, 1, kLen) * 1e3;
    t.board_c_0_f = bd.quantity("C_0", Dimension::capacitance, 0, 1e-9, kCaps);
    t.board_c_1_f = bd.quantity("C_1", Dimension::capacitance, 0, 1e-9, kCaps);
    bd.reject_unknown();
  }
  return t;
}

std::filesystem::path com_catalog_dir() {
  return find_data_dir("transceivers", {LINKPHY_TRANSCEIVERS_CATALOG_INSTALL_DIR}) / "com";
}

ComTable find_com_table(const std::string &path_or_name) {
  const std::filesystem::path p(path_or_name);
  if (std::filesystem::exists(p) || p.extension() == ".toml")
    return load_com_table(p);
  const auto shipped = com_catalog_dir() / (path_or_name + ".toml");
  if (!std::filesystem::exists(shipped)) {
    std::vector<std::string> names;
    if (std::filesystem::is_directory(com_catalog_dir()))
      for (const auto &e : std::filesystem::directory_iterator(com_catalog_dir()))
        if (e.path().extension() == ".toml")
          names.push_back(e.path().stem().string());
    const std::string known = join_list(names);
    throw InputError("find_com_table '" + path_or_name + "'",
                     "no such file and no shipped COM table of that name; accepted: a COM table "
                     ".toml file or a shipped name: " +
                         known);
  }
  // Shipped tables do not change while linkphy runs: each is parsed once, not once per SerDes
  // lookup (a link sweep looks one up per hop per point; parsing was ~14 % of an analytic point).
  static std::mutex cache_mutex;
  static std::map<std::filesystem::path, ComTable> cache;
  {
    std::lock_guard<std::mutex> lock(cache_mutex);
    if (const auto it = cache.find(shipped); it != cache.end())
      return it->second;
  }
  ComTable t = load_com_table(shipped);
  std::lock_guard<std::mutex> lock(cache_mutex);
  cache.emplace(shipped, t);
  return t;
}

com::PackageSide package_side(const ComTable &t, int side, const std::vector<double> &z_p_mm) {
  com::PackageSide s;
  s.c_d_f = t.c_d_f[side];
  s.l_s_h = t.l_s_h[side];
  s.c_b_f = t.c_b_f[side];
  s.c_p_f = t.c_p_f[side];
  s.z_c_ohm = t.z_c_ohm;
  s.length_mm = z_p_mm;
  return s;
}

} // namespace linkphy::transceivers
