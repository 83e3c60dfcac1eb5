// Copper→optics crossover (DESIGN.md §6 `linkphy crossover`): for each lane rate, the distance at
// which the best optical technology beats the best copper one under a criterion, found by a coarse
// log-spaced scan that brackets the change followed by bisection on distance; the technology map
// (best technology per (rate, distance) cell); and the sensitivity of the crossover to chosen
// knobs. Evaluation goes through a CrossoverModel so the search can be tested against closed forms;
// engine_model() is the real one (link_eval.hpp + technology_power.hpp).
#pragma once

#include <linkphy/sweeps/link_eval.hpp>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace linkphy::sweeps {

enum class Criterion {
  feasible, ///< optics wins where no copper technology closes at the BER target
  energy,   ///< optics wins where its best pJ/bit is below copper's best (among those closing)
  cost      ///< optics wins where it is cheaper (needs prices; none are catalogued yet)
};
/// "feasible" | "energy" | "cost"; InputError naming `where` and the accepted names otherwise.
Criterion parse_criterion(const std::string &text, const std::string &where = "--criterion");
std::string to_string(Criterion c);

enum class Family { copper, optical };
std::string to_string(Family f);

/// One knob value applied to every evaluation: a technology key set ("awg=28", applied to the
/// technologies that have that key), or a request-level value (ber_target, temperature).
struct Adjustment {
  std::vector<std::string> sets; ///< "key=value", applied where the key exists
  double ber_target = 1e-15;     ///< post-FEC BER target, (0, 0.5)
  double temperature_k = 298.15; ///< stage temperature, K (200–400)
  /// User channel catalogs "KIND=FILE" (user_catalog.hpp; FILE as read: a study's relative FILE
  /// already resolved beside the study) every evaluation's stages and power read, in order
  /// (LinkRequest::catalogs; technology_power's `catalogs`). Empty: the built-in catalogs.
  std::vector<std::string> catalogs;
};

/// What one evaluation is asked.
struct TechQuery {
  std::string tech;
  std::string rate;    ///< lane rate class or explicit rate (lane_rate.hpp)
  double length_m = 1; ///< link length, m (> 0)
  Fidelity fidelity = Fidelity::analytic;
  /// Lanes per link for power (technology_power.hpp), 1–1024; 0: one module's lanes of `tech`
  /// at `rate` (technology_module_lanes; 1 without a module).
  int lanes = 0;
  bool need_energy = false; ///< evaluate power (energy criterion or energy columns)
  Adjustment adjust;
};

/// What one evaluation returns. NaN means "not computed / unavailable".
struct TechPoint {
  bool closes = false;  ///< post-FEC BER ≤ target and length within the technology's range
  bool in_range = true; ///< length ≤ the technology's length_max
  double ber_pre_fec = std::numeric_limits<double>::quiet_NaN();
  double ber_post_fec = std::numeric_limits<double>::quiet_NaN();
  double energy_pj_per_bit = std::numeric_limits<double>::quiet_NaN(); ///< pJ/bit
};

/// The evaluator the search calls (thread-safe: called from several threads at once).
struct CrossoverModel {
  std::function<TechPoint(const TechQuery &)> point; ///< fills energy when q.need_energy
  /// Energy per bit alone, pJ/bit; throws InputError when unavailable (may be empty: none).
  std::function<double(const TechQuery &)> energy;
};

/// The real model: evaluate_link at the query's fidelity (length above the technology's
/// length_max → not in range, does not close), energy from technology_power() when asked; both
/// with the query's user channel catalogs (Adjustment::catalogs).
/// `search_threads`: threads of each statistical point's COM equaliser search
/// (LinkRequest::search_threads): 0 = the library default (one per core), 1 when the study runs
/// several queries at once (their threads fill the cores), ≥ 0 (InputError otherwise).
CrossoverModel engine_model(int search_threads = 0);

/// Energy per bit of one link of `q.tech` at `q.rate`, `q.length_m` (technology_power.hpp), pJ/bit.
/// Throws InputError when power models are not available for the technology.
double technology_energy_pj_per_bit(const TechQuery &q);

/// A study: which technologies compete, at which rates, how the search runs.
struct CrossoverStudy {
  std::string name = "crossover";
  std::string file;                        ///< the TOML it came from ("" when built in code)
  std::string source_text;                 ///< that file's text (for the JSON sidecar)
  std::vector<std::string> rates;          ///< lane-rate texts, e.g. "25G"
  std::vector<std::string> copper;         ///< copper technology names
  std::vector<std::string> optical;        ///< optical technology names
  std::string copper_where, optical_where; ///< where the lists came from (file:line, --copper …)
  Criterion criterion = Criterion::feasible;
  Fidelity fidelity = Fidelity::analytic;
  Adjustment base; ///< sets/BER target/temperature of every evaluation
  int lanes = 0; ///< lanes per link for energy (1–1024; 0: one module's lanes per tech and rate)
  double search_min_m = 0.05;  ///< distance search range, m (> 0)
  double search_max_m = 10000; ///< m (> search_min_m)
  int scan_points = 25;        ///< log-spaced bracketing scan points (≥ 3; file: 3–1000)
  double tolerance = 0.01;     ///< bisection stops when hi/lo − 1 ≤ this (1e-6 to 0.5)
  std::vector<double> map_distances_m; ///< technology map distances, m (increasing)
  std::string plot_rate;               ///< rate of the per-technology plots ("" → middle rate)

  struct Knob {
    std::string key;                 ///< "ber_target", "temperature" or a technology key
    std::vector<std::string> values; ///< the values tried (text with units)
    std::string where;               ///< file:line
  };
  std::vector<Knob> sensitivity;
  std::vector<std::string> warnings; ///< e.g. a technology listed against its catalog family

  /// Where each of base.catalogs came from, in the same order: the text as given ("KIND=FILE",
  /// FILE as written) and its place ("FILE:LINE: key 'catalogs'" or "read_crossover_study
  /// catalogs" for those given outside the file).
  struct CatalogSource {
    std::string given, where;
  };
  std::vector<CatalogSource> catalog_sources;
};

/// The crossover at one lane rate.
struct CrossoverRow {
  std::string rate;          ///< as given
  double lane_rate_gbps = 0; ///< line rate incl. FEC, Gb/s
  std::string copper_tech;   ///< best copper just below the crossover ("none" if none closes)
  std::string optical_tech;  ///< best optical just above it ("none" if none closes)
  Criterion criterion = Criterion::feasible;
  double crossover_m = std::numeric_limits<double>::quiet_NaN(); ///< NaN: no change in range
  /// "" exact within tolerance; "below_min": optics already wins at search_min;
  /// "above_max": copper still wins at search_max; "copper_length_max": the copper technology
  /// that wins at crossover_m is past its catalog length_max just above it (the distance is that
  /// catalog limit, not where copper stops closing); energy criterion only:
  /// "no_copper_power_model" / "no_optical_power_model": no technology of that family has a
  /// power model at this rate, so the energy comparison is undetermined (crossover_m NaN).
  std::string bound;
  double copper_energy_pj_per_bit = std::numeric_limits<double>::quiet_NaN();  ///< at crossover
  double optical_energy_pj_per_bit = std::numeric_limits<double>::quiet_NaN(); ///< at crossover
  bool optical_closes = false; ///< the winning optics closes just above the crossover
  int evaluations = 0;         ///< link evaluations spent (≥ 0)
};

/// Crossover at every rate of the study (rates run on up to `threads` threads, ≥ 1; 0 runs as 1,
/// never more than the rates). Throws InputError on unknown rates/technologies, an empty copper or
/// optical list, or the cost criterion (no prices catalogued). A study without a file names its
/// fields as link_eval.hpp "Names in errors" does: "CrossoverStudy.rates" (a bad rate),
/// "CrossoverStudy.criterion cost".
std::vector<CrossoverRow> find_crossovers(const CrossoverStudy &s, const CrossoverModel &m,
                                          unsigned threads = 1);

/// One technology evaluated at one map cell.
struct MapPoint {
  std::string rate;
  double lane_rate_gbps = 0; ///< line rate, Gb/s (> 0)
  double distance_m = 0;     ///< link length, m (≥ 0)
  std::string tech;
  Family family = Family::copper;
  TechPoint point;
};

/// The best technology of one (rate, distance) cell: lowest energy among those that close when
/// energy is known, otherwise the first that closes in study order (copper list, then optical).
struct MapCell {
  std::string rate;
  double lane_rate_gbps = 0, distance_m = 0; ///< Gb/s (> 0), m (≥ 0)
  std::string best_tech;                     ///< "none" when nothing closes
  Family family = Family::copper;
  double energy_pj_per_bit = std::numeric_limits<double>::quiet_NaN(); ///< NaN: no power model
  bool closes = false; ///< the technology closes at this distance
};

/// Every technology at every (rate, map distance); `with_energy` asks for pJ/bit too; `threads`
/// (≥ 1; 0 runs as 1).
std::vector<MapPoint> evaluate_map(const CrossoverStudy &s, const CrossoverModel &m,
                                   bool with_energy, unsigned threads = 1);
/// Reduces map points to the best technology per cell (rate-major, distance increasing).
std::vector<MapCell> best_per_cell(const CrossoverStudy &s, const std::vector<MapPoint> &points);

/// Sensitivity: the crossover recomputed with each knob value.
struct SensitivityRow {
  std::string knob, value, rate;
  double lane_rate_gbps = 0; ///< line rate, Gb/s (> 0)
  double crossover_m = std::numeric_limits<double>::quiet_NaN();
  double base_m = std::numeric_limits<double>::quiet_NaN();
  /// 100·(x − base)/base; NaN when this crossover or the base sits at a bound of the search or
  /// at a copper technology's catalog length_max (its distance is then the search range's or the
  /// catalog's, not the physics')
  double change_pct = std::numeric_limits<double>::quiet_NaN();
  std::string bound;      ///< this crossover's `bound` (CrossoverRow::bound)
  std::string base_bound; ///< the base crossover's `bound`
};
/// Knobs ranked by the largest |change_pct| over their values and rates (largest first).
struct KnobRank {
  std::string knob;
  double max_abs_change_pct = 0; ///< largest |crossover change| over the knob's values, % (≥ 0)
  std::string at_value, at_rate;
};
/// The study's crossovers recomputed with each sensitivity knob value, against `base`
/// (find_crossovers of `s`); `threads` as find_crossovers (≥ 1; 0 runs as 1).
std::vector<SensitivityRow> crossover_sensitivity(const CrossoverStudy &s, const CrossoverModel &m,
                                                  const std::vector<CrossoverRow> &base,
                                                  unsigned threads = 1);
std::vector<KnobRank> rank_knobs(const std::vector<SensitivityRow> &rows);

} // namespace linkphy::sweeps
