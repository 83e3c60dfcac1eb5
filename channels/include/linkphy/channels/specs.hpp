// Copper media from spec strings ("stripline:material=megtron7,width=5mil,length=6in") and the
// channels catalogs (laminates, foils, cables, package stacks). Every key is typed and unit-checked
// through ParamSet; unknown keys are rejected with the accepted list.
#pragma once

#include <linkphy/phy/params.hpp>
#include <linkphy/phy/stage.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace linkphy::channels {

/// The four channel catalogs. builtin() reads channels/catalog/*.toml (source tree, install
/// prefix, or $LINKPHY_DATA_DIR/channels); users add or override entries with load_user().
class ChannelCatalogs {
public:
  static ChannelCatalogs builtin();
  /// `kind` is laminates, foils, cables or packages; `file` a TOML file of entries (each with
  /// `source`); its keys override those of same-named built-in entries.
  void load_user(const std::string &kind, const std::filesystem::path &file);
  const Catalog &get(const std::string &kind) const;

  Catalog laminates, foils, cables, packages;
};

/// Kinds this module builds: stripline, microstrip, coax, twinax, annex93a, package, via,
/// connector, touchstone.
const std::vector<std::string> &copper_kinds();

/// One-line help of a kind's keys (for --help and error messages).
std::string copper_kind_help(const std::string &kind);

/// Builds the medium of a spec. Throws InputError naming the spec key and what is accepted.
/// Relative file names (touchstone:file=...) resolve against `base_dir` (empty: the current
/// directory).
std::unique_ptr<ElectricalMedium> make_copper_medium(const Spec &spec,
                                                     const ChannelCatalogs &catalogs,
                                                     const std::filesystem::path &base_dir = {});

/// AWG conductor diameter (ASTM B258): d = 0.127 mm · 92^((36 − n)/39), m. `awg` 0–40 meaningful,
/// not checked here (the twinax spec key awg accepts 26–34).
double awg_diameter_m(int awg);

} // namespace linkphy::channels
