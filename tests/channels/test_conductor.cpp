// Conductor physics against closed forms: skin depth, √f law, DC limit, roughness, temperature.
#include <linkphy/channels/conductor.hpp>

#include <catch2/catch.hpp>

#include <cmath>

using namespace linkphy;
using namespace linkphy::channels;

TEST_CASE("skin depth of copper is 2.09 um at 1 GHz", "[conductor]") {
  // Textbook value (Pozar Appendix / Johnson & Graham): 2.09 µm for σ = 5.8e7 S/m; 3 digits given.
  CHECK(skin_depth_m(1e9, copper_sigma_s_per_m) == Approx(2.09e-6).epsilon(0.005));
  CHECK(skin_depth_m(4e9, copper_sigma_s_per_m) == Approx(2.09e-6 / 2).epsilon(0.005));
}

TEST_CASE("conductor loss goes as sqrt(f) in the skin regime and to R_dc at low f", "[conductor]") {
  // A 127 µm × 17.5 µm strip: R_dc = 1/(σ w t); g = 1/(2w) (current on both faces).
  ConductorSpec c;
  const double w = 127e-6, t = 17.5e-6;
  c.g_per_m = 1.0 / (2 * w);
  c.rdc_ohm_per_m = 1.0 / (copper_sigma_s_per_m * w * t);
  CHECK(internal_impedance(c, 0.0).real() == Approx(c.rdc_ohm_per_m));
  // At 1 kHz δ = 2 mm ≫ t: within 0.1 % of R_dc.
  CHECK(internal_impedance(c, 1e3).real() == Approx(c.rdc_ohm_per_m).epsilon(1e-3));
  // Skin regime (δ ≤ 0.66 µm ≪ t): R ∝ √f to 0.1 %, and R = X (Zs = (1+j)Rs).
  const double r10 = internal_impedance(c, 10e9).real();
  const double r40 = internal_impedance(c, 40e9).real();
  CHECK(r40 / r10 == Approx(2.0).epsilon(1e-3));
  const double rs = 1.0 / (copper_sigma_s_per_m * skin_depth_m(10e9, copper_sigma_s_per_m));
  CHECK(r10 == Approx(rs * c.g_per_m).epsilon(1e-3));
  CHECK(internal_impedance(c, 10e9).imag() == Approx(r10).epsilon(1e-3));
  // Monotone transition: R never drops below R_dc.
  for (double f = 1e3; f < 1e11; f *= 1.5)
    CHECK(internal_impedance(c, f).real() >= c.rdc_ohm_per_m * (1 - 1e-9));
}

TEST_CASE("roughness models have their published limits", "[conductor][roughness]") {
  Roughness h;
  h.model = Roughness::Model::hammerstad;
  h.rms_m = 1e-6;
  CHECK(roughness_factor(h, 1e-3) == Approx(1.0).epsilon(1e-6)); // δ ≫ Δ: smooth
  CHECK(roughness_factor(h, 1e-9) == Approx(2.0).epsilon(1e-6)); // δ ≪ Δ: saturates at 2
  CHECK(roughness_factor(h, 1e-6) == Approx(1 + 2 / M_PI * std::atan(1.4)));
  Roughness y;
  y.model = Roughness::Model::huray;
  y.ball_radius_m = 0.5e-6;
  y.surface_ratio = 2.0;
  CHECK(roughness_factor(y, 1e-3) == Approx(1.0).epsilon(1e-5));              // low f → A_m/A_f
  CHECK(roughness_factor(y, 1e-12) == Approx(1.0 + 1.5 * 2.0).epsilon(1e-5)); // high f limit
  CHECK_THROWS_WITH(roughness_model_from_name("bumpy"),
                    Catch::Matchers::Contains("accepted: smooth, hammerstad, huray"));
}

TEST_CASE("copper resistivity rises 0.393 %/degC", "[conductor][temperature]") {
  const double s20 = conductivity_at(copper_sigma_s_per_m, copper_alpha_per_k, 293.15);
  const double s85 = conductivity_at(copper_sigma_s_per_m, copper_alpha_per_k, 358.15);
  CHECK(s20 == Approx(copper_sigma_s_per_m));
  CHECK(s20 / s85 == Approx(1.0 + 0.00393 * 65).epsilon(1e-12));
}
