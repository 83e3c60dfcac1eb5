// Fibre spec strings ("smf:length=2km,wavelength=1310nm", "mmf:type=om4,length=100m") and the
// fibre seen as a 2-port network, so that `linkphy channel smf:...` works like copper specs.
//
// What il_db and S21 mean for a fibre: S21(f) = 10^(−L/20)·H(f) with L the optical insertion loss
// in dB (fibre attenuation × length + connectors + splices, at the carrier wavelength) and H(f)
// the normalised small-signal intensity transfer function (dispersion with chirp, source spectral
// width, modal bandwidth, PMD; H(0) = 1). So il_db at 0 Hz reads the optical loss in dB, and
// il_db(f) − il_db(0) = −20·log10|H(f)| is the electrical-dB roll-off of the detected signal.
// S11 = S22 = 0 (reflections are budgeted separately), z0 = 50 Ω.
#pragma once

#include <linkphy/channels/fibre.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/stage.hpp>

#include <memory>
#include <string>

namespace linkphy::channels {

/// A fibre link with the carrier it is evaluated at.
struct FibreLink {
  std::shared_ptr<const Fibre> fibre; ///< non-null (FibreNetwork does not check)
  OpticalCarrier carrier;             ///< as make_fibre_link checked it
};

/// One-line help of kind "smf" or "mmf" (keys and units).
std::string fibre_kind_help(const std::string &kind);

/// Builds a fibre from a spec of kind "smf" or "mmf". Keys: length (required, a length, 0 to
/// 200 km), type (fibre catalog name; default g652d / om4), wavelength (a length, default
/// 1310 nm / 850 nm, within the fibre's window), connectors (whole number 0 to 100) and splices
/// (0 to 1000), default 0; spectral_width (RMS source width, a length, 0 to 20 nm, default 0
/// nm), chirp (α, plain number −10 to 10, default 0). Throws InputError naming the key on a value
/// outside these, an unknown key, an unknown fibre, a type of the other kind, or a wavelength
/// outside the fibre's window.
FibreLink make_fibre_link(const Spec &spec);

/// The fibre as an ElectricalMedium 2-port (see the file comment for what S21 means).
class FibreNetwork : public ElectricalMedium {
public:
  explicit FibreNetwork(FibreLink link) : link_(std::move(link)) {}
  std::string describe() const override;
  /// On `freq_hz` (Hz, ≥ 0; not checked here), z0 = 50 Ω; `conditions` are ignored (the fibre
  /// has no temperature dependence).
  Network network(std::span<const double> freq_hz, const Conditions &conditions) const override;
  const FibreLink &link() const { return link_; }

private:
  FibreLink link_;
};

} // namespace linkphy::channels
