// The entry check of functions that interpolate on a frequency grid: finite and strictly
// ascending, once per call (O(n)), so that a grid out of order is an InputError, not NaN.
#pragma once

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/quantity.hpp>

#include <cmath>
#include <span>
#include <string>

namespace linkphy::detail {

/// Throws InputError("FUNCTION f_hz[K]", …) at the first index K whose frequency is not finite or
/// not above the one before it.
inline void check_ascending(std::span<const double> f_hz, const std::string &function) {
  for (std::size_t k = 0; k < f_hz.size(); ++k)
    if (!std::isfinite(f_hz[k]) || (k > 0 && !(f_hz[k] > f_hz[k - 1])))
      throw InputError(function + " f_hz[" + std::to_string(k) + "]",
                       number_text(f_hz[k]) + " Hz" +
                           (k > 0 ? " after f_hz[" + std::to_string(k - 1) +
                                        "] = " + number_text(f_hz[k - 1]) + " Hz"
                                  : std::string()) +
                           " (accepted: finite, strictly ascending frequencies)");
}

} // namespace linkphy::detail
