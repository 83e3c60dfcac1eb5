// Technologies from sweeps/catalog/technologies.toml with `{key}` templates and `--set` overrides.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/technology.hpp>

#include <cstdio>
#include <mutex>

#ifndef LINKPHY_SWEEPS_CATALOG_DIR
#define LINKPHY_SWEEPS_CATALOG_DIR ""
#endif
#ifndef LINKPHY_SWEEPS_CATALOG_INSTALL_DIR
#define LINKPHY_SWEEPS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::sweeps {
namespace {

const Catalog &catalog() {
  static std::once_flag once;
  static Catalog c;
  std::call_once(once, [] {
    const auto dir =
        find_data_dir("sweeps", {LINKPHY_SWEEPS_CATALOG_DIR, LINKPHY_SWEEPS_CATALOG_INSTALL_DIR});
    c.load(dir / "technologies.toml");
  });
  return c;
}

// Replaces {key} by the entry's value (recursively, depth-limited).
std::string expand(const std::string &text, const ParamSet &p, const std::string &where,
                   int depth = 0) {
  if (depth > 8)
    throw InputError(where, "template nesting too deep (a key refers to itself?)");
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto open = text.find('{', i);
    if (open == std::string::npos) {
      out += text.substr(i);
      break;
    }
    const auto close = text.find('}', open);
    if (close == std::string::npos)
      throw InputError(where, "unbalanced '{' in '" + text + "'");
    out += text.substr(i, open - i);
    const std::string key = text.substr(open + 1, close - open - 1);
    if (!p.has(key))
      throw InputError(where, "'{" + key + "}' names no key of the technology");
    out += expand(p.text(key), p, where, depth + 1);
    i = close + 1;
  }
  return out;
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::size_t i = 0;
  for (;;) {
    const auto j = s.find(sep, i);
    std::string part = s.substr(i, j == std::string::npos ? std::string::npos : j - i);
    const auto a = part.find_first_not_of(" \t"), b = part.find_last_not_of(" \t");
    if (a != std::string::npos)
      out.push_back(part.substr(a, b - a + 1));
    if (j == std::string::npos)
      break;
    i = j + 1;
  }
  return out;
}

} // namespace

std::vector<std::string> technology_names() { return catalog().names(); }

Technology make_technology(const std::string &name, double length_m,
                           const std::vector<std::string> &sets) {
  if (!(length_m >= 0))
    throw InputError("--length", "must be >= 0 m");
  ParamSet p = catalog().entry(name, "technology");
  Technology t;
  t.name = name;
  for (const auto &s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("--set '" + s + "'", "expected key=value");
    const std::string key = s.substr(0, eq), value = s.substr(eq + 1);
    if (key.rfind("serdes.", 0) == 0) {
      t.serdes_overrides.set(key.substr(7), value, "--set '" + s + "'");
      continue;
    }
    if (!p.has(key) || key == "source") {
      std::string known;
      for (const auto &[k, v] : p.values())
        if (k != "source")
          known += (known.empty() ? "" : ", ") + k;
      throw InputError("--set '" + s + "'", "technology '" + name + "' has no key '" + key +
                                                "'; accepted: " + known + ", serdes.KEY");
    }
    p.set(key, value, "--set '" + s + "'");
  }
  char len[64];
  std::snprintf(len, sizeof len, "%.9g m", length_m);
  p.set("length", len);
  t.source = p.text("source");
  t.description = p.text_or("description").value_or("");
  const long hops = p.integer("hops", 1, 9);
  for (long h = 1; h <= hops; ++h) {
    TechnologyHop hop;
    hop.name = "hop" + std::to_string(h);
    const std::string where = "technology '" + name + "' key '" + hop.name + "'";
    hop.stage_specs = split(expand(p.text(hop.name), p, where), ';');
    if (hop.stage_specs.empty())
      throw InputError(where, "a hop needs at least one stage");
    const std::string skey = "serdes" + std::to_string(h);
    hop.serdes = expand(p.has(skey) ? p.text(skey) : p.text("serdes"), p, where);
    t.hops.push_back(std::move(hop));
  }
  t.length_min_m = p.quantity_or("length_min", Dimension::length, 0.01);
  t.length_max_m = p.quantity_or("length_max", Dimension::length, 10);
  if (!(t.length_min_m > 0 && t.length_max_m > t.length_min_m))
    throw InputError("technology '" + name + "'", "needs 0 < length_min < length_max");
  return t;
}

} // namespace linkphy::sweeps
