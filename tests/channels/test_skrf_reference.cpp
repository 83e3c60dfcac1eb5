// Coax and microstrip attenuation against scikit-rf 0.15.4 (skrf.media.Coaxial, skrf.media.MLine).
// Reference data: tests/data/reference/copper/*.csv, made by scripts/reference/
// make_copper_reference.py (matched-line attenuation = IL per metre, 1–50 GHz).
#include <linkphy/channels/media.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

using namespace linkphy;
using namespace linkphy::channels;

namespace {
struct RefRow {
  double f, alpha_db_m, beta, z0;
};
std::map<std::string, std::vector<RefRow>> read_ref(const std::string &file) {
  std::ifstream in(std::string(LINKPHY_TEST_DATA_DIR) + "/reference/copper/" + file);
  REQUIRE(in.good());
  std::map<std::string, std::vector<RefRow>> out;
  std::string line;
  std::getline(in, line); // header
  while (std::getline(in, line)) {
    std::stringstream ss(line);
    std::string c, f, a, b, z;
    std::getline(ss, c, ',');
    std::getline(ss, f, ',');
    std::getline(ss, a, ',');
    std::getline(ss, b, ',');
    std::getline(ss, z, ',');
    out[c].push_back({std::stod(f), std::stod(a), std::stod(b), std::stod(z)});
  }
  return out;
}
std::vector<double> alpha_db_per_m(const LineMedium &m, const std::vector<double> &f) {
  const LineConstants c = m.constants(f, Conditions{});
  std::vector<double> out;
  for (std::size_t k = 0; k < f.size(); ++k)
    out.push_back(20 / std::log(10.0) * propagation_constant(c.z_per_m[k], c.y_per_m[k]).real());
  return out;
}
} // namespace

TEST_CASE("coax attenuation matches scikit-rf Coaxial within 2 %", "[skrf][coax]") {
  const auto ref = read_ref("coax.csv");
  const std::map<std::string, std::array<double, 3>> cases = {
      {"coax_0p5_1p6_ptfe", {0.5e-3, 1.6e-3, 2.1}},
      {"coax_0p91_2p98_ptfe", {0.91e-3, 2.98e-3, 2.1}},
      {"coax_0p29_0p94_air", {0.29e-3, 0.94e-3, 1.0}}};
  REQUIRE(ref.size() == cases.size());
  for (const auto &[name, p] : cases) {
    Dielectric d;
    d.dk = p[2];
    d.df = 0.0;
    d.causal = false;
    const Coax coax(CoaxGeometry{p[0], p[1], 0.1e-3}, d, Metal{}, 1.0);
    std::vector<double> f;
    for (const auto &r : ref.at(name))
      f.push_back(r.f);
    const auto a = alpha_db_per_m(coax, f);
    double worst = 0;
    for (std::size_t k = 0; k < f.size(); ++k)
      worst = std::max(worst, std::abs(a[k] / ref.at(name)[k].alpha_db_m - 1));
    INFO(name << " worst relative IL difference " << worst);
    // 2 % (the bar): both use Rs/2π·(1/a + 1/b); the difference left is our internal
    // inductance and DC-transition term (skrf has neither).
    CHECK(worst < 0.02);
    CHECK(coax.impedance_ohm() == Approx(ref.at(name)[0].z0).epsilon(1e-3));
  }
}

TEST_CASE("coax dielectric loss follows alpha_d = pi f sqrt(er) tand / c", "[coax]") {
  // Closed form (Pozar §2.7 eq. 2.85 for TEM lines); skrf 0.15.4's Coaxial.G lacks (2π)².
  Dielectric d;
  d.dk = 2.1;
  d.df = 2e-4;
  d.causal = false;
  Metal perfect;
  perfect.sigma_20c_s_per_m = 1e8; // conductor loss removed below by difference
  const Coax lossy(CoaxGeometry{0.5e-3, 1.6e-3, 0.1e-3}, d, perfect, 1.0);
  d.df = 0.0;
  const Coax lossless_diel(CoaxGeometry{0.5e-3, 1.6e-3, 0.1e-3}, d, perfect, 1.0);
  const std::vector<double> f = {10e9, 40e9};
  const auto a1 = alpha_db_per_m(lossy, f), a0 = alpha_db_per_m(lossless_diel, f);
  for (std::size_t k = 0; k < f.size(); ++k) {
    const double expect = 20 / std::log(10.0) * M_PI * f[k] * std::sqrt(2.1) * 2e-4 / c0_m_per_s;
    CHECK(a1[k] - a0[k] == Approx(expect).epsilon(0.01)); // 1 %: small-loss expansion
  }
}

TEST_CASE("microstrip attenuation matches scikit-rf MLine within 10 % over 1-50 GHz",
          "[skrf][microstrip]") {
  const auto ref = read_ref("mline.csv");
  struct Case {
    double w, h, t, er, tand;
  };
  const std::map<std::string, Case> cases = {
      {"mline_fr4_300u_160u", {300e-6, 160e-6, 35e-6, 4.2, 0.02}},
      {"mline_m6_200u_100u", {200e-6, 100e-6, 18e-6, 3.4, 0.004}},
      {"mline_ro4350_1100u_508u", {1100e-6, 508e-6, 35e-6, 3.66, 0.0037}}};
  REQUIRE(ref.size() == cases.size());
  for (const auto &[name, c] : cases) {
    Dielectric d;
    d.dk = c.er;
    d.df = c.tand;
    d.f_ref_hz = 1e9;
    const Microstrip ms(MicrostripGeometry{c.w, c.t, c.h}, d, Metal{}, 1.0);
    std::vector<double> f;
    for (const auto &r : ref.at(name))
      f.push_back(r.f);
    const auto a = alpha_db_per_m(ms, f);
    double worst = 0;
    for (std::size_t k = 0; k < f.size(); ++k)
      worst = std::max(worst, std::abs(a[k] / ref.at(name)[k].alpha_db_m - 1));
    INFO(name << " worst relative IL difference " << worst);
    // 10 % (the bar): same Hammerstad–Jensen/Kirschning–Jansen forms; we apply the
    // strip-thickness correction that skrf 0.15.4 drops, and a slightly different DS slope.
    CHECK(worst < 0.10);
  }
}
