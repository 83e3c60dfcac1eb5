// The IEEE 802.3 optical link model: the "10GEPBud" spreadsheet (10GEPBud3_1_16a.xlsx, Hanson,
// Cunningham, Dawe, Dolfi; IEEE 802.3ae clause 52/68 link budgets; method of the 802.3z link-model
// paper, Cunningham & Nowell, "DCwpaper", Mar 1997) as the analytic optical evaluator. Pure math on
// numbers: the inputs are the spreadsheet's input cells in the spreadsheet's units (named in each
// field), the result is one row of the sheet's length table (columns A..W) at a given length.
//
// PAM-M generalisation (IEEE 802.3bs/cd style, documented in optical_link_model.cpp):
//   * OMA is the outer OMA (P3 - P0); each of the M-1 eyes is OMA/(M-1) high, so every noise term
//     is referred to an eye with Q·(M-1) in place of Q (RIN, MPN, baseline wander, modal noise);
//   * the ISI eye fraction 2·h0 - 1 of the NRZ sheet becomes M·h0 - (M-1) (peak distortion of an
//     inner eye, with h0 the sheet's Gaussian-response cursor erf term);
//   * the Q target may come from a symbol-error-ratio target (q_from_ser), e.g. SER 4.85e-4 for
//     KP4 FEC (802.3bs clause 120D/121 receivers).
#pragma once

namespace linkphy {

/// Fibre family of a link-model sheet (cell L2: "SMF" switches on the PMD bandwidth, cell P13).
enum class LinkFibre { multimode, single_mode };

/// Inputs of one link-model sheet. Cell references are to the 10GEPBud sheets (e.g. 850S50_500).
struct OpticalLinkInputs {
  LinkFibre fibre = LinkFibre::multimode; ///< L2
  int levels = 2;                         ///< modulation levels M: 2 (NRZ) to 16 (PAM16)
  double reach_km = 0.082;                ///< L3 target reach, km (> 0)
  double baud_mbd = 10312.5;              ///< C4 signalling rate, MBd (> 0)
  double q = 7.037;                       ///< C3 Q of the (symbol) error target, 3..10
  double tx_rise_20_80_ps = 35;           ///< G2 transmitter 20–80 % rise time, ps (≥ 0)
  double rin_oma_db_hz = -130;            ///< G4 RIN on an OMA basis, dB/Hz (−180..−100)
  double rin_coefficient = 0.7;           ///< G6 kRIN, dimensionless (0..1)
  double wavelength_nm = 840;             ///< C6 worst-case centre wavelength Uc, nm
  double spectral_width_nm = 0.29;        ///< C7 RMS spectral width Uw, nm (> 0)
  double tx_oma_dbm = -3.8;               ///< C8 minimum transmitter OMA, dBm
  double tx_avg_power_worst_dbm = -2.03;  ///< C10 worst average launch power, dBm (> OMA − 3 dB)
  double det_jitter_ps = 7.7;             ///< G7 deterministic jitter incl. DCD, ps (≥ DCD)
  double dcd_dj_ps = 7.7;                 ///< G8 duty-cycle distortion jitter, ps (≥ 0, < 1 UI)
  double tx_mask_x2_ui = 0.4;             ///< C13 transmitter eye-mask X2, UI (0..0.5)
  double mpn_k = 0.3;                     ///< G10 mode-partition-noise k factor (0..1)
  double tx_reflectance_db = -12;         ///< G12 transmitter reflectance, dB (≤ 0)
  double modal_noise_penalty_db = 0.3;    ///< G13 modal-noise penalty Pmn, dB (≥ 0)
  double connection_loss_db = 2.07;       ///< L7 connector and splice loss, dB (≥ 0)
  double reflection_noise_factor = 0;     ///< L10 reflection noise factor (0..1)
  double attenuation_db_km = 3.5;         ///< P2 attenuation at the standard wavelength, dB/km
  double attenuation_normalisation = 3.5; ///< P4 divisor: C_att = P2 / this (3.5, 1.4846, 1.5)
  double zero_dispersion_nm = 1320;       ///< P7 zero-dispersion wavelength Uo, nm
  double dispersion_slope_ps_nm2_km = 0.11; ///< P8 S0, ps/(nm²·km) (> 0)
  double dgd_max_ps = 10;                   ///< P11 max DGD at the reach (single-mode only), ps
  double modal_bandwidth_mhz_km = 500;      ///< P12 effective modal bandwidth, MHz·km (> 0)
  double rx_sensitivity_oma_dbm = -11.1;    ///< T3 nominal receiver sensitivity (OMA), dBm
  double rx_reflectance_db = -12;           ///< T4 receiver reflectance, dB (≤ 0)
  double rx_bandwidth_mhz = 8250;           ///< T5 receiver bandwidth, MHz (> 0)
  double baseline_wander_sd = 0.025;        ///< T10 RMS baseline wander, fraction of half eye
};

/// One evaluated row of the link model (the sheet's columns at one length). Penalties in dB
/// (optical); `eye_closed` is true when a noise term closes the eye (the sheet shows #NUM!): then
/// the affected penalties and the margin are ±infinity.
struct OpticalLinkResult {
  double length_km = 0;           ///< A
  double fibre_loss_db = 0;       ///< B fibre attenuation
  double channel_il_db = 0;       ///< C channel insertion loss = connections + fibre
  double d1l_ps_nm = 0;           ///< D chromatic dispersion × length, ps/nm
  double bw_cd_mhz = 0;           ///< F chromatic-dispersion bandwidth, MHz
  double bw_modal_mhz = 0;        ///< G effective modal (or PMD) bandwidth, MHz
  double te_ps = 0;               ///< H transmitter + fibre 10–90 % time, ps
  double tc_ps = 0;               ///< I transmitter + fibre + receiver 10–90 % time, ps
  double p_isi_db = 0;            ///< J ISI penalty at the eye centre
  double p_dj_db = 0;             ///< L deterministic-jitter penalty at the eye centre
  double p_reflection_db = 0;     ///< N reflection-noise penalty
  double p_mpn_db = 0;            ///< Q mode-partition-noise penalty
  double p_rin_db = 0;            ///< R RIN penalty
  double p_cross_db = 0;          ///< S cross term (ISI × noise interaction, baseline wander)
  double p_modal_noise_db = 0;    ///< Pmn modal-noise penalty (input)
  double p_total_db = 0;          ///< V all penalties (T − B), excluding the channel loss
  double power_budget_db = 0;     ///< L6 transmitter OMA − receiver sensitivity
  double margin_db = 0;           ///< W power budget − channel IL − penalties
  double extinction_ratio_db = 0; ///< C9 minimum extinction ratio from OMA and worst power
  bool eye_closed = false; ///< a penalty is infinite (eye closed): p_cross_db and margin infinite
};

/// Throws InputError ("optical link model: ...") on inputs outside the documented ranges.
void validate(const OpticalLinkInputs &in);

/// Evaluates the link model at `length_km` (km, > 0; InputError otherwise). Inputs must satisfy
/// validate().
OpticalLinkResult evaluate_optical_link(const OpticalLinkInputs &in, double length_km);

/// Q for a bit error ratio of NRZ: BER = ½·erfc(Q/√2). `ber` in (0, 0.5).
double q_from_ber(double ber);
/// Q for a symbol error ratio of PAM-M with Gray code: SER = 2(M−1)/M · ½·erfc(Q/√2). `levels`
/// M ≥ 2, `ser` in (0, (M−1)/M) (the per-eye ratio in (0, 0.5)); InputError otherwise.
double q_from_ser(double ser, int levels);

} // namespace linkphy
