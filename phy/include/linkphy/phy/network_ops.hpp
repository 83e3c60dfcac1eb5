// Operations on S-parameter networks: parameter conversions, cascade, renormalisation,
// mixed-mode conversion, interpolation, DC extrapolation, passivity and reciprocity checks.
// Conventions follow scikit-rf 0.15.4 (skrf.network) and Pozar, "Microwave Engineering", 4th ed.,
// §4.3–4.4.
//
// Wave definition: scikit-rf's default, power waves (Kurokawa, IEEE T-MTT 13(2), 1965). Reference
// impedances here are real and positive, for which power, pseudo (Marks & Williams 1992) and
// travelling waves coincide: a = (V + z0·I)/(2√z0), b = (V − z0·I)/(2√z0).
//
// Every function validates its inputs and throws linkphy::InputError (where = the network's name
// or the argument) on a port-count or grid mismatch, a bad port map, an impedance ≤ 0, or a
// matrix that does not exist at some frequency (e.g. Z of an ideal thru).
#pragma once

#include <linkphy/phy/network.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy {

/// Network parameter families.
/// - S: scattering (dimensionless), referenced to the network's z0.
/// - Z (ohm), Y (siemens): any port count n ≥ 1.
/// - H, G: 2-ports only; H = [[h11 ohm, h12 1], [h21 1, h22 S]], G = H⁻¹.
/// - ABCD: 2N-ports with ports 1..N inputs and N+1..2N outputs:
///   [V_in; I_in] = [[A, B], [C, D]]·[V_out; −I_out] (currents flow into ports). A, D are
///   dimensionless N×N blocks, B in ohm, C in siemens. 2-port: the usual ABCD (skrf s2a).
/// - T: wave-cascading matrix of a 2N-port, [b_in; a_in] = T·[a_out; b_out] (skrf s2t; independent
///   of z0). T and ABCD multiply along a cascade.
enum class ParameterKind { S, Z, Y, H, G, ABCD, T };

/// "S", "Z", "Y", "H", "G", "ABCD", "T".
std::string_view to_string(ParameterKind kind);

/// Parameters of kind `kind` of a network, same f×n×n row-major layout as Network::s (ohms,
/// siemens or dimensionless, see ParameterKind). Throws InputError when the kind does not apply to
/// the port count, or when the parameters do not exist at some frequency (singular matrix).
std::vector<Complex> to_parameters(const Network &net, ParameterKind kind);
/// A network from parameters of kind `kind` (f×n×n row-major, size freq_hz.size()·ports²),
/// S referenced to z0_ohm (one value per port, ohm, finite and > 0). Inverse of to_parameters.
/// `ports` ≥ 1; `freq_hz` (Hz) non-empty, finite, ≥ 0 and strictly ascending. InputError on any
/// of these, a size mismatch, or parameters with no S at some frequency.
Network from_parameters(ParameterKind kind, std::vector<double> freq_hz, int ports,
                        std::span<const Complex> data, std::vector<double> z0_ohm);

/// A copy whose port p is the input's port order[p] (0-based), z0 permuted alike.
/// `order` must be a permutation of 0..n−1 (InputError otherwise).
Network reorder_ports(const Network &net, std::span<const int> order);

/// Cascade of two 2N-port networks on the same grid (the Redheffer star product of their S, which
/// stays finite where T is singular: at DC, for matched lossless lines). a's last N ports connect
/// to b's first N (port N+i of a to port i of b); the result's ports are a's first N then b's last
/// N. 2-ports: the usual cascade. Same as skrf.network.cascade (`a ** b`).
/// Throws InputError when grids differ or port counts differ or are odd. When the reference
/// impedances of joined ports differ, b's joined ports are first renormalised to a's (the
/// physical junction, as skrf.connect inserts an impedance step).
Network cascade(const Network &a, const Network &b);
/// Cascade of a chain of one or more networks (left to right; an empty chain is an InputError);
/// same rules as the pairwise cascade.
Network cascade(std::span<const Network> chain);

/// The same network referenced to new per-port impedances (ohm, finite and > 0, one per port;
/// InputError otherwise):
/// S' = K(S − Γ)(I − ΓS)⁻¹K⁻¹, Γ = diag((z'−z)/(z'+z)), K = diag((z+z')/(2√(z z')))
/// (power waves, real impedances; equals skrf renormalize_s).
Network renormalize(const Network &net, std::vector<double> z0_ohm);

/// Two ports forming a differential pair: positive and negative, 0-based.
struct PortPair {
  int positive = 0; ///< 0-based port of the + line, in [0, ports) (checked by to_mixed_mode)
  int negative = 0; ///< 0-based port of the − line, in [0, ports) (checked by to_mixed_mode)
};
/// Parses "1-3:2-4" (1-based port numbers, '+' port first, pairs separated by ':') into 0-based
/// pairs. Throws InputError on malformed text, port 0, or a port used twice. Port numbers have
/// no upper bound here (the network's port count is checked by to_mixed_mode).
std::vector<PortPair> parse_port_pairs(const std::string &text);

/// Single-ended 2N-port → mixed-mode 2N-port with port order [d1..dN, c1..cN]: the result's S is
/// [[Sdd, Sdc], [Scd, Scc]]. Differential reference 2·z0, common z0/2 (skrf.Network.se2gmm with
/// its default 100/25 ohm for z0 = 50 ohm; Bockelman & Eisenstadt, IEEE T-MTT 43(7), 1995).
/// The pairs must use every port exactly once and both ports of a pair must share one z0.
/// For IEEE 802.3 channel files use parse_port_pairs("1-3:2-4").
Network to_mixed_mode(const Network &net, std::span<const PortPair> pairs);

/// Linear interpolation of real and imaginary parts of S onto `freq_hz` (Hz, strictly ascending,
/// inside [first, last] frequency of the network; InputError otherwise). Same as skrf
/// Network.interpolate with its defaults (scipy interp1d kind='linear', coords='cart').
Network interpolate(const Network &net, std::span<const double> freq_hz);

/// Extends a network (≥ 2 frequencies, first > 0 Hz) down to DC, as skrf
/// Network.extrapolate_to_dc(kind='linear'): the DC value is extrapolated linearly in magnitude and
/// unwrapped phase from the first two points; m = max(1, round(min(f0/(f1 − f0), 10000))) points
/// 0, f0/m, …, (m−1)·f0/m are prepended, those between DC and f0 interpolated linearly (re/im)
/// between the extrapolated DC value and S(f0); finally the DC value keeps only its real part.
/// Differences from skrf: skrf's default kind is 'rational', and skrf resamples the whole network
/// onto a uniform grid; here the original points are kept unchanged (identical to skrf when the
/// grid is uniform and f0 is a multiple of the step). A network already starting at 0 Hz is
/// returned unchanged; one with a single point (f0 > 0) is an InputError. m is capped at 10,000
/// (skrf's is not: first points 1 GHz and 1 GHz + 1 Hz would ask for 10⁹ points); below the cap
/// the result is skrf's.
Network extrapolate_to_dc(const Network &net);

struct PassivityReport {
  bool passive = true;             ///< max_singular_value ≤ 1 + tolerance
  double max_singular_value = 0.0; ///< over all frequencies; > 1 means not passive
  double at_freq_hz = 0.0;         ///< where the maximum occurs (Hz)
};
/// Largest singular value of S over frequency; passive when ≤ 1 + tolerance (tolerance ≥ 0,
/// dimensionless; InputError "tolerance must be >= 0" for a negative or NaN one). A passive
/// network has S^H S ≤ I (Pozar §4.3).
PassivityReport check_passivity(const Network &net, double tolerance = 1e-6);

struct ReciprocityReport {
  bool reciprocal = true;     ///< max_asymmetry ≤ tolerance
  double max_asymmetry = 0.0; ///< max |S_ij − S_ji| over i, j and frequency
  double at_freq_hz = 0.0;    ///< where the maximum occurs (Hz)
};
/// Reciprocal when max |S_ij − S_ji| ≤ tolerance (tolerance ≥ 0, dimensionless; InputError for
/// a negative or NaN one; Pozar §4.3; skrf.network.reciprocity gives the same |S − Sᵀ|).
ReciprocityReport check_reciprocity(const Network &net, double tolerance = 1e-6);

} // namespace linkphy
