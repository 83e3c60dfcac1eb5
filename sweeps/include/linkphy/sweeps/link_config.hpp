// A link request read from TOML (DESIGN.md §6 `linkphy link --config FILE`), so a link can be kept
// in a file and re-run; command-line options override what the file gives. Format:
//   tech = "dac"                # technology (sweeps/catalog/technologies.toml)
//   length = "2 m"              # link length with unit, 0 m .. 100 km (inclusive)
//   rate = "100G"               # lane-rate class or explicit rate with unit
//   modulation = "PAM4"         # optional
//   fidelity = "statistical"    # analytic | statistical | montecarlo
//   ber_target = 1e-15          # post-FEC BER target, (0, 0.5)
//   mc_symbols = 1000000        # Monte Carlo symbols per hop, whole number 1000 .. 1e9
//   temperature = "85 degC"     # stage temperature, 200 K .. 450 K (inclusive)
//   channels = ["twinax:awg=28,length=1m"]   # optional, non-empty: hop 1's stages
//   [set]                       # technology overrides, as --set key=value
//   awg = 28
//   "serdes.eta0_v2_per_ghz" = 3e-8
// Where errors are reported: every wrong value of the file is named "FILE:LINE: key 'NAME'" (NAME
// `set.awg` for a [set] entry, `channels` for a channel spec, at the line of its string).
// read_link_config checks what needs nothing else: the TOML, the keys, types, units and ranges,
// the technology name, the rate and modulation, the spec syntax and kind of each channel, and each
// [set] key against the technology (the file's, or the one --tech names). What needs the command
// line's other inputs (a material that a --catalog file defines, a [set] value only the
// technology's stages at the request's length and rate judge, a rate the technology cannot run) is
// judged by evaluate_link_config, which names the file's place of the value at fault as long as the
// command line did not replace it (drop_file_key).
#pragma once

#include <linkphy/sweeps/link_eval.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace linkphy::sweeps {

struct LinkConfig {
  LinkRequest request;         ///< defaults where the file is silent; ranges as in the format above
  std::set<std::string> given; ///< top-level keys the file gives (tech, length, …)
  /// "FILE:LINE: key 'NAME'" of each top-level key the file gives (by key; not `set`, `channels`).
  std::map<std::string, std::string> where;
  /// The place of each of the file's [set] entries: set_where[i] is request.sets[i]'s (the file's
  /// entries come first in request.sets; the command line's --set are appended after them).
  std::vector<std::string> set_where;
  /// The place of each channel spec, channel_where[i] is request.channels[i]'s (empty when the
  /// file gives no channels or the command line replaced them).
  std::vector<std::string> channel_where;
};

/// Reads the file. Throws InputError "FILE:LINE: key 'NAME': ..." on malformed TOML (FILE:LINE
/// only), an unknown key (listing the accepted ones), a value of the wrong type, a number without
/// its unit, out-of-range physics, an unknown technology, a bad rate or modulation, a malformed
/// channel spec or one of an unknown kind, or a [set] key the technology does not have.
/// `tech_for_sets`: the technology the [set] keys are checked against when the command line
/// names one (--tech replaces the file's `tech`; a known name, checked by the caller); "" checks
/// them against the file's `tech`, and leaves them to evaluate_link_config when the file gives
/// none (the request's default technology need not be the one the caller will set).
LinkConfig read_link_config(const std::filesystem::path &file,
                            const std::string &tech_for_sets = "");

/// The command line replaced the file's `key` (a top-level key: "rate", "channels", …): errors
/// in its value are no longer the file's. [set] entries are not dropped: a later --set of the same
/// key replaces the file's value, and evaluate_link_config blames only the value in effect.
void drop_file_key(LinkConfig &cfg, const std::string &key);

/// evaluate_link(cfg.request). An InputError that a value of the file still in effect caused is
/// re-thrown as "FILE:LINE: key 'NAME': " followed by the original message (which says what is
/// accepted): the rate and modulation (checks against the technology), the channel specs (e.g. a
/// material no catalog defines) and the [set] entries judged only when the technology's stages
/// are built (e.g. set.awg = 99, a twinax gauge out of range). Such a [set] entry is found by
/// building the technology's stages without it (analytic evaluations without power; only on this
/// error path); an entry of request.sets past the file's (a --set) is named
/// "LinkRequest.sets 'KEY=VALUE'". A rate the command line gave (the file's `rate` dropped) that
/// the file's `modulation` cannot carry but another modulation can ("106.25 Gb/s PAM4" with
/// modulation = "NRZ") is blamed on the file's modulation: "FILE:LINE: key 'modulation': 'NRZ'
/// cannot carry LinkRequest.rate '106.25 Gb/s PAM4' (…); accepted: …"; the other way round (the
/// file's rate, the command line's modulation) the file's rate key: "FILE:LINE: key 'rate':
/// '106.25 Gb/s PAM4' cannot be carried by LinkRequest.modulation 'NRZ' (…)". Other InputErrors
/// propagate unchanged (named as link_eval.hpp "Names in errors"). The report is evaluate_link's,
/// except that its warnings about a [set] entry of the file ("LinkRequest.sets 'KEY=VALUE' has no
/// effect …") name the entry's place.
LinkReport evaluate_link_config(const LinkConfig &cfg);

/// Accepted top-level keys.
const std::set<std::string> &link_config_keys();

} // namespace linkphy::sweeps
