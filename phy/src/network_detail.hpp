// Internal helpers shared by the network_*.cpp files: input validation and fixed-size dispatch.
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network.hpp>

#include <Eigen/Core>

#include <cmath>
#include <string>

namespace linkphy::detail {

/// How a network is named in error messages.
inline std::string where_of(const Network &net, const char *what) {
  return net.name.empty() ? std::string(what) : std::string(what) + " '" + net.name + "'";
}

/// Throws InputError unless `net` is well formed: ports ≥ 1, at least one frequency, ascending
/// non-negative grid, S of size nf·n·n, one z0 > 0 per port.
void validate(const Network &net, const char *what);

/// Throws InputError unless both networks share one frequency grid (relative 1e-12).
void check_same_grid(const Network &a, const Network &b, const char *what);

/// Throws InputError when any entry of `data` is not finite (a matrix that does not exist).
template <typename It>
void check_finite(It begin, It end, const std::string &where, const std::string &what) {
  for (It it = begin; it != end; ++it) {
    if (!std::isfinite(it->real()) || !std::isfinite(it->imag())) {
      throw InputError(where, what);
    }
  }
}

/// Calls f.template operator()<N>() with N the fixed Eigen size for n in 1..4, 6 and 8 (the port
/// counts of 1..4-lane channels), Eigen::Dynamic otherwise. Dispatch happens once per operation,
/// never per frequency.
template <typename F> decltype(auto) dispatch_size(int n, F &&f) {
  switch (n) {
  case 1:
    return f.template operator()<1>();
  case 2:
    return f.template operator()<2>();
  case 3:
    return f.template operator()<3>();
  case 4:
    return f.template operator()<4>();
  case 6:
    return f.template operator()<6>();
  case 8:
    return f.template operator()<8>();
  default:
    return f.template operator()<Eigen::Dynamic>();
  }
}

} // namespace linkphy::detail
