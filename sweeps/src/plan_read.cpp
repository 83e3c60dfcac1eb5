// Reading plan files (plan.hpp, docs/plan.md): TOML with top-level settings and [[group]] tables.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/toml_syntax.hpp>
#include <linkphy/sweeps/plan.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/sweeps/user_catalog.hpp>

#include "link_internal.hpp"
#include "toml_text.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

namespace linkphy::sweeps {
namespace {

std::string line_of(const std::filesystem::path &file, const toml::node &n) {
  return file.string() + ":" + std::to_string(n.source().begin.line);
}

// "FILE:LINE: key 'k'" — the place of a key in messages.
std::string key_at(const std::filesystem::path &file, const toml::node &n, const std::string &k) {
  return line_of(file, n) + ": key '" + k + "'";
}

std::vector<std::string> strings_of(const toml::node &v, const std::string &where) {
  std::vector<std::string> out;
  if (const auto *arr = v.as_array()) {
    for (const auto &e : *arr)
      out.push_back(detail::toml_scalar_text(e, where));
  } else {
    out.push_back(detail::toml_scalar_text(v, where));
  }
  return out;
}

std::int64_t whole_number(const toml::node &v, const std::string &where, std::int64_t min,
                          std::int64_t max) {
  const auto *i = v.as_integer();
  if (!i)
    throw InputError(where, "must be a whole number " + std::to_string(min) + " to " +
                                std::to_string(max) + " (a bare integer)");
  const std::int64_t n = i->get();
  if (n < min || n > max)
    throw InputError(where, "must be " + std::to_string(min) + " to " + std::to_string(max) +
                                " (got " + std::to_string(n) + ")");
  return n;
}

double length_of(const toml::node &v, const std::string &where) {
  const double m = parse_quantity_as(detail::toml_scalar_text(v, where), Dimension::length, where);
  if (!(m >= 0) || !std::isfinite(m))
    throw InputError(where, "a length must be >= 0 m");
  return m;
}

void check_techs(const std::vector<std::string> &techs, const std::string &where) {
  const auto known = technology_names();
  if (techs.empty())
    throw InputError(where, "needs at least one technology");
  for (const auto &t : techs)
    if (std::find(known.begin(), known.end(), t) == known.end()) {
      throw InputError(where, "unknown technology '" + t + "'; known: " + join_list(known));
    }
}

PlanGroup read_group(const toml::table &g, const std::filesystem::path &file, int index) {
  PlanGroup grp;
  grp.where = line_of(file, g);
  grp.name = "group" + std::to_string(index);
  bool has_count = false, has_rate = false, has_lanes = false, has_techs = false;
  const toml::node *len = nullptr, *len_min = nullptr, *len_max = nullptr, *lens = nullptr,
                   *weights = nullptr;
  for (const auto &[k, v] : g) {
    const std::string key(k.str()), where = key_at(file, v, key);
    if (key == "name") {
      grp.name = detail::toml_scalar_text(v, where);
      // The outputs tell groups apart by name (a CSV row's first cell, a text line).
      const bool blank = grp.name.find_first_not_of(" \t") == std::string::npos;
      if (blank || std::any_of(grp.name.begin(), grp.name.end(),
                               [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        throw InputError(where, std::string(blank ? "is blank" : "holds a control character") +
                                    "; accepted: a name of printable characters, not blank");
    } else if (key == "count") {
      grp.count = whole_number(v, where, 1, 1'000'000'000);
      has_count = true;
    } else if (key == "rate") {
      grp.rate = detail::toml_scalar_text(v, where);
      grp.lane = parse_lane_rate(grp.rate, std::nullopt, std::nullopt, where);
      has_rate = true;
    } else if (key == "lanes") {
      grp.lanes = static_cast<int>(whole_number(v, where, 1, 1024));
      has_lanes = true;
    } else if (key == "length")
      len = &v;
    else if (key == "length_min")
      len_min = &v;
    else if (key == "length_max")
      len_max = &v;
    else if (key == "lengths")
      lens = &v;
    else if (key == "weights")
      weights = &v;
    else if (key == "techs") {
      grp.techs = strings_of(v, where);
      grp.techs_where = where;
      check_techs(grp.techs, where);
      has_techs = true;
    } else if (key == "set") {
      grp.sets = strings_of(v, where);
      grp.sets_where = where;
    } else
      throw InputError(where, "unknown key in [[group]]; accepted: name, count, rate, lanes, "
                              "length, length_min + length_max, lengths (+ weights), techs, set");
  }
  auto missing = [&](bool ok, const char *key) {
    if (!ok)
      throw InputError(grp.where, "[[group]] '" + grp.name + "' needs key '" + key + "'");
  };
  missing(has_count, "count");
  missing(has_rate, "rate");
  missing(has_lanes, "lanes");
  missing(has_techs, "techs");
  const int forms = (len ? 1 : 0) + ((len_min || len_max) ? 1 : 0) + (lens ? 1 : 0);
  if (forms != 1)
    throw InputError(grp.where, "[[group]] '" + grp.name +
                                    "' needs exactly one of: length = L; length_min = A and "
                                    "length_max = B (uniform); lengths = [L1, L2, …] (+ weights)");
  if (weights && !lens)
    throw InputError(key_at(file, *weights, "weights"), "weights go with lengths = [...]");
  if (len) {
    grp.lengths_m = {length_of(*len, key_at(file, *len, "length"))};
    grp.weights = {1.0};
  } else if (len_min || len_max) {
    if (!len_min || !len_max)
      throw InputError(grp.where, "[[group]] '" + grp.name +
                                      "': a uniform distribution needs both length_min and "
                                      "length_max");
    const double a = length_of(*len_min, key_at(file, *len_min, "length_min"));
    const double b = length_of(*len_max, key_at(file, *len_max, "length_max"));
    if (!(b >= a))
      throw InputError(key_at(file, *len_max, "length_max"), "must be >= length_min");
    grp.lengths_m = {a, b};
    grp.weights = {0.5, 0.5};
    grp.uniform = true;
  } else {
    const std::string where = key_at(file, *lens, "lengths");
    const auto *arr = lens->as_array();
    if (!arr || arr->empty())
      throw InputError(where, "must be a non-empty list of lengths, e.g. [\"0.5 m\", \"1 m\"]");
    for (const auto &e : *arr)
      grp.lengths_m.push_back(length_of(e, where));
    if (weights) {
      const std::string wwhere = key_at(file, *weights, "weights");
      const auto *warr = weights->as_array();
      if (!warr || warr->size() != arr->size())
        throw InputError(wwhere,
                         "needs one weight per length (" + std::to_string(arr->size()) + ")");
      for (const auto &e : *warr) {
        const double w = parse_quantity_as(detail::toml_scalar_text(e, wwhere),
                                           Dimension::dimensionless, wwhere);
        if (!(w > 0) || !std::isfinite(w))
          throw InputError(wwhere, "weights must be > 0");
        grp.weights.push_back(w);
      }
    } else {
      grp.weights.assign(grp.lengths_m.size(), 1.0);
    }
    const double sum = std::accumulate(grp.weights.begin(), grp.weights.end(), 0.0);
    for (auto &w : grp.weights)
      w /= sum;
  }
  return grp;
}

} // namespace

double PlanGroup::max_length_m() const {
  return lengths_m.empty() ? 0.0 : *std::max_element(lengths_m.begin(), lengths_m.end());
}

double PlanGroup::mean_length_m() const {
  if (uniform)
    return 0.5 * (lengths_m[0] + lengths_m[1]);
  double m = 0;
  for (std::size_t i = 0; i < lengths_m.size(); ++i)
    m += lengths_m[i] * weights[i];
  return m;
}

Plan parse_plan(const std::string &text, const std::filesystem::path &file) {
  const std::string fname = file.string();
  toml::table root;
  try {
    root = toml::parse(text, fname);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(fname, e.source().begin.line, e.source().begin.column, e.description());
  }
  Plan plan;
  plan.file = file;
  plan.name = file.stem().string();
  const toml::array *groups = nullptr;
  for (const auto &[k, v] : root) {
    const std::string key(k.str()), where = key_at(file, v, key);
    if (key == "group") {
      groups = v.as_array();
      if (!groups || !groups->is_array_of_tables())
        throw InputError(where, "groups are [[group]] tables");
    } else if (key == "name")
      plan.name = detail::toml_scalar_text(v, where);
    else if (key == "alternatives") {
      plan.alternatives = strings_of(v, where);
      plan.alternatives_where = where;
      check_techs(plan.alternatives, where);
    } else if (key == "ambient") {
      plan.ambient_k =
          parse_quantity_as(detail::toml_scalar_text(v, where), Dimension::temperature, where);
      if (!(plan.ambient_k >= 200 && plan.ambient_k <= 400))
        throw InputError(where, "must be 200 to 400 K (-73 to 127 degC)");
    } else if (key == "fidelity")
      plan.fidelity = parse_fidelity(detail::toml_scalar_text(v, where), where);
    else if (key == "ber_target") {
      plan.ber_target =
          parse_quantity_as(detail::toml_scalar_text(v, where), Dimension::dimensionless, where);
      if (!(plan.ber_target > 0 && plan.ber_target < 0.5))
        throw InputError(where, "must be in (0, 0.5)");
    } else if (key == "catalogs") {
      for (const auto &c : strings_of(v, where))
        plan.catalogs.push_back(user_catalog_beside(c, file, where));
      try {
        (void)detail::channel_context(plan.catalogs); // read and checked once, here
      } catch (const InputError &e) {
        throw InputError(where, (e.where().empty() ? "" : e.where() + ": ") + e.detail());
      }
    } else
      throw InputError(where, "unknown key; accepted: name, ambient, fidelity, ber_target, "
                              "alternatives, catalogs, [[group]]");
  }
  if (!groups || groups->empty())
    throw InputError(fname, "a plan needs at least one [[group]] table");
  int i = 0;
  for (const auto &g : *groups) {
    plan.groups.push_back(read_group(*g.as_table(), file, ++i));
    const PlanGroup &grp = plan.groups.back();
    for (std::size_t k = 0; k + 1 < plan.groups.size(); ++k)
      if (plan.groups[k].name == grp.name)
        throw InputError(grp.where, "[[group]] '" + grp.name + "': the group at " +
                                        plan.groups[k].where +
                                        " has that name too (a group without a name is groupN, "
                                        "N its place); accepted: a name no other group has");
  }
  return plan;
}

Plan read_plan(const std::filesystem::path &file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw InputError(file.string(), "cannot open the plan file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_plan(ss.str(), file);
}

} // namespace linkphy::sweeps
