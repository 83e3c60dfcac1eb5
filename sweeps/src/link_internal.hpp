// Internal helpers of the link evaluation (sweeps/src/link_*.cpp).
#pragma once

#include <linkphy/phy/network.hpp>

#include <string>
#include <vector>

namespace linkphy::sweeps::detail {

/// Passivity and causality warnings for a 2-port (empty when fine).
std::vector<std::string> check_two_port(const Network &n);

} // namespace linkphy::sweeps::detail
