// Link requests from TOML (link_config.hpp).
#include "toml_text.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/sweeps/link_config.hpp>

#include <toml++/toml.h>

namespace linkphy::sweeps {

const std::set<std::string> &link_config_keys() {
  static const std::set<std::string> keys{"tech",     "length",     "rate",       "modulation",
                                          "fidelity", "ber_target", "mc_symbols", "temperature",
                                          "channels", "set"};
  return keys;
}

namespace {

std::string accepted_keys() {
  std::string s;
  for (const auto &k : link_config_keys())
    s += (s.empty() ? "" : ", ") + k;
  return s;
}

double plain_number(const toml::node &n, const std::string &where) {
  if (auto f = n.as_floating_point())
    return f->get();
  if (auto i = n.as_integer())
    return static_cast<double>(i->get());
  throw InputError(where, "must be a plain number");
}

} // namespace

LinkConfig read_link_config(const std::filesystem::path &file) {
  const std::string fname = file.string();
  const toml::table tbl = detail::parse_toml_file(file, "link configuration file");
  LinkConfig cfg;
  LinkRequest &q = cfg.request;
  for (const auto &[k, v] : tbl) {
    const std::string key(k.str());
    const std::string where =
        fname + ":" + std::to_string(v.source().begin.line) + ": key '" + key + "'";
    if (!link_config_keys().count(key))
      throw InputError(where, "unknown key (accepted: " + accepted_keys() + ")");
    cfg.given.insert(key);
    if (key == "set") {
      const auto *t = v.as_table();
      if (!t)
        throw InputError(where, "must be a table: [set] with key = value lines");
      for (const auto &[sk, sv] : *t) {
        const std::string swhere = fname + ":" + std::to_string(sv.source().begin.line) +
                                   ": key 'set." + std::string(sk.str()) + "'";
        q.sets.push_back(std::string(sk.str()) + "=" + detail::toml_scalar_text(sv, swhere));
      }
    } else if (key == "channels") {
      const auto *a = v.as_array();
      if (!a || a->empty())
        throw InputError(where, "must be a non-empty array of channel spec strings");
      for (const auto &e : *a) {
        const auto *s = e.as_string();
        if (!s)
          throw InputError(where, "must hold channel spec strings");
        q.channels.push_back(s->get());
      }
    } else if (key == "ber_target") {
      q.ber_target = plain_number(v, where);
      if (!(q.ber_target > 0 && q.ber_target < 0.5))
        throw InputError(where, "must be in (0, 0.5)");
    } else if (key == "mc_symbols") {
      const double n = plain_number(v, where);
      if (!(n >= 1000 && n <= 1e12) || n != static_cast<double>(static_cast<long long>(n)))
        throw InputError(where, "must be a whole number from 1000 to 1e12");
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
        q.tech = text;
      } else if (key == "length") {
        q.length_m = parse_quantity_as(text, Dimension::length, where);
        if (!(q.length_m >= 0 && q.length_m <= 100e3))
          throw InputError(where, "'" + text + "': accepted 0 m to 100 km");
      } else if (key == "rate") {
        q.rate = text;
      } else if (key == "modulation") {
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
  return cfg;
}

} // namespace linkphy::sweeps
