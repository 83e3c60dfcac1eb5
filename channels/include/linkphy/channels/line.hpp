// Generic uniform transmission line (scikit-rf style): a medium supplies its per-unit-length series
// impedance Z'(f) = R + jωL and shunt admittance Y'(f) = G + jωC (equivalently γ = √(Z'Y'),
// Zc = √(Z'/Y')), and one function turns them into the 2-port S of a line of any length.
// Pozar, "Microwave Engineering", 4th ed., §2.1 (telegrapher) and §4.4 (ABCD → S).
#pragma once

#include <linkphy/phy/network.hpp>

#include <span>
#include <vector>

namespace linkphy::channels {

/// Per-unit-length description of a uniform line on a frequency grid.
struct LineConstants {
  std::vector<Complex> z_per_m; ///< series impedance Z' = R + jωL, ohm/m
  std::vector<Complex> y_per_m; ///< shunt admittance Y' = G + jωC, S/m
};

/// Z', Y' from propagation constant γ (1/m, Re ≥ 0) and characteristic impedance Zc (ohm):
/// Z' = γ·Zc, Y' = γ/Zc. The two spans must have the same size (InputError otherwise); values
/// are not checked (Zc = 0 gives an infinite or NaN Y').
LineConstants from_gamma_zc(std::span<const Complex> gamma_per_m, std::span<const Complex> zc_ohm);

/// γ = √(Z'Y') with Re γ ≥ 0 (1/m), from Z' (ohm/m) and Y' (S/m); any values, not checked.
Complex propagation_constant(Complex z_per_m, Complex y_per_m);
/// Zc = Z'/γ (ohm); infinite when γ = 0 (DC of a line with G = 0).
Complex characteristic_impedance(Complex z_per_m, Complex y_per_m);

/// Fills the 2-port S of a uniform line of `length_m` (m, ≥ 0, finite) referenced to `z0_ohm`
/// (ohm, > 0, finite) at both ports into `net` (which must be a 2-port on the same grid as the
/// constants). InputError ("line: ...") for a length or z0 outside those, or a grid mismatch.
/// Closed form
/// S11 = S22 = (Zc²−Z0²)·sinh(γℓ)/D, S21 = S12 = 2·Zc·Z0/D, D = 2·Zc·Z0·cosh(γℓ) +
/// (Zc²+Z0²)·sinh(γℓ), evaluated in a scaled form that stays finite for any loss; points where
/// Y' = 0 or Z' = 0 (DC) use the ABCD limit A = 1, B = Z'ℓ, C = Y'ℓ.
void fill_line_network(Network &net, const LineConstants &line, double length_m, double z0_ohm);

/// A new 2-port line network on `freq_hz` (Hz; see fill_line_network for the checks).
Network line_network(std::span<const double> freq_hz, const LineConstants &line, double length_m,
                     double z0_ohm);

} // namespace linkphy::channels
