// Modulations, PAM levels and Gray mapping (IEEE 802.3-2022 §120.5.7.1 for PAM4).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/signalling.hpp>

#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <vector>

using namespace linkphy;
using Catch::Matchers::Contains;

TEST_CASE("modulations: names, bits per symbol, levels", "[signalling]") {
  CHECK(Modulation::nrz().name() == "NRZ");
  CHECK(Modulation::pam(4).name() == "PAM4");
  CHECK(Modulation::nrz().bits_per_symbol() == 1.0);
  CHECK(Modulation::pam(4).bits_per_symbol() == 2.0);
  CHECK(Modulation::pam(8).bits_per_symbol() == 3.0);
  CHECK(Modulation::pam(6).bits_per_symbol() == Approx(2.584962500721156)); // log2 6
  CHECK(Modulation::pam(4).gray_mappable());
  CHECK_FALSE(Modulation::pam(6).gray_mappable());
  CHECK_FALSE(Modulation::pam(3).gray_mappable());
  // PAM4 levels normalised to ±1 outer: -1, -1/3, +1/3, +1.
  const auto l4 = symbol_levels(Modulation::pam(4));
  REQUIRE(l4.size() == 4);
  CHECK(l4[0] == -1.0);
  CHECK(l4[1] == Approx(-1.0 / 3));
  CHECK(l4[2] == Approx(1.0 / 3));
  CHECK(l4[3] == 1.0);
  CHECK(Modulation::pam(4).half_level_spacing() == Approx(1.0 / 3));
}

TEST_CASE("average symbol power matches the mean square of the levels", "[signalling]") {
  // E_s = (M+1)/(3(M-1)) (Proakis §3.2 for levels ±1, ±3, … scaled by 1/(M-1)); checked against a
  // direct mean of the squared levels, relative 1e-14 (a few roundings).
  for (int m = 2; m <= 16; ++m) {
    CAPTURE(m);
    const auto lv = symbol_levels(Modulation::pam(m));
    double s = 0;
    for (double v : lv)
      s += v * v;
    CHECK(Modulation::pam(m).average_symbol_power() == Approx(s / m).epsilon(1e-14));
  }
}

TEST_CASE("PAM4 Gray mapping follows IEEE 802.3 (00,01,11,10 → levels 0..3)", "[signalling]") {
  const auto pam4 = Modulation::pam(4);
  CHECK(gray_bits_to_index(pam4, 0b00) == 0);
  CHECK(gray_bits_to_index(pam4, 0b01) == 1);
  CHECK(gray_bits_to_index(pam4, 0b11) == 2);
  CHECK(gray_bits_to_index(pam4, 0b10) == 3);
  for (int i = 0; i < 4; ++i)
    CHECK(gray_bits_to_index(pam4, gray_index_to_bits(pam4, i)) == i);
}

TEST_CASE("Gray maps: adjacent levels differ in exactly one bit", "[signalling]") {
  for (int m : {2, 4, 8, 16, 32, 64}) {
    CAPTURE(m);
    const auto mod = Modulation::pam(m);
    for (int i = 0; i + 1 < m; ++i)
      CHECK(std::popcount(gray_index_to_bits(mod, i) ^ gray_index_to_bits(mod, i + 1)) == 1);
    for (unsigned g = 0; g < static_cast<unsigned>(m); ++g)
      CHECK(gray_encode(gray_decode(g)) == g);
  }
}

TEST_CASE("modulate then slice recovers the bits with thresholds midway", "[signalling]") {
  for (int m : {2, 4, 8}) {
    CAPTURE(m);
    const auto mod = Modulation::pam(m);
    const int k = std::countr_zero(static_cast<unsigned>(m));
    std::vector<std::uint8_t> bits;
    for (int s = 0; s < 3 * m; ++s)
      for (int b = 0; b < k; ++b)
        bits.push_back(static_cast<std::uint8_t>(((s * 7 + 3) >> b) & 1));
    std::vector<double> lv(bits.size() / static_cast<std::size_t>(k));
    gray_modulate(mod, bits, lv);
    std::vector<std::uint8_t> back(bits.size());
    gray_demodulate(mod, lv, back);
    CHECK(back == bits);
  }
  const auto pam4 = Modulation::pam(4);
  // Thresholds of PAM4 (levels ±1, ±1/3) are at -2/3, 0, +2/3.
  CHECK(slice_to_index(pam4, -0.67) == 0);
  CHECK(slice_to_index(pam4, -0.66) == 1);
  CHECK(slice_to_index(pam4, -0.01) == 1);
  CHECK(slice_to_index(pam4, 0.01) == 2);
  CHECK(slice_to_index(pam4, 0.66) == 2);
  CHECK(slice_to_index(pam4, 0.67) == 3);
  CHECK(slice_to_index(pam4, 5.0) == 3);
  CHECK(slice_to_index(pam4, -5.0) == 0);
}

TEST_CASE("modulations parse from text", "[signalling]") {
  CHECK(parse_modulation("NRZ") == Modulation::nrz());
  CHECK(parse_modulation("nrz") == Modulation::nrz());
  CHECK(parse_modulation("PAM2") == Modulation::nrz());
  CHECK(parse_modulation("pam4") == Modulation::pam(4));
  CHECK(parse_modulation("PAM6").levels == 6);
  CHECK(parse_modulation("PAM8").levels == 8);
}

TEST_CASE("bad modulations are InputErrors listing what is accepted", "[signalling][bad-input]") {
  CHECK_THROWS_WITH(parse_modulation("QAM16", "--modulation"),
                    Contains("--modulation") && Contains("QAM16") && Contains("PAM4"));
  CHECK_THROWS_AS(parse_modulation("PAM1"), InputError);
  CHECK_THROWS_AS(parse_modulation("PAM65"), InputError);
  CHECK_THROWS_AS(parse_modulation("PAM"), InputError);
  CHECK_THROWS_AS(Modulation::pam(1), InputError);
  CHECK_THROWS_AS(Modulation::pam(128), InputError);
  std::vector<std::uint8_t> bits(6);
  std::vector<double> lv(2);
  CHECK_THROWS_WITH(gray_modulate(Modulation::pam(6), bits, lv), Contains("PAM6"));
  std::vector<double> lv4(2); // 6 bits are 3 PAM4 symbols
  CHECK_THROWS_AS(gray_modulate(Modulation::pam(4), bits, lv4), InputError);
}
