// A hop (DESIGN.md §2): one un-retimed electrical path TX → package → channel → package → RX,
// turned into an equalised pulse response, noise and jitter at the decision point, and BER/eye.
// The equaliser search and COM are IEEE 802.3 Annex 93A (phy/com.hpp); this file adds the
// statistical BER at the chosen setting (statistical_ber.hpp) and the Monte Carlo referee on the
// same pulse (montecarlo.hpp).
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/montecarlo.hpp>
#include <linkphy/phy/statistical_ber.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace linkphy {

/// The Annex 93A package of both ends and the terminations (93A-15, 93A-18).
struct HopPackage {
  bool enabled = true;    ///< false: bare channel between the terminations
  com::PackageSide tx;    ///< TX side, die first
  com::PackageSide rx;    ///< RX side, die first (flipped internally)
  com::LineModel line;    ///< package line model
  double r0_ohm = 50;     ///< single-ended reference, Ω (> 0)
  double r_d_tx_ohm = 50; ///< TX die termination, Ω (> 0)
  double r_d_rx_ohm = 50; ///< RX die termination, Ω (> 0)
};

/// End-to-end voltage transfer of a channel 2-port (differential, on ascending `f_hz` > 0, at
/// least 10 points) with the packages and terminations (93A-18). Throws InputError on size
/// mismatches.
com::PathTransfer hop_transfer(std::span<const double> f_hz, const com::TwoPort &channel,
                               const HopPackage &package, com::PathKind kind,
                               const std::string &name);

struct HopInput {
  com::Settings settings;                    ///< equaliser limits, noise, jitter (Table 93A-1)
  com::PathTransfer thru;                    ///< victim path (hop_transfer)
  std::vector<com::PathTransfer> aggressors; ///< crosstalk paths (FEXT/NEXT)
  double target_ber = 1e-12;                 ///< BER where the eye height is measured, (0, 0.5)
  /// First-order DFE burst errors in the statistical BER (statistical_ber.hpp). Off by default:
  /// against the Monte Carlo referee (which feeds back its own decisions) it over-predicts the
  /// BER of PAM4 hops with b(1) ≈ 0.5–0.7 by up to 2.4×, while without it the two agree within
  /// 1.45× (tests/phy/test_hop.cpp, docs/link.md).
  bool error_propagation = false;
  /// ADC effective bits before the DFE, [0, 16]; 0: analog slicer. Quantisation noise
  /// σ_q² = LSB²/12 with the full scale at the equalised signal's peak-to-peak (Σ|cursors|·2).
  double adc_enob = 0;
  /// The equaliser search (com.hpp Settings::search): false (default) runs the exhaustive
  /// Annex 93A search; true the local search (far faster: docs/com.md; but it can settle on a
  /// setting with a lower figure of merit: see com.hpp), whatever `settings.search` says.
  bool local_search = false;
};

/// The equalised, UI-spaced pulse at the chosen sampling phase and the impairments there.
struct EqualisedPulse {
  std::vector<double> cursors_v;   ///< V per unit symbol, all UI-spaced samples of the record
  int main_cursor = 0;             ///< index of the cursor in cursors_v
  std::vector<double> dfe_taps_v;  ///< DFE taps b(k)·h0, V
  std::vector<double> jitter_dd_v; ///< A_DD·h'(t_k), V (dual-Dirac)
  double sigma_rj_v = 0;           ///< random jitter through the pulse slope (93A-41 part), V
  double sigma_adc_v = 0;          ///< ADC quantisation noise, V (0 without ADC)
  double sigma_gauss_v = 0;        ///< RJ, RX noise, TX noise, crosstalk and ADC (Gaussian), V
  int levels = 2;                  ///< PAM order M, 2 to 64
  double level_mismatch = 1;       ///< R_LM ∈ (0, 1]
};

struct HopResult {
  com::Result com; ///< equaliser chosen, COM in dB, σ's
  EqualisedPulse pulse;
  StatisticalEyeResult eye;
  double il_nyquist_db = 0; ///< −20·log10|H21(f_b/2)| of the terminated path incl. packages
  std::vector<std::string> warnings;
};

/// The `statistical` fidelity: Annex 93A equaliser search, then BER from the ISI/jitter PMF and
/// Gaussian noise at the chosen sampling point.
HopResult evaluate_hop_statistical(const HopInput &in);

/// The `montecarlo` fidelity on an evaluated hop: PRBS symbols through the same cursors, Gaussian
/// noise of σ = pulse.sigma_gauss_v, the same DFE (dual-Dirac jitter is not simulated).
/// `symbols` 1 to 1e9 (the link evaluator asks 1000 to 1e9), `seed` any value; `hop.pulse` as
/// evaluate_hop_statistical leaves it (cursors non-empty, main_cursor inside them, levels 2 to
/// 64 and a power of two). InputError otherwise (from run_montecarlo).
MonteCarloResult evaluate_hop_montecarlo(const HopResult &hop, std::uint64_t symbols,
                                         std::uint64_t seed = 1);

/// Magnitude in dB (−20·log10|h|) at `f0_hz`, linear interpolation; the last value beyond.
/// `f_hz` (Hz, finite, strictly ascending; checked once on entry, O(n): InputError
/// "il_at_db f_hz[K]: …" at the first index K out of order), non-empty and as many as `h`, `f0_hz`
/// (Hz, finite; below f_hz[1] the first segment is extended): InputError ("il_at_db", …)
/// otherwise.
double il_at_db(std::span<const double> f_hz, std::span<const com::Complex> h, double f0_hz);

} // namespace linkphy
