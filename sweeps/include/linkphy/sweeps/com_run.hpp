// IEEE 802.3 Annex 93A COM and ERL of measured channels with a COM parameter table: glue from
// the table (transceivers/com_table.hpp) and Touchstone channels to the engine (phy/com.hpp).
#pragma once

#include <linkphy/phy/com.hpp>
#include <linkphy/phy/network.hpp>
#include <linkphy/transceivers/com_table.hpp>

#include <span>
#include <string>
#include <vector>

namespace linkphy::sweeps {

/// One package case (z_p select) and its COM.
struct ComCaseReport {
  int index = 1; ///< 1-based, as the table's [[package.case]] order
  transceivers::PackageCase package;
  com::Result result;
};

struct ComReport {
  std::string table_name, table_file, thru_name;
  std::vector<std::string> fext_names, next_names;
  double il_nyquist_db = 0;                ///< channel-only differential IL at f_b/2, dB (≥ 0)
  double erl_db = 0;                       ///< min of the two ports, dB (93A.5)
  double erl11_db = 0, erl22_db = 0;       ///< TX-side and RX-side port ERL, dB
  double com_pass_db = 3, erl_pass_db = 0; ///< the table's pass thresholds, dB
  std::vector<ComCaseReport> cases;
  std::vector<std::string> warnings; ///< passivity, causality, band: each says by how much
  double com_min_db() const;
  bool pass() const;
};

/// Differential 2-port (Sdd) of a single-ended 4-port whose ports, in `port_order`, are
/// [in+, in−, out+, out−] (IEEE COM "[1 3 2 4]" = ports 1/3 at the input, 2/4 at the output).
com::TwoPort differential(const Network &four_port, const int (&port_order)[4]);

/// Warnings for a 4-port: non-passivity (largest singular value above 1, by how much, where)
/// and non-causality (energy of Sdd21's impulse response before t = 0, in dB of the total).
std::vector<std::string> check_channel(const Network &four_port, const int (&port_order)[4]);

/// The channel referenced to R_0 on every port, as Annex 93A's package model and ERL take it:
/// unchanged when it already is, else renormalised (power waves, = scikit-rf renormalize) with
/// a warning naming the file's impedances appended to `warnings`. `r_0_ohm` (ohm, > 0: renormalize
/// throws InputError otherwise when a renormalisation is needed).
Network at_r0(const Network &channel, double r_0_ohm, std::vector<std::string> &warnings);

/// COM for every package case of the table and ERL of the thru channel (each channel first
/// through at_r0).
ComReport run_com(const transceivers::ComTable &table, const Network &thru,
                  std::span<const Network> fext, std::span<const Network> next,
                  const int (&port_order)[4]);

/// Reads a 4-port channel file (.s4p).
Network read_channel(const std::string &path);

/// The same from files: the table by path or shipped name, channels as .s4p.
ComReport run_com_files(const std::string &table, const std::string &thru,
                        const std::vector<std::string> &fext, const std::vector<std::string> &next);

} // namespace linkphy::sweeps
