// Helpers shared by the Touchstone reader and writer (not installed).
#pragma once

#include <linkphy/phy/network_ops.hpp>

#include <string>
#include <vector>

namespace linkphy::touchstone_detail {

/// Converts f×n×n parameters of `kind` (Y, Z, H or G; S is left alone) to S in place, referenced
/// to z0_ohm per port. Version 1 data are normalised to the option line's R (`normalized_r_ohm`
/// > 0); version 2 data are in ohms/siemens (pass 0). Throws InputError(where, ...) on a matrix
/// that has no S (e.g. Z + z0 singular).
void convert_to_s(std::vector<Complex> &data, const std::vector<double> &freq_hz, int ports,
                  ParameterKind kind, const std::vector<double> &z0_ohm, double normalized_r_ohm,
                  const std::string &where);

} // namespace linkphy::touchstone_detail
