// The interfaces a link is built from (DESIGN.md §2). phy knows no concrete component: channels/
// and transceivers/ implement these. Evaluation is per stage on a whole frequency grid (one virtual
// call per stage per point, never per frequency sample).
#pragma once

#include <linkphy/phy/network.hpp>

#include <span>
#include <string>

namespace linkphy {

/// Operating conditions a stage is evaluated at.
struct Conditions {
  /// Ambient/board temperature, K. Not checked here nor by the media, which pass it to their
  /// material models (copper conductors throw where the linear resistivity law fails, ≈ 51 K);
  /// `linkphy channel`/`link --temperature` and link config files accept 200–450 K.
  double temperature_k = 298.15;
};

/// A passive electrical medium (trace, cable, connector, via, measured channel). Its network is a
/// 2-port: single-ended, or the differential mode of a pair (Sdd, referenced to 2·z0 per port, as
/// scikit-rf's se2gmm). Consecutive media are cascaded as networks, so reflections count.
class ElectricalMedium {
public:
  virtual ~ElectricalMedium() = default;
  /// Short human description, e.g. "stripline megtron7 w=5mil l=0.1524m".
  virtual std::string describe() const = 0;
  /// 2-port S-parameters on `freq_hz` (Hz, ascending, ≥ 0 Hz; 0 Hz must be handled). The grid is
  /// not checked by every implementation: a measured channel (TouchstoneStage) refuses points
  /// above its file's last frequency.
  virtual Network network(std::span<const double> freq_hz, const Conditions &conditions) const = 0;
};

} // namespace linkphy
