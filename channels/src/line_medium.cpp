// LineMedium: a medium's constants → 2-port (Pozar §4.4) or mixed-mode 4-port of a symmetric pair
// (odd/even mode decomposition: Pozar §7.6; mixed-mode ports as Bockelman & Eisenstadt, IEEE MTT
// 43(7), 1995).
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

namespace linkphy::channels {

LineMedium::LineMedium(double length_m, double z0_ohm, bool differential)
    : length_m_(length_m), z0_ohm_(z0_ohm), differential_(differential) {
  if (!(length_m >= 0.0))
    throw InputError("length", "must be >= 0 m");
  if (!(z0_ohm > 0.0))
    throw InputError("z0", "reference impedance must be > 0 ohm");
}

Network LineMedium::network(std::span<const double> freq_hz, const Conditions &conditions) const {
  Network net = line_network(freq_hz, constants(freq_hz, conditions), length_m_, reference_ohm());
  net.name = describe();
  return net;
}

Network LineMedium::mixed_mode_network(std::span<const double> freq_hz,
                                       const Conditions &conditions) const {
  if (!differential_)
    throw InputError(describe(), "a mixed-mode 4-port needs a differential pair (give spacing)");
  const Network dd = line_network(freq_hz, constants(freq_hz, conditions), length_m_, 2 * z0_ohm_);
  const Network cc =
      line_network(freq_hz, common_constants(freq_hz, conditions), length_m_, z0_ohm_ / 2);
  Network out(std::vector<double>(freq_hz.begin(), freq_hz.end()), 4, z0_ohm_);
  out.z0_ohm = {2 * z0_ohm_, 2 * z0_ohm_, z0_ohm_ / 2, z0_ohm_ / 2};
  for (std::size_t k = 0; k < out.frequencies(); ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        out.at(k, i, j) = dd.at(k, i, j);
        out.at(k, 2 + i, 2 + j) = cc.at(k, i, j);
      }
  out.name = describe() + " (mixed mode)";
  return out;
}

} // namespace linkphy::channels
