// The analytic tier against the statistical tier on the IEEE 802.3 channel files, with the LR
// SerDes class (802.3ck KR equalisers, noise and package).
#include <catch2/catch.hpp>

#include <linkphy/phy/analytic_snr.hpp>
#include <linkphy/phy/hop.hpp>
#include <linkphy/sweeps/com_run.hpp>
#include <linkphy/transceivers/serdes.hpp>

#include <cmath>
#include <cstdio>
#include <string>

using namespace linkphy;

TEST_CASE("analytic SNR vs statistical SNR on the IEEE channels (LR SerDes)", "[analytic]") {
  const std::string dir = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/";
  const auto lr = transceivers::find_serdes("lr");
  const int order[4] = {1, 3, 2, 4};
  for (const char *file :
       {"DPO_4in_Meg7_THRU.s4p", "CA_19p75dB_thru.s4p", "Tp0_Tp5_28p5db_FQSFP_thru.s4p"}) {
    const Network net = sweeps::read_channel(dir + file);
    HopInput in;
    in.settings = transceivers::serdes_settings(lr, 53.125e9, 4, 16);
    in.thru = hop_transfer(net.freq_hz, sweeps::differential(net, order),
                           transceivers::serdes_package(lr), com::PathKind::thru, file);
    const HopResult h = evaluate_hop_statistical(in);
    AnalyticInput a;
    a.loss = fit_loss_model(in.thru.f_hz, in.thru.h21, 53.125e9 / 2);
    a.baud_bd = 53.125e9;
    a.levels = 4;
    a.a_v_v = in.settings.a_v_v;
    a.eta0_v2_per_hz = in.settings.eta0_v2_per_hz;
    a.snr_tx_db = in.settings.snr_tx_db;
    a.sigma_rj_ui = in.settings.sigma_rj_ui;
    a.a_dd_ui = in.settings.a_dd_ui;
    a.t_r_s = in.settings.t_r_s;
    a.level_mismatch = in.settings.r_lm;
    const auto r = analytic_snr(a);
    std::printf("%s: IL %.2f dB (fit %.2f, skin %.2f)  statistical SNR %.2f dB (BER %.2e)  "
                "analytic %.2f dB (DFE %.2f, LE %.2f)  COM %.2f dB\n",
                file, h.il_nyquist_db, a.loss.il_nyquist_db, a.loss.skin_fraction, h.eye.snr_db,
                h.eye.ber, r.snr_db, r.snr_dfe_db, r.snr_le_db, h.com.com_db);
    CHECK(std::abs(r.snr_db - h.eye.snr_db) <= 3.0); // the brief's target
  }
}
