// Hops → link (see link.hpp).
#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/link.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace linkphy {

double required_hop_snr_db(Modulation mod, const FecCode &fec, double ber_post_target,
                           std::size_t hops) {
  check_modulation(mod);
  if (hops == 0)
    throw InputError("link", "needs at least one hop");
  if (!(ber_post_target > 0 && ber_post_target < 0.5))
    throw InputError("link", "BER target must be in (0, 0.5)");
  // Pre-FEC target per link; each hop may use 1/N of it (errors add).
  const double pre_target =
      fec.is_none() ? ber_post_target : pre_fec_ber_for_post_fec_ber(fec, ber_post_target);
  const double per_hop = pre_target / static_cast<double>(hops);
  const double cap = 0.999 * (1.0 - 1.0 / mod.levels) / std::log2(mod.levels);
  return snr_db_for_ber(mod, std::min(per_hop, cap));
}

LinkSummary combine_hops_with(std::span<const HopSummary> hops, const FecCode &fec,
                              double ber_post_target, double required_snr_db, double frame_bits) {
  if (hops.empty())
    throw InputError("link", "needs at least one hop");
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
  if (frame_bits > 0)
    s.frame_loss_ratio = frame_loss_ratio(fec, s.ber_pre_fec, frame_bits);
  s.margin_db = s.snr_db - required_snr_db;
  s.feasible = s.ber_post_fec <= ber_post_target;
  return s;
}

LinkSummary combine_hops(std::span<const HopSummary> hops, Modulation mod, const FecCode &fec,
                         double ber_post_target, double frame_bits) {
  if (!(frame_bits > 0)) // as frame_loss_ratio says it
    throw InputError("frame length",
                     std::to_string(frame_bits) + " bits out of range (accepted: > 0 bits)");
  const double required = required_hop_snr_db(mod, fec, ber_post_target, hops.size());
  return combine_hops_with(hops, fec, ber_post_target, required, frame_bits);
}

} // namespace linkphy
