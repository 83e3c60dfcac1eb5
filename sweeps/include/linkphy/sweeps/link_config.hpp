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
#pragma once

#include <linkphy/sweeps/link_eval.hpp>

#include <filesystem>
#include <set>
#include <string>

namespace linkphy::sweeps {

struct LinkConfig {
  LinkRequest request;         ///< defaults where the file is silent; ranges as in the format above
  std::set<std::string> given; ///< top-level keys the file gives (tech, length, …)
};

/// Reads the file. Throws InputError "FILE:LINE: ..." on malformed TOML, an unknown key (listing
/// the accepted ones), a value of the wrong type, a number without its unit, or out-of-range
/// physics.
LinkConfig read_link_config(const std::filesystem::path &file);

/// Accepted top-level keys.
const std::set<std::string> &link_config_keys();

} // namespace linkphy::sweeps
