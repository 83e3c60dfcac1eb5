// Input validation shared by the network operations (network_ops.hpp).
#include "network_detail.hpp"

#include <cmath>
#include <string>

namespace linkphy::detail {

void validate(const Network &net, const char *what) {
  const std::string where = where_of(net, what);
  if (net.ports < 1) {
    throw InputError(where, "has " + std::to_string(net.ports) + " ports; need at least 1");
  }
  if (net.freq_hz.empty()) {
    throw InputError(where, "has no frequency points");
  }
  const auto n = static_cast<std::size_t>(net.ports);
  if (net.s.size() != net.freq_hz.size() * n * n) {
    throw InputError(where, "holds " + std::to_string(net.s.size()) + " S values; expected " +
                                std::to_string(net.freq_hz.size() * n * n) + " (frequencies x " +
                                std::to_string(n) + " x " + std::to_string(n) + ")");
  }
  if (net.z0_ohm.size() != n) {
    throw InputError(where, "has " + std::to_string(net.z0_ohm.size()) +
                                " reference impedances; expected one per port (" +
                                std::to_string(n) + ")");
  }
  for (std::size_t p = 0; p < n; ++p) {
    if (!(net.z0_ohm[p] > 0.0) || !std::isfinite(net.z0_ohm[p])) {
      throw InputError(where, "reference impedance of port " + std::to_string(p + 1) +
                                  " is not a finite value > 0 ohm");
    }
  }
  for (std::size_t k = 0; k < net.freq_hz.size(); ++k) {
    const double f = net.freq_hz[k];
    if (!(f >= 0.0) || !std::isfinite(f) || (k > 0 && !(f > net.freq_hz[k - 1]))) {
      throw InputError(where, "frequencies must be finite, >= 0 Hz and strictly ascending (point " +
                                  std::to_string(k + 1) + ")");
    }
  }
}

void check_same_grid(const Network &a, const Network &b, const char *what) {
  const std::string same_grid =
      " (accepted: networks on the same frequency grid; interpolate onto one grid first)";
  const std::string where =
      std::string(what) + " of " + where_of(a, "network") + " and " + where_of(b, "network");
  if (a.freq_hz.size() != b.freq_hz.size()) {
    throw InputError(where, "frequency grids differ: " + std::to_string(a.freq_hz.size()) + " vs " +
                                std::to_string(b.freq_hz.size()) + " points" + same_grid);
  }
  for (std::size_t k = 0; k < a.freq_hz.size(); ++k) {
    const double fa = a.freq_hz[k];
    const double fb = b.freq_hz[k];
    if (std::abs(fa - fb) > 1e-12 * std::max(std::abs(fa), std::abs(fb))) {
      throw InputError(where, "frequency grids differ at point " + std::to_string(k + 1) + " (" +
                                  std::to_string(fa) + " Hz vs " + std::to_string(fb) + " Hz)" +
                                  same_grid);
    }
  }
}

} // namespace linkphy::detail
