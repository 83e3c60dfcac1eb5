// Annex 93A parametric line as a stage (IEEE Std 802.3 Annex 93A.1.2.3).
#include <linkphy/channels/media.hpp>

#include <sstream>

namespace linkphy::channels {

Annex93aMedium::Annex93aMedium(Annex93aLine line, double length_m, double z0_ohm, bool differential)
    : LineMedium(length_m, z0_ohm, differential), line_(line) {}

LineConstants Annex93aMedium::constants(std::span<const double> f, const Conditions &) const {
  return line_.constants(f);
}

std::string Annex93aMedium::describe() const {
  std::ostringstream os;
  os << "annex93a zc=" << line_.zc_ohm << "ohm l=" << length_m_ << "m";
  return os.str();
}

} // namespace linkphy::channels
