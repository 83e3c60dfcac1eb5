// Internal helpers of the link evaluation (sweeps/src/link_*.cpp, optical_hop.cpp).
#pragma once

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/com.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/phy/network.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/phy/stage.hpp>
#include <linkphy/sweeps/channel_kinds.hpp>
#include <linkphy/sweeps/link_eval.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace linkphy::sweeps::detail {

/// Passivity and causality warnings for a 2-port (empty when fine).
std::vector<std::string> check_two_port(const Network &n);

/// The BER at which IEEE 802.3 specifies the PMD's receiver sensitivity (NRZ 5e-5, PAM4 2.4e-4).
double pmd_reference_ber(const transceivers::IeeePmd &pmd);

/// An optical hop through a PMD's power budget.
struct OpticalHopResult {
  std::string pmd;
  double channel_il_db = 0; ///< connections + fibre + extra loss, dB (optical)
  double margin_db = 0;     ///< PMD power-budget margin at the length, dB (optical)
  double d_over_sigma = 0;  ///< Q of the slicer: reference Q × 10^(margin/10)
  double snr_db = 0;        ///< E_s/σ² at that Q, dB
  double ber = 0;           ///< pre-FEC BER of the hop
  double reach_m = 0;       ///< the PMD's operating reach, m
  bool within_reach = false, within_loss_budget = false;
};

/// The PMD budget of `pmd` over `span` → margin → Q → BER (pam_ber of the PMD's modulation).
/// Throws InputError ("LinkRequest.modulation", …) when `lane_modulation` differs from the PMD's.
OpticalHopResult evaluate_optical_hop(const transceivers::IeeePmd &pmd, const OpticalSpan &span,
                                      Modulation lane_modulation);

/// The measurement an ICN figure refers to: multi-disturber NEXT σ `icn_v` (V, ≥ 0) with
/// disturbers of amplitude `amplitude_v` (V, half the peak-to-peak), baud `baud_bd`, 20–80 % rise
/// time `rise_time_s` and a reference receiver of 3 dB bandwidth `rx_bandwidth_hz`;
/// `coupled_delay_s` (s, ≥ 0) is the one-way delay of the coupled region of the NEXT shape the
/// figure is read with (next_transfer_unit; 0: lumped coupling).
struct IcnReference {
  double icn_v = 1.58e-3;
  double amplitude_v = 0.6;
  double baud_bd = 25.78125e9;
  double rise_time_s = 9.6e-12;
  double rx_bandwidth_hz = 20e9;
  double coupled_delay_s = 0;
};

/// The NEXT transfer per unit coupling at `f_hz` (Hz ≥ 0): lumped (`coupled_delay_s` 0)
/// j·f/f_b,ref; distributed over a matched coupled section of one-way delay τ = `coupled_delay_s`
/// (s ≥ 0) (1 − e^(−j4πfτ))/(4πτ·f_b,ref), the same slope at low frequency, saturating at
/// 1/(2πτ·f_b,ref) above f = 1/(4τ).
com::Complex next_transfer_unit(double f_hz, double ref_baud_bd, double coupled_delay_s);

/// The coupling k of a NEXT transfer k·next_transfer_unit(f) whose ICN under `ref` is ref.icn_v.
double next_coupling_from_icn(const IcnReference &ref);

/// The NEXT aggressor 2-port X(f) = k·next_transfer_unit(f, ref_baud_bd, coupled_delay_s)
/// (matched, symmetric) on `f_hz`.
com::TwoPort next_aggressor(const std::vector<double> &f_hz, double coupling, double ref_baud_bd,
                            double coupled_delay_s);

/// The report warning for a `length_m` (m) outside the range [`tech`.length_min_m,
/// length_max_m] the technology's catalog entry is built for; empty inside it.
std::string length_range_warning(const Technology &tech, double length_m);

/// One stage of an electrical hop built from its spec text, its keys and values judged: a
/// `redriver:peaking=G` (0 dB to 30 dB) sets `redriver_peaking_db` and gives an empty stage (the
/// hop makes it from the stage before it); any other spec an electrical medium
/// (make_channel_stage), `redriver_peaking_db` −1. Throws InputError naming the spec.
ChannelStage hop_stage(const std::string &spec, const ChannelContext &ctx,
                       double &redriver_peaking_db);

/// The request's technology at `length_m` (≥ 0 m) with its --channel stages (if any) as hop 1.
Technology link_technology(const LinkRequest &req, double length_m);

/// An electrical or linear hop as the analytic tier sees it (link_eval.cpp).
struct AnalyticHopChannel {
  LossFitSums fit;          ///< loss-fit sums of the thru path (packages included) to f_N
  double il_nyquist_db = 0; ///< channel stages only, at f_N, dB
};
/// The channel context of `catalogs` (LinkRequest::catalogs): the built-in catalogs when empty,
/// else built-in + the user files, made once per list and kept (thread-safe).
const ChannelContext &channel_context(const std::vector<std::string> &catalogs);

/// The hop's channel (stages cascaded as in every tier) with SerDes package `pkg`, reduced to the
/// analytic tier's inputs; stage reports and warnings appended as by the full evaluation.
AnalyticHopChannel analytic_hop_channel(const TechnologyHop &th, const HopPackage &pkg,
                                        const Conditions &cond, double baud_bd,
                                        const ChannelContext &ctx, std::vector<StageReport> &stages,
                                        std::vector<std::string> &warnings);
/// The report of one electrical stage (not a redriver) of hop `hop`.
StageReport stage_report(const std::string &spec, const std::string &hop,
                         const ChannelContext &ctx);
/// One electrical stage's 2-port (not a redriver) on `f_hz`, referenced to `z_ref_ohm` at both
/// ports (as the hop's cascade takes it).
Network stage_network(const std::string &spec, const std::vector<double> &f_hz,
                      const Conditions &cond, double z_ref_ohm, const ChannelContext &ctx);
/// The analytic tier's input from a hop's COM settings (loss model left to the caller).
AnalyticInput analytic_input(const com::Settings &settings, double baud_bd, int levels);
/// The ICN reference of the hop's cable NEXT (next_icn, next_delay of the technology) when the hop
/// has a twinax stage and the technology a next_icn above 0; none otherwise (no NEXT modelled).
std::optional<IcnReference> cable_next_reference(const Technology &tech, const TechnologyHop &hop);
/// The analytic tier's crosstalk of an electrical hop: the cable NEXT the statistical tier adds as
/// an aggressor (next_aggressor through the SerDes packages, hop_transfer, amplitude A_ne), as
/// |X(f)|² on f = k·baud/1000 up to 1.5·baud (every fold of the Salz integral).
struct AnalyticCrosstalk {
  std::vector<double> f_hz, gain2;
  double amplitude_v = 0; ///< the disturber's A_ne, V
};
/// Null when the hop has no twinax stage or the technology's next_icn is 0 (no NEXT modelled).
std::shared_ptr<const AnalyticCrosstalk>
analytic_crosstalk(const Technology &tech, const TechnologyHop &hop, const HopPackage &pkg,
                   const com::Settings &settings, double baud_bd);
/// Points `a`'s crosstalk spans at `xt` (which must outlive `a` and grids made from it).
void use_crosstalk(AnalyticInput &a, const AnalyticCrosstalk &xt);
/// The SNR giving the COM table's DER_0 (capped as the reports do), dB.
double snr_db_at_der0(Modulation mod, double der0);

/// Linear optics (LPO, LRO's receive side): the host SerDes sees the electrical ISI/noise and the
/// optical noise at one slicer; independent Gaussian noise powers add (1/SNR = 1/SNR_elec +
/// 1/SNR_opt). Updates the hop's snr_db and ber.
void add_optical_noise(HopReport &hr, Modulation mod, double optical_snr_db);
/// The report's `limited_by`: the first failing criterion in the order BER, COM, PMD reach, PMD
/// loss budget; empty when all hold.
std::string limiting_criterion(bool ber_ok, bool com_ok, bool reach_ok, bool loss_ok);

/// Power of the link (technology_power.hpp) at the request's lanes; a lane rate the technology's
/// parts have no power model for is reported as a warning, not an error: BER still holds.
std::optional<TechnologyPower> link_power_or_warning(const LinkRequest &req, const LaneRate &lane,
                                                     std::optional<double> hop1_il_db,
                                                     std::vector<std::string> &warnings);

/// The analytic tier through a per-(technology, rate, sets, channels, temperature) plan cache
/// (link_analytic.cpp): true and `rep` filled when the request's plan holds (see there), false
/// when the request needs the full evaluation. `details`: stage names, warnings and the request
/// copy in the report (a sweep row needs none of them).
bool evaluate_link_analytic(const LinkRequest &req, LinkReport &rep, bool details);

/// The lengths (min, max), m, the request's analytic plan serves, or none when it has no usable
/// plan (tests).
std::optional<std::pair<double, double>> analytic_plan_range(const LinkRequest &req);

} // namespace linkphy::sweeps::detail
