// Link requests from TOML (link_config.hpp).
#include "toml_text.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/link_config.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <algorithm>
#include <functional>
#include <optional>

#include <toml++/toml.h>

namespace linkphy::sweeps {

const std::set<std::string> &link_config_keys() {
  static const std::set<std::string> keys{"tech",     "length",     "rate",       "modulation",
                                          "fidelity", "ber_target", "mc_symbols", "temperature",
                                          "channels", "set"};
  return keys;
}

namespace {

double plain_number(const toml::node &n, const std::string &where) {
  if (auto f = n.as_floating_point())
    return f->get();
  if (auto i = n.as_integer())
    return static_cast<double>(i->get());
  throw InputError(where, "must be a plain number");
}

// The spec's syntax and kind; its values and the catalog names in it are judged when the stage is
// built (evaluate_link_config), where the command line's --catalog files are known.
void check_channel_spec(const std::string &text, const std::string &where) {
  Spec spec;
  try {
    spec = parse_spec(text);
  } catch (const InputError &e) {
    throw InputError(where, (e.where().empty() ? "" : e.where() + ": ") + e.detail());
  }
  const auto kinds = channel_kind_names();
  if (std::find(kinds.begin(), kinds.end(), spec.kind) == kinds.end())
    throw InputError(where, "spec '" + text + "': unknown kind '" + spec.kind +
                                "'; accepted: " + join_list(kinds));
}

// The rate as far as the file alone decides: with the file's modulation, or, when the file gives
// none, with any (the command line's --modulation may complete "106.25 Gb/s").
void check_rate(const std::string &rate, const std::optional<std::string> &modulation,
                const std::string &where) {
  std::optional<Modulation> mod;
  if (modulation)
    mod = parse_modulation(*modulation, where);
  try {
    (void)parse_lane_rate(rate, mod, std::nullopt, where, "LinkRequest.modulation");
  } catch (const InputError &) {
    if (modulation)
      throw;
    for (const char *m : {"NRZ", "PAM4"})
      try {
        (void)parse_lane_rate(rate, parse_modulation(m), std::nullopt, where);
        return;
      } catch (const InputError &) {
      }
    throw;
  }
}

} // namespace

void drop_file_key(LinkConfig &cfg, const std::string &key) {
  cfg.where.erase(key);
  if (key == "channels")
    cfg.channel_where.clear();
}

LinkConfig read_link_config(const std::filesystem::path &file, const std::string &tech_for_sets) {
  const std::string fname = file.string();
  const toml::table tbl = detail::parse_toml_file(file, "link configuration file");
  LinkConfig cfg;
  LinkRequest &q = cfg.request;
  std::vector<std::string> &set_where = cfg.set_where; // file:line of each q.sets entry
  for (const auto &[k, v] : tbl) {
    const std::string key(k.str());
    const std::string where =
        fname + ":" + std::to_string(v.source().begin.line) + ": key '" + key + "'";
    if (!link_config_keys().count(key))
      throw InputError(where, "unknown key (accepted: " + join_list(link_config_keys()) + ")");
    cfg.given.insert(key);
    if (key != "set" && key != "channels")
      cfg.where[key] = where;
    if (key == "set") {
      const auto *t = v.as_table();
      if (!t)
        throw InputError(where, "must be a table: [set] with key = value lines");
      // Dotted keys (serdes.eq_search = "local") arrive as nested tables: flattened back.
      std::function<void(const toml::table &, const std::string &)> add =
          [&](const toml::table &tt, const std::string &prefix) {
            for (const auto &[sk, sv] : tt) {
              const std::string name = prefix + std::string(sk.str());
              if (const auto *sub = sv.as_table()) {
                add(*sub, name + ".");
                continue;
              }
              const std::string swhere =
                  fname + ":" + std::to_string(sv.source().begin.line) + ": key 'set." + name + "'";
              q.sets.push_back(name + "=" + detail::toml_scalar_text(sv, swhere));
              set_where.push_back(swhere);
            }
          };
      add(*t, "");
    } else if (key == "channels") {
      const auto *a = v.as_array();
      if (!a || a->empty())
        throw InputError(where, "must be a non-empty array of channel spec strings");
      for (const auto &e : *a) {
        const auto *s = e.as_string();
        if (!s)
          throw InputError(where, "must hold channel spec strings");
        const std::string ewhere =
            fname + ":" + std::to_string(e.source().begin.line) + ": key 'channels'";
        check_channel_spec(s->get(), ewhere);
        q.channels.push_back(s->get());
        cfg.channel_where.push_back(ewhere);
      }
    } else if (key == "ber_target") {
      q.ber_target = plain_number(v, where);
      if (!(q.ber_target > 0 && q.ber_target < 0.5))
        throw InputError(where, "must be in (0, 0.5)");
    } else if (key == "mc_symbols") {
      const double n = plain_number(v, where);
      if (!(n >= 1000 && n <= 1e9) || n != static_cast<double>(static_cast<long long>(n)))
        throw InputError(where, "must be a whole number from 1000 to 1e9");
      q.mc_symbols = static_cast<std::uint64_t>(n);
    } else {
      const auto *s = v.as_string();
      if (!s)
        throw InputError(where,
                         "must be a string" + std::string(key == "length" || key == "temperature"
                                                              ? " with its unit, e.g. \"2 m\""
                                                              : ""));
      const std::string text = s->get();
      if (key == "tech") {
        const auto known = technology_names();
        if (std::find(known.begin(), known.end(), text) == known.end())
          throw InputError(where,
                           "unknown technology '" + text + "'; accepted: " + join_list(known));
        q.tech = text;
      } else if (key == "length") {
        q.length_m = parse_quantity_as(text, Dimension::length, where);
        if (!(q.length_m >= 0 && q.length_m <= 100e3))
          throw InputError(where, "'" + text + "': accepted 0 m to 100 km");
      } else if (key == "rate") {
        q.rate = text;
      } else if (key == "modulation") {
        (void)parse_modulation(text, where);
        q.modulation = text;
      } else if (key == "fidelity") {
        q.fidelity = parse_fidelity(text, where);
      } else if (key == "temperature") {
        q.temperature_k = parse_quantity_as(text, Dimension::temperature, where);
        if (!(q.temperature_k >= 200 && q.temperature_k <= 450))
          throw InputError(where, "'" + text + "': accepted 200 K to 450 K (-73 to 177 degC)");
      }
    }
  }
  if (cfg.given.count("rate"))
    check_rate(q.rate, q.modulation, cfg.where.at("rate"));
  // The file's overrides checked against their technology here, where their lines are known.
  const std::string set_tech =
      !tech_for_sets.empty() ? tech_for_sets : (cfg.given.count("tech") ? q.tech : "");
  if (!set_tech.empty())
    for (std::size_t i = 0; i < q.sets.size(); ++i) {
      try {
        const Technology t = make_technology(set_tech, 1.0, {q.sets[i]});
        if (q.sets[i].rfind("serdes.", 0) == 0) // SerDes keys are checked by the SerDes catalog
          (void)transceivers::find_serdes(t.hops.front().serdes, t.serdes_overrides);
      } catch (const InputError &e) {
        // The technology alone builds (its name was checked): the entry is at fault. Named
        // "LinkRequest.sets '…'" by make_technology, else (length_min = "-1 m") keeping its place
        // as context. (Built from where() and detail(), not what(): a NUL in the value would end
        // what().)
        const bool bare = e.where().empty() || e.where().rfind("LinkRequest.sets", 0) == 0;
        throw InputError(set_where[i], bare ? e.detail() : e.where() + ": " + e.detail());
      }
    }
  return cfg;
}

} // namespace linkphy::sweeps
