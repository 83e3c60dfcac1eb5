#include <linkphy/phy/network.hpp>

namespace linkphy {

Network::Network(std::vector<double> f, int n, double z0)
    : freq_hz(std::move(f)), ports(n),
      s(freq_hz.size() * static_cast<std::size_t>(n) * static_cast<std::size_t>(n)),
      z0_ohm(static_cast<std::size_t>(n), z0) {}

} // namespace linkphy
