// Touchstone data through the network operations (against scikit-rf 0.15.4): the mixed-mode
// conversion of the IEEE 802.3 channel CA_19p75dB_thru.s4p (its differential insertion loss at
// the 106.25 Gb/s PAM4 Nyquist frequency 26.5625 GHz is in its name), a cascade, and the
// reader's own Y/Z conversion against from_parameters.
#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace linkphy;

namespace {

const std::string kData = LINKPHY_TEST_DATA_DIR;

std::vector<std::vector<double>> csv_rows(const std::string &path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::string line;
  std::getline(in, line); // comment
  std::getline(in, line); // header
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> v;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ','))
      v.push_back(std::stod(cell));
    rows.push_back(v);
  }
  return rows;
}

double db(Complex c) { return 20.0 * std::log10(std::abs(c)); }

// Largest |ours − skrf| over the 4×4 mixed-mode matrix, relative to its largest entry.
double mismatch(const Network &mm, std::size_t k, const std::vector<double> &row) {
  double scale = 0, err = 0;
  for (int e = 0; e < 16; ++e)
    scale = std::max(scale, std::hypot(row[2 + 2 * e], row[3 + 2 * e]));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const std::size_t c = 2 + 2 * static_cast<std::size_t>(i * 4 + j);
      err = std::max(err, std::abs(mm.at(k, i, j) - Complex(row[c], row[c + 1])));
    }
  return err / scale;
}

} // namespace

TEST_CASE("mixed-mode of CA_19p75dB_thru matches scikit-rf, Sdd21 at Nyquist is its 19.75 dB",
          "[touchstone][mixed-mode]") {
  const Network se = read_touchstone(kData + "/channels/CA_19p75dB_thru.s4p").network;
  const auto pairs = parse_port_pairs("1-3:2-4");
  const Network mm = to_mixed_mode(se, pairs);
  CHECK(mm.z0_ohm == std::vector<double>{100, 100, 25, 25});
  const auto ref = csv_rows(kData + "/reference/touchstone/CA_19p75dB_thru.s4p.mixed_mode.csv");
  REQUIRE(ref.size() == 6);
  for (const auto &row : ref) {
    if (row[1] != 0)
      continue;
    const auto k = static_cast<std::size_t>(std::lround(row[0] / 10e6)); // 10 MHz grid from 0
    REQUIRE(mm.freq_hz[k] == row[0]);
    // Same arithmetic as scikit-rf up to rounding: 1e-9 of the largest entry.
    CHECK(mismatch(mm, k, row) < 1e-9);
  }
  // The grid point 26.56 GHz: Sdd21 = −19.7486 dB (skrf), the file's name says 19.75 dB; the
  // name is rounded to 0.05 dB steps (19.75, 28.5 in this family), so ±0.01 dB is its precision.
  const std::size_t k = 2656;
  REQUIRE(mm.freq_hz[k] == 26.56e9);
  CHECK(db(mm.at(k, 1, 0)) == Approx(-19.75).margin(0.01));
  // 26.5625 GHz itself, linear interpolation of real and imaginary parts as skrf
  // interpolate(kind='linear'): −20.0763 dB. The 0.33 dB below the grid values comes from
  // interpolating a phasor that turns ~36° per 10 MHz step (≈10 ns delay) along its chord.
  const std::vector<double> f = {26.5625e9};
  const Network at = interpolate(mm, f);
  CHECK(mismatch(at, 0, ref.back()) < 1e-9);
  CHECK(db(at.at(0, 1, 0)) == Approx(-20.076331).margin(1e-5));
}

TEST_CASE("cascade of two Touchstone lines matches scikit-rf", "[touchstone][cascade]") {
  const Network line = read_touchstone(kData + "/channels/pcb_stripline_119mm.s2p").network;
  const Network two = cascade(line, line);
  const auto ref = csv_rows(kData + "/reference/touchstone/pcb_stripline_119mm_x2.cascade.csv");
  REQUIRE(!ref.empty());
  for (const auto &row : ref) {
    const auto k = static_cast<std::size_t>(row[0]);
    CHECK(two.freq_hz[k] == row[1]);
    double scale = 0, err = 0;
    for (int e = 0; e < 4; ++e)
      scale = std::max(scale, std::hypot(row[2 + 2 * e], row[3 + 2 * e]));
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        const std::size_t c = 2 + 2 * static_cast<std::size_t>(i * 2 + j);
        err = std::max(err, std::abs(two.at(k, i, j) - Complex(row[c], row[c + 1])));
      }
    // Different but equivalent formulas (star product vs skrf connect): 1e-9 of max |S|.
    CHECK(err / scale < 1e-9);
  }
}

TEST_CASE("Sdd21 at 26.56 GHz of the other IEEE channel files matches scikit-rf",
          "[touchstone][mixed-mode]") {
  // tests/data/SOURCES.md (scikit-rf 0.15.4, quoted to 0.01 dB, hence ±0.005 dB).
  const auto pairs = parse_port_pairs("1-3:2-4");
  for (const auto &[file, il_db] : {std::pair{"Tp0_Tp5_28p5db_FQSFP_thru.s4p", 28.40},
                                    std::pair{"DPO_4in_Meg7_THRU.s4p", 12.17}}) {
    INFO(file);
    const Network se = read_touchstone(kData + "/channels/" + file).network;
    const Network mm = to_mixed_mode(se, pairs);
    const std::size_t k = 2656; // both files: 10 MHz grid from 0 Hz
    REQUIRE(mm.freq_hz[k] == 26.56e9);
    CHECK(-db(mm.at(k, 1, 0)) == Approx(il_db).margin(0.005));
  }
}

TEST_CASE("3-port Z and Y files with unequal references agree with from_parameters",
          "[touchstone][conversion]") {
  // The reader converts Z/Y itself (Pozar §4.3 with z = G^-1/2 Z G^-1/2); from_parameters is
  // checked against scikit-rf in test_network_conversions. Both in double precision: 1e-12.
  const std::vector<double> z0 = {50, 75, 100};
  std::vector<Complex> z(9);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      z[static_cast<std::size_t>(i * 3 + j)] =
          Complex(20.0 + 7.0 * i + 3.0 * j + (i == j ? 60.0 : 0.0), -4.0 + 2.5 * i - 1.5 * j);
  const Network from_z = from_parameters(ParameterKind::Z, {1e9}, 3, z, z0);
  const std::vector<Complex> y = to_parameters(from_z, ParameterKind::Y);
  for (const auto &[letter, values] : {std::pair{"Z", z}, std::pair{"Y", y}}) {
    INFO(letter);
    std::ostringstream text;
    text.precision(17);
    text << "[Version] 2.0\n# Hz " << letter << " RI R 50\n[Number of Ports] 3\n"
         << "[Number of Frequencies] 1\n[Reference] 50 75 100\n[Network Data]\n1";
    for (const Complex &v : values)
      text << ' ' << v.real() << ' ' << v.imag();
    text << "\n[End]\n";
    const auto d = parse_touchstone(text.str(), "zy.ts", 0);
    for (std::size_t e = 0; e < 9; ++e)
      CHECK(std::abs(d.network.s[e] - from_z.s[e]) < 1e-12);
  }
}
