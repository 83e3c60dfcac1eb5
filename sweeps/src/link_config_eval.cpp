// A link configuration evaluated, its errors traced back to the file's keys (link_config.hpp).
#include <linkphy/phy/error.hpp>
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

// The place of the value that caused `e`, "" when it is none of the file's (nor a --set).
std::string place_of(const LinkConfig &cfg, const InputError &e) {
  const LinkRequest &q = cfg.request;
  const std::string &w = e.where();
  // Errors evaluate_link names after the command-line option of a request field.
  static const std::map<std::string, std::string> option_key{{"--rate", "rate"},
                                                             {"--modulation", "modulation"},
                                                             {"--length", "length"},
                                                             {"--temperature", "temperature"},
                                                             {"--ber-target", "ber_target"},
                                                             {"Monte Carlo symbols", "mc_symbols"}};
  if (const auto o = option_key.find(w); o != option_key.end()) {
    const auto p = cfg.where.find(o->second);
    return p != cfg.where.end() ? p->second : "";
  }
  // A channel spec of the file ("spec 'TEXT'…"), or hop 1 the file's channels cannot replace.
  if (cfg.channel_where.size() == q.channels.size()) {
    for (std::size_t i = 0; i < q.channels.size(); ++i)
      if (w.rfind("spec '" + q.channels[i] + "'", 0) == 0)
        return cfg.channel_where[i];
    if (w == "--channel" && !cfg.channel_where.empty())
      return cfg.channel_where.front();
  }
  // make_technology names a set entry "--set 'KEY=VALUE'" whether the file or the option gave it.
  for (std::size_t i = 0; i < cfg.set_where.size() && i < q.sets.size(); ++i)
    if (w == "--set '" + q.sets[i] + "'")
      return cfg.set_where[i];
  if (w.rfind("--", 0) == 0)
    return ""; // named after a command-line option already
  if (const auto i = set_at_fault(q))
    return *i < cfg.set_where.size() ? cfg.set_where[*i] : "--set '" + q.sets[*i] + "'";
  return "";
}

} // namespace

LinkReport evaluate_link_config(const LinkConfig &cfg) {
  try {
    LinkReport r = evaluate_link(cfg.request);
    // Warnings make_technology gives a set entry ("--set 'host_length=4 in' has no effect at
    // 100G …") name the file's entry by its place.
    const auto &sets = cfg.request.sets;
    for (auto &w : r.warnings)
      for (std::size_t i = 0; i < cfg.set_where.size() && i < sets.size(); ++i)
        if (const std::string opt = "--set '" + sets[i] + "'"; w.rfind(opt, 0) == 0)
          w = cfg.set_where[i] + " ('" + sets[i] + "')" + w.substr(opt.size());
    return r;
  } catch (const InputError &e) {
    const std::string place = place_of(cfg, e);
    if (place.empty())
      throw;
    // The option's name (--rate) gives way to the file's place; any other place (the stage spec
    // the value went into) stays in the message as the context of the detail. Built from where()
    // and detail(), not what(): a NUL in a value would end what() (the CLI escapes it).
    const bool option = e.where().rfind("--", 0) == 0 || e.where() == "Monte Carlo symbols";
    throw InputError(place,
                     option || e.where().empty() ? e.detail() : e.where() + ": " + e.detail());
  }
}

} // namespace linkphy::sweeps
