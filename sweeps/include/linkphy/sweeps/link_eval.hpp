// One link evaluated end to end (DESIGN.md §2, §6 `linkphy link`): a technology at a length and a
// lane rate → hops (stages cascaded as networks, packages, SerDes class) → the hop engine at the
// chosen fidelity → link combination with FEC → the report; and the reach search by bisection.
#pragma once

#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/link.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/technology_power.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace linkphy::sweeps {

enum class Fidelity { analytic, statistical, montecarlo };
/// "analytic" | "statistical" | "montecarlo"; InputError naming `where` otherwise.
Fidelity parse_fidelity(const std::string &text, const std::string &where = "--fidelity");
std::string to_string(Fidelity f);

/// Names in errors: an InputError (phy/error.hpp) that a field of the request caused names it in
/// where() as "LinkRequest.FIELD" (the member's name, unit suffix included): "LinkRequest.rate",
/// "LinkRequest.modulation", "LinkRequest.length_m", "LinkRequest.temperature_k",
/// "LinkRequest.ber_target", "LinkRequest.mc_symbols", "LinkRequest.search_threads",
/// "LinkRequest.lanes", "LinkRequest.ambient_k", "LinkRequest.channels", and an element of a list
/// with its value quoted: "LinkRequest.sets 'awg=99'". make_technology and technology_rate_class
/// (technology.hpp) name their arguments after the fields they take (length_m, sets, rate). A
/// stage spec's own errors keep the spec's place ("spec 'twinax:…': key 'awg'"). Warnings about a
/// set entry start with its name too ("LinkRequest.sets 'host_length=3in' has no effect at …").
/// The `linkphy` CLI prints these as the options that set the fields (--rate, --set 'awg=99'),
/// in one place (sweeps/cli/option_names.hpp); link_config.hpp as the file's FILE:LINE and key.
/// (Before 2026-12 the library named the CLI options here: "--rate", "--set 'k=v'", …)
struct LinkRequest {
  std::string tech = "dac";
  double length_m = 1;                   ///< link length, m (≥ 0)
  std::string rate = "100G";             ///< lane rate class or explicit rate (lane_rate.hpp)
  std::optional<std::string> modulation; ///< "NRZ", "PAM4", …
  std::vector<std::string> sets;         ///< technology overrides key=value / serdes.KEY=value
  std::vector<std::string> channels;     ///< if given: the stages of hop 1 instead of the tech's
  /// User channel catalogs "KIND=FILE" (KIND laminates, foils, cables or packages; FILE a TOML
  /// file of entries, each with `source`), added to / overriding the built-in entries the
  /// channel stages read (channels::ChannelCatalogs::load_user), in order.
  std::vector<std::string> catalogs;
  Fidelity fidelity = Fidelity::statistical;
  double ber_target = 1e-15;            ///< post-FEC BER target, (0, 0.5)
  std::uint64_t mc_symbols = 1'000'000; ///< Monte Carlo symbols per hop (1000 to 1e9)
  /// Stage temperature, K (200–450, as `linkphy link --temperature`; evaluate_link throws
  /// InputError outside).
  double temperature_k = 298.15;
  /// Lanes of the link, one direction, 0–1024 (power only: BER is per lane). 0: the lanes one
  /// module (or cable end) of the technology carries at this rate, e.g. 8 at 100G and 4 at 200G
  /// for the 800G builds — the link as sold; 1 for technologies without a module.
  int lanes = 0;
  double ambient_k = 308.15; ///< inlet air at the modules, K (200–400; 35 °C default)
  bool with_power = true;    ///< false: skip the power model (when only the channel is wanted)
  /// Analytic fidelity only. true: the length-independent part of the evaluation (technology,
  /// SerDes, packages, fixed hops, the loss fit of length-scaled hops at two lengths, power
  /// inputs) is made once per (tech, rate, modulation, sets, channels, temperature) and reused
  /// (docs/link.md "Analytic tier cache": IL at Nyquist within 0.05 dB and SNR within 0.1 dB of
  /// the full evaluation, or the full evaluation is used). false: every point from scratch.
  bool analytic_cache = true;
  /// Statistical and Monte Carlo fidelity: worker threads of each electrical hop's Annex 93A
  /// equaliser search (com.hpp Settings::threads), ≥ 0. 0: the library default (one per core, at
  /// most 8); 1: single-threaded (a threaded sweep's points: sweeps/evaluators.hpp
  /// EvaluationContext). The result does not depend on it (the search breaks ties in table order).
  int search_threads = 0;
};

struct StageReport {
  std::string name, kind, hop;
  /// Channel stages are passive media: they draw no power (the signal power they absorb is in
  /// the power ledger's `medium` entries). Active parts are in LinkReport::power.
  double power_w = 0;
};

struct HopReport {
  std::string name, serdes;        ///< serdes "" for optical hops (module DSP retimes)
  std::string kind = "electrical"; ///< "electrical" | "optical" | "linear" (technology.hpp)
  /// Electrical hops: channel stages only (no package), dB. Optical hops: the optical channel
  /// insertion loss (connections + fibre + extra), optical dB. Linear hops: the electrical part.
  double il_nyquist_db = 0;
  double snr_db = 0;            ///< E_s/σ² equivalent of the hop BER, dB
  double ber = 0;               ///< hop pre-FEC BER
  std::optional<double> com_db; ///< statistical/montecarlo only
  /// Statistical/montecarlo electrical and linear hops: the equaliser search that chose the
  /// setting ("exhaustive" or "local", the SerDes key eq_search) and the settings whose figure of
  /// merit it took (the exhaustive search counts every setting of the grid, pruned or not).
  std::string eq_search;
  long eq_settings_evaluated = 0;      ///< settings whose FOM was computed (≥ 0; 0 at analytic)
  std::optional<double> eye_height_mv; ///< at the pre-FEC BER target, statistical/montecarlo
  std::optional<std::uint64_t> mc_bit_errors;    ///< Monte Carlo only: bit errors counted
  std::optional<double> mc_ber_low, mc_ber_high; ///< Monte Carlo only: 95 % Wilson interval
  std::string pmd;                               ///< IEEE PMD of optical and linear hops
  std::optional<double> optical_margin_db;       ///< PMD power-budget margin, optical dB
  std::optional<double> optical_il_db;           ///< optical channel insertion loss, dB
  /// Electrical and linear hops: SNR over the SNR at the COM table's DER_0 (the analytic tier's
  /// stand-in for COM), dB.
  std::optional<double> snr_margin_der0_db;
};

struct LinkReport {
  LinkRequest request;
  LaneRate lane;
  std::vector<StageReport> stages;
  std::vector<HopReport> hops;
  LinkSummary summary;
  std::optional<double> com_db, eye_height_mv; ///< worst hop
  std::string rate_class; ///< lane-rate class the technology runs ("" for an explicit rate)
  /// Why the link is not feasible: "" (feasible), "ber" (post-FEC BER above target), "com" (an
  /// electrical hop's COM, or analytic SNR margin at DER_0, below the technology's com_min),
  /// "pmd_reach" (fibre longer than the PMD's operating reach), "pmd_loss_budget" (optical IL
  /// above the PMD's channel IL budget). The first failing criterion in that order.
  std::string limited_by;
  /// Power, heat and energy of the whole link (technology_power.hpp: the technology's module
  /// build at this rate plus the host SerDes, both ends); empty with a warning when the
  /// technology's parts have no power model at this rate.
  std::optional<TechnologyPower> power;
  std::vector<std::string> warnings;
};

/// Evaluates one link. Throws InputError on bad input (unknown tech, bad spec, a channel band
/// below Nyquist, taps out of range …); warnings (non-passive channel …) go to report.warnings.
/// Checked ranges of `request` (InputError otherwise): ber_target (0, 0.5), mc_symbols 1000–1e9,
/// search_threads ≥ 0, lanes 0–1024 and ambient_k 200–400 K (when with_power), length_m ≥ 0.
/// Thread-safe: any number of threads may evaluate links (and find_reach) at once, each getting
/// exactly its serial result (per-thread scratch; the shared catalogs and plan caches are built
/// once under locks; tests/sweeps/test_link_concurrent.cpp, clean under ThreadSanitizer).
LinkReport evaluate_link(const LinkRequest &request);

/// Empties the process's analytic-tier plan cache (LinkRequest::analytic_cache), so that the next
/// analytic evaluation of each (tech, rate, …) builds its plan again — for benchmarks of cold runs
/// and for callers that change catalogs under a running process. Thread-safe.
void clear_analytic_plans();

/// The report as JSON (DESIGN.md §6 keys plus com_db, eye_height_mv, fidelity, warnings). A number
/// that is not known is null: power_w, heat_w, energy_pj_per_bit and lanes without a power model
/// at this rate (lanes is then the request's when it names one, > 0).
std::string link_report_json(const LinkReport &r);
/// The same as aligned text.
std::string link_report_text(const LinkReport &r);

struct ReachResult {
  double length_m = 0; ///< longest length found to close, m (0 if no length tried closes)
  bool closes_at_min = false, closes_at_max = false; ///< at the technology's length_min/max
  int evaluations = 0;                               ///< link evaluations spent (≥ 1)
  LinkReport at_reach; ///< the report at length_m (or at length_min when nothing closes)
};

/// Longest length in the technology's [length_min, length_max] that is feasible (post-FEC BER ≤
/// the request's target, COM ≥ com_min, optics within the PMD's reach and loss budget), by
/// bisection on length to `tolerance_m` (> 0) between length_min and length_max, which assumes
/// feasibility falls with length. When length_min does not close (a short channel whose
/// reflections no line loss damps can fail where longer ones close), 11 more lengths log-spaced
/// up to length_max are tried and the bisection runs from the longest closing one towards the
/// next (failing) one; closes_at_min stays false. length_m is 0 only if none of the 12 closes.
/// `request`: as evaluate_link (its length_m is ignored); `tolerance_m` (m, > 0).
ReachResult find_reach(const LinkRequest &request, double tolerance_m = 0.005);

std::string reach_report_json(const ReachResult &r);

/// The `link` sweep evaluator (keys tech, length, rate, modulation, fidelity, ber_target, set =
/// "key=value;key=value").
std::unique_ptr<Evaluator> make_link_evaluator();

} // namespace linkphy::sweeps
