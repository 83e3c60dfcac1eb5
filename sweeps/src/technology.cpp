// Technologies from sweeps/catalog/technologies.toml with `{key}` templates and `--set` overrides.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/technology.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <mutex>

#ifndef LINKPHY_SWEEPS_CATALOG_INSTALL_DIR
#define LINKPHY_SWEEPS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::sweeps {
namespace {

const Catalog &catalog() { return technology_catalog(); }

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

// An `optical:length=L[,extra_loss=X dB]` stage of a hop.
OpticalSpan optical_span(const std::string &spec_text, const std::string &where) {
  const Spec spec = parse_spec(spec_text);
  OpticalSpan o;
  o.length_m = spec.params.quantity("length", Dimension::length);
  spec.params.require_range("length", o.length_m, 0, 1e6, "0 m to 1000 km");
  o.extra_loss_db = spec.params.quantity_or("extra_loss", Dimension::gain, 0);
  spec.params.require_range("extra_loss", o.extra_loss_db, 0, 100, "0 dB to 100 dB");
  try {
    spec.params.reject_unused({"length", "extra_loss"});
  } catch (const InputError &e) {
    throw InputError(where, e.what());
  }
  return o;
}

} // namespace

std::string to_string(HopKind k) {
  switch (k) {
  case HopKind::optical:
    return "optical";
  case HopKind::linear:
    return "linear";
  default:
    return "electrical";
  }
}

std::filesystem::path sweeps_data_dir() {
  return find_data_dir("sweeps", {LINKPHY_SWEEPS_CATALOG_INSTALL_DIR});
}

const Catalog &technology_catalog() {
  static std::once_flag once;
  static Catalog c;
  std::call_once(once, [] { c.load(sweeps_data_dir() / "technologies.toml"); });
  return c;
}

std::vector<std::string> technology_names() { return catalog().names(); }

std::string technology_family(const std::string &name) {
  const ParamSet p = catalog().entry(name, "technology");
  return p.text_or("family").value_or("copper");
}

Technology make_technology(const std::string &name, double length_m,
                           const std::vector<std::string> &sets, std::string_view rate_class) {
  if (!(length_m >= 0))
    throw InputError("LinkRequest.length_m", "must be >= 0 m");
  ParamSet p = catalog().entry(name, "technology");
  Technology t;
  t.name = name;
  const std::vector<std::string> rates_all = lane_rate_class_names();
  for (const auto &s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("LinkRequest.sets '" + s + "'", "expected key=value");
    const std::string key = s.substr(0, eq), value = s.substr(eq + 1);
    if (key.rfind("serdes.", 0) == 0) {
      t.serdes_overrides.set(key.substr(7), value, "LinkRequest.sets '" + s + "'");
      continue;
    }
    // Keys every technology takes even when its entry leaves them to their defaults.
    const bool optional_key =
        key == "rates" || key == "com_min" || key == "next_icn" || key == "next_delay" ||
        (key.rfind("pmd_", 0) == 0 &&
         std::find(rates_all.begin(), rates_all.end(), key.substr(4)) != rates_all.end());
    if ((!p.has(key) && !optional_key) || key == "source") {
      std::string known;
      for (const auto &[k, v] : p.values())
        if (k != "source")
          known += (known.empty() ? "" : ", ") + k;
      for (const char *k : {"rates", "com_min", "next_icn", "next_delay"})
        if (!p.has(k))
          known += std::string(", ") + k;
      throw InputError("LinkRequest.sets '" + s + "'", "technology '" + name + "' has no key '" +
                                                           key + "'; accepted: " + known +
                                                           ", pmd_25G..pmd_400G, serdes.KEY");
    }
    p.set(key, value, "LinkRequest.sets '" + s + "'");
  }
  // Per-rate keys (host_25G …) stand in for their base key at that rate unless it was set.
  if (!rate_class.empty()) {
    std::string suffix = "_";
    suffix += lane_rate_class(rate_class, "technology rate").name;
    std::vector<std::pair<std::string, std::string>> per_rate;
    for (const auto &[k, v] : p.values())
      if (k.size() > suffix.size() &&
          k.compare(k.size() - suffix.size(), suffix.size(), suffix) == 0)
        per_rate.emplace_back(k.substr(0, k.size() - suffix.size()), k);
    for (const auto &[base, k] : per_rate) {
      const bool user_set = std::any_of(sets.begin(), sets.end(), [&](const std::string &s) {
        return s.rfind(base + "=", 0) == 0;
      });
      if (p.has(base) && !user_set)
        p.set(base, p.text(k), p.where_key(k));
    }
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
    // An `optical:` stage makes the hop optical (alone) or linear (with copper stages).
    std::vector<std::string> copper;
    for (const auto &spec : hop.stage_specs) {
      if (spec.rfind("optical:", 0) != 0) {
        copper.push_back(spec);
        continue;
      }
      if (hop.optical)
        throw InputError(where, "a hop takes at most one optical: stage");
      hop.optical = optical_span(spec, where);
    }
    hop.stage_specs = std::move(copper);
    hop.kind = !hop.optical ? HopKind::electrical
                            : (hop.stage_specs.empty() ? HopKind::optical : HopKind::linear);
    const std::string skey = "serdes" + std::to_string(h);
    if (hop.kind != HopKind::optical)
      hop.serdes = expand(p.has(skey) ? p.text(skey) : p.text("serdes"), p, where);
    t.hops.push_back(std::move(hop));
  }
  t.family = p.text_or("family").value_or("copper");
  if (t.family != "copper" && t.family != "optical")
    throw InputError(p.where_key("family"), "'" + t.family + "'; accepted: copper, optical");
  t.module = p.text_or("module").value_or("");
  (void)p.text_or("note");
  bool has_optics = false;
  for (const auto &h : t.hops)
    has_optics = has_optics || h.optical.has_value();
  for (const auto &rc : lane_rate_class_names())
    if (const auto pmd = p.text_or("pmd_" + rc))
      t.pmds[rc] = expand(*pmd, p, "technology '" + name + "' key 'pmd_" + rc + "'");
  if (const auto r = p.text_or("rates")) {
    for (const auto &rc : split(*r, ','))
      t.rates.push_back(lane_rate_class(rc, p.where_key("rates")).name);
  } else if (has_optics) {
    for (const auto &rc : lane_rate_class_names())
      if (t.pmds.count(rc))
        t.rates.push_back(rc);
  } else {
    t.rates = lane_rate_class_names();
  }
  if (has_optics)
    for (const auto &rc : t.rates)
      if (!t.pmds.count(rc))
        throw InputError("technology '" + name + "'",
                         "runs " + rc + " (key rates) but has no key pmd_" + rc);
  t.com_min_db = p.quantity_or("com_min", Dimension::gain, 3);
  p.require_range("com_min", t.com_min_db, 0, 20, "0 dB to 20 dB");
  t.next_icn_v = p.quantity_or("next_icn", Dimension::voltage, 0);
  p.require_range("next_icn", t.next_icn_v, 0, 0.1, "0 V to 0.1 V");
  t.next_delay_s = p.quantity_or("next_delay", Dimension::time, 0);
  p.require_range("next_delay", t.next_delay_s, 0, 1e-9, "0 s to 1 ns");
  t.length_min_m = p.quantity_or("length_min", Dimension::length, 0.01);
  t.length_max_m = p.quantity_or("length_max", Dimension::length, 10);
  if (!(t.length_min_m > 0 && t.length_max_m > t.length_min_m))
    throw InputError("technology '" + name + "'", "needs 0 < length_min < length_max");
  // A set key nothing read at this rate had no effect (e.g. host_length where host_100G replaces
  // the host that uses it): say so rather than leave the user believing it applied.
  if (!rate_class.empty()) {
    const auto unused = p.unused();
    for (const auto &s : sets) {
      const std::string key = s.substr(0, s.find('='));
      if (key.rfind("serdes.", 0) != 0 &&
          std::find(unused.begin(), unused.end(), key) != unused.end())
        t.warnings.push_back("LinkRequest.sets '" + s + "' has no effect at " +
                             std::string(rate_class) + ": nothing of technology '" + name +
                             "' uses '" + key + "' there (a per-rate key such as host_" +
                             std::string(rate_class) + " may replace the key that does)");
    }
  }
  return t;
}

std::string technology_rate_class(const Technology &tech, const LaneRate &lane) {
  std::string cls;
  for (const auto &rc : lane_rate_class_names()) {
    const LaneRate c = lane_rate_class(rc);
    if (std::abs(c.line_rate_bps - lane.line_rate_bps) <= 0.01 * c.line_rate_bps) {
      cls = rc;
      break;
    }
  }
  const bool runs =
      !cls.empty() && std::find(tech.rates.begin(), tech.rates.end(), cls) != tech.rates.end();
  if (runs)
    return cls;
  const bool has_optics = !tech.pmds.empty();
  if (cls.empty() && !has_optics && tech.rates == lane_rate_class_names())
    return ""; // an explicit rate on a copper technology without a rate list
  char what[64];
  std::snprintf(what, sizeof what, "%.6g Gb/s", lane.line_rate_bps / 1e9);
  throw InputError("LinkRequest.rate", "technology '" + tech.name + "' cannot run " +
                                           (cls.empty() ? std::string(what) : cls) + " (it runs " +
                                           join_list(tech.rates) + ")");
}

} // namespace linkphy::sweeps
