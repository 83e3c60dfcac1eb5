// `linkphy com --config TABLE THRU.s4p [--fext F...] [--next N...] [--format text|json]`:
// IEEE 802.3 Annex 93A COM and ERL of a channel with a COM parameter table.
#include "commands.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/com_run.hpp>
#include <linkphy/sweeps/json_text.hpp>
#include <linkphy/sweeps/output.hpp>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

namespace linkphy::cli {
namespace {

struct ComArgs {
  std::string config, thru, format = "text", output;
  std::vector<std::string> fext, next;
};

std::string json_str(const std::string &s) { return sweeps::json_string(s); }

// 10 significant digits; a non-finite figure is null (RFC 8259 has no inf/nan).
std::string json_num(double v) { return sweeps::json_number(v, 10); }

std::string json_arr(const std::vector<double> &v) {
  std::string o = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    o += (i ? ", " : "") + json_num(v[i]);
  return o + "]";
}

std::string json_names(const std::vector<std::string> &v) {
  std::string o = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    o += (i ? ", " : "") + json_str(v[i]);
  return o + "]";
}

void write_json(std::ostream &os, const sweeps::ComReport &r) {
  os << "{\n  \"table\": " << json_str(r.table_name)
     << ",\n  \"table_file\": " << json_str(r.table_file)
     << ",\n  \"thru\": " << json_str(r.thru_name) << ",\n  \"fext\": " << json_names(r.fext_names)
     << ",\n  \"next\": " << json_names(r.next_names)
     << ",\n  \"il_nyquist_db\": " << json_num(r.il_nyquist_db)
     << ",\n  \"erl_db\": " << json_num(r.erl_db) << ",\n  \"erl11_db\": " << json_num(r.erl11_db)
     << ",\n  \"erl22_db\": " << json_num(r.erl22_db)
     << ",\n  \"com_min_db\": " << json_num(r.com_min_db())
     << ",\n  \"com_pass_db\": " << json_num(r.com_pass_db)
     << ",\n  \"erl_pass_db\": " << json_num(r.erl_pass_db)
     << ",\n  \"pass\": " << (r.pass() ? "true" : "false") << ",\n  \"cases\": [";
  for (std::size_t i = 0; i < r.cases.size(); ++i) {
    const auto &c = r.cases[i];
    const auto &x = c.result;
    os << (i ? "," : "") << "\n    {\"case\": " << c.index
       << ", \"z_p_tx_mm\": " << json_arr(c.package.z_p_tx_mm)
       << ", \"z_p_rx_mm\": " << json_arr(c.package.z_p_rx_mm)
       << ", \"com_db\": " << json_num(x.com_db) << ", \"fom_db\": " << json_num(x.fom_db)
       << ", \"a_s_v\": " << json_num(x.a_s_v) << ", \"a_ni_v\": " << json_num(x.a_ni_v)
       << ", \"g_dc_db\": " << json_num(x.g_dc_db) << ", \"g_dc_hp_db\": " << json_num(x.g_dc_hp_db)
       << ", \"tx_taps\": " << json_arr(x.tx_taps) << ", \"dfe_taps\": " << json_arr(x.dfe_taps)
       << ", \"sigma_tx_v\": " << json_num(x.sigma_tx_v)
       << ", \"sigma_isi_v\": " << json_num(x.sigma_isi_v)
       << ", \"sigma_j_v\": " << json_num(x.sigma_j_v)
       << ", \"sigma_xt_v\": " << json_num(x.sigma_xt_v)
       << ", \"sigma_n_v\": " << json_num(x.sigma_n_v)
       << ", \"settings_evaluated\": " << x.settings_evaluated << "}";
  }
  os << "\n  ],\n  \"warnings\": " << json_names(r.warnings) << "\n}\n";
}

void write_text(std::ostream &os, const sweeps::ComReport &r) {
  os << std::fixed << std::setprecision(3);
  os << "table       " << r.table_name << " (" << r.table_file << ")\n";
  os << "thru        " << r.thru_name << "\n";
  for (const auto &n : r.fext_names)
    os << "fext        " << n << "\n";
  for (const auto &n : r.next_names)
    os << "next        " << n << "\n";
  os << "IL @ fb/2   " << r.il_nyquist_db << " dB (channel only)\n";
  // A table without an ERL criterion (802.3by, CEI-56G-MR) holds ERL = 0 dB: its ERL is
  // informative, and "threshold 0.000" would read as a criterion the standard does not set.
  const bool erl_criterion = r.erl_pass_db > 0;
  os << "ERL         " << r.erl_db << " dB (port 1: " << r.erl11_db << " dB, port 2: " << r.erl22_db
     << " dB; ";
  if (erl_criterion)
    os << "threshold " << r.erl_pass_db << " dB)\n";
  else
    os << "informative: the table has no ERL criterion)\n";
  for (const auto &c : r.cases) {
    const auto &x = c.result;
    os << "case " << c.index << "      COM " << x.com_db << " dB  (z_p tx";
    for (double z : c.package.z_p_tx_mm)
      os << " " << std::setprecision(1) << z;
    os << " mm, rx";
    for (double z : c.package.z_p_rx_mm)
      os << " " << z;
    os << " mm)" << std::setprecision(3) << "  FOM " << x.fom_db << " dB  A_s " << x.a_s_v * 1e3
       << " mV  A_ni " << x.a_ni_v * 1e3 << " mV\n";
    // The noise terms of the FOM (93A-36), as the JSON's sigma_*_v: sigma_XT is the crosstalk.
    os << "            sigma_TX " << x.sigma_tx_v * 1e3 << " mV, sigma_ISI " << x.sigma_isi_v * 1e3
       << " mV, sigma_J " << x.sigma_j_v * 1e3 << " mV, sigma_XT " << x.sigma_xt_v * 1e3
       << " mV, sigma_N " << x.sigma_n_v * 1e3 << " mV\n";
    os << "            CTLE g_DC " << x.g_dc_db << " dB, g_DC_HP " << x.g_dc_hp_db << " dB; TX FFE";
    for (double t : x.tx_taps)
      os << " " << t;
    os << "\n            DFE";
    for (std::size_t k = 0; k < x.dfe_taps.size() && k < 12; ++k)
      os << " " << x.dfe_taps[k];
    os << (x.dfe_taps.size() > 12 ? " ..." : "") << "\n";
  }
  os << "result      " << (r.pass() ? "PASS" : "FAIL") << " (COM >= " << r.com_pass_db << " dB";
  if (erl_criterion)
    os << ", ERL >= " << r.erl_pass_db << " dB)\n";
  else
    os << "; no ERL criterion)\n";
}

void register_com(CLI::App &app) {
  auto args = std::make_shared<ComArgs>();
  auto *sub = app.add_subcommand(
      "com", "IEEE 802.3 Annex 93A Channel Operating Margin (COM) and ERL of a channel");
  sub->footer("Example:\n  linkphy com --config 802.3ck-kr tests/data/channels/"
              "Tp0_Tp5_28p5db_FQSFP_thru.s4p --format json\n"
              "TABLE is a .toml COM parameter table or a shipped one (transceivers/catalog/com): "
              "802.3ck-kr, 802.3ck-cr-ca, 802.3ck-c2c, 802.3by-kr, 802.3by-cr, cei-56g-mr, "
              "df-200g-cakr.\nChannels are .s4p with ports in the table's "
              "port_order (IEEE [1 3 2 4]).");
  sub->add_option("--config", args->config, "COM parameter table (.toml file or shipped name)")
      ->required();
  sub->add_option("thru", args->thru, "victim through channel (.s4p)")->required();
  sub->add_option("--fext", args->fext, "far-end crosstalk aggressor channels (.s4p)");
  sub->add_option("--next", args->next, "near-end crosstalk aggressor channels (.s4p)");
  sub->add_option("--format", args->format, "output format: text or json")
      ->check(one_of({"text", "json"}));
  sub->add_option("-o,--output", args->output, "write to FILE instead of stdout");
  set_runner(sub, [args]() {
    const transceivers::ComTable table = transceivers::find_com_table(args->config);
    // Input warnings: printed when the evaluation succeeds; when it fails they matter most, so
    // they join its one error line instead of preceding it on lines of their own.
    std::vector<std::string> said;
    auto note = [&said](const std::string &w) {
      if (std::find(said.begin(), said.end(), w) == said.end())
        said.push_back(w);
    };
    // Channels referenced to R_0 before they are checked, so the checks see what COM sees.
    std::vector<std::string> renormalised;
    auto channel = [&](const std::string &path) {
      Network n = sweeps::at_r0(sweeps::read_channel(path), table.r_0_ohm, renormalised);
      for (const auto &s : renormalised)
        note(s);
      return n;
    };
    const Network thru = channel(args->thru);
    std::vector<Network> fext, next;
    for (const auto &p : args->fext)
      fext.push_back(channel(p));
    for (const auto &p : args->next)
      next.push_back(channel(p));
    for (const Network *n : {&thru})
      for (const auto &w : sweeps::check_channel(*n, table.port_order))
        note(w);
    for (const auto &v : {&fext, &next})
      for (const auto &n : *v) {
        for (const auto &w : sweeps::check_channel(n, table.port_order))
          note(w);
      }
    // The engine names a channel by its network name (the file's stem): its errors name the
    // file as given on the command line instead, when the name is of one file only.
    auto file_of = [&](const std::string &where) {
      std::set<std::string> paths;
      if (thru.name == where)
        paths.insert(args->thru);
      for (std::size_t i = 0; i < fext.size(); ++i)
        if (fext[i].name == where)
          paths.insert(args->fext[i]);
      for (std::size_t i = 0; i < next.size(); ++i)
        if (next[i].name == where)
          paths.insert(args->next[i]);
      return paths.size() == 1 ? *paths.begin() : where;
    };
    sweeps::ComReport r;
    try {
      r = sweeps::run_com(table, thru, fext, next, table.port_order);
    } catch (const InputError &e) {
      std::string also;
      for (const auto &w : said)
        also += (also.empty() ? "" : "; ") + w;
      throw InputError(file_of(e.where()),
                       e.detail() + (also.empty() ? "" : " (input warnings: " + also + ")"));
    }
    for (const auto &w : said)
      std::cerr << "linkphy: warning: " << w << "\n";
    r.warnings.insert(r.warnings.begin(), renormalised.begin(), renormalised.end());
    auto warn = [&said](const std::string &w) {
      if (std::find(said.begin(), said.end(), w) == said.end()) {
        std::cerr << "linkphy: warning: " << w << "\n";
        said.push_back(w);
      }
    };
    sweeps::OutputFile out(args->output);
    if (args->format == "json")
      write_json(out.stream(), r);
    else
      write_text(out.stream(), r);
    out.commit();
    for (const auto &w : r.warnings)
      warn(w);
    return 0;
  });
}

const bool registered = add_command("com", register_com);

} // namespace
} // namespace linkphy::cli
