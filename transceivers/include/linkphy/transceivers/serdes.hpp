// SerDes reach classes XSR/VSR/MR/LR (transceivers/catalog/serdes.toml): equaliser limits, noise
// (η0, SNR_TX), swing and package of an IEEE 802.3ck Annex 93A COM table, with per-class
// overrides, turned into the hop engine's settings (phy/hop.hpp) at a given baud.
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/transceivers/com_table.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace linkphy::transceivers {

struct SerdesClass {
  std::string name, reach_class, source;
  ComTable table;            ///< the COM table of the lane rate asked for (overrides applied)
  std::string com_table_key; ///< the catalog key it came from: com_table_100G …, or com_table
  int package_case = 1;      ///< 1-based index into table.cases (1 to the number of cases)
  int dfe_taps = -1;   ///< fixed DFE taps kept, −1 (all of the table's) to the table's tap count
  bool tx_ffe = true;  ///< false: TX FFE fixed at c(0) = 1
  double adc_enob = 0; ///< ADC effective bits (0: analog slicer), [0, 16]
  /// Key package: true "table" (the default: the COM table's package — die C_d, bump L_s/C_b,
  /// package line z_p, ball C_p — at each end); false "bump": the die and its bump only (C_d,
  /// L_s, C_b), no package line and no ball, for a hop whose channel is the package substrate
  /// itself (die to die or die to optical engine within one package, OIF CEI-112G-XSR).
  bool package_line = true;
  /// The equaliser search of statistical hops (key eq_search): true "local" (the default:
  /// com.hpp Settings::Search::local, ~30x faster — the statistical tier's sweep throughput —
  /// but it can settle on a setting with a lower figure of merit; docs/com.md),
  /// false "exhaustive" (the Annex 93A optimum over the whole grid).
  bool local_search = true;
};

/// Keys a SerDes entry or override may carry.
std::vector<std::string> serdes_keys();

/// A class from the built-in catalog, with `overrides` (keys of serdes_keys(); values with units
/// where they have one: a_v="0.5 V", snr_tx="30 dB"). `rate_class` ("25G" … "400G", or empty)
/// picks the class's COM table for that lane-rate class (key com_table_25G …) when it has one,
/// else its `com_table`. Throws InputError on an unknown class (listing the known ones), an
/// unknown rate class, or a bad key/value.
SerdesClass find_serdes(const std::string &name, const ParamSet &overrides = {},
                        std::string_view rate_class = {});

/// Names of the built-in classes.
std::vector<std::string> serdes_names();

/// Annex 93A settings at `baud_bd` (Bd, > 0) and `levels` (PAM order, 2 to 64): the table's
/// frequencies scale by baud / table f_b. `samples_per_ui` ∈ [4, 64]. InputError otherwise.
com::Settings serdes_settings(const SerdesClass &s, double baud_bd, int levels,
                              int samples_per_ui = 16);

/// The package of both ends (the class's package case) and terminations.
HopPackage serdes_package(const SerdesClass &s);

} // namespace linkphy::transceivers
