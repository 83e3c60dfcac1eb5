// Lumped π stage C/2 – (R + jωL) – C/2 (Pozar §4.4, Table 4.1 ABCD of series and shunt elements).
#include <linkphy/channels/media.hpp>
#include <linkphy/phy/error.hpp>

#include <numbers>
#include <sstream>

namespace linkphy::channels {

LumpedStage::LumpedStage(std::string kind, double r_ohm, double l_h, double c_f, double z_ref_ohm)
    : kind_(std::move(kind)), r_(r_ohm), l_(l_h), c_(c_f), zref_(z_ref_ohm) {
  if (!(r_ >= 0.0))
    throw InputError("r", "must be >= 0 ohm");
  if (!(l_ >= 0.0))
    throw InputError("l", "must be >= 0 H");
  if (!(c_ >= 0.0))
    throw InputError("c", "must be >= 0 F");
  if (!(zref_ > 0.0))
    throw InputError("z0", "must be > 0 ohm");
}

Network LumpedStage::network(std::span<const double> freq_hz, const Conditions &) const {
  Network net(std::vector<double>(freq_hz.begin(), freq_hz.end()), 2, zref_);
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    const double w = 2 * std::numbers::pi * freq_hz[k];
    const Complex z(r_, w * l_), y(0.0, w * c_ / 2);
    // ABCD of shunt Y · series Z · shunt Y.
    const Complex a = 1.0 + z * y, b = z, c = 2.0 * y + z * y * y, d = a;
    const Complex den = a + b / zref_ + c * zref_ + d;
    net.at(k, 0, 0) = (a + b / zref_ - c * zref_ - d) / den;
    net.at(k, 1, 1) = (-a + b / zref_ - c * zref_ + d) / den;
    net.at(k, 1, 0) = 2.0 / den;
    net.at(k, 0, 1) = 2.0 / den; // reciprocal: AD − BC = 1
  }
  net.name = describe();
  return net;
}

std::string LumpedStage::describe() const {
  std::ostringstream os;
  os << kind_ << " R=" << r_ << "ohm L=" << l_ * 1e12 << "pH C=" << c_ * 1e15 << "fF";
  return os.str();
}

} // namespace linkphy::channels
