// Crossover search: a log-spaced scan brackets the first distance where optics wins, bisection
// (geometric, since distances span mm to km) narrows it to the study's relative tolerance.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/sweeps/crossover.hpp>
#include <linkphy/sweeps/field_names.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/technology.hpp>

#include "crossover_internal.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

namespace linkphy::sweeps {

Criterion parse_criterion(const std::string &text, const std::string &where) {
  if (text == "feasible")
    return Criterion::feasible;
  if (text == "energy")
    return Criterion::energy;
  if (text == "cost")
    return Criterion::cost;
  throw InputError(where, "unknown criterion '" + text + "'; accepted: feasible, energy, cost");
}

std::string to_string(Criterion c) {
  switch (c) {
  case Criterion::feasible:
    return "feasible";
  case Criterion::energy:
    return "energy";
  case Criterion::cost:
    return "cost";
  }
  return "?";
}

std::string to_string(Family f) { return f == Family::copper ? "copper" : "optical"; }

namespace detail {

void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)> &body) {
  const unsigned t = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(n)));
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (std::size_t i; (i = next++) < n;) {
      try {
        body(i);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error)
          error = std::current_exception();
        next = n;
      }
    }
  };
  std::vector<std::thread> pool;
  start_threads(pool, t - 1, work, [&] { next = n; });
  work();
  for (auto &th : pool)
    th.join();
  if (error)
    std::rethrow_exception(error);
}

double lane_rate_gbps(const std::string &rate) {
  return parse_lane_rate(rate, {}, {}, "rate").line_rate_bps / 1e9;
}

void check_study(const CrossoverStudy &s) {
  if (s.criterion == Criterion::cost)
    throw InputError("CrossoverStudy.criterion cost",
                     "cost is unavailable: no technology or module in the catalogs carries a "
                     "price (no public source for one was found); use feasible or energy");
  if (s.rates.empty())
    throw InputError(s.file.empty() ? "rates" : s.file, "no lane rates to study");
  if (s.copper.empty() || s.optical.empty())
    throw InputError(s.file.empty() ? "technologies" : s.file,
                     "a crossover needs at least one copper and one optical technology");
  const auto known = technology_names();
  for (const auto *list : {&s.copper, &s.optical})
    for (const auto &t : *list)
      if (std::find(known.begin(), known.end(), t) == known.end()) {
        const std::string &w = list == &s.copper ? s.copper_where : s.optical_where;
        throw InputError(!w.empty()       ? w
                         : s.file.empty() ? "technology '" + t + "'"
                                          : s.file,
                         "unknown technology '" + t + "'; known: " + join_list(known));
      }
  for (const auto &r : s.rates)
    (void)parse_lane_rate(r, {}, {}, s.file.empty() ? "CrossoverStudy.rates" : s.file + ": rates");
  if (!s.base.catalogs.empty()) { // an entry its stage refuses would only make a tech "not close"
    std::string where;
    for (const auto &c : s.catalog_sources)
      if (where.find(c.where) == std::string::npos)
        where += (where.empty() ? "" : ", ") + c.where;
    for (const auto *list : {&s.copper, &s.optical})
      for (const auto &t : *list)
        if (const std::string why = catalogs_error(t, s.base.catalogs); !why.empty())
          throw InputError(where.empty() ? "catalogs" : where,
                           "technology '" + t +
                               "' builds with the built-in catalogs but not "
                               "with the user catalogs: " +
                               with_key_names(why, study_keys()));
  }
  for (const auto &set : s.base.sets) {
    bool any = false;
    for (const auto *list : {&s.copper, &s.optical})
      for (const auto &t : *list)
        any = any || !applicable_sets(t, {set}).empty();
    if (!any)
      throw InputError(s.file.empty() ? "sets" : s.file + ": sets",
                       "'" + set +
                           "' applies to no technology of the study (key=value with a "
                           "key some technology has and a value it accepts)");
    for (const auto *list : {&s.copper, &s.optical})
      for (const auto &t : *list)
        if (!applicable_sets(t, {set}).empty())
          if (const std::string why = set_value_error(t, set, s.base.catalogs); !why.empty())
            throw InputError(s.file.empty() ? "sets" : s.file + ": sets",
                             "'" + set + "' is refused by technology '" + t +
                                 "': " + with_key_names(why, study_keys()));
  }
  if (!(s.search_min_m > 0 && s.search_max_m > s.search_min_m))
    throw InputError(s.file.empty() ? "search range" : s.file, "needs 0 < search_min < search_max");
  if (s.scan_points < 3)
    throw InputError(s.file.empty() ? "scan_points" : s.file, "scan_points must be >= 3");
  if (!(s.tolerance >= 1e-6 && s.tolerance <= 0.5))
    throw InputError(s.file.empty() ? "tolerance" : s.file,
                     "tolerance must be from 1e-6 to 0.5 (relative)");
}

} // namespace detail

namespace {

struct SideBest {
  std::string tech = "none";
  bool closes = false;
  double energy = std::numeric_limits<double>::quiet_NaN();
  double ber = std::numeric_limits<double>::infinity();
  std::vector<std::string> out_of_range; ///< technologies past their length_max here
};

struct CellVerdict {
  SideBest copper, optical;
  bool optics_wins = false;
};

class Searcher {
public:
  Searcher(const CrossoverStudy &s, const CrossoverModel &m, const std::string &rate)
      : s_(s), m_(m), rate_(rate) {}

  int evaluations = 0;

  // Best of one family at distance d: lowest energy among those closing when energy is asked,
  // else the lowest post-FEC BER (largest margin) among those closing.
  SideBest best(const std::vector<std::string> &techs, double d, bool energy) {
    SideBest b;
    for (const auto &t : techs) {
      TechQuery q;
      q.tech = t;
      q.rate = rate_;
      q.length_m = d;
      q.fidelity = s_.fidelity;
      q.lanes = s_.lanes;
      q.need_energy = energy;
      q.adjust = s_.base;
      const TechPoint p = m_.point(q);
      ++evaluations;
      if (!p.in_range)
        b.out_of_range.push_back(t);
      if (!p.closes)
        continue;
      const bool better =
          !b.closes || (energy ? p.energy_pj_per_bit < b.energy : p.ber_post_fec < b.ber);
      if (better) {
        b.tech = t;
        b.closes = true;
        b.energy = p.energy_pj_per_bit;
        b.ber = p.ber_post_fec;
      }
    }
    return b;
  }

  CellVerdict verdict(double d) {
    const bool energy = s_.criterion == Criterion::energy;
    CellVerdict v;
    v.copper = best(s_.copper, d, energy);
    if (!v.copper.closes) {
      v.optics_wins = true;
      if (!energy) // the optics named at the crossover are evaluated there (verdict_full)
        return v;
    }
    v.optical = best(s_.optical, d, energy);
    if (energy && v.copper.closes)
      v.optics_wins = v.optical.closes && v.optical.energy < v.copper.energy;
    return v;
  }

private:
  const CrossoverStudy &s_;
  const CrossoverModel &m_;
  std::string rate_;
};

double energy_or_nan(const CrossoverStudy &s, const CrossoverModel &m, const std::string &tech,
                     const std::string &rate, double d) {
  if (tech == "none" || !m.energy)
    return std::numeric_limits<double>::quiet_NaN();
  TechQuery q;
  q.tech = tech;
  q.rate = rate;
  q.length_m = d;
  q.fidelity = s.fidelity;
  q.lanes = s.lanes;
  q.adjust = s.base;
  try {
    return m.energy(q);
  } catch (const InputError &) {
    return std::numeric_limits<double>::quiet_NaN();
  }
}

CrossoverRow crossover_at(const CrossoverStudy &s, const CrossoverModel &m,
                          const std::string &rate) {
  CrossoverRow row;
  row.rate = rate;
  row.lane_rate_gbps = detail::lane_rate_gbps(rate);
  row.criterion = s.criterion;
  // Energy criterion: a family none of whose technologies has a power model at this rate cannot
  // be compared — say so instead of letting the other family win by default.
  if (s.criterion == Criterion::energy && m.energy) {
    for (const auto *family : {&s.copper, &s.optical}) {
      bool any = false;
      for (const auto &t : *family)
        any = any || std::isfinite(energy_or_nan(s, m, t, rate, s.search_min_m));
      if (!any) {
        row.bound = family == &s.copper ? "no_copper_power_model" : "no_optical_power_model";
        row.copper_tech = row.optical_tech = "none";
        return row;
      }
    }
  }
  Searcher se(s, m, rate);
  const int n = s.scan_points;
  const double ratio = std::log(s.search_max_m / s.search_min_m) / (n - 1);
  double lo = s.search_min_m, hi = s.search_min_m;
  CellVerdict vlo, vhi;
  int first_win = -1;
  for (int i = 0; i < n; ++i) {
    const double d = i == n - 1 ? s.search_max_m : s.search_min_m * std::exp(ratio * i);
    CellVerdict v = se.verdict(d);
    if (v.optics_wins) {
      first_win = i;
      hi = d;
      vhi = v;
      break;
    }
    lo = d;
    vlo = v;
  }
  if (first_win == 0) {
    row.bound = "below_min";
    row.crossover_m = s.search_min_m;
  } else if (first_win < 0) {
    row.bound = "above_max";
    row.crossover_m = s.search_max_m;
    hi = lo;
  } else {
    while (hi / lo - 1 > s.tolerance) {
      const double mid = std::sqrt(lo * hi);
      CellVerdict v = se.verdict(mid);
      if (v.optics_wins) {
        hi = mid;
        vhi = v;
      } else {
        lo = mid;
        vlo = v;
      }
    }
    row.crossover_m = lo; // the longest distance at which copper still wins
  }
  // The copper that wins at lo is past its catalog length_max at hi: the flip is that catalog
  // limit, not copper ceasing to close (nor to win on energy), so the distance is a clip.
  if (first_win > 0 && std::find(vhi.copper.out_of_range.begin(), vhi.copper.out_of_range.end(),
                                 vlo.copper.tech) != vhi.copper.out_of_range.end())
    row.bound = "copper_length_max";
  row.copper_tech = first_win == 0 ? "none" : vlo.copper.tech;
  // The optics named: the best optical technology just above the crossover (where it wins).
  const double d_opt = first_win < 0 ? s.search_max_m : hi;
  SideBest opt = vhi.optical;
  if (!opt.closes && s.criterion != Criterion::energy && m.energy)
    opt = se.best(s.optical, d_opt, true); // feasible: name the lowest-energy optics that closes
  if (!opt.closes)
    opt = se.best(s.optical, d_opt, false); // … or, without power models, the lowest BER
  row.optical_tech = opt.tech;
  row.optical_closes = opt.closes;
  row.copper_energy_pj_per_bit = first_win == 0 ? std::numeric_limits<double>::quiet_NaN()
                                 : std::isnan(vlo.copper.energy)
                                     ? energy_or_nan(s, m, row.copper_tech, rate, row.crossover_m)
                                     : vlo.copper.energy;
  row.optical_energy_pj_per_bit =
      std::isnan(opt.energy) ? energy_or_nan(s, m, row.optical_tech, rate, d_opt) : opt.energy;
  row.evaluations = se.evaluations;
  return row;
}

} // namespace

std::vector<CrossoverRow> find_crossovers(const CrossoverStudy &s, const CrossoverModel &m,
                                          unsigned threads) {
  detail::check_study(s);
  std::vector<CrossoverRow> rows(s.rates.size());
  detail::parallel_for(rows.size(), threads,
                       [&](std::size_t i) { rows[i] = crossover_at(s, m, s.rates[i]); });
  return rows;
}

} // namespace linkphy::sweeps
