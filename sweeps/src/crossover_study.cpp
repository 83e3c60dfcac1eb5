// Reads crossover study TOML files (crossover_study.hpp) strictly: unknown keys and unit-less
// dimensioned numbers are errors naming file:line.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/toml_syntax.hpp>
#include <linkphy/sweeps/crossover_study.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include "crossover_internal.hpp"
#include "link_internal.hpp"
#include "toml_text.hpp"

#include <toml++/toml.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace linkphy::sweeps {
namespace {

std::string at(const std::filesystem::path &file, const toml::node &n) {
  return file.string() + ":" + std::to_string(n.source().begin.line);
}

std::string fmt(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::vector<std::string> text_list(const std::filesystem::path &file, const toml::node &n,
                                   const std::string &key) {
  const auto *arr = n.as_array();
  if (!arr)
    throw InputError(at(file, n), "'" + key + "' must be a list [a, b, …]");
  std::vector<std::string> out;
  for (const auto &e : *arr) // floats in short form: 1e-12, not 9.9999999999999998e-13
    out.push_back(e.is_floating_point() ? fmt(e.as_floating_point()->get())
                                        : detail::toml_scalar_text(e, at(file, n)));
  if (out.empty())
    throw InputError(at(file, n),
                     "'" + key + "' is empty; accepted: a list of one or more [a, b, …]");
  return out;
}

// SI unit text for writing a scaled value back (relative sensitivity).
std::string si_unit(Dimension d) {
  switch (d) {
  case Dimension::dimensionless:
    return "";
  case Dimension::length:
    return " m";
  case Dimension::temperature:
    return " K";
  case Dimension::frequency:
    return " Hz";
  case Dimension::time:
    return " s";
  case Dimension::inductance:
    return " H";
  case Dimension::capacitance:
    return " F";
  default:
    return "?";
  }
}

// Base text of a sensitivity key: the study's own value or the first study technology's key.
std::string base_text(const CrossoverStudy &s, const std::string &key, const std::string &where) {
  if (key == "ber_target")
    return fmt(s.base.ber_target);
  if (key == "temperature")
    return fmt(s.base.temperature_k) + " K";
  for (const auto &set : s.base.sets)
    if (set.rfind(key + "=", 0) == 0)
      return set.substr(key.size() + 1);
  const Catalog &c = technology_catalog();
  for (const auto *list : {&s.copper, &s.optical})
    for (const auto &t : *list)
      if (c.has(t)) {
        const ParamSet p = c.entry(t, "technology");
        if (p.has(key) && key != "source")
          return p.text(key);
      }
  throw InputError(where, "relative sensitivity of '" + key +
                              "': no technology of the study has that key (accepted: "
                              "ber_target, temperature, or a technology key)");
}

std::vector<double> distances(const std::filesystem::path &file, const toml::node &n) {
  std::vector<double> out;
  const std::string where = at(file, n);
  if (const auto *arr = n.as_array()) {
    for (const auto &e : *arr)
      out.push_back(
          parse_quantity_as(detail::toml_scalar_text(e, where), Dimension::length, where));
  } else if (const auto *t = n.as_table()) {
    const bool is_log = t->contains("log"), is_lin = t->contains("lin");
    for (const auto &[k, v] : *t)
      if (k.str() != "log" && k.str() != "lin" && k.str() != "points")
        throw InputError(at(file, v), "unknown key '" + std::string(k.str()) +
                                          "' in distances; accepted: log, lin, points");
    const std::string form = "; accepted: distances = { log|lin = [START, STOP], points = N }, "
                             "N a whole number from 2 to 10000";
    if (is_log == is_lin)
      throw InputError(
          where, std::string("distances ") +
                     (is_log ? "gives both log and lin" : "gives neither log nor lin") + form);
    const char *spacing = is_log ? "log" : "lin";
    const auto *ends = t->get_as<toml::array>(spacing);
    if (!ends || ends->size() != 2)
      throw InputError(at(file, *t->get(spacing)),
                       std::string("distances ") + spacing + " is not [START, STOP]" + form);
    const auto *pts = t->get_as<int64_t>("points");
    if (!t->contains("points"))
      throw InputError(where, "distances is missing points" + form);
    if (!pts)
      throw InputError(at(file, *t->get("points")),
                       "distances points is not a whole number" + form);
    if (pts->get() < 2 || pts->get() > 10000)
      throw InputError(at(file, *t->get("points")),
                       "distances points = " + std::to_string(pts->get()) + " is out of range" +
                           form);
    const double a =
        parse_quantity_as(detail::toml_scalar_text(*ends->get(0), where), Dimension::length, where);
    const double b =
        parse_quantity_as(detail::toml_scalar_text(*ends->get(1), where), Dimension::length, where);
    const auto np = static_cast<int>(pts->get());
    if (!(a > 0 && b > a))
      throw InputError(where, "distances START and STOP are not increasing lengths; accepted: "
                              "0 < START < STOP");
    for (int i = 0; i < np; ++i) {
      const double f = static_cast<double>(i) / (np - 1);
      out.push_back(is_log ? a * std::pow(b / a, f) : a + (b - a) * f);
    }
  } else {
    throw InputError(where, "distances must be a list or { log|lin = [START, STOP], points = N }");
  }
  if (out.empty())
    throw InputError(where, "distances is empty; accepted: a list of lengths with their units, "
                            "e.g. [\"1 m\", \"10 m\"]");
  for (std::size_t i = 0; i < out.size(); ++i)
    if (!(out[i] > 0) || (i && out[i] <= out[i - 1]))
      throw InputError(where, "distances must be > 0 m and increasing");
  return out;
}

} // namespace

CrossoverStudy read_crossover_study(const std::filesystem::path &file,
                                    const std::vector<std::string> &catalogs) {
  const std::string fname = file.string();
  if (std::filesystem::is_directory(file))
    throw InputError(fname, "is a directory, not a crossover study");
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw InputError(fname, "cannot open the crossover study");
  std::stringstream ss;
  ss << in.rdbuf();
  CrossoverStudy s;
  s.file = fname;
  s.source_text = ss.str();
  toml::table root;
  try {
    root = toml::parse(s.source_text, fname);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(fname, e.source().begin.line, e.source().begin.column, e.description());
  }
  for (const auto &[k, v] : root) {
    const std::string key(k.str());
    if (key != "crossover" && key != "map" && key != "sensitivity")
      throw InputError(at(file, v), (v.is_table() ? "unknown table '" + key + "'"
                                                  : "key '" + key + "' is outside every table") +
                                        "; accepted: [crossover], [map], [sensitivity]");
    if (!v.is_table())
      throw InputError(at(file, v), "'" + key + "' must be a table");
  }
  const auto *cx = root.get_as<toml::table>("crossover");
  if (!cx)
    throw InputError(fname, "missing the [crossover] table");
  for (const auto &[k, v] : *cx) {
    const std::string key(k.str()), where = at(file, v);
    if (key == "rates")
      s.rates = text_list(file, v, key);
    else if (key == "copper") {
      s.copper = text_list(file, v, key);
      s.copper_where = where + ": key 'copper'";
    } else if (key == "optical") {
      s.optical = text_list(file, v, key);
      s.optical_where = where + ": key 'optical'";
    } else if (key == "sets")
      s.base.sets = text_list(file, v, key);
    else if (key == "catalogs") {
      const std::string at_key = where + ": key 'catalogs'";
      for (const auto &c : text_list(file, v, key)) { // FILE beside the study, as a plan's
        s.base.catalogs.push_back(user_catalog_beside(c, file, at_key));
        s.catalog_sources.push_back({c, at_key});
      }
      try {
        (void)detail::channel_context(s.base.catalogs); // each file read and checked, here
      } catch (const InputError &e) {
        throw InputError(at_key, (e.where().empty() ? "" : e.where() + ": ") + e.detail());
      }
    } else {
      const std::string at_key = where + ": key '" + key + "'";
      const std::string text = detail::toml_scalar_text(v, at_key);
      if (key == "name")
        s.name = text;
      else if (key == "criterion")
        s.criterion = parse_criterion(text, at_key);
      else if (key == "fidelity")
        s.fidelity = parse_fidelity(text, at_key);
      else if (key == "plot_rate")
        s.plot_rate = text;
      else if (key == "ber_target") {
        s.base.ber_target = parse_quantity_as(text, Dimension::dimensionless, at_key);
        if (!(s.base.ber_target > 0 && s.base.ber_target < 0.5))
          throw InputError(at_key, "ber_target must be in (0, 0.5)");
      } else if (key == "temperature") {
        s.base.temperature_k = parse_quantity_as(text, Dimension::temperature, at_key);
        if (!(s.base.temperature_k >= 200 && s.base.temperature_k <= 400))
          throw InputError(at_key, "temperature must be 200–400 K");
      } else if (key == "lanes") {
        const double l = parse_quantity_as(text, Dimension::dimensionless, at_key);
        if (!(l >= 0 && l <= 1024 && l == std::floor(l)))
          throw InputError(
              at_key, "lanes must be an integer 0 (one module's lanes per technology) to 1024");
        s.lanes = static_cast<int>(l);
      } else if (key == "search_min")
        s.search_min_m = parse_quantity_as(text, Dimension::length, at_key);
      else if (key == "search_max")
        s.search_max_m = parse_quantity_as(text, Dimension::length, at_key);
      else if (key == "scan_points") {
        const double n = parse_quantity_as(text, Dimension::dimensionless, at_key);
        if (!(n >= 3 && n <= 1000 && n == std::floor(n)))
          throw InputError(at_key, "scan_points must be an integer 3–1000");
        s.scan_points = static_cast<int>(n);
      } else if (key == "tolerance") {
        // Relative: below ~1e-15 hi/lo - 1 never gets under it in doubles (the bisection hangs).
        s.tolerance = parse_quantity_as(text, Dimension::dimensionless, at_key);
        if (!(s.tolerance >= 1e-6 && s.tolerance <= 0.5))
          throw InputError(at_key, "tolerance must be from 1e-6 to 0.5 (relative)");
      } else
        throw InputError(where, "unknown key '" + key +
                                    "' in [crossover]; accepted: name, criterion, fidelity, "
                                    "rates, copper, optical, ber_target, temperature, lanes, "
                                    "search_min, search_max, scan_points, tolerance, "
                                    "plot_rate, sets, catalogs");
    }
  }
  if (const auto *map = root.get_as<toml::table>("map"))
    for (const auto &[k, v] : *map) {
      if (k.str() != "distances")
        throw InputError(at(file, v), "unknown key '" + std::string(k.str()) +
                                          "' in [map]; accepted: distances");
      s.map_distances_m = distances(file, v);
    }
  for (const auto &c : catalogs) { // --catalog: after the study's own, FILE as given
    (void)parse_user_catalog(c, "read_crossover_study catalogs");
    s.base.catalogs.push_back(c);
    s.catalog_sources.push_back({c, "read_crossover_study catalogs"});
  }
  if (!catalogs.empty()) {
    try {
      (void)detail::channel_context(s.base.catalogs);
    } catch (const InputError &e) {
      throw InputError("read_crossover_study catalogs",
                       (e.where().empty() ? "" : e.where() + ": ") + e.detail());
    }
  }
  if (s.map_distances_m.empty()) // default map grid: 10 cm … 10 km, 5 per decade
    for (int i = 0; i <= 25; ++i)
      s.map_distances_m.push_back(0.1 * std::pow(10.0, i / 5.0));
  detail::check_study(s);
  { // a technology listed on the other side of its catalog `family` is worth a warning
    const Catalog &c = technology_catalog();
    for (const auto &[list, family] : {std::pair{&s.copper, std::string("copper")},
                                       std::pair{&s.optical, std::string("optical")}})
      for (const auto &t : *list)
        if (const auto f = c.entry(t, "technology").text_or("family"); f && *f != family)
          s.warnings.push_back(fname + ": technology '" + t + "' is listed as " + family +
                               " but its catalog family is " + *f);
  }
  if (const auto *sens = root.get_as<toml::table>("sensitivity")) {
    std::vector<std::pair<std::string, const toml::node *>> ordered;
    for (const auto &[k, v] : *sens)
      ordered.emplace_back(std::string(k.str()), &v);
    std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
      return a.second->source().begin.line < b.second->source().begin.line;
    });
    for (const auto &[key, node] : ordered) {
      CrossoverStudy::Knob knob;
      knob.key = key;
      knob.where = at(file, *node);
      if (const auto *t = node->as_table()) {
        const auto *rel = t->get("relative");
        if (!rel || t->size() != 1)
          throw InputError(knob.where, "sensitivity '" + key +
                                           "' must be a list of values or { relative = P } "
                                           "(± P %)");
        const double pct = parse_quantity_as(detail::toml_scalar_text(*rel, knob.where),
                                             Dimension::dimensionless, knob.where);
        if (!(pct > 0 && pct < 100))
          throw InputError(knob.where, "relative must be a percentage in (0, 100)");
        const std::string base = base_text(s, key, knob.where);
        const Quantity q = parse_quantity(base, knob.where);
        const std::string unit = si_unit(q.dimension);
        if (unit == "?")
          throw InputError(knob.where, "relative sensitivity of '" + key + "' (" +
                                           dimension_name(q.dimension) +
                                           ") is not supported; give a list of values");
        for (const double f : {1 - pct / 100, 1 + pct / 100})
          knob.values.push_back(fmt(q.value * f) + unit);
      } else {
        knob.values = text_list(file, *node, key);
      }
      s.sensitivity.push_back(std::move(knob));
    }
  }
  return s;
}

std::filesystem::path default_crossover_study() {
  const auto dir = sweeps_data_dir();
  for (const auto &p : {dir.parent_path() / "examples" / "crossover" / "default.toml",
                        dir / "examples" / "crossover" / "default.toml"})
    if (std::filesystem::exists(p))
      return p;
  throw InputError("default study",
                   "sweeps/examples/crossover/default.toml not found next to " + dir.string());
}

} // namespace linkphy::sweeps
