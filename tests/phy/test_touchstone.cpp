// Touchstone reader and writer: option-line variants, version 2 keywords, Y/Z/H/G conversion
// against closed forms, noise blocks, and write → read round trips.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <random>
#include <sstream>
#include <string>

using namespace linkphy;

namespace {

const std::string kData = LINKPHY_TEST_DATA_DIR;
constexpr double kDeg = std::numbers::pi / 180.0;

TouchstoneData parse(const std::string &text, const std::string &name) {
  return parse_touchstone(text, name, touchstone_ports_from_extension(name));
}

// Reading a number and converting it is exact to a few ulps; 1e-12 leaves room for the
// conversions through 2×2 inverses and pow/polar while catching any real mistake.
constexpr double kTight = 1e-12;

} // namespace

TEST_CASE("option line: defaults are GHz S MA R 50", "[touchstone]") {
  const auto d = parse("#\n1 0.5 90\n", "a.s1p");
  CHECK(d.unit == FrequencyUnit::GHz);
  CHECK(d.parameter == ParameterKind::S);
  CHECK(d.format == TouchstoneFormat::MA);
  CHECK(d.option_r_ohm == 50.0);
  CHECK(d.network.freq_hz[0] == 1e9);
  CHECK(std::abs(d.network.at(0, 0, 0) - std::polar(0.5, 90 * kDeg)) < kTight);
  CHECK(d.network.z0_ohm[0] == 50.0);
  CHECK(d.version == "1.0");
  CHECK(d.network.name == "a");
}

TEST_CASE("option line: every unit and format, any case and order", "[touchstone]") {
  struct Case {
    const char *option;
    double hz;
    Complex expected; // of the data pair "0.5 30"
  };
  const Complex ma = std::polar(0.5, 30 * kDeg);
  const Complex ri(0.5, 30);
  const Complex db = std::polar(std::pow(10.0, 0.5 / 20), 30 * kDeg);
  for (const Case &c : {Case{"# hz s ri r 75", 2.0, ri}, Case{"# KHZ S RI R 75", 2e3, ri},
                        Case{"# MHz S MA R 75", 2e6, ma}, Case{"# GHz s dB R 75", 2e9, db},
                        Case{"# R 75 ma GHz S", 2e9, ma}, Case{"#Hz  S\tRI   R 75.0", 2.0, ri}}) {
    INFO(c.option);
    const auto d = parse(std::string(c.option) + "\n2 0.5 30\n", "x.s1p");
    CHECK(d.network.freq_hz[0] == c.hz);
    CHECK(std::abs(d.network.at(0, 0, 0) - c.expected) < kTight);
    CHECK(d.network.z0_ohm[0] == 75.0);
  }
}

TEST_CASE("v1 2-port order is N11 N21 N12 N22 and comments are kept", "[touchstone]") {
  const auto d = parse("! header comment\n# Hz S RI R 50\n! freq S11 S21 S12 S22\n"
                       "1 11 0 21 0 12 0 22 0 ! trailing\n",
                       "t.s2p");
  const Network &n = d.network;
  CHECK(n.at(0, 0, 0) == Complex(11, 0));
  CHECK(n.at(0, 1, 0) == Complex(21, 0));
  CHECK(n.at(0, 0, 1) == Complex(12, 0));
  CHECK(n.at(0, 1, 1) == Complex(22, 0));
  REQUIRE(d.comments.size() == 2);
  CHECK(d.comments[0] == " header comment");
}

TEST_CASE("CRLF line ends, tabs, a UTF-8 byte order mark and blank lines are accepted",
          "[touchstone]") {
  const auto d = parse("\xEF\xBB\xBF! c\r\n# MHz S RI R 50\r\n\r\n1\t0.25\t-0.5\r\n2 0.5 +0.25\r\n",
                       "crlf.s1p");
  REQUIRE(d.network.frequencies() == 2);
  CHECK(d.network.freq_hz[1] == 2e6);
  CHECK(d.network.at(0, 0, 0) == Complex(0.25, -0.5));
  CHECK(d.network.at(1, 0, 0) == Complex(0.5, 0.25));
  CHECK(d.comments.at(0) == " c");
}

TEST_CASE("3-port and larger rows may wrap anywhere: tokens are read until the point is full",
          "[touchstone]") {
  // 3-port, one row per line, then the same with odd wrapping (values split across lines).
  const std::string a = "# Hz S RI\n1 11 0 12 0 13 0\n21 0 22 0 23 0\n31 0 32 0 33 0\n";
  const std::string b = "# Hz S RI\n1 11 0 12\n0 13 0 21 0 22 0 23 0 31\n0\n32 0 33 0\n";
  for (const auto &text : {a, b}) {
    const auto d = parse(text, "w.s3p");
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        CHECK(d.network.at(0, i, j) == Complex(10 * (i + 1) + j + 1, 0));
  }
}

TEST_CASE("v2 Two-Port Data Order 12_21 and 21_12", "[touchstone]") {
  const std::string head = "[Version] 2.0\n# Hz S RI R 50\n[Number of Ports] 2\n";
  const std::string tail =
      "[Number of Frequencies] 1\n[Network Data]\n1 11 0 1 0 2 0 22 0\n[End]\n";
  const auto a = parse(head + "[Two-Port Data Order] 12_21\n" + tail, "v.ts");
  CHECK(a.network.at(0, 0, 1) == Complex(1, 0)); // N12 first
  CHECK(a.network.at(0, 1, 0) == Complex(2, 0));
  CHECK(a.two_port_order == TwoPortOrder::N12_N21);
  const auto b = parse(head + "[Two-Port Data Order] 21_12\n" + tail, "v.ts");
  CHECK(b.network.at(0, 1, 0) == Complex(1, 0)); // N21 first
  CHECK(b.network.at(0, 0, 1) == Complex(2, 0));
  CHECK(b.version == "2.0");
}

TEST_CASE("v2 specification examples: Reference on two lines, Full/Lower/Upper agree with v1",
          "[touchstone]") {
  const auto v1 = read_touchstone(kData + "/touchstone/spec/ex14_v1_4port_ma.s4p");
  const auto full = read_touchstone(kData + "/touchstone/spec/ex05_v2_4port_full.ts");
  const auto lower = read_touchstone(kData + "/touchstone/spec/ex06_v2_4port_lower.ts");
  const auto upper = read_touchstone(kData + "/touchstone/spec/ex06u_v2_4port_upper.ts");
  CHECK(lower.matrix_format == MatrixFormat::Lower);
  CHECK(upper.matrix_format == MatrixFormat::Upper);
  for (const auto *d : {&full, &lower, &upper}) {
    REQUIRE(d->network.ports == 4);
    CHECK(d->network.z0_ohm == std::vector<double>{50, 75, 0.01, 0.01});
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        CHECK(d->network.at(0, i, j) == v1.network.at(0, i, j)); // same text, same numbers
  }
  // The example's S22 angle is 161.20 (others 161.24): Lower/Upper must place it on the diagonal.
  CHECK(std::arg(lower.network.at(0, 1, 1)) / kDeg == Approx(161.20).epsilon(1e-12));
}

TEST_CASE("Z data: v1 normalised to R, v2 in ohms (specification examples 9 and 10)",
          "[touchstone]") {
  // Both files describe Z11 = 74.25 Ω ∠−4° at 100 MHz (0.99·75 and 74.25 with [Reference] 20).
  // From S: Z = z0 (1 + S) / (1 − S) (Pozar §4.3, one port).
  const auto v1 = read_touchstone(kData + "/touchstone/spec/ex09_v1_z.s1p");
  const auto v2 = read_touchstone(kData + "/touchstone/spec/ex10_v2_z.ts");
  CHECK(v1.parameter == ParameterKind::Z);
  CHECK(v2.network.z0_ohm[0] == 20.0);
  for (const auto *d : {&v1, &v2}) {
    const Complex s = d->network.at(0, 0, 0);
    const Complex z = d->network.z0_ohm[0] * (1.0 + s) / (1.0 - s);
    CHECK(std::abs(z - std::polar(74.25, -4 * kDeg)) < 1e-9);
  }
}

TEST_CASE("Y, Z, H, G data of a series resistor convert to the closed-form S", "[touchstone]") {
  // Series R between ports with references z1, z2 (Pozar §4.3):
  //   S11 = (R + z2 − z1)/(R + z1 + z2), S22 = (R + z1 − z2)/(…), S21 = S12 = 2√(z1 z2)/(…).
  // Its H is [[R, 1], [−1, 0]] and G = H⁻¹ = [[0, −1], [1, R]]; Z and Y do not
  // exist for a lone series R, so Z/Y use a T-network (series R, shunt Rp, series R) below.
  const double R = 30, z1 = 50, z2 = 75;
  const double d = R + z1 + z2;
  const Complex s11 = (R + z2 - z1) / d, s22 = (R + z1 - z2) / d, s21 = 2 * std::sqrt(z1 * z2) / d;
  const std::string hdr = "[Version] 2.0\n# Hz %P RI R 50\n[Number of Ports] 2\n"
                          "[Two-Port Data Order] 12_21\n[Number of Frequencies] 1\n"
                          "[Reference] 50 75\n[Network Data]\n";
  auto file = [&](const char *p, const std::string &data) {
    std::string h = hdr;
    h.replace(h.find("%P"), 2, p);
    return h + data + "\n[End]\n";
  };
  for (const auto &[p, data] : {std::pair{"H", std::string("1 30 0 1 0 -1 0 0 0")},
                                std::pair{"G", std::string("1 0 0 -1 0 1 0 30 0")}}) {
    INFO(p);
    const auto t = parse(file(p, data), "r.ts");
    CHECK(std::abs(t.network.at(0, 0, 0) - s11) < kTight);
    CHECK(std::abs(t.network.at(0, 1, 1) - s22) < kTight);
    CHECK(std::abs(t.network.at(0, 1, 0) - s21) < kTight);
    CHECK(std::abs(t.network.at(0, 0, 1) - s21) < kTight);
  }
  // T network: arms Ra, Rb, shunt Rp. Z = [[Ra+Rp, Rp], [Rp, Rb+Rp]]. With equal 50 Ω ports:
  // Zin = Ra + Rp ∥ (Rb + 50), S11 = (Zin − 50)/(Zin + 50); a source of 2 V behind 50 Ω gives
  // S21 = V2 (port voltage, incident wave 1 V): V2 = Vc·50/(Rb+50), Vc = I1·(Rp ∥ (Rb+50)).
  const double Ra = 10, Rb = 20, Rp = 100, z0 = 50;
  const double par = Rp * (Rb + z0) / (Rp + Rb + z0);
  const double zin = Ra + par;
  const double t11 = (zin - z0) / (zin + z0);
  const double i1 = 2.0 / (z0 + zin);
  const double t21 = i1 * par * z0 / (Rb + z0);
  const double z11 = Ra + Rp, z12 = Rp, z22 = Rb + Rp;
  const double det = z11 * z22 - z12 * z12;
  std::ostringstream zv1, yv2;
  zv1.precision(17);
  yv2.precision(17);
  // v1 Z, normalised to R = 50, order N11 N21 N12 N22.
  zv1 << "# Hz Z RI R 50\n1 " << z11 / z0 << " 0 " << z12 / z0 << " 0 " << z12 / z0 << " 0 "
      << z22 / z0 << " 0\n";
  // v2 Y in siemens, Y = Z⁻¹.
  yv2 << "[Version] 2.0\n# Hz Y RI R 50\n[Number of Ports] 2\n[Two-Port Data Order] 21_12\n"
         "[Number of Frequencies] 1\n[Network Data]\n1 "
      << z22 / det << " 0 " << -z12 / det << " 0 " << -z12 / det << " 0 " << z11 / det
      << " 0\n[End]\n";
  for (const auto &[text, name] : {std::pair{zv1.str(), "t.s2p"}, std::pair{yv2.str(), "t.ts"}}) {
    INFO(name);
    const auto t = parse(text, name);
    CHECK(std::abs(t.network.at(0, 0, 0) - t11) < kTight);
    CHECK(std::abs(t.network.at(0, 1, 0) - t21) < kTight);
    CHECK(std::abs(t.network.at(0, 0, 1) - t21) < kTight);
  }
}

TEST_CASE("H data: specification examples 11 (v1) and 12 (v2) give the same S", "[touchstone]") {
  const auto a = read_touchstone(kData + "/touchstone/spec/ex11_v1_h.s2p");
  const auto b = read_touchstone(kData + "/touchstone/spec/ex12_v2_h.ts");
  CHECK(a.parameter == ParameterKind::H);
  CHECK(a.unit == FrequencyUnit::kHz);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      CHECK(std::abs(a.network.at(0, i, j) - b.network.at(0, i, j)) < kTight);
}

TEST_CASE("noise data: v1 (after the frequency goes down) and v2 Noise Data agree",
          "[touchstone]") {
  // Specification examples 17 and 18: Rn = 0.38·50 = 19 Ω and 0.40·50 = 20 Ω.
  const auto v1 = read_touchstone(kData + "/touchstone/spec/ex18_v1_noise.s2p");
  const auto v2 = read_touchstone(kData + "/touchstone/spec/ex17_v2_noise.ts");
  CHECK(v1.network.frequencies() == 2);
  for (const auto *d : {&v1, &v2}) {
    REQUIRE(d->noise.freq_hz.size() == 2);
    CHECK(d->noise.freq_hz[0] == 4e9);
    CHECK(d->noise.freq_hz[1] == 18e9);
    CHECK(d->noise.nfmin_db[1] == 2.7);
    CHECK(d->noise.rn_ohm[0] == Approx(19.0).epsilon(1e-15));
    CHECK(d->noise.rn_ohm[1] == Approx(20.0).epsilon(1e-15));
    CHECK(std::abs(d->noise.gamma_opt[0] - std::polar(0.64, 69 * kDeg)) < kTight);
  }
  CHECK(v2.network.z0_ohm == std::vector<double>{50, 25});
  // Same network text in both: same S.
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      CHECK(v1.network.at(1, i, j) == v2.network.at(1, i, j));
}

TEST_CASE("write then read gives back the same network", "[touchstone][roundtrip]") {
  auto original = read_touchstone(kData + "/touchstone/skrf/cst_example_4ports.s4p").network;
  for (auto fmt : {TouchstoneFormat::RI, TouchstoneFormat::MA, TouchstoneFormat::DB}) {
    for (auto unit : {FrequencyUnit::Hz, FrequencyUnit::GHz}) {
      INFO("format " << to_string(fmt) << " unit " << to_string(unit));
      std::ostringstream os;
      TouchstoneWriteOptions opt;
      opt.format = fmt;
      opt.unit = unit;
      write_touchstone(os, original, opt);
      const auto back = parse(os.str(), "rt.s4p");
      REQUIRE(back.network.frequencies() == original.frequencies());
      CHECK(back.version == "1.0");
      double worst = 0, worst_f = 0;
      for (std::size_t k = 0; k < original.frequencies(); ++k) {
        worst_f = std::max(worst_f, std::abs(back.network.freq_hz[k] - original.freq_hz[k]) /
                                        std::max(1.0, original.freq_hz[k]));
        for (std::size_t e = 0; e < 16; ++e)
          worst = std::max(worst, std::abs(back.network.s[k * 16 + e] - original.s[k * 16 + e]));
      }
      // RI in Hz is bit-exact (shortest round-trip numbers); MA/DB go through abs/arg/log10 and
      // back, and GHz through a division, each a few ulps (|S| ≤ 1, so 1e-15 absolute).
      if (fmt == TouchstoneFormat::RI && unit == FrequencyUnit::Hz) {
        CHECK(worst == 0.0);
        CHECK(worst_f == 0.0);
      } else {
        CHECK(worst < 1e-15);
        CHECK(worst_f < 1e-15);
      }
    }
  }
}

TEST_CASE("write version 2 when port impedances differ, with noise, reads back", "[touchstone]") {
  const auto src = read_touchstone(kData + "/touchstone/spec/ex17_v2_noise.ts");
  std::ostringstream os;
  TouchstoneWriteOptions opt;
  opt.noise = src.noise;
  write_touchstone(os, src.network, opt);
  CHECK(os.str().find("[Version] 2.0") != std::string::npos);
  const auto back = parse(os.str(), "n.ts");
  CHECK(back.network.z0_ohm == src.network.z0_ohm);
  CHECK(back.network.s == src.network.s);
  CHECK(back.noise.rn_ohm == src.noise.rn_ohm);
  CHECK(back.noise.freq_hz == src.noise.freq_hz);
  opt.version = 1;
  std::ostringstream bad;
  CHECK_THROWS_AS(write_touchstone(bad, src.network, opt), InputError);
}

TEST_CASE("writer wraps rows of 3 or more ports after 4 pairs, 10 ports read back",
          "[touchstone]") {
  Network net({1e9, 2e9}, 10);
  for (std::size_t i = 0; i < net.s.size(); ++i)
    net.s[i] = Complex(static_cast<double>(i) * 1e-3, -static_cast<double>(i) * 1e-3);
  std::ostringstream os;
  write_touchstone(os, net);
  std::istringstream lines(os.str());
  std::string line;
  std::size_t max_numbers = 0;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream ls(line);
    std::string tok;
    std::size_t count = 0;
    while (ls >> tok)
      ++count;
    max_numbers = std::max(max_numbers, count);
  }
  CHECK(max_numbers == 9); // frequency + 4 pairs
  const auto back = parse(os.str(), "ten.s10p");
  CHECK(back.network.s == net.s);
}

TEST_CASE("numbers read bit-identical to std::from_chars (fast decimal path)", "[touchstone]") {
  // The reader's fast path (Clinger 1990) must round exactly like std::from_chars, which is
  // correctly rounded: compare bits over varied digit counts, exponents and signs.
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> mant(-10.0, 10.0);
  std::uniform_int_distribution<int> ex(-30, 30), prec(0, 20), style(0, 2);
  std::string text = "# Hz S RI R 50\n";
  std::vector<std::string> tokens;
  for (int k = 0; k < 20000; ++k) {
    char buf[64];
    const double x = mant(rng) * std::pow(10.0, ex(rng));
    const int p = prec(rng);
    const int st = style(rng);
    std::snprintf(buf, sizeof buf, st == 0 ? "%.*e" : st == 1 ? "%.*f" : "%.*E", p, x);
    if (std::strlen(buf) > 40)
      std::snprintf(buf, sizeof buf, "%.*e", p, x);
    tokens.emplace_back(buf);
    text += std::to_string(k + 1) + " " + buf + " " + "+" + std::string(buf[0] == '-' ? "0" : buf) +
            "\n";
  }
  const auto d = parse(text, "many.s1p");
  REQUIRE(d.network.frequencies() == tokens.size());
  std::size_t mismatches = 0;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    double expect = 0;
    std::from_chars(tokens[k].data(), tokens[k].data() + tokens[k].size(), expect);
    if (std::memcmp(&expect, &reinterpret_cast<const double *>(&d.network.s[k])[0], 8) != 0)
      ++mismatches;
  }
  CHECK(mismatches == 0);
}
