// Port bookkeeping: reordering ports and parsing differential port-pair maps ("1-3:2-4", the
// IEEE 802.3 Annex 93A channel convention: pair 1(+)/3(−) in, pair 2(+)/4(−) out).
#include "network_detail.hpp"

#include <linkphy/phy/network_ops.hpp>

#include <charconv>
#include <string>

namespace linkphy {

Network reorder_ports(const Network &net, std::span<const int> order) {
  detail::validate(net, "network");
  const std::string where = "port order for " + detail::where_of(net, "network");
  const int n = net.ports;
  if (static_cast<int>(order.size()) != n) {
    throw InputError(where, "lists " + std::to_string(order.size()) + " ports; the network has " +
                                std::to_string(n) + " (need a permutation of all of them)");
  }
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  for (const int p : order) {
    if (p < 0 || p >= n) {
      throw InputError(where, "port index " + std::to_string(p) + " is outside 0.." +
                                  std::to_string(n - 1));
    }
    if (seen[static_cast<std::size_t>(p)]) {
      throw InputError(where, "port index " + std::to_string(p) + " appears twice");
    }
    seen[static_cast<std::size_t>(p)] = true;
  }
  Network out = net;
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  for (std::size_t k = 0; k < net.frequencies(); ++k) {
    const Complex *src = net.s.data() + k * nn;
    Complex *dst = out.s.data() + k * nn;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        dst[i * n + j] = src[order[i] * n + order[j]];
  }
  for (int i = 0; i < n; ++i)
    out.z0_ohm[static_cast<std::size_t>(i)] = net.z0_ohm[static_cast<std::size_t>(order[i])];
  return out;
}

std::vector<PortPair> parse_port_pairs(const std::string &text) {
  const std::string where = "port pairs '" + text + "'";
  const std::string accepted = " (expected pairs of 1-based ports like 1-3:2-4)";
  std::vector<PortPair> pairs;
  std::vector<int> used;
  std::size_t start = 0;
  while (true) {
    const std::size_t colon = text.find(':', start);
    const std::string item =
        text.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    const std::size_t dash = item.find('-');
    if (item.empty() || dash == std::string::npos) {
      throw InputError(where, "'" + item + "' is not a pair P-N" + accepted);
    }
    auto number = [&](std::string_view digits) {
      int value = 0;
      const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size()) {
        throw InputError(where, "'" + std::string(digits) + "' is not a port number" + accepted);
      }
      if (value < 1) {
        throw InputError(where, "port numbers start at 1, got " + std::to_string(value));
      }
      for (const int u : used) {
        if (u == value) {
          throw InputError(where, "port " + std::to_string(value) + " is used twice");
        }
      }
      used.push_back(value);
      return value - 1;
    };
    const std::string_view view(item);
    const int positive = number(view.substr(0, dash));
    const int negative = number(view.substr(dash + 1));
    pairs.push_back({positive, negative});
    if (colon == std::string::npos)
      break;
    start = colon + 1;
  }
  return pairs;
}

} // namespace linkphy
