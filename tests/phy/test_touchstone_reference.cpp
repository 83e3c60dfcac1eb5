// The Touchstone reader against scikit-rf 0.15.4 (tests/data/reference/touchstone, made by
// scripts/reference/make_touchstone_reference.py): real instrument and solver files shipped with
// scikit-rf, examples of the Touchstone specification, and the IEEE 802.3 channel files.
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

struct Reference {
  std::string z0; // "50.0;50.0" or "varies"
  std::vector<std::vector<double>> rows;
};

std::vector<double> split_numbers(const std::string &line) {
  std::vector<double> out;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ','))
    out.push_back(std::stod(cell));
  return out;
}

Reference load_reference(const std::string &csv) {
  std::ifstream in(csv);
  REQUIRE(in.good());
  Reference ref;
  std::string line;
  std::getline(in, line);
  const auto pos = line.find("z0_ohm=");
  REQUIRE(pos != std::string::npos);
  ref.z0 = line.substr(pos + 7);
  std::getline(in, line); // header
  while (std::getline(in, line))
    if (!line.empty())
      ref.rows.push_back(split_numbers(line));
  return ref;
}

// scikit-rf parses with Python float() and converts MA/DB with numpy; our numbers come from
// std::from_chars and std::polar/std::pow. Both are correctly rounded or within an ulp or two, so
// agreement to 1e-9 (relative to the largest |S| of the matrix, to cope with entries near 0)
// leaves six orders of magnitude of margin while still catching any misplaced or misconverted
// value (the smallest such error is ~1e-7 of the data's own precision).
constexpr double kRelTol = 1e-9;

void check_against_skrf(const std::string &rel) {
  INFO("file " << rel);
  const auto data = read_touchstone(kData + "/" + rel);
  const std::string base = rel.substr(rel.find_last_of('/') + 1);
  const auto ref = load_reference(kData + "/reference/touchstone/" + base + ".csv");
  const Network &net = data.network;
  const int n = net.ports;
  REQUIRE(!ref.rows.empty());
  REQUIRE(ref.rows[0].size() == 2 + 2 * static_cast<std::size_t>(n * n));
  for (const auto &row : ref.rows) {
    const auto k = static_cast<std::size_t>(row[0]);
    REQUIRE(k < net.frequencies());
    CHECK(net.freq_hz[k] == Approx(row[1]).epsilon(kRelTol).margin(0));
    double scale = 0;
    for (int e = 0; e < n * n; ++e)
      scale = std::max(scale, std::hypot(row[2 + 2 * e], row[3 + 2 * e]));
    scale = std::max(scale, 1e-300);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const std::size_t c = 2 + 2 * static_cast<std::size_t>(i * n + j);
        const Complex got = net.at(k, i, j);
        const double err = std::abs(got - Complex(row[c], row[c + 1])) / scale;
        INFO("point " << k << " S" << i + 1 << "," << j + 1);
        CHECK(err <= kRelTol);
      }
  }
  if (ref.z0 != "varies") {
    std::vector<double> z0 = split_numbers([&] {
      std::string s = ref.z0;
      for (char &ch : s)
        if (ch == ';')
          ch = ',';
      return s;
    }());
    REQUIRE(z0.size() == static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p)
      CHECK(net.z0_ohm[static_cast<std::size_t>(p)] == Approx(z0[static_cast<std::size_t>(p)]));
  }
}

} // namespace

TEST_CASE("Touchstone reader matches scikit-rf on its bundled files", "[touchstone][reference]") {
  for (const char *f :
       {"touchstone/skrf/short.s1p", "touchstone/skrf/hfss_oneport.s1p",
        "touchstone/skrf/ntwk1.s2p", "touchstone/skrf/ntwk4.s2p",
        "touchstone/skrf/hfss_twoport.s2p", "touchstone/skrf/coaxial.s2p",
        "touchstone/skrf/designer_wilkinson_splitter.s3p", "touchstone/skrf/tee.s3p",
        "touchstone/skrf/hfss_18.2.s3p", "touchstone/skrf/Agilent_E5071B.s4p",
        "touchstone/skrf/designer_variable_coupler_ideal_20deg.s4p",
        "touchstone/skrf/cst_example_4ports.s4p", "touchstone/skrf/cst_example_6ports_V2.s6p",
        "touchstone/skrf/hfss_19.2.s8p"})
    check_against_skrf(f);
}

TEST_CASE("Touchstone reader matches scikit-rf on specification examples",
          "[touchstone][reference]") {
  for (const char *f :
       {"touchstone/spec/ex13_v1_2port_ri.s2p", "touchstone/spec/ex14_v1_4port_ma.s4p",
        "touchstone/spec/ex18_v1_noise.s2p"})
    check_against_skrf(f);
}

TEST_CASE("Touchstone reader matches scikit-rf on IEEE channel files", "[touchstone][reference]") {
  check_against_skrf("channels/CA_19p75dB_thru.s4p");
  check_against_skrf("channels/pcb_stripline_119mm.s2p");
}

TEST_CASE("Touchstone noise block matches scikit-rf", "[touchstone][reference]") {
  const auto data = read_touchstone(kData + "/touchstone/spec/ex18_v1_noise.s2p");
  std::ifstream in(kData + "/reference/touchstone/ex18_v1_noise.s2p.noise.csv");
  REQUIRE(in.good());
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  std::size_t k = 0;
  while (std::getline(in, line)) {
    const auto r = split_numbers(line);
    REQUIRE(k < data.noise.freq_hz.size());
    // Same 1e-9 relative bound as the network data (see kRelTol).
    CHECK(data.noise.freq_hz[k] == Approx(r[0]).epsilon(kRelTol));
    CHECK(data.noise.nfmin_db[k] == Approx(r[1]).epsilon(kRelTol));
    CHECK(std::abs(data.noise.gamma_opt[k] - Complex(r[2], r[3])) <= kRelTol);
    CHECK(data.noise.rn_ohm[k] == Approx(r[4]).epsilon(kRelTol));
    ++k;
  }
  CHECK(k == data.noise.freq_hz.size());
  CHECK(k == 2);
}
