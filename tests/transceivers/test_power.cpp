// Power ledger (phy/power.hpp) and part power models (power_models.hpp).
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/power.hpp>
#include <linkphy/transceivers/catalogs.hpp>
#include <linkphy/transceivers/power_models.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("power ledger sums per end and per link, pJ/bit = W / payload", "[power]") {
  PowerLedger l;
  l.add_draw("serdes", "serdes", LinkEnd::a, 2.0);
  l.add_draw("serdes", "serdes", LinkEnd::b, 3.0);
  l.add({"laser", "laser", LinkEnd::a, 1.0, 0.9}); // 0.1 W leaves as light
  l.add_passive("cable", LinkEnd::medium, 0.01);
  CHECK(l.power_w(LinkEnd::a) == Approx(3.0));
  CHECK(l.power_w(LinkEnd::b) == Approx(3.0));
  CHECK(l.power_w(LinkEnd::medium) == 0.0);         // passive parts draw nothing ...
  CHECK(l.heat_w(LinkEnd::medium) == Approx(0.01)); // ... but dissipate what they absorb
  CHECK(l.total_power_w() == Approx(6.0));
  CHECK(l.total_heat_w() == Approx(5.91));
  CHECK(l.power_of_kind("serdes") == Approx(5.0));
  PowerLedger lanes;
  lanes.append(l, 8);
  CHECK(lanes.total_power_w() == Approx(48.0));
  // 15 W for 800 Gb/s is 18.75 pJ/bit (definition).
  CHECK(energy_pj_per_bit(15.0, 800e9) == Approx(18.75));
  CHECK_THROWS_AS(energy_pj_per_bit(1.0, 0.0), InputError);
  CHECK_THROWS_AS(l.add_draw("x", "y", LinkEnd::a, -1.0), InputError);
  CHECK_THROWS_AS(l.add_draw("x", "y", LinkEnd::a, NAN), InputError);
  CHECK_THROWS_AS(l.add_passive("x", LinkEnd::a, -0.1), InputError);
  CHECK_THROWS_AS(lanes.append(l, -1), InputError);
}

TEST_CASE("every power catalog entry cites a source", "[power]") {
  for (const char *file : {"power.toml", "modules.toml", "form_factors.toml"}) {
    const Catalog &c = builtin_catalog(file);
    REQUIRE(!c.names().empty());
    for (const auto &n : c.names())
      CHECK(c.entry(n, "entry").text("source").size() > 20);
  }
}

TEST_CASE("SerDes power by reach class: energy = base + slope*loss, times the rate", "[power]") {
  const PartPowerSpec lr = find_serdes_power("lr", 112);
  OperatingPoint op;
  op.lane_rate_bps = 106.25e9;
  op.loss_db = 28; // IEEE 802.3ck KR channel at Nyquist
  const double p = part_power_w(lr, op);
  // The law itself: (3.5 + 0.08·28) pJ/bit × 106.25 Gb/s.
  CHECK(p == Approx((3.5 + 0.08 * 28) * 1e-12 * 106.25e9));
  // Representative 7/5 nm 112G LR: 4–7 pJ/bit over ~28–30 dB (ISSCC 2020–2022 class).
  CHECK(p / 106.25e9 * 1e12 > 4.0);
  CHECK(p / 106.25e9 * 1e12 < 7.0);
  // Reach ordering at each rate class: XSR < VSR < MR < LR at the same (small) loss.
  for (int rate : {56, 112, 224}) {
    op.lane_rate_bps = rate == 56 ? 53.125e9 : rate == 112 ? 106.25e9 : 212.5e9;
    op.loss_db = 10;
    double prev = 0;
    for (const char *reach : {"xsr", "vsr", "mr", "lr"}) {
      const double w = part_power_w(find_serdes_power(reach, rate), op);
      CHECK(w > prev);
      prev = w;
    }
  }
  // More loss to equalise → more power; hotter → more leakage.
  op.lane_rate_bps = 106.25e9;
  op.loss_db = 10;
  const double p10 = part_power_w(lr, op);
  op.loss_db = 30;
  CHECK(part_power_w(lr, op) > p10);
  op.temperature_k = 358.15;
  CHECK(part_power_w(lr, op) > part_power_w(lr, OperatingPoint{106.25e9, 30, 0, 298.15}));
  // TX and RX halves add up to the lane; the RX (ADC/DSP) is the larger half.
  const OperatingPoint q{106.25e9, 20, 0, 298.15};
  CHECK(serdes_tx_power_w(lr, q) + serdes_rx_power_w(lr, q) == Approx(part_power_w(lr, q)));
  CHECK(serdes_rx_power_w(lr, q) > serdes_tx_power_w(lr, q));
  // Bad inputs.
  CHECK_THROWS_AS(find_serdes_power("sr", 112), InputError);
  CHECK_THROWS_AS(find_serdes_power("lr", 100), InputError);
  CHECK_THROWS_AS(part_power_w(lr, OperatingPoint{212.5e9, 10, 0, 298.15}), InputError);
  CHECK_THROWS_AS(part_power_w(lr, OperatingPoint{106.25e9, 50, 0, 298.15}), InputError);
  CHECK_THROWS_AS(part_power_w(lr, OperatingPoint{106.25e9, -1, 0, 298.15}), InputError);
  CHECK_THROWS_AS(part_power_w(lr, OperatingPoint{106.25e9, 10, 0, 500}), InputError);
  CHECK_THROWS_AS(find_part_power("no_such_part"), InputError);
  CHECK_THROWS_AS(find_part_power("tec_module"), InputError); // not a part kind
}

TEST_CASE("driver power grows with swing through the tail current", "[power]") {
  const PartPowerSpec d = find_part_power("driver_sige_mzm");
  OperatingPoint op{106.25e9, 0, 1.0, 298.15};
  const double p1 = part_power_w(d, op);
  op.swing_v = 2.0;
  const double p2 = part_power_w(d, op);
  // P = fixed + V_supply·swing/R_L: 1 V more swing costs 3.3 V × 1 V / 50 Ω = 66 mW.
  CHECK(p2 - p1 == Approx(3.3 / 50).epsilon(1e-9));
  op.swing_v = -1;
  CHECK_THROWS_AS(part_power_w(d, op), InputError);
}

TEST_CASE("laser electrical power from the launch it must make", "[power]") {
  const double t1 = laser_slope_t1_k();
  // CW + MZM: CW = launch × modulator loss × extra loss, over the wall-plug efficiency.
  const LaserSpec mzm = find_laser("cw_mzm_1310");
  const LaserPower a = laser_power(mzm, 1e-3, 3.0, mzm.reference_temperature_k, t1);
  const double cw = 1e-3 * std::pow(10.0, (mzm.modulator_loss_db + 3.0) / 10);
  CHECK(a.optical_w == Approx(cw));
  CHECK(a.electrical_w == Approx(cw / mzm.wall_plug_efficiency));
  // Twice the launch, twice the power (linear above threshold at fixed WPE).
  CHECK(laser_power(mzm, 2e-3, 3.0, mzm.reference_temperature_k, t1).electrical_w ==
        Approx(2 * a.electrical_w));
  // Hotter: WPE derated by exp(−ΔT/T1).
  const LaserPower hot = laser_power(mzm, 1e-3, 3.0, mzm.reference_temperature_k + 40, t1);
  CHECK(hot.electrical_w == Approx(a.electrical_w * std::exp(40.0 / t1)));
  // DML: bias = I_th(T) + P/η (optics model, T0 law) × V_f.
  const LaserSpec dml = find_laser("dml_1310");
  const LaserPower d = laser_power(dml, 1e-3, 0, dml.reference_temperature_k, t1);
  CHECK(d.electrical_w ==
        Approx((dml.threshold_a + 1e-3 / dml.slope_efficiency_w_per_a) * dml.forward_voltage_v));
  CHECK(laser_power(dml, 1e-3, 0, dml.reference_temperature_k + 40, t1).electrical_w >
        d.electrical_w);
  // The accepted range is 200 to 450 K inclusive at both ends (laser_power's own check): its
  // Transmitter used to refuse exactly 200 K and 450 K after laser_power had accepted them.
  for (const double t_k : {200.0, 450.0})
    CHECK_NOTHROW(laser_power(dml, 1e-3, 0, t_k, t1));
  CHECK_THROWS_AS(laser_power(dml, 1e-3, 0, 450.01, t1), InputError);
  CHECK_THROWS_AS(laser_power(mzm, 0, 0, 300, t1), InputError);
  CHECK_THROWS_AS(laser_power(mzm, 1e-3, -1, 300, t1), InputError);
  CHECK_THROWS_AS(laser_power(mzm, 1e-3, 0, 300, 0), InputError);
}

TEST_CASE("TEC: P = Q/COP with COP falling linearly to zero at dT_max", "[power]") {
  const TecSpec t = find_tec("tec_module");             // COP_max 2, ΔT_max 70 K, set point 50 °C
  CHECK(tec_power_w(1.0, t.set_point_k - 5, t) == 0.0); // case cooler than set point
  CHECK(tec_power_w(1.0, t.set_point_k + 35, t) == Approx(1.0 / (2.0 * 0.5)));
  CHECK(tec_power_w(0.5, t.set_point_k + 14, t) == Approx(0.5 / (2.0 * 0.8)));
  CHECK_THROWS_AS(tec_power_w(1.0, t.set_point_k + 80, t), InputError); // cannot hold
  CHECK_THROWS_AS(tec_power_w(-1.0, t.set_point_k + 10, t), InputError);
  CHECK_THROWS_AS(find_tec("dsp_pam4_5nm_100g"), InputError); // wrong kind
}

TEST_CASE("module overhead: (load + MCU)/eta", "[power]") {
  const OverheadSpec o = find_overhead("overhead_pluggable");
  CHECK(supply_power_w(10.0, o) == Approx((10.0 + o.mcu_w) / o.dcdc_efficiency));
  CHECK(supply_power_w(0.0, o) > 0.0);
  CHECK_THROWS_AS(supply_power_w(-1.0, o), InputError);
}

TEST_CASE("every part in power.toml evaluates to a positive, rate-scaled power", "[power]") {
  const Catalog &c = builtin_catalog("power.toml");
  int parts = 0;
  for (const auto &n : c.names()) {
    const std::string kind = c.entry(n, "part").text("kind");
    if (kind == "tec" || kind == "overhead" || kind == "els" || kind == "laser_derating")
      continue;
    const PartPowerSpec s = find_part_power(n);
    INFO(n);
    OperatingPoint lo{s.min_rate_bps, 0, 0, 298.15}, hi{s.max_rate_bps, 0, 0, 298.15};
    const double p_lo = part_power_w(s, lo), p_hi = part_power_w(s, hi);
    CHECK(p_lo > 0);
    CHECK(p_hi >= p_lo); // energy per bit × rate: never less power at a higher rate
    CHECK(p_hi < 5.0);   // per lane: no single part in these classes draws 5 W
    ++parts;
  }
  CHECK(parts >= 20); // 12 SerDes classes + DSP, retimer, redriver, drivers, TIAs, CDR, d2d, EEPROM
}

TEST_CASE("a part asked for a lane rate outside its range says both in Gb/s",
          "[power][bad-input]") {
  // Exact decimal text (was std::to_string: "25.781250 Gb/s outside … 80.000000 to 128.000000").
  const PartPowerSpec lr = find_serdes_power("lr", 112);
  OperatingPoint op;
  op.lane_rate_bps = 25.78125e9;
  CHECK_THROWS_WITH(
      part_power_w(lr, op),
      Catch::Contains("lane rate 25.78125 Gb/s outside the part's range 80 to 128 Gb/s"));
}
