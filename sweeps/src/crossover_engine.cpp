// The crossover's real model: one link through evaluate_link (link_eval.hpp) per query.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/technology.hpp>

#include "crossover_internal.hpp"

#include <map>
#include <mutex>
#include <utility>

namespace linkphy::sweeps {
namespace detail {

std::vector<std::string> applicable_sets(const std::string &tech,
                                         const std::vector<std::string> &sets) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, bool> cache;
  std::vector<std::string> out;
  for (const auto &set : sets) {
    const auto key = std::make_pair(tech, set);
    bool applies = false;
    {
      std::lock_guard lock(mutex);
      const auto it = cache.find(key);
      if (it != cache.end()) {
        if (it->second)
          out.push_back(set);
        continue;
      }
    }
    const auto eq = set.find('=');
    try {
      (void)make_technology(tech, 1.0, {set.substr(0, eq) + "=" + set.substr(eq + 1)});
      applies = true;
    } catch (const InputError &) {
      applies = false; // the technology has no such key (or the value does not fit it)
    }
    std::lock_guard lock(mutex);
    cache[key] = applies;
    if (applies)
      out.push_back(set);
  }
  return out;
}

namespace {

// Why a link of `tech` at its shortest length and first lane rate (analytic tier) that builds
// with `base_catalogs` and no sets fails with `sets` and `catalogs`; "" when it builds either way.
std::string build_error(const std::string &tech, const std::vector<std::string> &base_catalogs,
                        const std::vector<std::string> &sets,
                        const std::vector<std::string> &catalogs) {
  const Technology t = make_technology(tech, 1.0, {});
  LinkRequest q;
  q.tech = tech;
  q.rate = t.rates.front();
  q.length_m = t.length_min_m;
  q.fidelity = Fidelity::analytic;
  q.catalogs = base_catalogs;
  try {
    (void)evaluate_link(q);
  } catch (const InputError &) {
    return ""; // the technology does not build here even so: no verdict
  }
  q.sets = sets;
  q.catalogs = catalogs;
  try {
    (void)evaluate_link(q);
  } catch (const InputError &e) {
    return e.what();
  }
  return "";
}

} // namespace

std::string set_value_error(const std::string &tech, const std::string &set,
                            const std::vector<std::string> &catalogs) {
  return build_error(tech, catalogs, {set}, catalogs);
}

std::string catalogs_error(const std::string &tech, const std::vector<std::string> &catalogs) {
  return catalogs.empty() ? "" : build_error(tech, {}, {}, catalogs);
}

} // namespace detail

namespace {

double length_max_m(const std::string &tech, const std::vector<std::string> &sets) {
  static std::mutex mutex;
  static std::map<std::string, double> cache;
  std::string key = tech;
  for (const auto &s : sets)
    key += ";" + s;
  {
    std::lock_guard lock(mutex);
    if (const auto it = cache.find(key); it != cache.end())
      return it->second;
  }
  const double v = make_technology(tech, 1.0, sets).length_max_m;
  std::lock_guard lock(mutex);
  cache[key] = v;
  return v;
}

} // namespace

CrossoverModel engine_model(int search_threads) {
  if (search_threads < 0)
    throw InputError("crossover", "COM search threads must be >= 0");
  CrossoverModel m;
  m.point = [search_threads](const TechQuery &q) {
    TechPoint p;
    const auto sets = detail::applicable_sets(q.tech, q.adjust.sets);
    if (q.length_m > length_max_m(q.tech, sets)) {
      p.in_range = false;
      return p;
    }
    LinkRequest r;
    r.tech = q.tech;
    r.length_m = q.length_m;
    r.rate = q.rate;
    r.sets = sets;
    r.fidelity = q.fidelity;
    r.ber_target = q.adjust.ber_target;
    r.temperature_k = q.adjust.temperature_k;
    r.catalogs = q.adjust.catalogs;
    r.search_threads = search_threads;
    LinkReport rep;
    try {
      rep = evaluate_link(r);
    } catch (const InputError &) {
      // A rate the technology's parts cannot run (no PMD of that class, SerDes out of range):
      // it does not compete there. Unknown names and bad sets were rejected by check_study.
      p.in_range = false;
      return p;
    }
    p.closes = rep.summary.feasible;
    p.ber_pre_fec = rep.summary.ber_pre_fec;
    p.ber_post_fec = rep.summary.ber_post_fec;
    if (q.need_energy && p.closes) {
      try {
        p.energy_pj_per_bit = technology_energy_pj_per_bit(q);
      } catch (const InputError &) {
        p.closes = false; // no power model at this rate: cannot compete on energy
      }
    }
    return p;
  };
  m.energy = technology_energy_pj_per_bit;
  return m;
}

} // namespace linkphy::sweeps
