#include <linkphy/phy/error.hpp>
#include <linkphy/phy/toml_syntax.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include "toml_text.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace linkphy::sweeps {
namespace {

std::string line_of(const std::filesystem::path &file, const toml::node &n) {
  return file.string() + ":" + std::to_string(n.source().begin.line);
}

std::string scalar_text(const toml::node &n, const std::string &where) {
  return detail::toml_scalar_text(n, where);
}

std::string format_number(double v) {
  std::ostringstream os;
  os.precision(12);
  os << v;
  return os.str();
}

// Splits "0.5 m" into its number and unit text.
std::pair<double, std::string> split_number(const std::string &text, const std::string &where) {
  std::size_t pos = 0;
  double v = 0;
  try {
    v = std::stod(text, &pos);
  } catch (const std::exception &) {
    throw InputError(where, "'" + text + "' does not start with a number");
  }
  std::string unit = text.substr(pos);
  while (!unit.empty() && unit.front() == ' ')
    unit.erase(unit.begin());
  return {v, unit};
}

std::vector<std::string> range_values(const toml::table &t, const std::string &where) {
  const bool is_lin = t.contains("lin"), is_log = t.contains("log");
  if (is_lin == is_log)
    throw InputError(where, "a range is { lin = [START, STOP], points = N } or "
                            "{ log = [START, STOP], points = N }");
  for (const auto &[k, v] : t)
    if (k.str() != "lin" && k.str() != "log" && k.str() != "points")
      throw InputError(where, "unknown key '" + std::string(k.str()) +
                                  "' in a range; accepted: lin, log, points");
  const auto *ends = t.get_as<toml::array>(is_lin ? "lin" : "log");
  if (!ends || ends->size() != 2)
    throw InputError(where, "a range needs exactly two ends [START, STOP]");
  const auto *pts = t.get_as<int64_t>("points");
  if (!pts || pts->get() < 1)
    throw InputError(where, "a range needs points = N with N ≥ 1");
  if (static_cast<std::uint64_t>(pts->get()) > kMaxPointsWithoutForce) // even with --force
    throw InputError(where, "points = " + std::to_string(pts->get()) + "; accepted: 1 to " +
                                std::to_string(kMaxPointsWithoutForce) + " in one range");
  const std::string a = scalar_text(*ends->get(0), where), b = scalar_text(*ends->get(1), where);
  const Quantity qa = parse_quantity(a, where), qb = parse_quantity(b, where);
  if (qa.dimension != qb.dimension)
    throw InputError(where, "range ends '" + a + "' and '" + b + "' have different dimensions");
  const auto [na, unit] = split_number(a, where);
  // Convert the stop into the start's unit: SI = scale·x + offset.
  const Quantity one = parse_quantity("1 " + unit, where),
                 zero = parse_quantity("0 " + unit, where);
  const double scale = one.value - zero.value, offset = zero.value;
  const double nb = (qb.value - offset) / scale;
  const long n = static_cast<long>(pts->get());
  if (is_log && (na <= 0 || nb <= 0))
    throw InputError(where, "a log range needs positive ends");
  std::vector<std::string> out;
  for (long i = 0; i < n; ++i) {
    const double u = n == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(n - 1);
    const double v = is_lin ? na + u * (nb - na) : na * std::pow(nb / na, u);
    out.push_back(unit.empty() ? format_number(v) : format_number(v) + " " + unit);
  }
  return out;
}

std::string too_many_points(std::uint64_t n) {
  return (n == UINT64_MAX ? "more than 1.8e19" : std::to_string(n)) +
         " points in [axes] (accepted: up to " + std::to_string(kMaxPointsWithoutForce) +
         " without --force); pass --force if you mean it";
}

std::optional<Dimension> axis_dimension(const std::vector<std::string> &values) {
  std::optional<Dimension> dim;
  for (const auto &v : values) {
    Quantity q;
    try {
      q = parse_quantity(v);
    } catch (const InputError &) {
      return std::nullopt;
    }
    if (dim && *dim != q.dimension)
      return std::nullopt;
    dim = q.dimension;
  }
  return dim;
}

// The number of points the axes make (product or zip), from their sizes alone: the values of a
// range are not made yet. Saturates at UINT64_MAX. A range's own bounds are checked by
// range_values.
std::uint64_t count_points(const std::vector<std::pair<std::string, const toml::node *>> &axes,
                           Combine combine) {
  std::uint64_t n = 1;
  for (const auto &[key, node] : axes) {
    std::uint64_t len = 0;
    if (const auto *arr = node->as_array())
      len = arr->size();
    else if (const auto *t = node->as_table())
      if (const auto *pts = t->get_as<int64_t>("points"); pts && pts->get() > 0)
        len = static_cast<std::uint64_t>(pts->get());
    if (len == 0) // reported with its line when the axis is read
      return 0;
    if (combine == Combine::zip)
      return len; // the first axis (the rest must match it)
    n = n > UINT64_MAX / len ? UINT64_MAX : n * len;
  }
  return n;
}

// FNV-1a, 64 bit (Fowler, Noll, Vo): a fingerprint, not a cryptographic hash.
struct Fnv1a64 {
  std::uint64_t h = 14695981039346656037ull;
  void add(std::string_view s) {
    for (const char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 1099511628211ull;
    }
    h ^= 0xffu; // a separator no text holds: ("ab","c") and ("a","bc") differ
    h *= 1099511628211ull;
  }
};

} // namespace

std::string spec_fingerprint(const SweepSpec &spec) {
  Fnv1a64 f;
  f.add(spec.evaluator);
  f.add(spec.combine == Combine::zip ? "zip" : "product");
  for (const auto &[key, value] : spec.fixed.values()) { // sorted by key
    f.add(key);
    f.add(value);
  }
  for (const auto &axis : spec.axes) {
    f.add("axis");
    f.add(axis.key);
    for (const auto &v : axis.values)
      f.add(v);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(f.h));
  return hex;
}

std::string si_suffix(Dimension d) {
  switch (d) {
  case Dimension::dimensionless:
    return "";
  case Dimension::length:
    return "m";
  case Dimension::frequency:
    return "hz";
  case Dimension::time:
    return "s";
  case Dimension::power:
    return "w";
  case Dimension::power_level:
    return "dbm";
  case Dimension::gain:
    return "db";
  case Dimension::temperature:
    return "k";
  case Dimension::symbol_rate:
    return "bd";
  case Dimension::bit_rate:
    return "bps";
  case Dimension::attenuation:
    return "db_per_m";
  case Dimension::dispersion:
    return "s_per_m2";
  case Dimension::dispersion_slope:
    return "s_per_m3";
  case Dimension::conductivity:
    return "s_per_m";
  case Dimension::resistance:
    return "ohm";
  case Dimension::capacitance:
    return "f";
  case Dimension::inductance:
    return "h";
  case Dimension::voltage:
    return "v";
  case Dimension::current:
    return "a";
  case Dimension::energy:
    return "j";
  case Dimension::energy_per_bit:
    return "j_per_bit";
  case Dimension::bandwidth_length:
    return "hz_m";
  case Dimension::current_density:
    return "a_per_rthz";
  case Dimension::rin:
    return "db_per_hz";
  case Dimension::responsivity:
    return "a_per_w";
  case Dimension::temperature_coefficient:
    return "per_k";
  case Dimension::time_per_length:
    return "s_per_m";
  case Dimension::resistance_per_length:
    return "ohm_per_m";
  }
  return "";
}

std::string column_name(const std::string &key, std::optional<Dimension> dimension) {
  std::string base = key;
  for (auto &c : base)
    if (c == '.' || c == '-' || c == ' ')
      c = '_';
  if (!dimension || *dimension == Dimension::dimensionless)
    return base;
  return base + "_" + si_suffix(*dimension);
}

std::uint64_t SweepSpec::point_count() const {
  if (axes.empty())
    return 1;
  if (combine == Combine::zip)
    return axes.front().values.size();
  std::uint64_t n = 1;
  for (const auto &a : axes) {
    const std::uint64_t len = a.values.size();
    if (len == 0) // a spec built in code with an empty axis: no points (the reader refuses one)
      return 0;
    if (n > UINT64_MAX / len)
      return UINT64_MAX;
    n *= len;
  }
  return n;
}

std::vector<std::size_t> SweepSpec::point_indices(std::uint64_t i) const {
  if (i >= point_count())
    throw std::out_of_range("sweep point " + std::to_string(i) + " of a spec with " +
                            std::to_string(point_count()) + " points");
  std::vector<std::size_t> idx(axes.size());
  if (combine == Combine::zip) {
    for (auto &v : idx)
      v = static_cast<std::size_t>(i);
    return idx;
  }
  for (std::size_t a = axes.size(); a-- > 0;) {
    const std::uint64_t len = axes[a].values.size();
    idx[a] = static_cast<std::size_t>(i % len);
    i /= len;
  }
  return idx;
}

ParamSet SweepSpec::point(std::uint64_t i) const {
  ParamSet p = fixed;
  const auto idx = point_indices(i);
  for (std::size_t a = 0; a < axes.size(); ++a)
    p.set(axes[a].key, axes[a].values[idx[a]], axes[a].where);
  return p;
}

SweepSpec read_sweep_spec(const std::filesystem::path &file, bool force) {
  const std::string fname = file.string();
  if (std::filesystem::is_directory(file))
    throw InputError(fname, "is a directory, not a sweep spec");
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw InputError(fname, "cannot open the sweep spec");
  std::stringstream ss;
  ss << in.rdbuf();
  SweepSpec spec;
  spec.file = file;
  spec.source_text = ss.str();
  toml::table root;
  try {
    root = toml::parse(spec.source_text, fname);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(fname, e.source().begin.line, e.source().begin.column, e.description());
  }
  spec.fixed = ParamSet(fname);
  for (const auto &[k, v] : root) {
    const std::string key(k.str());
    if (key != "sweep" && key != "axes" && key != "fixed")
      throw InputError(line_of(file, v),
                       (v.is_table() ? "unknown table '" + key + "'"
                                     : "key '" + key + "' is outside every table") +
                           "; accepted: [sweep], [fixed], [axes]");
    if (!v.is_table())
      throw InputError(line_of(file, v), "'" + key + "' must be a table");
  }
  const auto *sweep = root.get_as<toml::table>("sweep");
  if (!sweep)
    throw InputError(fname, "missing the [sweep] table");
  for (const auto &[k, v] : *sweep) {
    const std::string key(k.str()), where = line_of(file, v);
    const std::string text = scalar_text(v, where);
    if (key == "name")
      spec.name = text;
    else if (key == "evaluator") {
      spec.evaluator = text;
      spec.evaluator_where = where;
    } else if (key == "combine") {
      if (text == "product")
        spec.combine = Combine::product;
      else if (text == "zip")
        spec.combine = Combine::zip;
      else
        throw InputError(where, "combine = '" + text + "'; accepted: product, zip");
    } else if (key == "fidelity" || key == "ber_target" || key == "fec")
      spec.fixed.set(key, text, where);
    else
      throw InputError(where, "unknown key '" + key +
                                  "' in [sweep]; accepted: name, evaluator, combine, fidelity, "
                                  "ber_target, fec");
  }
  if (spec.evaluator.empty())
    throw InputError(line_of(file, *sweep), "[sweep] needs evaluator = \"NAME\"");
  if (const auto *fixed = root.get_as<toml::table>("fixed"))
    for (const auto &[k, v] : *fixed) {
      const std::string where = line_of(file, v);
      spec.fixed.set(std::string(k.str()), scalar_text(v, where), where);
    }
  if (const auto *axes = root.get_as<toml::table>("axes")) {
    // toml++ iterates keys in sorted order; axes keep the order they are written in.
    std::vector<std::pair<std::string, const toml::node *>> ordered;
    for (const auto &[k, v] : *axes)
      ordered.emplace_back(std::string(k.str()), &v);
    std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
      const auto &pa = a.second->source().begin, &pb = b.second->source().begin;
      return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
    });
    // The point count is known from the axes' sizes: a huge sweep is refused before any range's
    // values are made (a billion of them would exhaust memory first).
    if (const std::uint64_t n = count_points(ordered, spec.combine);
        n > kMaxPointsWithoutForce && !force)
      throw InputError(line_of(file, *axes), too_many_points(n));
    for (const auto &[key, node] : ordered) {
      const toml::node &v = *node;
      const std::string_view k = key;
      Axis axis;
      axis.key = std::string(k);
      axis.where = line_of(file, v);
      if (spec.fixed.has(axis.key)) { // [sweep] keys (fidelity, ber_target, fec) are fixed too
        std::string at = spec.fixed.where_key(axis.key); // "FILE:LINE: key 'k'"
        at = at.substr(0, at.rfind(": key '"));
        throw InputError(axis.where, "axis '" + axis.key + "' is also a fixed key (" + at +
                                         ", [sweep] or [fixed]); give it once");
      }
      if (const auto *arr = v.as_array()) {
        for (const auto &e : *arr)
          axis.values.push_back(scalar_text(e, axis.where));
      } else if (const auto *t = v.as_table()) {
        axis.values = range_values(*t, axis.where);
      } else {
        throw InputError(axis.where, "axis '" + axis.key +
                                         "' must be a list [a, b, …] or a range "
                                         "{ lin|log = [START, STOP], points = N }");
      }
      if (axis.values.empty())
        throw InputError(axis.where,
                         "axis '" + axis.key + "' is empty (accepted: one value or more)");
      axis.dimension = axis_dimension(axis.values);
      spec.axes.push_back(std::move(axis));
    }
  }
  if (spec.combine == Combine::zip)
    for (const auto &a : spec.axes)
      if (a.values.size() != spec.axes.front().values.size())
        throw InputError(a.where, "combine = \"zip\" needs axes of equal length ('" +
                                      spec.axes.front().key + "' has " +
                                      std::to_string(spec.axes.front().values.size()) + ", '" +
                                      a.key + "' has " + std::to_string(a.values.size()) + ")");
  const std::uint64_t n = spec.point_count();
  if (n > kMaxPointsWithoutForce && !force)
    throw InputError(line_of(file, *root.get_as<toml::table>("axes")), too_many_points(n));
  return spec;
}

} // namespace linkphy::sweeps
