// Fibre models against closed forms, standards' numbers and textbook values.
#include <linkphy/channels/fibre.hpp>
#include <linkphy/phy/error.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

using namespace linkphy;
using namespace linkphy::channels;

namespace {
constexpr double kPsNmKm = 1e-6; // 1 ps/(nm·km) in s/m²
constexpr double kC = 299792458.0;

double magnitude_at(const Fibre &f, const OpticalCarrier &c, double freq) {
  std::vector<double> grid{0.0, freq};
  std::vector<std::complex<double>> h(2);
  f.intensity_response(grid, c, h);
  REQUIRE(std::abs(h[0]) == Approx(1.0)); // normalised at DC
  return std::abs(h[1]);
}
} // namespace

TEST_CASE("G.652 dispersion at 1550 nm is about 17 ps/(nm km)", "[optics][fibre]") {
  const auto g652 = find_fibre("g652d");
  // Agrawal, Fiber-Optic Communication Systems §2.3.4 and ITU-T G.652 Appendix: standard SMF has
  // D ≈ 17 ps/(nm·km) at 1550 nm. ±0.5: the catalog's nominal curve (λ0 1312 nm, S0 0.092).
  CHECK(g652.dispersion(1550e-9) / kPsNmKm == Approx(17.0).margin(0.5));
  // The closed form vanishes at λ0 and has slope S0 there.
  CHECK(chromatic_dispersion(1312e-9, 1312e-9, 92) == Approx(0.0).margin(1e-15));
  const double h = 1e-12;
  const double slope = (chromatic_dispersion(1312e-9 + h, 1312e-9, 92) -
                        chromatic_dispersion(1312e-9 - h, 1312e-9, 92)) /
                       (2 * h);
  CHECK(slope == Approx(92).epsilon(1e-6));
}

TEST_CASE("400GBASE-FR4 chromatic dispersion limits at 2 km", "[optics][fibre]") {
  // IEEE 802.3cu clause 151: S0 = 0.093 ps/(nm² km), 1300 ≤ λ0 ≤ 1324 nm, lanes 1264.5–1337.5 nm:
  // −11.87 ps/nm minimum and +6.69 ps/nm maximum at 2 km. ±0.01 ps/nm: rounding of the table.
  const double s0 = 0.093e3;
  const double dmin = chromatic_dispersion(1264.5e-9, 1324e-9, s0) * 2e3 / 1e-3; // ps/nm
  const double dmax = chromatic_dispersion(1337.5e-9, 1300e-9, s0) * 2e3 / 1e-3;
  CHECK(dmin == Approx(-11.87).margin(0.01));
  CHECK(dmax == Approx(6.69).margin(0.01));
  // The same through a fibre type's worst-case range.
  auto t = find_fibre("g652d");
  t.s0_max = s0;
  CHECK(t.dispersion_range(1264.5e-9).first * 2e3 / 1e-3 == Approx(-11.87).margin(0.01));
  CHECK(t.dispersion_range(1337.5e-9).second * 2e3 / 1e-3 == Approx(6.69).margin(0.01));
}

TEST_CASE("fibre attenuation, connectors, latency, PMD", "[optics][fibre]") {
  const auto os2 = find_fibre("os2");
  // ISO/IEC 11801-1 OS2: 0.4 dB/km; 2 km + 2 mated pairs of 0.75 dB.
  const Fibre f(os2, 2000, 2);
  CHECK(f.loss_db({1310e-9}) == Approx(2 * 0.4 + 2 * 0.75).epsilon(1e-12));
  // G.652.D: 0.3 dB/km at 1550 nm; between catalog points the loss follows λ⁻⁴ (Rayleigh), so it
  // lies below the straight line between 1383 and 1550 nm.
  const auto g652 = find_fibre("g652d");
  CHECK(g652.attenuation_db_per_m(1550e-9) * 1e3 == Approx(0.3));
  const double mid = g652.attenuation_db_per_m(1466.5e-9) * 1e3;
  CHECK(mid > 0.3);
  CHECK(mid < 0.35);
  // OM3 at 850 nm: 3.5 dB/km cabled.
  CHECK(find_fibre("om3").attenuation_db_per_m(850e-9) * 1e3 == Approx(3.5));
  // Latency n_g·L/c ≈ 4.9 µs/km (Corning SMF-28: n_g = 1.4676 at 1310 nm).
  CHECK(Fibre(g652, 1000).latency_s({1310e-9}) == Approx(1.4676 * 1000 / kC).epsilon(1e-12));
  CHECK(Fibre(g652, 1000).latency_s({1310e-9}) == Approx(4.9e-6).margin(0.05e-6));
  // PMD: DGDmax = 3·PMDQ·√L = 3 × 0.2 ps/√km × √10 km = 1.897 ps.
  CHECK(Fibre(g652, 10e3).dgd_max_s() == Approx(3 * 0.2e-12 * std::sqrt(10.0)).epsilon(1e-9));
}

TEST_CASE("fibre intensity response: modal bandwidth and dispersion fading", "[optics][fibre]") {
  // Modal bandwidth alone (S0 = 0): a Gaussian whose optical −3 dB point (|H| = 0.5) is EMB/L.
  auto om4 = find_fibre("om4");
  om4.s0_nominal = 0;
  const Fibre mm(om4, 100);
  const double b = 4700e6 * 1e3 / 100; // 47 GHz
  CHECK(magnitude_at(mm, {850e-9}, b) == Approx(0.5).epsilon(1e-9));
  // Chromatic dispersion of a chirp-free carrier: H = cos(π·λ²·D·L·f²/c), first null at
  // f = √(c/(2·λ²·D·L)) (Wang & Petermann 1992; ≈ 13 GHz for 20 km at 1550 nm).
  const auto g652 = find_fibre("g652d");
  const Fibre sm(g652, 20e3);
  const double lambda = 1550e-9;
  const double dl = g652.dispersion(lambda) * 20e3;
  const double f_null = std::sqrt(kC / (2 * lambda * lambda * dl));
  CHECK(f_null == Approx(13.4e9).margin(0.3e9));
  CHECK(magnitude_at(sm, {lambda}, f_null) < 1e-3);
  CHECK(magnitude_at(sm, {lambda}, 0.5 * f_null) > 0.6);
  // With chirp α > 0 in anomalous dispersion the null moves down to φ = π/2 − atan(α).
  const double alpha = 2;
  const double f_chirp =
      f_null * std::sqrt((std::numbers::pi / 2 - std::atan(alpha)) / (std::numbers::pi / 2));
  CHECK(magnitude_at(sm, {lambda, 0, alpha}, f_chirp) < 1e-3);
  // Source spectral width adds a Gaussian roll-off: a wider source is never better.
  CHECK(magnitude_at(sm, {lambda, 0.1e-9}, 5e9) < magnitude_at(sm, {lambda}, 5e9));
}

TEST_CASE("fibre bad input: window, unknown fibre, length", "[optics][fibre]") {
  const auto g652 = find_fibre("g652d");
  try {
    Fibre(g652, 100).loss_db({850e-9});
    FAIL("850 nm accepted on SMF");
  } catch (const InputError &e) {
    CHECK(std::string(e.what()).find("outside the window of fibre g652d (1260 to 1625 nm)") !=
          std::string::npos);
  }
  CHECK_THROWS_AS(Fibre(find_fibre("om4"), 100).loss_db({1550e-9}), InputError);
  try {
    find_fibre("om7");
    FAIL("unknown fibre accepted");
  } catch (const InputError &e) {
    CHECK(std::string(e.what()).find("unknown fibre 'om7' (known: g652d, g657a1, om3") !=
          std::string::npos);
  }
  CHECK_THROWS_AS(Fibre(g652, -1), InputError);
  CHECK_THROWS_AS(Fibre(g652, 10, -1), InputError);
}

TEST_CASE("every fibre catalog entry loads with a source", "[optics][fibre]") {
  for (const auto &name : fibre_catalog().names()) {
    const auto t = find_fibre(name);
    CHECK(!t.source.empty());
    CHECK(t.attenuation_db_per_m(0.5 * (t.window_min_m + t.window_max_m)) > 0);
    CHECK(t.lambda0_min_m <= t.lambda0_nominal_m);
    CHECK(t.lambda0_nominal_m <= t.lambda0_max_m);
  }
  CHECK(fibre_catalog().names().size() == 7);
}
