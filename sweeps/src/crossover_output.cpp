// CSV, JSON sidecar and text tables of the crossover study (crossover_output.hpp).
#include <linkphy/phy/join_list.hpp>
#include <linkphy/sweeps/crossover_output.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/json_text.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#ifndef LINKPHY_SWEEPS_VERSION
#define LINKPHY_SWEEPS_VERSION "unknown"
#endif

namespace linkphy::sweeps {
namespace {

// A study path as the sidecar records it: relative to the working directory when inside it (the
// shipped default study is found by absolute path; notebooks_data/ is committed from the repo
// root), else as given.
std::string display_path(const std::string &file) {
  if (file.empty())
    return file;
  std::error_code ec;
  const auto cwd = std::filesystem::current_path(ec);
  if (ec)
    return file;
  const auto rel = std::filesystem::path(file).lexically_relative(cwd);
  if (rel.empty() || *rel.begin() == "..")
    return file;
  return rel.generic_string();
}

// CSV cells: 12 significant digits; not available (NaN) as "nan", as every CSV writer spells it.
std::string num(double v) { return csv_number(v); }
std::string jnum(double v) { return json_number(v); }
std::string cell(const std::string &s) { return csv_field(s); }

std::string json_escape(const std::string &s) {
  const std::string quoted = json_string(s);
  return quoted.substr(1, quoted.size() - 2);
}

std::string json_list(const std::vector<std::string> &v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i)
    s += (i ? ", \"" : "\"") + json_escape(v[i]) + "\"";
  return s + "]";
}

std::string fixed(double v, const char *fmt) {
  if (std::isnan(v))
    return "-";
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

} // namespace

void write_crossover_csv(std::ostream &os, const std::vector<CrossoverRow> &rows) {
  os << "lane_rate_gbps,rate,copper_tech,optical_tech,criterion,crossover_m,bound,"
        "copper_energy_pj_per_bit,optical_energy_pj_per_bit,optical_closes,evaluations\n";
  for (const auto &r : rows)
    os << num(r.lane_rate_gbps) << "," << cell(r.rate) << "," << cell(r.copper_tech) << ","
       << cell(r.optical_tech) << "," << to_string(r.criterion) << "," << num(r.crossover_m) << ","
       << cell(r.bound) << "," << num(r.copper_energy_pj_per_bit) << ","
       << num(r.optical_energy_pj_per_bit) << "," << (r.optical_closes ? "true" : "false") << ","
       << r.evaluations << "\n";
}

void write_map_csv(std::ostream &os, const std::vector<MapCell> &cells) {
  os << "lane_rate_gbps,rate,distance_m,best_tech,family,energy_pj_per_bit,closes\n";
  for (const auto &c : cells)
    os << num(c.lane_rate_gbps) << "," << cell(c.rate) << "," << num(c.distance_m) << ","
       << cell(c.best_tech) << "," << (c.closes ? to_string(c.family) : std::string()) << ","
       << num(c.energy_pj_per_bit) << "," << (c.closes ? "true" : "false") << "\n";
}

void write_points_csv(std::ostream &os, const std::vector<MapPoint> &points) {
  os << "lane_rate_gbps,rate,distance_m,tech,family,in_range,closes,ber_pre_fec,ber_post_fec,"
        "energy_pj_per_bit\n";
  for (const auto &m : points)
    os << num(m.lane_rate_gbps) << "," << cell(m.rate) << "," << num(m.distance_m) << ","
       << cell(m.tech) << "," << to_string(m.family) << "," << (m.point.in_range ? "true" : "false")
       << "," << (m.point.closes ? "true" : "false") << "," << num(m.point.ber_pre_fec) << ","
       << num(m.point.ber_post_fec) << "," << num(m.point.energy_pj_per_bit) << "\n";
}

void write_sensitivity_csv(std::ostream &os, const std::vector<SensitivityRow> &rows) {
  os << "knob,value,rate,lane_rate_gbps,crossover_m,base_m,change_pct,bound,base_bound\n";
  for (const auto &r : rows)
    os << cell(r.knob) << "," << csv_quoted(r.value) << "," << cell(r.rate) << ","
       << num(r.lane_rate_gbps) << "," << num(r.crossover_m) << "," << num(r.base_m) << ","
       << num(r.change_pct) << "," << cell(r.bound) << "," << cell(r.base_bound) << "\n";
}

void print_crossover_table(std::ostream &os, const CrossoverStudy &s,
                           const std::vector<CrossoverRow> &rows) {
  os << "crossover study '" << s.name << "': criterion " << to_string(s.criterion) << ", "
     << to_string(s.fidelity) << " fidelity, BER target " << format_value(s.base.ber_target)
     << "\n";
  // The technologies that compete (--copper/--optical may differ from the study name's lists).
  os << "copper: " << join_list(s.copper) << "; optical: " << join_list(s.optical) << "\n";
  if (!s.base.catalogs.empty()) // the user channel catalogs, as read (in load order)
    os << "user catalogs: " << join_list(s.base.catalogs) << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-6s %10s  %-12s %-12s %12s  %12s %12s\n", "rate", "gb_per_s",
                "copper", "optical", "crossover_m", "cu_pj_bit", "opt_pj_bit");
  os << line;
  for (const auto &r : rows) {
    std::string x = fixed(r.crossover_m, "%.3g");
    if (r.bound == "below_min")
      x = "<" + x;
    else if (r.bound == "above_max")
      x = ">" + x;
    std::snprintf(line, sizeof line, "%-6s %10.4g  %-12s %-12s %12s  %12s %12s%s\n", r.rate.c_str(),
                  r.lane_rate_gbps, r.copper_tech.c_str(), r.optical_tech.c_str(), x.c_str(),
                  fixed(r.copper_energy_pj_per_bit, "%.3g").c_str(),
                  fixed(r.optical_energy_pj_per_bit, "%.3g").c_str(),
                  r.bound.rfind("no_", 0) == 0 ? (r.bound == "no_copper_power_model"
                                                      ? "  (no copper power model at this rate)"
                                                      : "  (no optical power model at this rate)")
                  : r.bound == "copper_length_max"
                      ? "  (the copper's catalog length_max, not its reach)"
                  : r.optical_closes        ? ""
                  : r.copper_tech == "none" ? "  (neither copper nor optics closes there)"
                                            : "  (no optics closes there)");
    os << line;
  }
}

void print_knob_ranking(std::ostream &os, const std::vector<KnobRank> &ranks) {
  os << "sensitivity: knobs ranked by the largest change of the crossover\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-4s %-16s %14s  %-14s %s\n", "rank", "knob", "max_change_%",
                "at_value", "at_rate");
  os << line;
  int i = 0;
  for (const auto &k : ranks) {
    std::snprintf(line, sizeof line, "%-4d %-16s %14.3g  %-14s %s\n", ++i, k.knob.c_str(),
                  k.max_abs_change_pct, k.at_value.c_str(), k.at_rate.c_str());
    os << line;
  }
}

std::string crossover_sidecar_json(const CrossoverStudy &s, const std::string &table,
                                   const std::vector<std::string> &columns, double seconds,
                                   const std::vector<std::string> &outputs) {
  std::ostringstream os;
  os << "{\n  \"linkphy_version\": \"" << LINKPHY_SWEEPS_VERSION << "\",\n";
  os << "  \"command\": \"crossover\",\n";
  os << "  \"table\": \"" << json_escape(table) << "\",\n";
  os << "  \"name\": \"" << json_escape(s.name) << "\",\n";
  os << "  \"study_file\": \"" << json_escape(display_path(s.file)) << "\",\n";
  os << "  \"study\": \"" << json_escape(s.source_text) << "\",\n";
  os << "  \"criterion\": \"" << to_string(s.criterion) << "\",\n";
  os << "  \"fidelity\": \"" << to_string(s.fidelity) << "\",\n";
  os << "  \"ber_target\": " << jnum(s.base.ber_target) << ",\n";
  os << "  \"temperature_k\": " << jnum(s.base.temperature_k) << ",\n";
  os << "  \"lanes\": " << s.lanes << ",\n";
  os << "  \"lanes_note\": \""
     << (s.lanes == 0 ? "energy per link priced on one module's lanes of each technology at each "
                        "rate"
                      : "energy per link priced on this many lanes")
     << "\",\n";
  os << "  \"sets\": " << json_list(s.base.sets) << ",\n";
  os << "  \"rates\": " << json_list(s.rates) << ",\n";
  os << "  \"copper\": " << json_list(s.copper) << ",\n";
  os << "  \"optical\": " << json_list(s.optical) << ",\n";
  // User channel catalogs in load order: as given, where, and the file read (relative to the
  // working directory when inside it, as study_file).
  os << "  \"catalogs\": [";
  for (std::size_t i = 0; i < s.base.catalogs.size(); ++i) {
    const std::string &read = s.base.catalogs[i];
    const auto eq = read.find('=');
    const auto *src = i < s.catalog_sources.size() ? &s.catalog_sources[i] : nullptr;
    os << (i ? ", " : "") << "{\"kind\": \"" << json_escape(read.substr(0, eq))
       << "\", \"given\": \"" << json_escape(src ? src->given : read) << "\", \"where\": \""
       << json_escape(src ? src->where : "") << "\", \"file\": \""
       << json_escape(display_path(read.substr(eq + 1))) << "\"}";
  }
  os << "],\n";
  os << "  \"search_range_m\": [" << jnum(s.search_min_m) << ", " << jnum(s.search_max_m) << "],\n";
  os << "  \"tolerance_relative\": " << jnum(s.tolerance) << ",\n";
  os << "  \"columns\": " << json_list(columns) << ",\n";
  os << "  \"units\": \"SI; each column's unit is the suffix of its name (_m, _gbps, "
        "_pj_per_bit, _pct)\",\n";
  os << "  \"outputs\": " << json_list(outputs) << ",\n";
  os << "  \"seconds\": " << jnum(seconds) << "\n}\n";
  return os.str();
}

} // namespace linkphy::sweeps
