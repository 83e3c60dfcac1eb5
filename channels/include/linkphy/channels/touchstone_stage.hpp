// A measured channel from a Touchstone file as a stage: a 2-port as is, or the differential
// through-path Sdd of a 4-port single-ended file, extended to DC (skrf extrapolate_to_dc, linear)
// and interpolated onto the evaluation grid in magnitude and unwrapped phase (skrf
// Network.interpolate(coords='polar')).
#pragma once

#include <linkphy/phy/stage.hpp>

#include <string>
#include <vector>

namespace linkphy::channels {

class TouchstoneStage : public ElectricalMedium {
public:
  /// `path` names a .sNp / .ts file. `ports`: "" for a 2-port file; "A:B" (1-based) to take the
  /// single-ended path from port A to port B of an N-port; "P1-N1:P2-N2" (1-based pairs, e.g.
  /// "1-3:2-4" for IEEE 802.3 channel files) for the differential path of a 4-port — Sdd
  /// referenced to 2·z0. Ports are 1 to N, A ≠ B, each pair's ports distinct. Throws InputError on
  /// a bad file or port map, a file with |S| > 1e6 (require_channel_magnitudes) or fewer than 2
  /// frequencies. The DC extension adds at most 10,000 points (see extrapolate_to_dc).
  TouchstoneStage(const std::string &path, const std::string &ports);
  std::string describe() const override;
  /// On `freq_hz` (Hz), each in [0, the file's last frequency] (InputError "the frequency grid
  /// goes above the file's last frequency" otherwise, also for a negative or NaN point);
  /// `conditions` are ignored (measured data).
  Network network(std::span<const double> freq_hz, const Conditions &conditions) const override;
  /// The file's 2-port (extended to DC, before interpolation).
  const Network &data() const { return net_; }

private:
  std::string path_, ports_;
  Network net_;
  std::vector<double> mag_, phase_; ///< per frequency × 4 entries (row-major 2×2)
};

} // namespace linkphy::channels
