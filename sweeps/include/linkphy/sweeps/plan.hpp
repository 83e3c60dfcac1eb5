// A rack or cluster rolled up (DESIGN.md §6 `linkphy plan`; issue 6 item 4): a system described as
// groups of identical links → per group the technology chosen (the lowest power among the allowed
// ones that close at the group's longest link), module and cable counts, power and heat; and the
// whole system forced onto each technology considered ("alternatives").
//
// Setup and hot path are separate: each (technology, lane rate) pair gets its reach (find_reach,
// once) and its per-module and per-lane power figures (technology_power, twice, for the host
// SerDes' growth with length); the roll-up is then arithmetic over plain arrays of link lengths.
#pragma once

#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/sweeps/link_eval.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// One group of identical links (a `[[group]]` table of a plan file).
struct PlanGroup {
  std::string name;
  std::string where;      ///< FILE:LINE of the group's table (for messages)
  std::int64_t count = 1; ///< links in the group (1 – 10⁹)
  std::string rate;       ///< lane rate text (lane_rate.hpp), e.g. "200G"
  LaneRate lane;          ///< parsed `rate`
  int lanes = 1;          ///< lanes per link, one direction (1–1024)
  /// The link lengths (m, ≥ 0) and their weights (> 0, summing to 1): one length; a uniform
  /// distribution (stratified into `count` lengths); or a list of lengths with weights.
  std::vector<double> lengths_m, weights;
  bool uniform = false;           ///< lengths_m = {min, max} of a uniform distribution
  std::vector<std::string> techs; ///< allowed technologies (technology.hpp names)
  std::string techs_where;        ///< FILE:LINE of `techs`
  std::vector<std::string> sets;  ///< technology overrides key=value, for each tech with the key
  std::string sets_where;         ///< FILE:LINE of `set`
  double max_length_m() const;    ///< the longest link of the group, m
  double mean_length_m() const;   ///< weighted mean length, m
};

/// A plan file (docs/plan.md).
struct Plan {
  std::string name;
  std::filesystem::path file;
  std::vector<PlanGroup> groups;
  std::vector<std::string> alternatives;     ///< technologies forced onto every group
  std::string alternatives_where;            ///< FILE:LINE of `alternatives`
  double ambient_k = 308.15;                 ///< inlet air, K (200–400; default 35 °C)
  Fidelity fidelity = Fidelity::statistical; ///< tier of the reach search (once per tech and rate)
  double ber_target = 1e-15;                 ///< post-FEC BER target of the reach search, (0, 0.5)
  /// User channel catalogs "KIND=FILE" (KIND laminates, foils, cables, packages) the reach
  /// search's stages read (LinkRequest::catalogs); a relative FILE is read beside the plan file.
  std::vector<std::string> catalogs;
};

/// Reads a plan file. InputError "FILE:LINE: ..." naming the key for unknown keys, a count or
/// lane count ≤ 0, bad lengths/weights, an unknown technology or a lane rate a technology cannot
/// run (its parts' range), malformed TOML.
Plan read_plan(const std::filesystem::path &file);
/// The same from text (`file` names it in messages).
Plan parse_plan(const std::string &text, const std::filesystem::path &file);

/// One technology applied to one group.
struct PlanOption {
  std::string tech, module;
  bool allowed = false;         ///< in the group's `techs` (only these can be chosen)
  bool runs = true;             ///< false: the technology cannot run the group's lane rate
  std::string note;             ///< why it does not run (when !runs)
  bool closes = false;          ///< runs and reach ≥ the group's longest link
  double reach_m = 0;           ///< longest length that closes (find_reach), m
  std::int64_t modules = 0;     ///< modules / cable ends / engines, both ends
  std::int64_t cables = 0;      ///< cables (copper or fibre)
  double module_power_w = 0;    ///< all modules, W
  double host_serdes_w = 0;     ///< all host SerDes, W
  double power_w = 0;           ///< modules + host SerDes, W
  double heat_w = 0;            ///< W
  double energy_pj_per_bit = 0; ///< power_w over the payload of one direction, pJ/bit
};

struct PlanGroupResult {
  const PlanGroup *group = nullptr;
  std::vector<PlanOption> options; ///< one per technology considered (same order in every group)
  int chosen = -1;                 ///< index into options (an allowed tech that closes), −1: none
};

/// The whole system on one technology.
struct PlanAlternative {
  std::string tech;
  bool closes = false;                  ///< closes in every group
  std::int64_t modules = 0, cables = 0; ///< counts over the system (≥ 0)
  double module_power_w = 0, host_serdes_w = 0, power_w = 0, heat_w = 0; ///< W (≥ 0)
};

struct PlanResult {
  const Plan *plan = nullptr;
  std::vector<PlanGroupResult> groups;
  std::vector<PlanAlternative> alternatives; ///< every technology considered, in first-seen order
  std::int64_t links = 0, lanes = 0;         ///< totals (lanes: one direction)
  PlanAlternative chosen;                    ///< the chosen technologies, summed ("tech" empty)
  std::vector<std::string> warnings;         ///< groups with no allowed technology closing, …
};

/// Per (technology, lane rate) figures computed once (setup of the roll-up).
struct TechRateFigures {
  std::string module;
  double reach_m = 0;   ///< longest length that closes (find_reach), m (≥ 0)
  int module_lanes = 0; ///< 0: no modules (host SerDes only)
  double module_power_w = 0, module_heat_w = 0; ///< one module (or cable end), W (≥ 0)
  double module_cable_heat_w = 0;               ///< of module_heat_w, cable-absorbed host signal, W
  bool cable_per_module_pair = false;           ///< a cable joins each module pair
  double lane_payload_bps = 0;                  ///< user data of one lane, one direction, b/s (> 0)
  // Host SerDes power per lane per end: at_0db + per_db · min(IL(length), max_loss), where the
  // IL at Nyquist of a uniform line is affine in its length (IL = il0 + slope · (length − len0),
  // from two evaluations); constant when the module build fixes the host channel.
  double host_w_at_0db = 0, host_w_per_db = 0, host_max_loss_db = 0; ///< W, W/dB, dB
  bool host_tracks_length = false; ///< host SerDes power follows the channel IL with length
  double host_fixed_w = 0;         ///< when !host_tracks_length
  double il_len0_m = 0, il0_db = 0, il_slope_db_per_m = 0; ///< m, dB, dB/m
  /// Host SerDes W per lane per end at `length_m` (m; not checked, ≥ 0 meaningful: the IL it
  /// extrapolates is clamped at 0 dB).
  double host_lane_w(double length_m) const;
};

/// Evaluates the figures of one (technology, lane rate) pair (reach search + power).
TechRateFigures tech_rate_figures(const std::string &tech, const PlanGroup &group,
                                  const Plan &plan);

/// Rolls a plan up. Figures are computed once per (technology, rate, sets) pair and cached in
/// `cache` (pass the same map to reuse them across calls).
PlanResult evaluate_plan(const Plan &plan, std::map<std::string, TechRateFigures> *cache = nullptr);

/// Output: an aligned text table, JSON (keys in docs/plan.md), CSV (one row per group × tech).
std::string plan_table(const PlanResult &r);
std::string plan_json(const PlanResult &r);
std::string plan_csv(const PlanResult &r);

} // namespace linkphy::sweeps
