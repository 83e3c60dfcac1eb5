// Internal to phy: COM evaluation that also hands back the equalised thru pulse it built, so
// that the hop evaluator (hop.cpp) does not rebuild it (IEEE 802.3 Annex 93A, 93A-19/24).
#pragma once

#include <linkphy/phy/com.hpp>

#include <span>
#include <vector>

namespace linkphy::com::detail {

/// com::evaluate, and in `pulse_v` the thru pulse after the TX/RX filters and the chosen CTLE,
/// before the TX FFE: samples_per_ui samples per UI, V per unit symbol with A_v applied
/// (93A-24). Result::cursor_sample indexes it. It points into per-thread storage: valid until
/// the next COM evaluation on the same thread.
Result evaluate_with_pulse(const Settings &settings, const PathTransfer &thru,
                           std::span<const PathTransfer> aggressors,
                           const std::vector<double> *&pulse_v);

/// For tests: the FOM (dB, 93A-36) of every setting of the grid as the exhaustive search
/// computes it (its window tables, no pruning): CTLE settings in table order (g_DC fastest), TX
/// FFE settings (c(0) >= c0_min, tap 0 fastest) within each; -inf where a setting has no valid
/// cursor.
std::vector<double> search_foms(const Settings &settings, const PathTransfer &thru,
                                std::span<const PathTransfer> aggressors);

} // namespace linkphy::com::detail
