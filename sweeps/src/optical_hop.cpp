// Optical hops of the link engine (link_internal.hpp): the IEEE PMD power budget at a length →
// margin → Q at the slicer → pre-FEC BER, at every fidelity.
#include "link_internal.hpp"

#include <linkphy/phy/ber.hpp>
#include <linkphy/phy/error.hpp>

#include <cmath>

namespace linkphy::sweeps::detail {

double pmd_reference_ber(const transceivers::IeeePmd &pmd) {
  // The BER at which IEEE 802.3 specifies PMD receivers (subclause xx.1.1 "Bit error ratio" of
  // each PMD clause): NRZ PMDs with RS(528,514) FEC 5e-5 (cl. 95 100GBASE-SR4, cl. 112
  // 25GBASE-SR), PAM4 PMDs with RS(544,514) FEC 2.4e-4 (cl. 124, 138, 139, 140, 151, 167, 180).
  return pmd.levels == 2 ? 5e-5 : 2.4e-4;
}

OpticalHopResult evaluate_optical_hop(const transceivers::IeeePmd &pmd, const OpticalSpan &span,
                                      Modulation lane_modulation) {
  if (lane_modulation.levels != pmd.levels)
    throw InputError("LinkRequest.modulation", "the optical PMD " + pmd.name + " runs " +
                                                   Modulation{pmd.levels}.name() + ", not " +
                                                   lane_modulation.name());
  const transceivers::PmdBudget b =
      transceivers::evaluate_pmd_budget(pmd, span.length_m, span.extra_loss_db);
  OpticalHopResult r;
  r.pmd = pmd.name;
  r.channel_il_db = b.channel_il_db;
  r.margin_db = b.margin_db;
  r.within_reach = b.within_reach;
  r.within_loss_budget = b.within_loss_budget;
  r.reach_m = pmd.reach_m;
  // A PIN/TIA receiver is thermal-noise limited: the photocurrent and so Q grow linearly with the
  // received OMA (Agrawal, Fiber-Optic Communication Systems, 4th ed., §4.5.1: Q ∝ P_rec when
  // σ_T dominates); at zero budget margin the receiver sits at its specified BER.
  const Modulation mod{pmd.levels};
  const double q_ref = d_over_sigma_for_ber(mod, pmd_reference_ber(pmd));
  r.d_over_sigma = q_ref * std::pow(10.0, b.margin_db / 10.0);
  r.snr_db = 10 * std::log10(snr_from_d_over_sigma(mod, r.d_over_sigma));
  r.ber = std::min(pam_ber(mod, r.d_over_sigma), 0.5);
  return r;
}

} // namespace linkphy::sweeps::detail
