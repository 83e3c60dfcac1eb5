// Copper media as ElectricalMedium stages. Each supplies its per-unit-length line constants on a
// frequency grid (single-ended, or the differential mode of a pair) and the generic line engine
// (line.hpp) turns them into a 2-port. Differential media return Sdd referenced to 2·z0 per port.
#pragma once

#include <linkphy/channels/annex93a.hpp>
#include <linkphy/channels/line.hpp>
#include <linkphy/channels/materials.hpp>
#include <linkphy/phy/stage.hpp>

#include <string>

namespace linkphy::channels {

/// A uniform line of a given length whose constants come from the concrete medium.
class LineMedium : public ElectricalMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0: the single-ended reference; a pair's ports are
  /// referenced to 2·z0); InputError otherwise.
  LineMedium(double length_m, double z0_ohm, bool differential);
  /// Constants of the mode the medium returns (differential: Z' = γ·Zdiff, Y' = γ/Zdiff) at
  /// `freq_hz` (Hz; not checked here, > 0 and ascending meaningful).
  virtual LineConstants constants(std::span<const double> freq_hz,
                                  const Conditions &conditions) const = 0;
  /// Common-mode constants of a pair (Z' = γc·Zcomm); single-ended media return the same as
  /// constants().
  virtual LineConstants common_constants(std::span<const double> freq_hz,
                                         const Conditions &conditions) const {
    return constants(freq_hz, conditions);
  }
  Network network(std::span<const double> freq_hz, const Conditions &conditions) const override;
  /// The mixed-mode 4-port [d1, d2, c1, c2] of a symmetric pair (Sdd from the odd mode referenced
  /// to 2·z0, Scc from the even mode referenced to z0/2, no mode conversion), as
  /// to_mixed_mode() orders it. Single-ended media throw InputError.
  Network mixed_mode_network(std::span<const double> freq_hz, const Conditions &conditions) const;
  double length_m() const { return length_m_; }
  bool differential() const { return differential_; }
  /// Port reference of network(): z0 single-ended, 2·z0 differential (ohm).
  double reference_ohm() const { return differential_ ? 2.0 * z0_ohm_ : z0_ohm_; }

protected:
  double length_m_;
  double z0_ohm_;
  bool differential_;
};

/// Centred (symmetric) stripline, single or edge-coupled pair.
struct StriplineGeometry {
  double width_m = 127e-6;      ///< strip width, m (1 µm–10 mm)
  double thickness_m = 17.5e-6; ///< strip thickness, m (> 0, ≤ 1 mm)
  double height_m = 127e-6;     ///< dielectric between the strip and each plane, m (> 0, ≤ 10 mm)
  double spacing_m = 0.0;       ///< edge-to-edge gap of a pair, m (0–10 mm); 0 = single-ended
};
class Stripline : public LineMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0; pair ports at 2·z0); geometry ranges as above.
  Stripline(StriplineGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm = 50.0);
  std::string describe() const override;
  LineConstants constants(std::span<const double> freq_hz, const Conditions &c) const override;
  LineConstants common_constants(std::span<const double> freq_hz,
                                 const Conditions &c) const override;
  /// Quasi-static characteristic impedance with the dielectric at f_ref: single-ended Z0, or
  /// the differential impedance 2·Z_odd (ohm).
  double impedance_ohm() const;

private:
  LineConstants mode(std::span<const double> f, const Conditions &c, bool odd) const;
  StriplineGeometry g_;
  Dielectric d_;
  Metal m_;
  double z_odd_air_ = 0, z_even_air_ = 0, g_odd_ = 0, g_even_ = 0, rdc_ = 0;
};

/// Microstrip. Single-ended: Hammerstad–Jensen statics, Kirschning–Jansen dispersion,
/// Hammerstad–Jensen conductor loss with the current-distribution factor Ki. Edge-coupled pair
/// (spacing > 0): Garg–Bahl even/odd capacitances (quasi-static, no dispersion), Wheeler's rule
/// for conductor loss, per-mode filling factor for the dielectric.
struct MicrostripGeometry {
  double width_m = 300e-6;    ///< strip width, m (0.1 µm–10 mm)
  double thickness_m = 35e-6; ///< strip thickness, m (> 0, ≤ 1 mm)
  double height_m = 150e-6;   ///< substrate height, m (> 0, ≤ 10 mm)
  /// Edge gap of a pair, m (0–10 mm, as stripline); 0 = single-ended. Garg–Bahl fits hold for
  /// roughly 0.01 ≤ s/h ≤ 10.
  double spacing_m = 0.0;
};
class Microstrip : public LineMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0; pair ports at 2·z0); geometry ranges as above.
  Microstrip(MicrostripGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm = 50.0);
  std::string describe() const override;
  LineConstants constants(std::span<const double> freq_hz, const Conditions &c) const override;
  LineConstants common_constants(std::span<const double> freq_hz,
                                 const Conditions &c) const override;
  /// Quasi-static impedance at f_ref: Z0, or 2·Z_odd for a pair (ohm).
  double impedance_ohm() const;

private:
  LineConstants coupled_mode(std::span<const double> f, const Conditions &c, bool odd) const;
  MicrostripGeometry g_;
  Dielectric d_;
  Metal m_;
  // Pair: air capacitance, filling factor and Wheeler factor per mode (odd, even).
  double c_air_[2] = {0, 0}, q_[2] = {0, 0}, g_mode_[2] = {0, 0}, w_eff_ = 0;
};

/// Coaxial line: inner diameter d, outer (shield inner) diameter D, filled dielectric.
struct CoaxGeometry {
  double d_inner_m = 0.5e-3;          ///< m (> 0)
  double d_outer_m = 1.6e-3;          ///< m (> d_inner)
  double shield_thickness_m = 0.1e-3; ///< for the DC resistance of the shield, m (> 0)
};
class Coax : public LineMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0: port reference); geometry ranges as above.
  Coax(CoaxGeometry g, Dielectric d, Metal m, double length_m, double z0_ohm = 50.0);
  std::string describe() const override;
  LineConstants constants(std::span<const double> freq_hz, const Conditions &c) const override;
  double impedance_ohm() const; ///< (η0/2π√εr)·ln(D/d), ohm

private:
  CoaxGeometry g_;
  Dielectric d_;
  Metal m_;
  double rdc_ = 0, g_factor_ = 0;
};

/// Shielded twinax: two round wires of diameter d at centre pitch s in a foamed dielectric inside
/// a shield of diameter D (differential mode returned).
struct TwinaxGeometry {
  double wire_d_m = 0.405e-3; ///< conductor diameter, m (0–5 mm excl.; 26 AWG = 0.405 mm)
  double pitch_m = 0.0;       ///< centre-to-centre spacing, m (> wire_d); 0 = solve for zdiff
  double shield_d_m = 0.0;    ///< shield inner diameter, m (> pitch + wire_d); 0 = auto
  bool stranded = false;      ///< 7-strand conductor (area-equivalent; see twinax.cpp)
  /// Used when pitch_m = 0, ohm (twinax spec key zdiff: 50–200; not checked here).
  double zdiff_target_ohm = 100.0;
};
class Twinax : public LineMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0: ports at 2·z0, the pair is always differential).
  Twinax(TwinaxGeometry g, Dielectric d, Metal wire, Metal shield, double length_m,
         double z0_ohm = 50.0);
  std::string describe() const override;
  LineConstants constants(std::span<const double> freq_hz, const Conditions &c) const override;
  LineConstants common_constants(std::span<const double> freq_hz,
                                 const Conditions &c) const override;
  double impedance_ohm() const; ///< differential impedance at f_ref, ohm
  const TwinaxGeometry &geometry() const { return g_; }

private:
  TwinaxGeometry g_;
  Dielectric d_;
  Metal wire_, shield_;
  double l_odd_ = 0, g_wire_ = 0, g_shield_ = 0, rdc_ = 0, stranding_ = 1.0;
};

/// Annex 93A parametric line as a stage (differential when z0·2 is the reference).
class Annex93aMedium : public LineMedium {
public:
  /// `length_m` (m, ≥ 0), `z0_ohm` (ohm, > 0; ports at 2·z0 when `differential`).
  Annex93aMedium(Annex93aLine line, double length_m, double z0_ohm = 50.0,
                 bool differential = true);
  std::string describe() const override;
  LineConstants constants(std::span<const double> freq_hz, const Conditions &c) const override;

private:
  Annex93aLine line_;
};

/// A lumped discontinuity (connector, via): a symmetric π of shunt C/2 – series (R + jωL) –
/// shunt C/2, or equivalently a short line of impedance zc and delay (Pozar §2.7 lumped model).
class LumpedStage : public ElectricalMedium {
public:
  /// `kind` names it in messages; series R (ohm ≥ 0), L (H ≥ 0), total shunt C (F ≥ 0),
  /// reference `z_ref_ohm` (ohm, > 0; 50 single-ended or 100 differential). InputError otherwise.
  LumpedStage(std::string kind, double r_ohm, double l_h, double c_f, double z_ref_ohm);
  std::string describe() const override;
  Network network(std::span<const double> freq_hz, const Conditions &c) const override;

private:
  std::string kind_;
  double r_, l_, c_, zref_;
};

} // namespace linkphy::channels
