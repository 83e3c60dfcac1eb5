// Single-ended → mixed-mode S-parameters (Bockelman & Eisenstadt, "Combined differential and
// common-mode scattering parameters", IEEE T-MTT 43(7), 1995; skrf.Network.se2gmm, Ferrero &
// Pirola 2006, which reduces to the same result for equal single-ended z0 within a pair).
// With d = (a₊ − a₋)/√2 and c = (a₊ + a₋)/√2 per pair: S_mm = M·S·Mᵀ, M orthogonal with two
// entries ±1/√2 per row, so each mixed-mode entry is half a signed sum of four S entries.
#include "network_detail.hpp"

#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/quantity.hpp>

#include <string>

namespace linkphy {

Network to_mixed_mode(const Network &net, std::span<const PortPair> pairs) {
  detail::validate(net, "network");
  const std::string where = "mixed-mode conversion of " + detail::where_of(net, "network");
  const int n = net.ports;
  const int np = static_cast<int>(pairs.size());
  if (2 * np != n) {
    throw InputError(where, std::to_string(np) + " port pairs cover " + std::to_string(2 * np) +
                                " ports but the network has " + std::to_string(n) +
                                "; every port must belong to one pair");
  }
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  for (const PortPair &pp : pairs) {
    for (const int p : {pp.positive, pp.negative}) {
      if (p < 0 || p >= n) {
        throw InputError(where, "port " + std::to_string(p + 1) + " does not exist (ports 1.." +
                                    std::to_string(n) + ")");
      }
      if (seen[static_cast<std::size_t>(p)]) {
        throw InputError(where, "port " + std::to_string(p + 1) + " is in two pairs");
      }
      seen[static_cast<std::size_t>(p)] = true;
    }
    const double zp = net.z0_ohm[static_cast<std::size_t>(pp.positive)];
    const double zn = net.z0_ohm[static_cast<std::size_t>(pp.negative)];
    if (zp != zn) {
      throw InputError(where, "ports " + std::to_string(pp.positive + 1) + " and " +
                                  std::to_string(pp.negative + 1) +
                                  " have different reference impedances (" + number_text(zp) +
                                  " vs " + number_text(zn) + " ohm); renormalise first");
    }
  }
  // Mixed-mode port m: d_l for m = l < np, c_l for m = np + l. Row of M: (pos, neg, sign of neg).
  std::vector<int> pos(static_cast<std::size_t>(n)), neg(static_cast<std::size_t>(n));
  std::vector<double> sgn(static_cast<std::size_t>(n));
  Network out = net;
  for (int l = 0; l < np; ++l) {
    const auto d = static_cast<std::size_t>(l);
    const auto c = static_cast<std::size_t>(np + l);
    pos[d] = pos[c] = pairs[d].positive;
    neg[d] = neg[c] = pairs[d].negative;
    sgn[d] = -1.0;
    sgn[c] = 1.0;
    const double z = net.z0_ohm[static_cast<std::size_t>(pairs[d].positive)];
    out.z0_ohm[d] = 2.0 * z;
    out.z0_ohm[c] = 0.5 * z;
  }
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  for (std::size_t k = 0; k < net.frequencies(); ++k) {
    const Complex *s = net.s.data() + k * nn;
    Complex *o = out.s.data() + k * nn;
    for (int i = 0; i < n; ++i) {
      const Complex *rp = s + pos[i] * n;
      const Complex *rn = s + neg[i] * n;
      const double si = sgn[i];
      for (int j = 0; j < n; ++j) {
        const double sj = sgn[j];
        // ½·[(S_pp' + sj·S_pn') + si·(S_np' + sj·S_nn')]
        o[i * n + j] = 0.5 * ((rp[pos[j]] + sj * rp[neg[j]]) + si * (rn[pos[j]] + sj * rn[neg[j]]));
      }
    }
  }
  return out;
}

} // namespace linkphy
