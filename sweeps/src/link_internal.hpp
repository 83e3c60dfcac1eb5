// Internal helpers of the link evaluation (sweeps/src/link_*.cpp, optical_hop.cpp).
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/network.hpp>
#include <linkphy/phy/signalling.hpp>
#include <linkphy/sweeps/technology.hpp>
#include <linkphy/transceivers/ieee_pmd.hpp>

#include <string>
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
/// Throws InputError when `lane_modulation` differs from the PMD's.
OpticalHopResult evaluate_optical_hop(const transceivers::IeeePmd &pmd, const OpticalSpan &span,
                                      Modulation lane_modulation);

/// The measurement an ICN figure refers to: multi-disturber NEXT σ `icn_v` (V, ≥ 0) with
/// disturbers of amplitude `amplitude_v` (V, half the peak-to-peak), baud `baud_bd`, 20–80 % rise
/// time `rise_time_s` and a reference receiver of 3 dB bandwidth `rx_bandwidth_hz`.
struct IcnReference {
  double icn_v = 1.58e-3;
  double amplitude_v = 0.6;
  double baud_bd = 25.78125e9;
  double rise_time_s = 9.6e-12;
  double rx_bandwidth_hz = 20e9;
};

/// The coupling k of a NEXT transfer |X(f)| = k·f/f_b,ref whose ICN under `ref` is ref.icn_v.
double next_coupling_from_icn(const IcnReference &ref);

/// The NEXT aggressor 2-port X(f) = j·k·f/ref_baud_bd (matched, symmetric) on `f_hz`.
com::TwoPort next_aggressor(const std::vector<double> &f_hz, double coupling, double ref_baud_bd);

} // namespace linkphy::sweeps::detail
