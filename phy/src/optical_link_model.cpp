// The IEEE 802.3 10GEPBud link model (10GEPBud3_1_16a.xlsx rev 3.1.16a; IEEE 802.3ae clauses 52
// and 68 budgets; Gaussian-response method of the 802.3z link-model paper, Cunningham & Nowell
// 1997). Each line cites the sheet cell whose formula it reproduces (row 28 stands for any row of
// the length table). Units follow the sheet: km, nm, ps, MHz, dBm, dB.
//
// PAM-M generalisation (the way IEEE 802.3bs/cd extended the NRZ link model to PAM4):
//   * tx_oma is the *outer* OMA; the M-1 eyes are each OMA/(M-1) high, so every Gaussian noise
//     term (RIN, MPN, baseline wander, modal noise, the cross term) sees Q_eff = Q·(M-1): a noise
//     variance relative to OMA² weighs (M-1)² more against a one-third eye;
//   * ISI: the sheet's eye fraction 2·h0 - 1 (h0 = cursor of a Gaussian-filtered pulse, cell Z28)
//     is the peak-distortion opening h0 - Σ|h_k| with Σ|h_k| = 1 - h0; an inner PAM-M eye of
//     height h0/(M-1) loses the full Σ|h_k|, so normalised to its ideal height it opens
//     M·h0 - (M-1) (the same form is used for the jitter-offset and TP4 eyes);
//   * the Q target comes from a symbol-error ratio via q_from_ser (SER = 2(M-1)/M·Q(q)).
// For M = 2 every formula reduces to the sheet's.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/optical_link_model.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

namespace linkphy {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kB1 = 2.563; // AB3 B_1: Gaussian eye-opening constant of the model
constexpr double kC1 = 480;   // L9 C_1: fibre bandwidth to 10-90 % time, ns·MHz (−3 dBo)
constexpr double kCrx = 329;  // T6 c_rx: receiver bandwidth to 10-90 % time, ns·MHz
constexpr double kTs2080To1090 = 1.518; // G3: Ts(10-90) = 1.518·Ts(20-80) for a Gaussian edge
constexpr double kRinTestIsi = 1;       // AK7: effective RIN test ISI (DJ), 1 in every sheet

double clip10(double x) { return std::fmax(std::fmin(x, 10.0), -10.0); } // MAX(MIN(x,10),-10)

// Eye fraction of a PAM-M inner eye from two erf edge terms (sheet: ERF(a)+ERF(b)-1 for M = 2).
double eye_fraction(double erf_a, double erf_b, int m) {
  return 0.5 * m * (erf_a + erf_b) - (m - 1);
}

void check(bool ok, const std::string &key, double value, const std::string &accepted) {
  if (ok)
    return;
  std::ostringstream os;
  os << value << " is out of range; accepted: " << accepted;
  throw InputError("optical link model: " + key, os.str());
}

} // namespace

void validate(const OpticalLinkInputs &in) {
  check(in.levels >= 2 && in.levels <= 16, "levels", in.levels, "2 (NRZ) to 16 (PAM16)");
  check(in.reach_km > 0 && in.reach_km <= 200, "reach", in.reach_km, "0 < reach <= 200 km");
  check(in.baud_mbd > 0, "baud_rate", in.baud_mbd, "> 0 MBd");
  check(in.q >= 1 && in.q <= 20, "q", in.q, "1 to 20");
  check(in.tx_rise_20_80_ps >= 0, "tx_rise_time_20_80", in.tx_rise_20_80_ps, ">= 0 ps");
  check(in.rin_oma_db_hz >= -200 && in.rin_oma_db_hz <= -80, "rin_oma", in.rin_oma_db_hz,
        "-200 to -80 dB/Hz");
  check(in.rin_coefficient >= 0 && in.rin_coefficient <= 1, "rin_coefficient", in.rin_coefficient,
        "0 to 1");
  if (in.fibre == LinkFibre::single_mode)
    check(in.wavelength_nm >= 1260 && in.wavelength_nm <= 1625, "wavelength", in.wavelength_nm,
          "1260 to 1625 nm for single-mode fibre (ITU-T G.652 O to L band)");
  else
    check(in.wavelength_nm >= 770 && in.wavelength_nm <= 1400, "wavelength", in.wavelength_nm,
          "770 to 1400 nm for multimode fibre (850-nm and 1300-nm windows)");
  check(in.spectral_width_nm >= 0 && in.spectral_width_nm <= 20, "spectral_width",
        in.spectral_width_nm, "0 to 20 nm RMS");
  // C9: ER = (2·Pavg + OMA)/(2·Pavg − OMA) is > 1 (> 0 dB) only when 2·Pavg > OMA (P0 > 0).
  const double oma_uw = std::pow(10.0, in.tx_oma_dbm / 10 + 3);
  const double avg_uw = 1000 * std::pow(10.0, in.tx_avg_power_worst_dbm / 10);
  check(2 * avg_uw > oma_uw, "tx_avg_power_worst", in.tx_avg_power_worst_dbm,
        "above tx_oma - 3.01 dB (the extinction ratio must be > 0 dB)");
  check(in.dcd_dj_ps >= 0 && in.dcd_dj_ps * 1e-6 < 1 / in.baud_mbd, "dcd_dj", in.dcd_dj_ps,
        "0 <= DCD < 1 UI");
  check(in.det_jitter_ps >= in.dcd_dj_ps, "det_jitter", in.det_jitter_ps,
        ">= dcd_dj (the sheet's G7 'should not be < DCD')");
  check(in.tx_mask_x2_ui >= 0 && in.tx_mask_x2_ui <= 0.5, "tx_mask_x2", in.tx_mask_x2_ui,
        "0 to 0.5 UI");
  check(in.mpn_k >= 0 && in.mpn_k <= 1, "mpn_k", in.mpn_k, "0 to 1");
  check(in.tx_reflectance_db <= 0, "tx_reflectance", in.tx_reflectance_db, "<= 0 dB");
  check(in.rx_reflectance_db <= 0, "rx_reflectance", in.rx_reflectance_db, "<= 0 dB");
  check(in.modal_noise_penalty_db >= 0 && in.modal_noise_penalty_db < 10, "modal_noise_penalty",
        in.modal_noise_penalty_db, "0 to 10 dB (a penalty is not negative)");
  check(in.connection_loss_db >= 0 && in.connection_loss_db <= 60, "connection_loss",
        in.connection_loss_db, "0 to 60 dB (a loss is not negative; 60 dB is past any budget)");
  check(in.reflection_noise_factor >= 0 && in.reflection_noise_factor <= 1,
        "reflection_noise_factor", in.reflection_noise_factor, "0 to 1");
  check(in.attenuation_db_km >= 0 && in.attenuation_db_km <= 10, "attenuation",
        in.attenuation_db_km, "0 to 10 dB/km");
  check(in.attenuation_normalisation > 0, "attenuation_normalisation", in.attenuation_normalisation,
        "> 0");
  check(in.zero_dispersion_nm >= 1200 && in.zero_dispersion_nm <= 1700,
        "zero_dispersion_wavelength", in.zero_dispersion_nm, "1200 to 1700 nm");
  check(in.dispersion_slope_ps_nm2_km >= 0 && in.dispersion_slope_ps_nm2_km <= 1,
        "dispersion_slope", in.dispersion_slope_ps_nm2_km, "0 to 1 ps/(nm^2 km)");
  if (in.fibre == LinkFibre::single_mode)
    check(in.dgd_max_ps > 0, "dgd_max", in.dgd_max_ps, "> 0 ps for single-mode fibre");
  else
    check(in.modal_bandwidth_mhz_km > 0, "modal_bandwidth", in.modal_bandwidth_mhz_km,
          "> 0 MHz km");
  check(in.rx_bandwidth_mhz > 0, "rx_bandwidth", in.rx_bandwidth_mhz, "> 0 MHz");
  check(in.baseline_wander_sd >= 0 && in.baseline_wander_sd < 1, "baseline_wander_sd",
        in.baseline_wander_sd, "0 to < 1");
}

OpticalLinkResult evaluate_optical_link(const OpticalLinkInputs &in, double a_km) {
  if (!(a_km > 0))
    throw InputError("optical link model: length", "must be > 0 km");
  const int m = in.levels;
  const double qe = in.q * (m - 1); // Q referred to one of M-1 eyes (PAM-M, see file comment)
  const double uc = in.wavelength_nm;
  OpticalLinkResult r;
  r.length_km = a_km;

  // --- Sheet header (length independent) ---
  const double g3 = in.tx_rise_20_80_ps * kTs2080To1090;                     // G3 Ts(10-90), ps
  const double c_att = in.attenuation_db_km / in.attenuation_normalisation;  // P4 C_att
  const double att_db_km = c_att * (std::pow(1 / (0.00094 * uc), 4) + 1.05); // P5 λ^-4 + const
  const double d1 = 0.25 * in.dispersion_slope_ps_nm2_km * uc *
                    (1 - std::pow(in.zero_dispersion_nm / uc, 4)); // P9 D1 = S0/4·(λ − λ0⁴/λ³)
  const double d2 = 0.7 * in.dispersion_slope_ps_nm2_km * in.spectral_width_nm; // AB4 D2
  const double t_rx = kCrx * 1000 / in.rx_bandwidth_mhz;            // T7 T_rx(10-90), ps
  const double l11 = 1 / (1 / in.baud_mbd - in.dcd_dj_ps * 1e-6);   // L11 effective rate, MBd
  const double tb_eff = 1e6 / l11;                                  // L12 Tb_eff, ps
  const double g14 = 2 * (0.5 - in.tx_mask_x2_ui);                  // G14 Tx mask top, UI
  const double t8 = g14 * 1e6 / in.baud_mbd;                        // T8 TP4 eye, ps
  const double l13 = 1e-6 * t8 * l11;                               // L13 effective Rx eye, UI
  const double g9 = 1e-6 * (in.det_jitter_ps - in.dcd_dj_ps) * l11; // G9 effective DJ, UI
  r.power_budget_db = in.tx_oma_dbm - in.rx_sensitivity_oma_dbm;    // L6 P = OMA − sensitivity
  const double l8 = r.power_budget_db - in.connection_loss_db;      // L8 budget − connections
  const double ab5 = std::pow(10.0, (in.tx_reflectance_db + in.rx_reflectance_db) / 20); // AB5
  const double ab11 = std::pow(10.0, in.tx_oma_dbm / 10 + 3);                     // AB11 OMA, µW
  const double ab12 = 1000 * std::pow(10.0, in.tx_avg_power_worst_dbm / 10);      // AB12 Pavg, µW
  r.extinction_ratio_db = 10 * std::log10((2 * ab12 + ab11) / (2 * ab12 - ab11)); // C9
  const double er = std::pow(10.0, r.extinction_ratio_db / 10);                   // AB6 ER (linear)
  const double p13 = in.fibre == LinkFibre::single_mode
                         ? 1e6 * in.reach_km / (3 * in.dgd_max_ps) // P13 PMD: BW = 1/(3·DGD)
                         : in.modal_bandwidth_mhz_km;              // P13 = BWm for MMF
  const double pmn = in.modal_noise_penalty_db;                    // G13 Pmn
  const double vmn = (1 - std::pow(10.0, -pmn / 5)) / (qe * qe);   // AG7 Vmn (variance)
  const double sd_blw = in.baseline_wander_sd;                     // T10 SD_blw
  const double k8 = kB1 * tb_eff / (std::sqrt(8.0) * t_rx);
  const double ag5 = eye_fraction(std::erf(clip10(k8 * (l13 + 1))), // AG5 ISI_TP4_Rx
                                  std::erf(clip10(k8 * (1 - l13))), m);
  const double blw_arg = 1 - std::pow(qe * sd_blw / ag5, 2);
  const double t13 = blw_arg > 0 ? 10 * std::log10(1 / std::sqrt(blw_arg)) : kInf; // T13 P_BLW

  // --- One row of the length table (row 28 formulas) ---
  r.fibre_loss_db = a_km * att_db_km; // B28 = A·P4·((1/(0.00094·Uc))^4+1.05)
  r.channel_il_db = in.connection_loss_db + r.fibre_loss_db; // C28 = L7 + B
  r.d1l_ps_nm = a_km * d1;                                   // D28 = A·P9
  const double e = a_km * d2;                                // E28 = A·AB4
  const double dl = std::hypot(r.d1l_ps_nm, e);
  r.bw_cd_mhz = dl > 0 ? (0.187 / in.spectral_width_nm) * 1e6 / dl : kInf; // F28 BWcd
  r.bw_modal_mhz = p13 / a_km;                                             // G28 effBWm
  r.te_ps = std::sqrt(std::pow(1000 * kC1 / r.bw_cd_mhz, 2) +              // H28 Te (Tx + fibre)
                      std::pow(1000 * kC1 / r.bw_modal_mhz, 2) + g3 * g3);
  r.tc_ps = std::hypot(r.te_ps, t_rx);                           // I28 Tc = √(Te² + T_rx²)
  const double k = kB1 * tb_eff / (std::sqrt(8.0) * r.tc_ps);    // common erf argument scale
  const double z = std::erf(clip10(k));                          // Z28 heye(0) = ERF(Y28)
  const double isi_eye = m * z - (m - 1);                        // 2·Z − 1 for NRZ
  r.p_isi_db = isi_eye > 0 ? -10 * std::log10(isi_eye) : kInf;   // J28 Pisi central
  const double ad = eye_fraction(std::erf(clip10(k * (1 + g9))), // AD28 = ERF(AI)+ERF(AJ)−1
                                 std::erf(clip10(k * (1 - g9))), m);
  r.p_dj_db = ad > 0 ? -10 * std::log10(ad) - r.p_isi_db : kInf; // L28 P_DJ central
  // N28/AA28 reflection noise: 2·L10·10^(−C/10)·AB5·√(2·ER·(AD·(ER−1)+ER+1))/(AD·(ER−1))
  const double refl = ad > 0
                          ? 2 * in.reflection_noise_factor * std::pow(10.0, -r.channel_il_db / 10) *
                                ab5 * std::sqrt(2 * er * (ad * (er - 1) + er + 1)) / (ad * (er - 1))
                          : kInf;
  r.p_reflection_db = refl < 1 ? -10 * std::log10(1 - refl) : kInf; // N28 Preflection
  const double aa = ad * (1 - refl);                                // AA28 eye after reflections
  const double o = 1e-6 * 3.14 * l11 * r.d1l_ps_nm * in.spectral_width_nm;    // O28 MPN β=πBDLσ
  const double sd_mpn = (in.mpn_k / std::sqrt(2.0)) * (1 - std::exp(-o * o)); // P28 SDmpn
  const double mpn_arg = 1 - std::pow(qe * sd_mpn, 2);
  r.p_mpn_db = mpn_arg > 0 ? 10 * std::log10(1 / std::sqrt(mpn_arg)) : kInf;  // Q28 Pmpn
  const double v_rin = in.rin_coefficient * 1e6 * kRinTestIsi * kRinTestIsi / // AK28 V_rin
                       std::sqrt(std::pow(1 / r.bw_cd_mhz, 2) + std::pow(1 / r.bw_modal_mhz, 2) +
                                 0.477 * std::pow(1 / in.rx_bandwidth_mhz, 2)) *
                       std::pow(10.0, in.rin_oma_db_hz / 10);
  const double rin_arg = aa > 0 ? 1 - v_rin * std::pow(qe / aa, 2) : -1;
  r.p_rin_db = rin_arg > 0 ? 10 * std::log10(1 / std::sqrt(rin_arg)) : kInf; // R28 Prin
  r.p_modal_noise_db = pmn;
  // S28 Pcross = −10·log10(AA·√(1 − Q²·((SD_blw² + V_rin)/AA² + Vmn + SDmpn²))) − T13 − J − L −
  //              Q − N − R − Pmn
  const double cross_arg =
      aa > 0 ? 1 - qe * qe * ((sd_blw * sd_blw + v_rin) / (aa * aa) + vmn + sd_mpn * sd_mpn) : -1;
  const double terms[] = {t13, r.p_isi_db, r.p_dj_db, r.p_mpn_db, r.p_reflection_db, r.p_rin_db};
  bool finite = cross_arg > 0;
  for (double t : terms)
    finite = finite && std::isfinite(t);
  r.p_cross_db = finite ? -10 * std::log10(aa * std::sqrt(cross_arg)) - t13 - r.p_isi_db -
                              r.p_dj_db - r.p_mpn_db - r.p_reflection_db - r.p_rin_db - pmn
                        : kInf;
  r.eye_closed = !finite;
  // V28 = T28 − B28 with T28 = J + L + B + Q + N + R + S + Pmn
  r.p_total_db = finite ? r.p_isi_db + r.p_dj_db + r.p_mpn_db + r.p_reflection_db + r.p_rin_db +
                              r.p_cross_db + pmn
                        : kInf;
  r.margin_db = finite ? l8 - (r.p_total_db + r.fibre_loss_db) : -kInf; // W28 = L8 − T28
  return r;
}

double q_from_ber(double ber) {
  if (!(ber > 0 && ber < 0.5))
    throw InputError("ber_target", "must be between 0 and 0.5 (exclusive)");
  // BER = ½·erfc(Q/√2) (Agrawal, Fiber-Optic Communication Systems, eq. 4.5.10); bisection.
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (0.5 * std::erfc(mid / std::sqrt(2.0)) > ber ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double q_from_ser(double ser, int levels) {
  if (levels < 2)
    throw InputError("levels", "must be >= 2");
  const double per_eye = ser * levels / (2.0 * (levels - 1)); // SER = 2(M−1)/M · ½erfc(Q/√2)
  if (!(per_eye > 0 && per_eye < 0.5))
    throw InputError("ser_target", "must be between 0 and 2(M-1)/M * 0.5 (exclusive)");
  return q_from_ber(per_eye);
}

} // namespace linkphy
