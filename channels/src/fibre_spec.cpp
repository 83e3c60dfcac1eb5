// Fibre spec strings and the fibre as a 2-port (see fibre_spec.hpp).
#include <linkphy/channels/fibre_spec.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>
#include <sstream>
#include <vector>

namespace linkphy::channels {

std::string fibre_kind_help(const std::string &kind) {
  if (kind == "smf")
    return "smf: length, type [g652d] (g652d, g657a1, os1a, os2), wavelength [1310nm], "
           "connectors [0], splices [0], spectral_width [0nm], chirp [0]";
  if (kind == "mmf")
    return "mmf: length, type [om4] (om3, om4, om5), wavelength [850nm], connectors [0], "
           "splices [0], spectral_width [0nm], chirp [0]";
  return {};
}

FibreLink make_fibre_link(const Spec &spec) {
  const bool smf = spec.kind == "smf";
  if (!smf && spec.kind != "mmf")
    throw InputError(spec.params.where(), "kind '" + spec.kind + "' is not a fibre (smf, mmf)");
  const ParamSet &p = spec.params;
  const std::string type_name = p.text_or("type").value_or(smf ? "g652d" : "om4");
  FibreType type;
  try {
    type = find_fibre(type_name);
  } catch (const InputError &e) {
    throw InputError(p.where_key("type"), e.detail());
  }
  if (type.single_mode != smf)
    throw InputError(p.where_key("type"),
                     "fibre '" + type_name + "' is " +
                         (type.single_mode ? "single-mode (use smf:)" : "multimode (use mmf:)"));
  const double length = p.quantity("length", Dimension::length);
  p.require_range("length", length, 0, 200e3, "0 to 200 km");
  FibreLink link;
  link.carrier.wavelength_m =
      p.quantity_or("wavelength", Dimension::length, smf ? 1310e-9 : 850e-9);
  type.check_window(link.carrier.wavelength_m, p.where_key("wavelength"));
  link.carrier.spectral_width_rms_m = p.quantity_or("spectral_width", Dimension::length, 0);
  p.require_range("spectral_width", link.carrier.spectral_width_rms_m, 0, 20e-9, "0 to 20 nm");
  link.carrier.chirp_alpha = p.number_or("chirp", 0, -10, 10);
  const int connectors =
      static_cast<int>(p.has("connectors") ? p.integer("connectors", 0, 100) : 0);
  const int splices = static_cast<int>(p.has("splices") ? p.integer("splices", 0, 1000) : 0);
  p.reject_unused(
      {"length", "type", "wavelength", "connectors", "splices", "spectral_width", "chirp"});
  link.fibre = std::make_shared<const Fibre>(std::move(type), length, connectors, splices);
  return link;
}

std::string FibreNetwork::describe() const {
  std::ostringstream os;
  os << link_.fibre->describe() << " at " << link_.carrier.wavelength_m * 1e9 << "nm";
  return os.str();
}

Network FibreNetwork::network(std::span<const double> freq_hz, const Conditions &) const {
  Network n(std::vector<double>(freq_hz.begin(), freq_hz.end()), 2, 50.0);
  n.name = describe();
  std::vector<std::complex<double>> h(freq_hz.size());
  link_.fibre->intensity_response(freq_hz, link_.carrier, h);
  const double a = std::pow(10.0, -link_.fibre->loss_db(link_.carrier) / 20); // optical loss
  for (std::size_t k = 0; k < freq_hz.size(); ++k) {
    n.at(k, 1, 0) = a * h[k];
    n.at(k, 0, 1) = a * h[k];
  }
  return n;
}

} // namespace linkphy::channels
