// Heat and temperature: case temperature, laser derating, analytic copper-loss growth, absorbed
// signal power (thermal.hpp).
#include <catch2/catch.hpp>

#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/thermal.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::transceivers;

TEST_CASE("case temperature is ambient + P*theta", "[thermal]") {
  CHECK(case_temperature_k(308.15, 15.0, 2.0) == Approx(338.15)); // 35 °C + 30 K
  CHECK(case_temperature_k(300.0, 0.0, 5.0) == Approx(300.0));
  CHECK_THROWS_AS(case_temperature_k(100.0, 1.0, 1.0), InputError);
  CHECK_THROWS_AS(case_temperature_k(300.0, -1.0, 1.0), InputError);
  CHECK_THROWS_AS(case_temperature_k(300.0, 1.0, -1.0), InputError);
}

TEST_CASE("laser derating follows the optics model's T0 law", "[thermal]") {
  const LaserSpec dml = find_laser("dml_1310"); // T0 = 60 K in the catalog
  const LaserDerating d25 = laser_derating(dml, dml.reference_temperature_k, 150);
  CHECK(d25.threshold_ratio == Approx(1.0));
  CHECK(d25.slope_ratio == Approx(1.0));
  // +T0·ln 2 doubles the threshold (I_th ∝ exp(ΔT/T0), Agrawal §3.5.3).
  const double t2 = dml.reference_temperature_k + dml.t0_k * std::log(2.0);
  const LaserDerating d2 = laser_derating(dml, t2, 150);
  CHECK(d2.threshold_ratio == Approx(2.0).epsilon(1e-12));
  CHECK(d2.threshold_a == Approx(threshold_current(dml, t2)));
  // Hot: more bias to hold the same mean power.
  CHECK(d2.bias_a > d25.bias_a);
  CHECK(d2.slope_ratio == Approx(std::exp(-dml.t0_k * std::log(2.0) / 150)));
  CHECK_THROWS_AS(laser_derating(dml, 500, 150), InputError);
  CHECK_THROWS_AS(laser_derating(dml, 300, 0), InputError);
}

TEST_CASE("skin-loss ratio closed form", "[thermal]") {
  // Copper 25 → 75 °C: √(1.21615/1.01965) = 1.0921.
  CHECK(skin_loss_ratio(0.00393, 298.15, 348.15) == Approx(1.0921).epsilon(1e-4));
  CHECK(skin_loss_ratio(0.00393, 300, 300) == Approx(1.0));
}

TEST_CASE("analytic tier: IL(T) = IL*(1 + c*dT), c = 0.2-0.4 %/degC", "[thermal]") {
  CHECK(copper_il_at_temperature_db(30, 50, 0.002) == Approx(33.0)); // +3 dB
  CHECK(copper_il_at_temperature_db(30, 50, 0.004) == Approx(36.0)); // +6 dB
  CHECK_THROWS_AS(copper_il_at_temperature_db(-1, 50, 0.003), InputError);
  CHECK_THROWS_AS(copper_il_at_temperature_db(30, 500, 0.003), InputError);
  CHECK_THROWS_AS(copper_il_at_temperature_db(30, 50, 0.5), InputError);
}

TEST_CASE("a passive cable absorbs the signal power it attenuates", "[thermal]") {
  // 1 V ppd PAM4 into 100 ohm: (0.5 V)²·5/9/100 = 1.389 mW; at 20 dB, 99 % of it is absorbed.
  CHECK(absorbed_signal_power_w(1.0, 100, 20) == Approx(0.25 * 5 / 9 / 100 * 0.99));
  CHECK(absorbed_signal_power_w(1.0, 100, 0) == Approx(0.0).margin(1e-15)); // lossless: none
  CHECK_THROWS_AS(absorbed_signal_power_w(-1, 100, 10), InputError);
  CHECK_THROWS_AS(absorbed_signal_power_w(1, 0, 10), InputError);
  CHECK_THROWS_AS(absorbed_signal_power_w(1, 100, 100), InputError);
}
