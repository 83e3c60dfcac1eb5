// Channel Operating Margin, IEEE 802.3-2022 Annex 93A with the 802.3ck amendments (Annex 93A.1,
// clauses 120F/162/163): package model, equaliser search by figure of merit (93A.1.6), and the
// statistical COM (93A.1.7). Plain numbers in SI units; the parameter tables that configure it
// live in transceivers (com_table.hpp) and are glued in sweeps (com_run.hpp).
#pragma once

#include <complex>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace linkphy::com {

using Complex = std::complex<double>;

/// A 2-port as four S-parameter arrays over one frequency grid (common reference impedance).
struct TwoPort {
  std::vector<Complex> s11, s12, s21, s22;
};

/// Parametric package/board transmission line of Annex 93A (93A-9..93A-12):
/// γ(f) = γ0 + a1·(1+j)·√f + a2·(1 − j(2/π)·ln f)·f + j2π·τ·f, f in GHz, γ in 1/mm.
struct LineModel {
  double gamma0_per_mm = 0;      ///< ≥ 0, 1/mm
  double a1_per_mm_sqrt_ghz = 0; ///< ≥ 0, 1/(mm·√GHz)
  double a2_per_mm_ghz = 0;      ///< ≥ 0, 1/(mm·GHz)
  double tau_ns_per_mm = 0;      ///< > 0, ns/mm (propagation delay)
};

/// One side's package (Annex 93A.1.2, Figure 93A-2 with the 802.3ck L_s/C_b additions): from the
/// die: shunt C_d, series L_s, shunt C_b, line segments, shunt C_p. Termination R_d at the die.
struct PackageSide {
  double c_d_f = 0;              ///< die capacitance, F, ≥ 0
  double l_s_h = 0;              ///< series inductance, H, ≥ 0
  double c_b_f = 0;              ///< bump capacitance, F, ≥ 0
  std::vector<double> z_c_ohm;   ///< line segment impedances, die side first, > 0 Ω
  std::vector<double> length_mm; ///< line segment lengths, ≥ 0 mm (same size as z_c_ohm)
  double c_p_f = 0;              ///< ball capacitance, F, ≥ 0
};

/// Shunt capacitance (93A-8), reference r0_ohm (the single-ended R_0 of Table 93A-1). `f_hz` (Hz,
/// ≥ 0), `c_f` (F, ≥ 0), `r0_ohm` (ohm, > 0); not checked here (evaluate() and the table readers
/// check their inputs).
TwoPort shunt_capacitance(std::span<const double> f_hz, double c_f, double r0_ohm);
/// Series inductance between references R_0 (the 802.3ck L_s element; like 93A-8, the package
/// is modelled as the half-circuit of the differential pair in an R_0 system). `l_h` (H, ≥ 0),
/// others as shunt_capacitance; not checked.
TwoPort series_inductance(std::span<const double> f_hz, double l_h, double r0_ohm);
/// Line of differential impedance z_c (ρ against 2·R_0) and length (93A-13, 93A-14). `z_c_ohm`
/// (ohm, > 0), `length_mm` (mm, ≥ 0), `r0_ohm` (ohm, > 0), `f_hz` (Hz, ≥ 0); not checked.
TwoPort transmission_line(std::span<const double> f_hz, const LineModel &line, double z_c_ohm,
                          double length_mm, double r0_ohm);
/// Cascade of two 2-ports (port 2 of a to port 1 of b).
TwoPort cascade(const TwoPort &a, const TwoPort &b);
/// The 2-port seen from the other end (ports swapped).
TwoPort flipped(const TwoPort &a);
/// Package of one side, die at port 1 (93A-15). For the receiver use flipped(). `r0_ohm` (ohm,
/// above 0; not checked); InputError when side.z_c_ohm and side.length_mm differ in size.
TwoPort package(std::span<const double> f_hz, const PackageSide &side, const LineModel &line,
                double r0_ohm);
/// Voltage transfer of a 2-port between source reflection Γ1 and load reflection Γ2 (93A-18).
/// `gamma1`, `gamma2` (dimensionless, [−1, 1] meaningful; not checked).
std::vector<Complex> terminated_transfer(const TwoPort &s, double gamma1, double gamma2);

/// Kind of a channel: the victim's through path or a crosstalk aggressor.
enum class PathKind { thru, fext, next };

/// One path's voltage transfer H21 (package, channel, terminations: 93A-18) on ascending
/// frequencies. The evaluator adds the TX edge filter, RX filter, CTLE and FFE.
struct PathTransfer {
  PathKind kind = PathKind::thru;
  std::vector<double> f_hz; ///< frequencies, Hz (ascending, ≥ 0)
  std::vector<Complex> h21;
  std::string name; ///< for messages
};

/// Limits checked (InputError) before allocating: the search grids (evaluate()) and the TX SNR
/// (evaluate() checks only ≥ kSnrTxMinDb; the SerDes and COM-table readers check both bounds).
/// The IEEE tables search at most ~6,000 TX FFE × 147 CTLE settings; the caps leave room for
/// finer studies while a mistyped step cannot exhaust memory or time. SNR_TX: the IEEE tables
/// give 27–33 dB; below 10 dB the TX noise spans so many PDF bins that memory runs out.
inline constexpr std::size_t kMaxTxFfeSettings = 1'000'000; ///< Π of the TX tap grid sizes
inline constexpr std::size_t kMaxCtleSettings = 10'000;     ///< g_DC × g_DC_HP grid points
inline constexpr double kSnrTxMinDb = 10, kSnrTxMaxDb = 100;
inline constexpr const char *kSnrTxAccepted = "10 dB to 100 dB";
/// Range of the RX filter corners (the Butterworth f_r of the table readers and the raised-cosine
/// RC_start/RC_end), as multiples of f_b: these reference-receiver filters band-limit the signal
/// around its band (93A-20 f_r = 0.75·f_b in Table 93A-1; the 802.3df/dj workbook's RC_Start
/// 0.63·f_b, RC_end 0.75·f_b). A corner beyond 10·f_b lies above the data of the channels the
/// tables are for (measured to about f_b) and silently does nothing; below 0.01·f_b it removes
/// the signal.
inline constexpr double kRxCornerMinFb = 0.01, kRxCornerMaxFb = 10;

/// The equaliser and noise parameters of Table 93A-1 (and 802.3ck Table 163-10 / 120F-8).
struct Settings {
  double f_b_hz = 53.125e9;        ///< signalling rate, Bd (> 0)
  int levels = 4;                  ///< L, PAM levels, 2 to 64 (InputError "modulation: …")
  int samples_per_ui = 32;         ///< M (≥ 4)
  double der0 = 1e-4;              ///< target detector error ratio (0, 0.5)
  double a_v_v = 0.413;            ///< victim amplitude A_v, V (> 0, finite)
  double a_fe_v = 0.413;           ///< far-end aggressor amplitude, V (≥ 0, finite)
  double a_ne_v = 0.608;           ///< near-end aggressor amplitude, V (≥ 0, finite)
  double r_lm = 0.95;              ///< level mismatch ratio (0, 1]
  double t_r_s = 7.5e-12;          ///< TX 20–80 % transition time, s (93A-46; ≥ 0)
  double f_r_hz = 0.75 * 53.125e9; ///< RX Butterworth 3 dB frequency, Hz (93A-20; > 0)
  /// RX raised-cosine roll-off on top of the Butterworth (802.3df/dj COM workbooks' Raised_Cosine,
  /// RC_Start, RC_end): 1 below rc_start_hz, 0 from rc_end_hz on, Hz; both 0: none, else
  /// 0.01·f_b ≤ rc_start_hz < rc_end_hz ≤ 10·f_b (kRxCornerMinFb, kRxCornerMaxFb; InputError
  /// "COM setting 'RC_start/RC_end'" otherwise).
  double rc_start_hz = 0, rc_end_hz = 0;
  double eta0_v2_per_hz = 8.2e-18; ///< one-sided RX noise PSD, V²/Hz (93A-35; ≥ 0)
  double snr_tx_db = 33;           ///< TX SNR, dB (93A-30; ≥ 10, see kSnrTxMinDb)
  double sigma_rj_ui = 0.01;       ///< random jitter rms, UI (≥ 0)
  double a_dd_ui = 0.02;           ///< dual-Dirac jitter amplitude, UI (≥ 0)
  // CTLE (93A-22 as amended by 802.3ck 120F/162: a second, low-frequency pole-zero pair)
  double f_z_hz = 21.25e9, f_p1_hz = 21.25e9, f_p2_hz = 53.125e9; ///< Hz (> 0)
  double f_hp_pz_hz = 0.6640625e9; ///< low-frequency pole-zero, Hz (≥ 0; 0: no second stage)
  /// Candidate DC gains, dB (non-empty; each −60 to 60 accepted, the IEEE tables give ≤ 0;
  /// with g_dc_hp_db at most kMaxCtleSettings settings).
  std::vector<double> g_dc_db;
  std::vector<double> g_dc_hp_db; ///< candidate low-frequency gains, dB (as g_dc_db); {0} if none
  // TX FFE (93A-21): taps c(−pre)..c(post) except c(0), each a list of candidate values
  int tx_pre_taps = 3; ///< pre-cursor taps, 0 to tx_tap_values.size()
  /// In order c(−pre)..c(−1), c(1)..c(post); each list non-empty, values in [−1, 1], at most
  /// kMaxTxFfeSettings combinations.
  std::vector<std::vector<double>> tx_tap_values;
  double c0_min = 0.54; ///< smallest allowed c(0) = 1 − Σ|c(k≠0)|, (0, 1]
  // DFE (93A-26, 93A-27) with floating taps (802.3ck)
  /// Per fixed tap 1..N_b (normalised to the cursor): same size, finite, b_min(n) ≤ b_max(n).
  std::vector<double> b_max, b_min;
  /// Floating groups, taps per group, span (UI); with n_bg > 0 the span n_f must exceed N_b
  /// (n_bg, n_bf 0 to 100, as the COM table's N_bg/N_bf; InputError otherwise).
  int n_bg = 0, n_bf = 0, n_f = 0;
  double b_max_g = 0;         ///< floating tap limit
  double b_float_rss_max = 0; ///< RSS limit of taps from n_tail_start on (0: none)
  int n_tail_start = 0;       ///< first tap of the RSS-limited tail (1-based, 0: none)
  /// Largest PDF bin, V (finite, > 0: InputError otherwise); the bin is min(A_s/1000, this),
  /// coarsened (with a warning) when the interference would span more than 2·10⁵ bins.
  double pdf_bin_v = 1e-5;
  int threads = 0; ///< worker threads of the search, ≥ 0 (0: hardware concurrency, at most 8)
  /// The equaliser search of 93A.1.6: `exhaustive` evaluates the figure of merit at every CTLE ×
  /// TX FFE setting (as the standard and the IEEE reference code; the optimum over the grid);
  /// `local` is a heuristic over the same grid: a coarse scan of the CTLE grid, a pattern search
  /// over the CTLE settings from the two best of it (each setting's TX FFE by a compass search
  /// warm-started from its neighbour's), the best's neighbours from its taps, TX FFE boxes of ±2
  /// steps at the best settings and the ±1-step box in every coordinate around the best
  /// (docs/com.md). On the hop of bench/bench_link.cpp (802.3ck CR grid) it computes 40 of the 147
  /// CTLE states and 2,535 FOMs (0.4 % of the settings): ~3.6 ms of search against ~12 ms for the
  /// heuristic before it, the whole hop ~7 ms against ~14 ms, ~200 ms with `exhaustive` (CPU,
  /// shared 2-core machine, load 1–2.5). Its FOM never exceeds the exhaustive optimum; it reached
  /// it on 56 of 60 DAC hops of the link evaluator (worst 0.026 dB lower), 46 of 54
  /// backplane/PCB/ACC hops (worst 0.19 dB), 22 of 29 synthetic lines and cable hops (worst 0.26
  /// dB; tests/phy/test_com_search.cpp), not on the bench hop (0.09 dB lower). Deterministic and
  /// single-threaded (`threads` is ignored).
  enum class Search { exhaustive, local };
  Search search = Search::exhaustive;
};

/// The equaliser chosen and the COM figures.
struct Result {
  double com_db = 0;                  ///< COM = 20·log10(A_s/A_ni), dB (93A-1)
  double fom_db = 0;                  ///< figure of merit of the chosen setting (93A-36)
  double a_s_v = 0;                   ///< signal amplitude (93A.1.6 c)
  double a_ni_v = 0;                  ///< noise+interference amplitude at DER_0 (93A.1.7)
  double g_dc_db = 0, g_dc_hp_db = 0; ///< CTLE DC gains chosen (93A-22), dB (from the grids)
  std::vector<double> tx_taps;        ///< c(−pre)..c(post) including c(0)
  std::vector<double> dfe_taps;       ///< b(1)..b(N) applied (fixed then floating span)
  /// Noise σ at the slicer (93A.1.7): TX, residual ISI, jitter, crosstalk, RX noise; V (≥ 0).
  double sigma_tx_v = 0, sigma_isi_v = 0, sigma_j_v = 0, sigma_xt_v = 0, sigma_n_v = 0;
  int cursor_sample = 0;       ///< t_s as an index in the pulse response
  long settings_evaluated = 0; ///< FOM evaluations in the search
  /// The exhaustive search chose the setting: asked for, or the local search (Settings::search)
  /// found no valid setting and handed over to it.
  bool exhaustive_chose = false;
  std::vector<std::string> warnings;
};

/// Effective return loss parameters (Annex 93A.5). effective_return_loss refuses values outside
/// the ranges below (InputError "ERL setting 'KEY'", or "modulation: …" for L).
struct ErlSettings {
  double f_b_hz = 53.125e9;        ///< signalling rate, Bd (finite, > 0)
  int samples_per_ui = 32;         ///< M, 4 to 256
  int levels = 4;                  ///< L, 2 to 64
  double der0 = 1e-4;              ///< DER_0, (0, 0.5)
  double f_r_hz = 0.75 * 53.125e9; ///< RX Butterworth and Tukey window start, Hz (≥ 0; 0: none)
  bool tukey_window = true;        ///< raised-cosine roll-off from f_r to f_b
  double t_r_s = 0.01e-9;          ///< TDR transition time (Gaussian 20–80 %), s (finite, ≥ 0)
  int n_ui = 3500;                 ///< N, reflection window length, UI (≥ 1)
  int n_bx = 0;                    ///< N_bx, UI (DFE span over which rho_x applies; ≥ 0)
  double rho_x = 0.618;            ///< weight of reflections within N_bx, [0, 1]
  double beta_x = 0;               ///< loss weighting, dB/s (finite, ≥ 0; 0: none)
  double fixture_delay_s = 0;      ///< T_fx, s (finite, ≥ 0)
  /// PDF bin, V (the reference code's 10·BinSize): finite, > 0, and coarse enough that each
  /// sampling phase's reflections (span 2·Σ|taps|) fit in kMaxPmfBins bins (statistical_eye.hpp).
  double bin_v = 1e-4;
};

/// ERL of one port from its reflection coefficient Γ(f) (Sdd11 or Sdd22) on ascending
/// frequencies: pulse TDR response, weighted (93A-58..60), worst sampling phase, PAM-L
/// distribution at DER_0; returns −20·log10(amplitude) in dB. `f_hz` (Hz, ascending, ≥ 10
/// points, as many as `gamma`: InputError otherwise); `settings` as ErlSettings says (InputError
/// otherwise; also for an empty reflection window from N and T_fx).
double effective_return_loss(std::span<const double> f_hz, std::span<const Complex> gamma,
                             const ErlSettings &settings);

/// RX fourth-order Butterworth response at f_hz with 3 dB frequency f_r_hz (93A-20), both Hz
/// (f_r_hz above 0; not checked here).
Complex rx_filter(double f_hz, double f_r_hz);
/// Raised-cosine amplitude roll-off: 1 for f ≤ start, ½(1 + cos(π(f − start)/(end − start)))
/// between, 0 for f ≥ end; 1 everywhere when end ≤ 0 (no such stage). Frequencies in Hz.
double rx_raised_cosine(double f_hz, double start_hz, double end_hz);
/// TX Gaussian edge filter for a 20–80 % transition time t_r_s (93A-46). `f_hz` (Hz), `t_r_s`
/// (s, ≥ 0; not checked).
double tx_filter(double f_hz, double t_r_s);
/// CTLE response (93A-22 with the 802.3ck low-frequency pole-zero stage) at `f_hz` (Hz) and gains
/// in dB (any value; the search uses Settings' grids, −60 to 60 dB). Not checked here.
Complex ctle(double f_hz, const Settings &settings, double g_dc_db, double g_dc_hp_db);
/// TX FFE applied to a pulse p sampled at m per UI: Σ_j c_j·p(t − (j − pre)·m), circular (93A-21).
/// `pre` (0 to c.size()), `m` samples per UI (≥ 1), `t` sample index; p non-empty; not checked.
double ffe_sample(const std::vector<double> &p, const std::vector<double> &c, int pre, int m,
                  long t);

/// Runs the equaliser search and COM for one package case. `thru.kind` must be thru; the
/// aggressors fext/next. Throws InputError on bad settings or a channel band below f_b/2.
Result evaluate(const Settings &settings, const PathTransfer &thru,
                std::span<const PathTransfer> aggressors);

} // namespace linkphy::com
