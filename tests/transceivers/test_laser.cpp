// Transmitters: closed forms (T0 law, MZM transfer, OMA definition) and physical behaviour.
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/laser.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <vector>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("OMA, extinction ratio and mean power", "[optics][laser]") {
  // IEEE 802.3 definitions: P̄ = (P1 + P0)/2, OMA = P1 − P0, ER = P1/P0.
  const double p1 = 2e-3, p0 = 0.5e-3;
  CHECK(oma_from_average((p1 + p0) / 2, p1 / p0) == Approx(p1 - p0));
  CHECK(oma_from_average(1e-3, INFINITY) == Approx(2e-3));
  CHECK_THROWS_AS(oma_from_average(1e-3, 1.0), InputError); // ER = 0 dB
  CHECK_THROWS_AS(oma_from_average(1e-3, 0.5), InputError); // ER < 0 dB
}

TEST_CASE("MZM extinction ratio from drive swing", "[optics][laser]") {
  // Quadrature-biased MZM: levels ½(1 ± sin(π·Vpp/(2Vπ))). Vpp = Vπ: full swing, infinite ER;
  // Vpp = Vπ/2: ER = (1 + √½)/(1 − √½) = 5.83 (7.66 dB).
  CHECK(std::isinf(mzm_extinction_ratio(4, 4)));
  CHECK(mzm_extinction_ratio(2, 4) == Approx((1 + std::sqrt(0.5)) / (1 - std::sqrt(0.5))));
  CHECK(10 * std::log10(mzm_extinction_ratio(2, 4)) == Approx(7.66).margin(0.01));
  CHECK(mzm_extinction_ratio(1, 4) < mzm_extinction_ratio(2, 4));
}

TEST_CASE("threshold rises with temperature by the T0 law, APC bias and power follow",
          "[optics][laser]") {
  const auto dml = find_laser("dml_1310");
  // I_th(T) = I_th(25 °C)·exp(ΔT/T0): +60 K with T0 = 60 K is e-fold.
  CHECK(threshold_current(dml, 358.15) == Approx(dml.threshold_a * std::exp(1.0)));
  const Transmitter cold(dml, 298.15), hot(dml, 358.15);
  CHECK(hot.bias_current_a() - cold.bias_current_a() ==
        Approx(dml.threshold_a * (std::exp(1.0) - 1)));
  CHECK(hot.power_w() > cold.power_w());
  // Automatic power control holds the mean power and OMA.
  CHECK(hot.average_power_w() == Approx(cold.average_power_w()));
  // Uncooled DFB drifts ~0.09 nm/K: 0 → 70 °C moves 6.3 nm, inside a 13-nm CWDM lane (±6.5 nm).
  const Transmitter t0(dml, 273.15), t70(dml, 343.15);
  CHECK((t70.carrier().wavelength_m - t0.carrier().wavelength_m) * 1e9 == Approx(6.3));
  // A TEC (EML) holds the wavelength but costs power away from its set point.
  const auto eml = find_laser("eml_1310");
  const Transmitter e25(eml, 298.15), e70(eml, 343.15);
  CHECK(e70.carrier().wavelength_m == Approx(e25.carrier().wavelength_m));
  CHECK(e70.tec_power_w() == Approx(0.02 * 45));
  CHECK(e70.power_w() > e25.power_w());
}

TEST_CASE("every laser entry gives a sane E/O stage", "[optics][laser]") {
  for (const char *name :
       {"vcsel_850", "vcsel_910", "dml_1310", "eml_1310", "cw_mzm_1310", "cw_ring_1310"}) {
    INFO(name);
    const Transmitter tx(find_laser(name), 298.15);
    CHECK(tx.oma_w() > 0);
    CHECK(tx.oma_w() < 2 * tx.average_power_w());
    CHECK(tx.power_w() > 0);
    CHECK(tx.power_w() < 2.0); // per lane, W
    CHECK(tx.rin_per_hz() < 1e-12);
    std::vector<double> f{0, 1e12};
    std::vector<std::complex<double>> h(2);
    tx.response(f, h);
    CHECK(std::abs(h[0]) == Approx(1.0));
    CHECK(std::abs(h[1]) < 0.01);
  }
  // Wall-plug: an external CW laser draws P_cw/WPE; the MZM's ER comes from its drive swing.
  const auto mzm = find_laser("cw_mzm_1310");
  const Transmitter tx(mzm, 298.15);
  CHECK(10 * std::log10(tx.extinction_ratio()) == Approx(7.66).margin(0.01));
  const double p_cw = 1e-3 * std::pow(10.0, (0 + 7) / 10.0);
  CHECK(tx.power_w() == Approx(p_cw / 0.2 + 0.1));
  CHECK_THROWS_AS(find_laser("maser"), InputError);
  CHECK_THROWS_AS(Transmitter(mzm, 100), InputError);
}

TEST_CASE("laser catalog entry with ER <= 0 dB is rejected with one line", "[optics][laser]") {
  ParamSet p("user.toml:3");
  for (const char *kv :
       {"source=test", "kind=dml", "wavelength=1310nm", "wavelength_drift_nm_per_k=0.09",
        "spectral_width=0.1nm", "rin=-140dB/Hz", "bandwidth=20GHz", "extinction_ratio=0dB",
        "avg_power=0dBm", "driver_power=0.1W", "slope_efficiency_w_per_a=0.2", "threshold=5mA",
        "t0_k=60", "forward_voltage=1.5V"}) {
    const std::string s(kv);
    p.set(s.substr(0, s.find('=')), s.substr(s.find('=') + 1));
  }
  try {
    laser_from_params("bad", p);
    FAIL("ER 0 dB accepted");
  } catch (const InputError &e) {
    const std::string msg = e.what();
    CHECK(msg.find("extinction_ratio") != std::string::npos);
    CHECK(msg.find("must be > 0 dB") != std::string::npos);
    CHECK(msg.find('\n') == std::string::npos);
  }
  p.set("extinction_ratio", "4dB");
  CHECK_NOTHROW(laser_from_params("good", p));
}
