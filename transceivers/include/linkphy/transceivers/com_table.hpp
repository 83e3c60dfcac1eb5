// IEEE 802.3 Annex 93A COM parameter tables (802.3ck KR / CR-CA / C2C, 802.3dj …) read from
// the TOML files in transceivers/catalog/com/. Every value carries its unit in the text
// ("53.125 GBd", "0.12 nH") or in the key name (eta_0_v2_per_ghz).
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/transceivers/ctle.hpp>
#include <linkphy/transceivers/dfe.hpp>
#include <linkphy/transceivers/ffe.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::transceivers {

/// Package line segments of one package case, die side first, lengths in mm: as many as
/// ComTable::z_c_ohm, each 0 to 1000 mm (load_com_table's InputError "lengths must be in 0 mm to
/// 1 m").
struct PackageCase {
  std::vector<double> z_p_tx_mm, z_p_next_mm, z_p_fext_mm, z_p_rx_mm;
};

/// One COM parameter table. The ranges below are those load_com_table checks (InputError
/// "FILE:LINE: key 'section.KEY': ..."; the IEEE tables lie well inside them); a table built or
/// changed in code is not checked here (SerDes overrides are checked by serdes.hpp's reader).
struct ComTable {
  std::string name, title, source, file; ///< required strings of the file; `file` its path
  // Table 93A-1 signal
  double f_b_hz = 0;                        ///< signalling rate, Bd (0.1 GBd to 1000 GBd)
  int levels = 4;                           ///< L, whole number 2 to 16
  int samples_per_ui = 32;                  ///< M, whole number 4 to 256
  double der0 = 1e-4;                       ///< target detector error ratio, 1e-30 to 0.49
  double a_v_v = 0, a_fe_v = 0, a_ne_v = 0; ///< amplitudes, V (A_v 1 mV to 5 V; others 0 to 5 V)
  double r_lm = 1;                          ///< level mismatch ratio, 0.001 to 1
  double t_r_s = 0;                         ///< TX transition time 20–80 %, s (0 to 1 ns)
  double r_0_ohm = 50;                      ///< reference impedance (single-ended), Ω (1 to 1000)
  double r_d_tx_ohm = 50, r_d_rx_ohm = 50;  ///< die terminations, Ω (1 to 1000)
  /// .s4p ports as [in+, in−, out+, out−] (IEEE "Port Order"): a permutation of 1..4, whole
  /// numbers (the loader refuses 1.5).
  int port_order[4] = {1, 3, 2, 4};
  // Receiver and noise
  double f_r_hz = 0; ///< RX Butterworth 3 dB frequency, Hz (key f_r: 0.01 to 10 × f_b)
  /// RX raised-cosine roll-off corners, Hz (0: none): both or neither, start < end, each 0.01 to
  /// 10 × f_b as f_r (com::kRxCornerMinFb, kRxCornerMaxFb).
  double rc_start_hz = 0, rc_end_hz = 0;
  double eta0_v2_per_hz = 0; ///< RX noise PSD, V²/Hz (key eta_0_v2_per_ghz: 0 to 1 V²/GHz)
  double snr_tx_db = 0;      ///< TX SNR, dB (com::kSnrTxMinDb to kSnrTxMaxDb: 10 to 100 dB)
  double sigma_rj_ui = 0, a_dd_ui = 0; ///< jitter, UI (each 0 to 0.5)
  CtleFamily ctle;                     ///< ranges in ctle.hpp
  TxFfeConfig tx_ffe;                  ///< ranges in ffe.hpp
  DfeConfig dfe;                       ///< ranges in dfe.hpp
  // Package (93A-1, 802.3ck): per side [TX, RX]
  /// C_d, C_b, C_p in F (0 to 1 nF), L_s in H (0 to 1 µH), per side [TX, RX].
  double c_d_f[2] = {0, 0}, l_s_h[2] = {0, 0}, c_b_f[2] = {0, 0}, c_p_f[2] = {0, 0};
  std::vector<double> z_c_ohm; ///< line segment impedances, die side first; ≥ 1, each 1–1000 Ω
  /// Package line (93A-13): γ0 1/mm, a1 1/(mm·√GHz), a2 1/(mm·GHz) (each 0 to 1), delay ns/mm
  /// (key tau: 0 to 1 ns/mm; 0 is accepted).
  double gamma0_per_mm = 0, a1_per_mm_sqrt_ghz = 0, a2_per_mm_ghz = 0, tau_ns_per_mm = 0;
  std::vector<PackageCase> cases; ///< package test cases (z_p select), at least one
  // Host board added at both ends (Include PCB, Table 92-12), when include_pcb
  bool include_pcb = false; ///< true when the file has a [board] table
  /// Board line, units and ranges as the package line's; board_z_c_ohm its impedance, ohm (1 to
  /// 1000).
  double board_gamma0_per_mm = 0, board_a1_per_mm_sqrt_ghz = 0, board_a2_per_mm_ghz = 0;
  double board_tau_ns_per_mm = 0, board_z_c_ohm = 100;
  /// Board lengths of the thru (TX, RX) and crosstalk (NEXT, FEXT) paths, mm (0 to 1000).
  double z_bp_tx_mm = 0, z_bp_next_mm = 0, z_bp_fext_mm = 0, z_bp_rx_mm = 0;
  /// Shunt C at the board's package end / far end, F (0 to 1 nF).
  double board_c_0_f = 0, board_c_1_f = 0;
  // ERL (93A.5)
  double erl_tr_s = 0.01e-9; ///< TDR transition time T_r (TR_TDR), s (0 to 1 ns)
  int erl_n = 0;             ///< N, UI of the reflection window, whole number 1 to 10⁶
  /// 93A-59 weighting: β_x (0 to 1e12), ρ_x (0 to 1), dimensionless.
  double erl_beta_x = 0, erl_rho_x = 0;
  int erl_n_bx = 0;                        ///< N_bx, UI, whole number 0 to 10⁵
  double erl_tfx_s = 0;                    ///< fixture delay (time-gated), s (0 to 1 µs)
  bool erl_tukey_window = false;           ///< ERL: Tukey window from f_r to f_b on the RL spectrum
  double com_pass_db = 3, erl_pass_db = 0; ///< thresholds, dB (each −100 to 100 dB)
};

/// Reads one table. Throws InputError "FILE: missing key 'section.key'" and similar (a value of
/// the wrong type, out of the ranges above, an unknown key or table).
ComTable load_com_table(const std::filesystem::path &file);

/// The catalog folder of shipped tables (source tree, install prefix, or $LINKPHY_DATA_DIR).
std::filesystem::path com_catalog_dir();

/// A table by file path (an existing path, or any name ending in .toml), or by name of a shipped
/// table ("802.3ck-kr"); InputError "find_com_table 'NAME': …" listing the shipped names otherwise
/// (`linkphy com` prints "--config 'NAME'"). Shipped tables are parsed once per process.
ComTable find_com_table(const std::string &path_or_name);

/// The package of side `side` (0: TX, 1: RX) of `t`: its C_d, L_s, C_b, C_p and segment
/// impedances z_c_ohm, with the segment lengths `z_p_mm` (mm, as PackageCase; one per segment for
/// com::package to accept them). `side` is not checked (0 or 1).
com::PackageSide package_side(const ComTable &t, int side, const std::vector<double> &z_p_mm);

} // namespace linkphy::transceivers
