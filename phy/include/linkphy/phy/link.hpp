// A link (DESIGN.md §2): hops joined by retimers. Each retimer decides and re-sends, so hop
// errors are independent and their BERs add (to first order: 1 − Π(1 − BER_i), exact for
// independent hops whose errors do not cancel); FEC is applied end to end (fec.hpp), and the
// margin is the SNR headroom of the worst hop over the SNR that gives the pre-FEC BER target.
#pragma once

#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/signalling.hpp>

#include <span>
#include <string>
#include <vector>

namespace linkphy {

/// One hop's result as the link sees it.
struct HopSummary {
  std::string name;
  double il_nyquist_db = 0; ///< dB
  double snr_db = 0;        ///< E_s/σ² equivalent at the slicer, dB
  double ber = 0;           ///< pre-FEC BER of the hop, [0, 0.5]
};

struct LinkSummary {
  double ber_pre_fec = 0;      ///< combined over the hops, [0, 0.5]
  double ber_post_fec = 0;     ///< after end-to-end FEC
  double frame_loss_ratio = 0; ///< frames of `frame_bits`
  double snr_db = 0;           ///< worst hop, dB
  double margin_db = 0;        ///< worst hop's SNR − SNR needed for the pre-FEC target, dB
  double il_nyquist_db = 0;    ///< worst hop, dB
  bool feasible = false;       ///< post-FEC BER ≤ target
};

/// Combines hops. `ber_post_target` ∈ (0, 0.5) is the post-FEC (or, without FEC, raw) BER target;
/// the pre-FEC target is derived from it through the FEC (pre_fec_ber_for_post_fec_ber).
/// `frame_bits` > 0; `mod` 2 ≤ M ≤ 64 (check_modulation). Throws InputError on an empty hop list
/// or out-of-range values.
LinkSummary combine_hops(std::span<const HopSummary> hops, Modulation mod, const FecCode &fec,
                         double ber_post_target, double frame_bits = 512);

/// The SNR, dB, a hop must reach for the link's pre-FEC target split over `hops` (≥ 1) hops: the
/// margin's reference in combine_hops. `ber_post_target` ∈ (0, 0.5); `mod` 2 ≤ M ≤ 64 (InputError
/// otherwise, as combine_hops).
double required_hop_snr_db(Modulation mod, const FecCode &fec, double ber_post_target,
                           std::size_t hops);

/// combine_hops with the required SNR given (a caller that memoises required_hop_snr_db) and the
/// frame-loss ratio computed only when `frame_bits` > 0 (0: left 0, for callers without it).
/// `ber_post_target` (not checked here: (0, 0.5) as combine_hops), `required_snr_db` (dB, any);
/// hops non-empty with BER in [0, 0.5] (InputError otherwise).
LinkSummary combine_hops_with(std::span<const HopSummary> hops, const FecCode &fec,
                              double ber_post_target, double required_snr_db, double frame_bits);

} // namespace linkphy
