// A link configuration evaluated, its errors traced back to the file's keys (link_config.hpp).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/sweeps/link_config.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace linkphy::sweeps {
namespace {

// Whether building the request's technology and stages fails: an analytic evaluation without
// power and without the plan cache (the cheapest that builds every stage; milliseconds).
bool build_fails(LinkRequest q) {
  q.fidelity = Fidelity::analytic;
  q.with_power = false;
  q.analytic_cache = false;
  try {
    (void)evaluate_link(q);
    return false;
  } catch (const InputError &) {
    return true;
  }
}

std::string set_key(const std::string &set) { return set.substr(0, set.find('=')); }

// The prefix of the names evaluate_link gives its request's fields, and a set entry's name.
constexpr const char *kField = "LinkRequest.";
std::string set_name(const std::string &set) { return "LinkRequest.sets '" + set + "'"; }

// The index of the set entry of `q` at fault when evaluating `q` failed, if one is: the first
// whose removal lets the stages build, else (several at fault) the first that alone breaks a
// build that succeeds without any. Entries a later entry of the same key replaces are skipped.
std::optional<std::size_t> set_at_fault(const LinkRequest &q) {
  std::vector<std::size_t> live;
  for (std::size_t i = 0; i < q.sets.size(); ++i) {
    bool replaced = false;
    for (std::size_t j = i + 1; j < q.sets.size(); ++j)
      replaced = replaced || set_key(q.sets[j]) == set_key(q.sets[i]);
    if (!replaced)
      live.push_back(i);
  }
  if (live.empty() || !build_fails(q))
    return std::nullopt;
  for (const std::size_t i : live) {
    LinkRequest without = q;
    without.sets.erase(without.sets.begin() + static_cast<long>(i));
    if (!build_fails(without))
      return i;
  }
  LinkRequest none = q;
  none.sets.clear();
  if (build_fails(none))
    return std::nullopt;
  for (const std::size_t i : live) {
    LinkRequest alone = none;
    alone.sets.push_back(q.sets[i]);
    if (build_fails(alone))
      return i;
  }
  return std::nullopt;
}

// The place of the value that caused `e`, "" when it is none of the file's (nor a set entry).
std::string place_of(const LinkConfig &cfg, const InputError &e) {
  const LinkRequest &q = cfg.request;
  const std::string &w = e.where();
  // Errors evaluate_link names after the LinkRequest field at fault (link_eval.hpp "Names in
  // errors"), and the file's key that gave the field.
  static const std::map<std::string, std::string> field_key{
      {"LinkRequest.rate", "rate"},
      {"LinkRequest.modulation", "modulation"},
      {"LinkRequest.length_m", "length"},
      {"LinkRequest.temperature_k", "temperature"},
      {"LinkRequest.ber_target", "ber_target"},
      {"LinkRequest.mc_symbols", "mc_symbols"}};
  if (const auto o = field_key.find(w); o != field_key.end()) {
    const auto p = cfg.where.find(o->second);
    return p != cfg.where.end() ? p->second : "";
  }
  // A channel spec of the file ("spec 'TEXT'…"), or hop 1 the file's channels cannot replace.
  const bool own_hop = dynamic_cast<const ChannelInputError *>(&e) != nullptr;
  if (!own_hop && cfg.channel_where.size() == q.channels.size()) {
    for (std::size_t i = 0; i < q.channels.size(); ++i)
      if (w.rfind("spec '" + q.channels[i] + "'", 0) == 0)
        return cfg.channel_where[i];
    if (w == "LinkRequest.channels" && !cfg.channel_where.empty())
      return cfg.channel_where.front();
  }
  // make_technology names a set entry "LinkRequest.sets 'KEY=VALUE'" whether the file or the
  // option gave it.
  for (std::size_t i = 0; i < cfg.set_where.size() && i < q.sets.size(); ++i)
    if (w == set_name(q.sets[i]))
      return cfg.set_where[i];
  if (w.rfind(kField, 0) == 0)
    return ""; // named after another field of the request (one the file has no key for)
  // The power model's evaluation of the technology's own hop 1 (technology_power.hpp), which the
  // request's channels replace in the link: its set entry at fault is found building that hop.
  LinkRequest own = q;
  if (own_hop)
    own.channels.clear();
  if (const auto i = set_at_fault(own))
    return *i < cfg.set_where.size() ? cfg.set_where[*i] : set_name(q.sets[*i]);
  return "";
}

// When the rate and the modulation disagree and one of them is the file's, the other the command
// line's: the rate fails with the modulation but not with another (its own modulation word, NRZ or
// PAM4). The error then names the file's key at its place and the other field (link_config.hpp);
// nullopt otherwise (both the file's: read_link_config judged them; neither: the fields' names).
std::optional<InputError> rate_modulation_conflict(const LinkConfig &cfg, const InputError &e) {
  const LinkRequest &q = cfg.request;
  const auto rate_place = cfg.where.find("rate"), mod_place = cfg.where.find("modulation");
  const bool file_rate = rate_place != cfg.where.end(), file_mod = mod_place != cfg.where.end();
  if (e.where() != "LinkRequest.rate" || !q.modulation || file_rate == file_mod)
    return std::nullopt;
  std::string detail;
  try {
    (void)parse_lane_rate(q.rate, parse_modulation(*q.modulation), std::nullopt, e.where());
    return std::nullopt; // the rate and modulation agree: something else (the technology) refused
  } catch (const InputError &why) {
    detail = why.detail();
  }
  bool other = false;
  for (const std::optional<Modulation> m :
       {std::optional<Modulation>(), std::optional(Modulation::nrz()),
        std::optional(Modulation::pam(4))}) {
    try {
      (void)parse_lane_rate(q.rate, m, std::nullopt, e.where());
      other = true;
      break;
    } catch (const InputError &) {
    }
  }
  if (!other)
    return std::nullopt; // the rate is wrong with any modulation: the rate's own error
  const std::string &mod = *q.modulation;
  if (file_mod)
    return InputError(mod_place->second, "'" + mod + "' cannot carry LinkRequest.rate '" + q.rate +
                                             "' (" + detail + "); accepted: a rate that " + mod +
                                             " carries, or LinkRequest.modulation to replace the "
                                             "file's");
  return InputError(rate_place->second, "'" + q.rate + "' cannot be carried by " +
                                            "LinkRequest.modulation '" + mod + "' (" + detail +
                                            "); accepted: a modulation the rate names, or "
                                            "LinkRequest.rate to replace the file's");
}

} // namespace

LinkReport evaluate_link_config(const LinkConfig &cfg) {
  try {
    LinkReport r = evaluate_link(cfg.request);
    // Warnings make_technology gives a set entry ("LinkRequest.sets 'host_length=4 in' has no
    // effect at 100G …") name the file's entry by its place.
    const auto &sets = cfg.request.sets;
    for (auto &w : r.warnings)
      for (std::size_t i = 0; i < cfg.set_where.size() && i < sets.size(); ++i)
        if (const std::string opt = set_name(sets[i]); w.rfind(opt, 0) == 0)
          w = cfg.set_where[i] + " ('" + sets[i] + "')" + w.substr(opt.size());
    return r;
  } catch (const InputError &e) {
    if (auto m = rate_modulation_conflict(cfg, e))
      throw *m;
    const std::string place = place_of(cfg, e);
    if (place.empty())
      throw;
    // The field's name (LinkRequest.rate) gives way to the file's place; any other place (the stage
    // spec the value went into) stays in the message as the context of the detail. Built from
    // where() and detail(), not what(): a NUL in a value would end what() (the CLI escapes it).
    const bool field = e.where().rfind(kField, 0) == 0;
    throw InputError(place,
                     field || e.where().empty() ? e.detail() : e.where() + ": " + e.detail());
  }
}

} // namespace linkphy::sweeps
