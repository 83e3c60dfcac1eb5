// Hops → link (see link.hpp).
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/link.hpp>

#include <algorithm>
#include <cmath>

namespace linkphy {

LinkSummary combine_hops(std::span<const HopSummary> hops, Modulation mod, const FecCode &fec,
                         double ber_post_target, double frame_bits) {
  if (hops.empty())
    throw InputError("link", "needs at least one hop");
  if (!(ber_post_target > 0 && ber_post_target < 0.5))
    throw InputError("link", "BER target must be in (0, 0.5)");
  LinkSummary s;
  double log_ok = 0; // log Π(1 − BER_i)
  s.snr_db = 1e300;
  for (const auto &h : hops) {
    if (!(h.ber >= 0 && h.ber <= 0.5))
      throw InputError("link", "hop '" + h.name + "' BER outside [0, 0.5]");
    log_ok += std::log1p(-h.ber);
    s.snr_db = std::min(s.snr_db, h.snr_db);
    s.il_nyquist_db = std::max(s.il_nyquist_db, h.il_nyquist_db);
  }
  s.ber_pre_fec = std::min(-std::expm1(log_ok), 0.5) + 0.0; // + 0.0: no "-0"
  s.ber_post_fec = post_fec_ber(fec, s.ber_pre_fec);
  s.frame_loss_ratio = frame_loss_ratio(fec, s.ber_pre_fec, frame_bits);
  // Pre-FEC target per link; each hop may use 1/N of it (errors add).
  const double pre_target =
      fec.is_none() ? ber_post_target : pre_fec_ber_for_post_fec_ber(fec, ber_post_target);
  const double per_hop = pre_target / static_cast<double>(hops.size());
  const double cap = 0.999 * (1.0 - 1.0 / mod.levels) / std::log2(mod.levels);
  s.margin_db = s.snr_db - snr_db_for_ber(mod, std::min(per_hop, cap));
  s.feasible = s.ber_post_fec <= ber_post_target;
  return s;
}

} // namespace linkphy
