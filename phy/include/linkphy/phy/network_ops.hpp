// Operations on S-parameter networks: parameter conversions, cascade, renormalisation,
// mixed-mode conversion, interpolation, DC extrapolation, passivity and reciprocity checks.
// Conventions follow scikit-rf (skrf.network) and Pozar, "Microwave Engineering", 4th ed.,
// §4.3–4.4.
#pragma once

#include <linkphy/phy/network.hpp>

#include <span>
#include <vector>

namespace linkphy {

/// Network parameter families. ABCD and T are defined for 2N-port networks whose first N ports
/// are inputs and last N outputs (2-port: the usual ABCD/T).
enum class ParameterKind { S, Z, Y, H, G, ABCD, T };

/// Parameters of kind `kind` of a network, same f×n×n layout as Network::s (ohms / siemens).
std::vector<Complex> to_parameters(const Network &net, ParameterKind kind);
/// A network from parameters of kind `kind` (f×n×n layout), referenced to z0_ohm per port.
Network from_parameters(ParameterKind kind, std::vector<double> freq_hz, int ports,
                        std::span<const Complex> data, std::vector<double> z0_ohm);

/// A copy whose port p is the input's port order[p] (0-based). `order` is a permutation.
Network reorder_ports(const Network &net, std::span<const int> order);

/// Cascade of two 2N-port networks on the same grid: a's last N ports connect to b's first N
/// (port i of the output side of a to port i of the input side of b). 2-ports: the usual cascade.
/// Throws InputError when grids or port counts differ. Reference impedances at the joined ports
/// must match (renormalise first otherwise).
Network cascade(const Network &a, const Network &b);
/// Cascade of many; same rules as the pairwise cascade.
Network cascade(std::span<const Network> chain);

/// The same network referenced to new per-port impedances (ohms, > 0).
Network renormalize(const Network &net, std::vector<double> z0_ohm);

/// Two ports forming a differential pair: positive and negative, 0-based.
struct PortPair {
  int positive = 0;
  int negative = 0;
};
/// Parses "1-3:2-4" (1-based, pairs separated by ':') into pairs. Throws InputError.
std::vector<PortPair> parse_port_pairs(const std::string &text);

/// Single-ended 2N-port → mixed-mode 2N-port with port order [d1..dN, c1..cN]:
/// the result's S is [[Sdd, Sdc], [Scd, Scc]]. Differential reference 2·z0, common z0/2
/// (skrf.Network.se2gmm convention).
Network to_mixed_mode(const Network &net, std::span<const PortPair> pairs);

/// Linear interpolation of real and imaginary parts onto `freq_hz` (inside the network's band).
Network interpolate(const Network &net, std::span<const double> freq_hz);

/// Extends a network down to DC: prepends points from 0 Hz to the first frequency with the
/// spacing of the first interval and fills them (real parts extrapolated to an even function,
/// imaginary parts to an odd one; the DC point is made real). Like skrf extrapolate_to_dc.
Network extrapolate_to_dc(const Network &net);

struct PassivityReport {
  bool passive = true;
  double max_singular_value = 0.0; ///< over all frequencies; > 1 means not passive
  double at_freq_hz = 0.0;
};
/// Largest singular value of S over frequency (passive when ≤ 1 + tolerance).
PassivityReport check_passivity(const Network &net, double tolerance = 1e-6);

struct ReciprocityReport {
  bool reciprocal = true;
  double max_asymmetry = 0.0; ///< max |S_ij − S_ji|
  double at_freq_hz = 0.0;
};
ReciprocityReport check_reciprocity(const Network &net, double tolerance = 1e-6);

} // namespace linkphy
