// Lane-rate classes: "25G" … "400G" name the standard signalling of an Ethernet lane of that
// class (DESIGN.md §4), or an explicit rate with its unit plus a modulation.
//   25G  = 25.78125 Gb/s NRZ at 25.78125 GBd, RS(528,514) "KR4"   IEEE 802.3by (25GBASE-CR/KR,
//          Clause 108 RS-FEC) and 802.3bj (100GBASE-KR4/CR4, Clause 91)
//   50G  = 53.125 Gb/s PAM4 at 26.5625 GBd, RS(544,514) "KP4"      IEEE 802.3cd (Clauses 134–137)
//   100G = 106.25 Gb/s PAM4 at 53.125 GBd, KP4                     IEEE 802.3ck (Clauses 161–163)
//   200G = 212.5 Gb/s PAM4 at 106.25 GBd, KP4                      IEEE 802.3dj (electrical
//          200 Gb/s lanes; its 800GBASE-DR4/FR4 optics add an inner code → 226.875 Gb/s, not
//          modelled here)
//   400G = 425 Gb/s PAM4 at 212.5 GBd, KP4 — NOT standardised: no IEEE 802.3 400 Gb/s-per-lane
//          specification exists yet (PAM4, PAM6 and PAM8 are all under study). PAM4 is assumed here
//          as the straight doubling of 200G; give a modulation explicitly to study PAM6/PAM8 at the
//          same 425 Gb/s (the baud is then 425e9 / log2 M).
#pragma once

#include <linkphy/phy/fec.hpp>
#include <linkphy/phy/signalling.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy {

/// The signalling of one lane.
struct LaneRate {
  std::string name;          ///< "100G", or the text given, e.g. "106.25 Gb/s"
  double line_rate_bps = 0;  ///< bit rate on the line incl. FEC overhead, b/s (> 0)
  double baud_bd = 0;        ///< symbol rate, Bd = line_rate_bps / log2 M
  Modulation modulation;     ///< NRZ or PAM-M
  FecCode fec;               ///< FEC applied end to end
  bool standardised = false; ///< false for classes without an IEEE 802.3 specification (400G)
  std::string source;        ///< the standard the class comes from, or "explicit"

  /// Nyquist frequency baud/2, Hz.
  double nyquist_hz() const { return 0.5 * baud_bd; }
  /// Unit interval 1/baud, s.
  double unit_interval_s() const { return 1.0 / baud_bd; }
};

/// The class names accepted by lane_rate_class, in increasing rate: 25G, 50G, 100G, 200G, 400G.
std::vector<std::string> lane_rate_class_names();

/// The standard signalling of a class (see the file comment). Case-insensitive ("100g" is fine).
/// Throws InputError naming `where` and listing the accepted classes for an unknown name.
LaneRate lane_rate_class(std::string_view name, std::string_view where = {});

/// Parses a lane rate given as
///  * a class name ("100G"): its standard signalling; if `modulation` is given and differs, the
///    line rate is kept and the baud becomes line_rate / log2 M; `fec` likewise overrides the FEC;
///  * a bit rate with unit ("106.25 Gb/s", any unit parse_quantity accepts for bit rates): then
///    `modulation` is required, baud = rate / log2 M;
///  * a symbol rate with unit ("53.125 GBd"): `modulation` required, rate = baud · log2 M;
///  * either followed by a modulation name ("106.25 Gb/s PAM4", "100G NRZ"): that modulation
///    (`modulation`, if also given, must agree).
/// For explicit rates the FEC defaults to KP4 for PAM (every PAM4 Ethernet class uses it) and KR4
/// for NRZ (as 25G). An explicit rate must give a line rate of 100 Mb/s to 2 Tb/s per lane (a
/// symbol rate through the modulation). Throws InputError naming `where` on unknown classes
/// (listing them), bad quantities, a rate outside that range, or a missing modulation; a
/// `modulation` given outside PAM2 … PAM64 is refused by check_modulation ("modulation: …").
/// `modulation_input`: the caller's name for an input of its own that gives `modulation` apart
/// from the rate (link_eval.hpp: "LinkRequest.modulation"); a missing modulation's message then
/// ends "… or give MODULATION_INPUT". Empty (plan files, crossover rate lists, which have no such
/// input): the message asks only for the modulation word in the rate. Any text.
LaneRate parse_lane_rate(std::string_view text, std::optional<Modulation> modulation = {},
                         std::optional<FecCode> fec = {}, std::string_view where = {},
                         std::string_view modulation_input = {});

} // namespace linkphy
