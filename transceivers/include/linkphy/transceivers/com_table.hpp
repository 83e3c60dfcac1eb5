// IEEE 802.3 Annex 93A COM parameter tables (802.3ck KR / CR-CA / C2C, 802.3dj …) read from
// the TOML files in transceivers/catalog/com/. Every value carries its unit in the text
// ("53.125 GBd", "0.12 nH") or in the key name (eta_0_v2_per_ghz).
#pragma once

#include <linkphy/transceivers/ctle.hpp>
#include <linkphy/transceivers/dfe.hpp>
#include <linkphy/transceivers/ffe.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace linkphy::transceivers {

/// Package line segments of one package case, die side first, lengths in mm (≥ 0).
struct PackageCase {
  std::vector<double> z_p_tx_mm, z_p_next_mm, z_p_fext_mm, z_p_rx_mm;
};

struct ComTable {
  std::string name, title, source, file;
  // Table 93A-1 signal
  double f_b_hz = 0;                        ///< signalling rate, Bd
  int levels = 4;                           ///< L
  int samples_per_ui = 32;                  ///< M
  double der0 = 1e-4;                       ///< target detector error ratio
  double a_v_v = 0, a_fe_v = 0, a_ne_v = 0; ///< amplitudes, V
  double r_lm = 1;                          ///< level mismatch ratio
  double t_r_s = 0;                         ///< TX transition time 20–80 %, s
  double r_0_ohm = 50;                      ///< reference impedance (single-ended), Ω
  double r_d_tx_ohm = 50, r_d_rx_ohm = 50;  ///< die terminations, Ω
  int port_order[4] = {1, 3, 2, 4}; ///< .s4p ports as [in+, in−, out+, out−] (IEEE "Port Order")
  // Receiver and noise
  double f_r_hz = 0;                     ///< RX Butterworth 3 dB frequency, Hz
  double rc_start_hz = 0, rc_end_hz = 0; ///< RX raised-cosine roll-off corners, Hz (0: none)
  double eta0_v2_per_hz = 0;             ///< RX noise PSD, V²/Hz
  double snr_tx_db = 0;                  ///< TX SNR, dB
  double sigma_rj_ui = 0, a_dd_ui = 0;   ///< jitter, UI
  CtleFamily ctle;
  TxFfeConfig tx_ffe;
  DfeConfig dfe;
  // Package (93A-1, 802.3ck): per side [TX, RX]
  double c_d_f[2] = {0, 0}, l_s_h[2] = {0, 0}, c_b_f[2] = {0, 0}, c_p_f[2] = {0, 0};
  std::vector<double> z_c_ohm; ///< line segment impedances, die side first
  /// Package line (93A-13): γ0 1/mm, a1 1/(mm·√GHz), a2 1/(mm·GHz) (all ≥ 0), delay ns/mm (> 0).
  double gamma0_per_mm = 0, a1_per_mm_sqrt_ghz = 0, a2_per_mm_ghz = 0, tau_ns_per_mm = 0;
  std::vector<PackageCase> cases; ///< package test cases (z_p select)
  // Host board added at both ends (Include PCB, Table 92-12), when include_pcb
  bool include_pcb = false;
  /// Board line, units as the package line's; board_z_c_ohm its impedance, ohm (> 0).
  double board_gamma0_per_mm = 0, board_a1_per_mm_sqrt_ghz = 0, board_a2_per_mm_ghz = 0;
  double board_tau_ns_per_mm = 0, board_z_c_ohm = 100;
  /// Board lengths of the thru (TX, RX) and crosstalk (NEXT, FEXT) paths, mm (≥ 0).
  double z_bp_tx_mm = 0, z_bp_next_mm = 0, z_bp_fext_mm = 0, z_bp_rx_mm = 0;
  double board_c_0_f = 0, board_c_1_f = 0; ///< shunt C at the board's package end / far end
  // ERL (93A.5)
  double erl_tr_s = 0.01e-9;               ///< TDR transition time T_r (TR_TDR), s
  int erl_n = 0;                           ///< N, UI of the reflection window
  double erl_beta_x = 0, erl_rho_x = 0;    ///< 93A-59 weighting
  int erl_n_bx = 0;                        ///< N_bx, UI
  double erl_tfx_s = 0;                    ///< fixture delay (time-gated), s
  bool erl_tukey_window = false;           ///< ERL: Tukey window from f_r to f_b on the RL spectrum
  double com_pass_db = 3, erl_pass_db = 0; ///< thresholds
};

/// Reads one table. Throws InputError "FILE: missing key 'section.key'" and similar.
ComTable load_com_table(const std::filesystem::path &file);

/// The catalog folder of shipped tables (source tree, install prefix, or $LINKPHY_DATA_DIR).
std::filesystem::path com_catalog_dir();

/// A table by file path, or by name of a shipped table ("802.3ck-kr").
ComTable find_com_table(const std::string &path_or_name);

} // namespace linkphy::transceivers
