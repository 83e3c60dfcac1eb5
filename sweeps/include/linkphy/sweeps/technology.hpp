// Link technologies (sweeps/catalog/technologies.toml): each is hops of stages given as channel
// spec strings and a SerDes class per hop. Every key is a template value: `{length}` is the link
// length and `{key}` any other key of the entry, so `--set key=value` overrides anything.
//
// A hop is one of (docs/link.md):
//  * electrical: copper stages only, evaluated by the hop engine with the hop's SerDes class;
//  * optical: only an `optical:length=L[,extra_loss=X dB]` stage — a retimed optical hop evaluated
//    with the IEEE PMD budget (transceivers/ieee_pmd.hpp) of the technology's PMD for the lane-rate
//    class (keys pmd_25G … pmd_400G);
//  * linear: copper stages and one `optical:` stage — un-retimed linear optics (LPO/LRO), whose
//    electrical and optical noise add at the host SerDes slicer.
#pragma once

#include <linkphy/phy/lane_rate.hpp>
#include <linkphy/phy/params.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy::sweeps {

enum class HopKind { electrical, optical, linear };
/// "electrical" | "optical" | "linear".
std::string to_string(HopKind k);

/// The optical span of a hop: fibre of `length_m` (0 m to 1000 km) plus `extra_loss_db` (0–100 dB)
/// beyond the PMD's connection allocation.
struct OpticalSpan {
  double length_m = 0;      ///< fibre length, m (0 to 1e6)
  double extra_loss_db = 0; ///< optical dB (0–100)
};

struct TechnologyHop {
  std::string name;                     ///< "hop1", …
  std::vector<std::string> stage_specs; ///< copper channel spec strings, TX side first
  std::string serdes;                   ///< SerDes class name (transceivers/serdes.hpp)
  HopKind kind = HopKind::electrical;
  std::optional<OpticalSpan> optical; ///< set for optical and linear hops
};

struct Technology {
  std::string name, source, description;
  std::string family = "copper"; ///< "copper" | "optical" (key `family`)
  std::string module;            ///< module build name (key `module`; "" for none: pcb, backplane)
  std::vector<TechnologyHop> hops;
  ParamSet serdes_overrides; ///< from `serdes.KEY=value` sets
  /// Notes for the report, e.g. a set key that nothing uses at this lane-rate class.
  std::vector<std::string> warnings;
  double length_min_m = 0.01; ///< reach search range, m (> 0)
  double length_max_m = 10;   ///< m (> length_min_m)
  /// IEEE PMD per lane-rate class ("100G" → "100gbase_dr"), from keys pmd_25G … pmd_400G.
  std::map<std::string, std::string> pmds;
  /// Lane-rate classes the technology runs (key `rates`, comma-separated; default: the classes
  /// with a PMD when the technology has optics, else all five).
  std::vector<std::string> rates;
  /// Minimum COM of electrical hops at statistical/montecarlo fidelity, dB (key `com_min`,
  /// default 3 dB: the COM limit of IEEE 802.3ck cable assemblies (cl. 162), backplane channels
  /// (cl. 163) and C2C/C2M channels (Annexes 120F/120G), Annex 93A method); at analytic fidelity
  /// the same figure is required of the hop's SNR margin over the SNR at the DER_0 of its COM
  /// table. 0 dB disables the criterion. Range [0, 20] dB.
  double com_min_db = 3;
  /// Cable-assembly NEXT as an integrated crosstalk noise figure, V (key `next_icn`, 0: none;
  /// [0, 0.1] V), referred to the 802.3bj measurement conditions (docs/link.md): applied to hops
  /// with a `twinax:` stage at statistical/montecarlo fidelity.
  double next_icn_v = 0;
  /// One-way delay of the coupled region that makes the cable NEXT, s (key `next_delay`,
  /// [0, 1 ns]; 0: lumped coupling, |X| rising 20 dB/decade at every frequency). Above 0 the
  /// coupling is distributed over a matched section of that delay: the same low-frequency slope,
  /// saturating above 1/(4·delay) (docs/link.md "Cable NEXT").
  double next_delay_s = 0;
};

/// Names of the built-in technologies.
std::vector<std::string> technology_names();

/// The built-in technology catalog (sweeps/catalog/technologies.toml, or
/// $LINKPHY_DATA_DIR/sweeps), loaded once.
const Catalog &technology_catalog();

/// The sweeps module's data directory (its catalog/ in the source tree, or the installed one).
std::filesystem::path sweeps_data_dir();

/// The family ("copper" or "optical") of a built-in technology; InputError for an unknown name.
std::string technology_family(const std::string &name);

/// A technology at link length `length_m` (m, ≥ 0), with `sets` ("key=value"; "serdes.KEY=value"
/// goes to the SerDes class) applied. With a lane-rate class `rate_class` ("25G" …), an entry key
/// KEY_RATE (e.g. host_25G: that generation's standard host board) stands in for KEY when the
/// entry has KEY and KEY itself is not in `sets`. Throws InputError for an unknown name (listing
/// the known ones), a set of an unknown key, a malformed set, or an unresolved `{key}`. Named as
/// the LinkRequest fields they come from (link_eval.hpp "Names in errors"): "LinkRequest.length_m"
/// for a negative length, "LinkRequest.sets 'KEY=VALUE'" for a set entry (also the start of the
/// warning about a set key nothing uses at `rate_class`).
Technology make_technology(const std::string &name, double length_m,
                           const std::vector<std::string> &sets = {},
                           std::string_view rate_class = {});

/// The lane-rate class of `lane` that `tech` runs: its name when it is a class ("100G"), else the
/// class of the same line rate (±1 %); for technologies without optics and without a `rates` key
/// an explicit rate outside the classes is accepted and "" returned. Throws InputError
/// `LinkRequest.rate: technology 'dsp-sr' cannot run 400G (it runs 25G, 50G, 100G)` otherwise.
std::string technology_rate_class(const Technology &tech, const LaneRate &lane);

} // namespace linkphy::sweeps
