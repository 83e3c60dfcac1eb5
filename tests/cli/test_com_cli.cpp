// `linkphy com` end to end: the IEEE reference result for the 802.3ck KR table and
// Tp0_Tp5_28p5db_FQSFP_thru.s4p (IEEE COM code 4.50: COM 4.807 dB for package case 1,
// 3.715 dB for case 2, ERL 14.12 dB — /work/shared/reference/README.md), and bad input.
#include <catch2/catch.hpp>

#include <linkphy/phy/network_ops.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace fs = std::filesystem;

namespace {
fs::path scratch(const std::string &name) {
  const auto dir = fs::temp_directory_path() / "linkphy_test_com_cli";
  fs::create_directories(dir);
  return dir / name;
}
std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
struct Run {
  int code;
  std::string out, err;
};
Run run(const std::string &args, const std::string &tag) {
  const auto out = scratch(tag + ".out"), err = scratch(tag + ".err");
  const std::string cmd =
      std::string(LINKPHY_CLI) + " com " + args + " > " + out.string() + " 2> " + err.string();
  const int st = std::system(cmd.c_str());
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, slurp(out), slurp(err)};
}
std::string data(const std::string &rel) { return std::string(LINKPHY_TEST_DATA_DIR) + "/" + rel; }
const std::string kThru = "channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p";

std::vector<double> json_numbers(const std::string &json, const std::string &key) {
  std::vector<double> v;
  const std::regex re("\"" + key + "\": (-?[0-9.eE+-]+)");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), re); it != std::sregex_iterator();
       ++it)
    v.push_back(std::stod((*it)[1]));
  return v;
}

// Rewrites the thru channel (RI, 33 numbers per frequency) through `edit(f, s)`; rows kept
// when edit returns true.
fs::path variant(const std::string &name, bool (*edit)(double f, std::vector<double> &ri)) {
  std::ifstream in(data(kThru));
  std::string line;
  std::vector<double> nums;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '!' || line[0] == '#')
      continue;
    std::istringstream is(line);
    double x;
    while (is >> x)
      nums.push_back(x);
  }
  const auto p = scratch(name + ".s4p");
  std::ofstream o(p);
  o.precision(12);
  o << "# Hz S RI R 50\n";
  for (std::size_t i = 0; i + 33 <= nums.size(); i += 33) {
    std::vector<double> ri(nums.begin() + static_cast<long>(i) + 1,
                           nums.begin() + static_cast<long>(i) + 33);
    if (!edit(nums[i], ri))
      continue;
    o << nums[i];
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 8; ++c)
        o << ' ' << ri[static_cast<std::size_t>(r * 8 + c)];
      o << '\n';
    }
  }
  return p;
}
} // namespace

TEST_CASE("KR table and the IEEE channel give the reference COM and ERL", "[com][cli]") {
  const Run r = run("--config 802.3ck-kr " + data(kThru) + " --format json", "kr");
  REQUIRE(r.code == 0);
  const auto com = json_numbers(r.out, "com_db");
  REQUIRE(com.size() == 2);
  // Acceptance: within ±0.5 dB of the IEEE COM code 4.50 (4.807 / 3.715 dB).
  CHECK(std::abs(com[0] - 4.807) <= 0.5);
  CHECK(std::abs(com[1] - 3.715) <= 0.5);
  // We measure 4.822 and 3.715 dB; ±0.1 dB guards that agreement (search and PDF details).
  CHECK(std::abs(com[0] - 4.807) <= 0.1);
  CHECK(std::abs(com[1] - 3.715) <= 0.1);
  // ERL: the reference gives 14.12 dB; we measure 14.11 dB (port 1). ±0.1 dB allows for the
  // PDF binning and the out-of-band extension details listed in docs/com.md.
  const auto erl = json_numbers(r.out, "erl_db");
  REQUIRE(erl.size() == 1);
  CHECK(std::abs(erl[0] - 14.12) <= 0.1);
  // Channel-only IL at 26.5625 GHz: 28.40 dB by scikit-rf (tests/data/SOURCES.md).
  const auto il = json_numbers(r.out, "il_nyquist_db");
  REQUIRE(il.size() == 1);
  CHECK(std::abs(il[0] - 28.40) <= 0.05);
  CHECK(r.out.find("\"tx_taps\"") != std::string::npos);
  CHECK(r.out.find("\"g_dc_db\"") != std::string::npos);
}

TEST_CASE("crosstalk aggressors lower COM", "[com][cli]") {
  // FEXT and NEXT aggressors (0–40 GHz) against the same victim: σ_XT > 0 and COM below the
  // thru-only 4.8/3.7 dB; the aggressors' band ends below f_b, which must be said.
  const Run r = run("--config 802.3ck-kr " + data(kThru) + " --fext " +
                        data("channels/xtalk/example2_FEXT1.s4p") + " --next " +
                        data("channels/xtalk/example2_NEXT1.s4p") + " --format json",
                    "xtalk");
  REQUIRE(r.code == 0);
  const auto com = json_numbers(r.out, "com_db");
  const auto xt = json_numbers(r.out, "sigma_xt_v");
  REQUIRE(com.size() == 2);
  REQUIRE(xt.size() == 2);
  CHECK(xt[0] > 0);
  CHECK(com[0] < 4.807 - 1.0);
  CHECK(com[1] < 3.715 - 1.0);
  CHECK(r.err.find("example2_FEXT1: data end at 40 GHz") != std::string::npos);
}

TEST_CASE("text output names the equaliser per case", "[com][cli]") {
  const Run r = run("--config 802.3ck-kr " + data(kThru), "kr_text");
  REQUIRE(r.code == 0);
  CHECK(r.out.find("case 1") != std::string::npos);
  CHECK(r.out.find("case 2") != std::string::npos);
  CHECK(r.out.find("CTLE g_DC") != std::string::npos);
  CHECK(r.out.find("TX FFE") != std::string::npos);
  // Both package lengths (case 2's RX is 29 mm, its TX 31 mm; the text showed only the TX),
  // the noise terms as in the JSON (no aggressor: sigma_XT 0), units on every ERL figure.
  CHECK(r.out.find("(z_p tx 31.0 1.8 mm, rx 29.0 1.8 mm)") != std::string::npos);
  CHECK(r.out.find("sigma_XT 0.000 mV") != std::string::npos);
  CHECK(r.out.find("(port 1: 14.106 dB, port 2: 14.870 dB; threshold 9.700 dB)") !=
        std::string::npos);
}

TEST_CASE("text output reports the crosstalk noise and says a table has no ERL criterion",
          "[com][cli]") {
  // 25GBASE-KR table (no ERL criterion before 802.3cd: ERL = "0 dB") on a 4 in Megtron 7
  // channel with a FEXT and a NEXT aggressor. The text reported neither sigma_XT (only the JSON
  // had it) nor that the ERL is informative: it printed "threshold 0.000" and "ERL >= 0.000 dB"
  // as if a criterion.
  const Run r = run("--config 802.3by-kr " + data("channels/DPO_4in_Meg7_THRU.s4p") + " --fext " +
                        data("channels/xtalk/example2_FEXT1.s4p") + " --next " +
                        data("channels/xtalk/example2_NEXT1.s4p"),
                    "by_text");
  REQUIRE(r.code == 0);
  const std::regex xt("sigma_XT ([0-9.]+) mV");
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, xt));
  CHECK(std::stod(m[1]) > 0.1); // 2.434 mV measured (sigma_XT 0 without the aggressors)
  CHECK(r.out.find("informative: the table has no ERL criterion") != std::string::npos);
  CHECK(r.out.find("no ERL criterion)") != std::string::npos);
  CHECK(r.out.find("threshold 0.000") == std::string::npos);
  CHECK(r.out.find("ERL >= 0.000") == std::string::npos);
}

TEST_CASE("help shows an example", "[com][cli]") {
  const Run r = run("--help", "help");
  CHECK(r.code == 0);
  CHECK(r.out.find("Example:") != std::string::npos);
  CHECK(r.out.find("--fext") != std::string::npos);
}

TEST_CASE("a channel whose band ends below Nyquist exits 2 with one line", "[com][cli]") {
  const auto p = variant("short_band", [](double f, std::vector<double> &) { return f <= 20e9; });
  const Run r = run("--config 802.3ck-kr " + p.string(), "short_band");
  CHECK(r.code == 2);
  CHECK(r.err.find("Nyquist") != std::string::npos);
  CHECK(r.err.find("20 GHz") != std::string::npos);
}

TEST_CASE("non-passive S-parameters warn by how much", "[com][cli]") {
  // Band cut at 20 GHz too, so that the run stops right after the input checks (exit 2).
  const auto p = variant("gain", [](double f, std::vector<double> &ri) {
    for (double &x : ri)
      x *= 1.2;
    return f <= 20e9;
  });
  const Run r = run("--config 802.3ck-c2c " + p.string() + " --format json", "gain");
  CHECK(r.code == 2);
  CHECK(r.err.find("not passive") != std::string::npos);
  CHECK(r.err.find("exceeds 1 by 0.2") != std::string::npos);
}

TEST_CASE("non-causal S-parameters warn by how much", "[com][cli]") {
  const auto p = variant("anticausal", [](double f, std::vector<double> &ri) {
    for (std::size_t i = 1; i < ri.size(); i += 2)
      ri[i] = -ri[i]; // complex conjugate: the impulse response runs backwards in time
    return f <= 20e9; // and stop after the input checks (band below Nyquist: exit 2)
  });
  const Run r = run("--config 802.3ck-c2c " + p.string(), "anticausal");
  CHECK(r.code == 2);
  CHECK(r.err.find("not causal") != std::string::npos);
  CHECK(r.err.find("% of the impulse-response energy") != std::string::npos);
}

TEST_CASE("a table missing a key exits 2 naming the key", "[com][cli]") {
  std::string text =
      slurp(fs::path(LINKPHY_SOURCE_DIR) / "transceivers/catalog/com/802.3ck-kr.toml");
  const auto pos = text.find("A_DD_ui = 0.02\n");
  REQUIRE(pos != std::string::npos);
  text.erase(pos, std::string("A_DD_ui = 0.02\n").size());
  const auto p = scratch("no_add.toml");
  std::ofstream(p) << text;
  const Run r = run("--config " + p.string() + " " + data(kThru), "no_add");
  CHECK(r.code == 2);
  CHECK(r.err.find("missing key 'receiver.A_DD_ui'") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("a 2-port file is refused: COM needs the differential 4-port", "[com][cli]") {
  const Run r = run("--config 802.3ck-kr " + data("channels/pcb_stripline_119mm.s2p"), "s2p");
  CHECK(r.code == 2);
  CHECK(r.err.find("4-port") != std::string::npos);
}

TEST_CASE("missing files and unknown tables exit 2", "[com][cli]") {
  CHECK(run("--config 802.3ck-kr " + scratch("nope.s4p").string(), "nofile").code == 2);
  const Run r = run("--config 802.3zz " + data(kThru), "notable");
  CHECK(r.code == 2);
  CHECK(r.err.find("802.3ck-kr") != std::string::npos);
  CHECK(run("--config 802.3ck-kr " + data(kThru) + " --format xml", "badfmt").code == 2);
}

namespace {
// The variant file with its text edited by `edit`.
fs::path edited(const fs::path &from, const std::string &name,
                std::string (*edit)(std::string text)) {
  const auto p = scratch(name + ".s4p");
  std::ofstream(p) << edit(slurp(from));
  return p;
}
bool one_line(const std::string &err) { return std::count(err.begin(), err.end(), '\n') == 1; }
} // namespace

TEST_CASE("S-parameters of 1e300 exit 2 at their line (was SIGSEGV in the search)", "[com][cli]") {
  const auto p = variant("huge_cells", [](double f, std::vector<double> &ri) {
    if (f == 6e9) // two cells, as the fuzzer's segv_c.s4p
      ri[7] = ri[24] = 1e300;
    return true;
  });
  const Run r = run("--config 802.3ck-kr " + p.string(), "huge_cells");
  CHECK(r.code == 2);
  CHECK(r.err.find("linkphy: " + p.string() + ":") == 0);
  CHECK(r.err.find("magnitude 1e+300 at ") != std::string::npos);
  CHECK(r.err.find("accepted for a channel: |S| <= 1e6 (120 dB)") != std::string::npos);
  CHECK(one_line(r.err));
}

TEST_CASE("a crosstalk file of 1e300 everywhere is an error, not zero crosstalk", "[com][cli]") {
  // All cells equal cancel exactly in the mixed-mode sums: the run passed with no crosstalk.
  const auto xt = variant("xt_1e300", [](double, std::vector<double> &ri) {
    for (double &x : ri)
      x = 1e300;
    return true;
  });
  const Run r = run("--config 802.3ck-kr " + data(kThru) + " --fext " + xt.string(), "xt_1e300");
  CHECK(r.code == 2);
  CHECK(r.err.find("linkphy: " + xt.string() + ":") == 0);
  CHECK(r.err.find("120 dB") != std::string::npos);
  CHECK(r.out.empty());
}

TEST_CASE("frequencies in Hz under a GHz option line exit 2 naming the channel and the unit",
          "[com][cli]") {
  // Was "inverse FFT: needs at least 2 one-sided points", without a place.
  const auto p = edited(data(kThru), "ghz_on_hz", [](std::string t) {
    const auto pos = t.find("# Hz");
    REQUIRE(pos != std::string::npos);
    return t.replace(pos, 4, "# GHz");
  });
  const Run r = run("--config 802.3ck-kr " + p.string(), "ghz_on_hz");
  CHECK(r.code == 2);
  // Refused where the file is read (Touchstone frequencies above 1 PHz), at the line of the
  // first such point, asking about the option line's unit.
  CHECK(r.err.find("linkphy: " + p.string() + ":8: frequency") == 0);
  CHECK(r.err.find("option line's unit") != std::string::npos);
  CHECK(one_line(r.err));
  CHECK(r.err.find("inverse FFT") == std::string::npos);
}

TEST_CASE("a last frequency of 1e300 Hz exits 2 (was std::length_error)", "[com][cli]") {
  const auto v = variant("last_1e300_src", [](double, std::vector<double> &) { return true; });
  const auto p = edited(v, "last_1e300", [](std::string t) {
    auto pos = t.rfind('\n', t.size() - 2); // start of the last line
    for (int i = 0; i < 3; ++i)             // a point is 4 lines (33 numbers)
      pos = t.rfind('\n', pos - 1);
    const auto end = t.find(' ', pos + 1);
    return t.replace(pos + 1, end - pos - 1, "1e300");
  });
  const Run r = run("--config 802.3ck-kr " + p.string(), "last_1e300");
  CHECK(r.code == 2);
  CHECK(r.err.find("linkphy: " + p.string() + ":") == 0); // at the point's line
  CHECK(r.err.find("above 1e15 Hz") != std::string::npos);
  CHECK(one_line(r.err));
}

TEST_CASE("COM tables with zero corners, impedances or rates exit 2 at the key's line",
          "[com][cli]") {
  struct Case {
    const char *from, *to, *key;
  };
  // SIGSEGV (f_z, f_p1, R_0, Z_c = 0), length_error (f_b < 0), unclear inverse-FFT message
  // (f_b = 0), bad_alloc (SNR_TX = -100 dB), hang/bad_alloc (grid steps 1e-9 and 1e-5).
  const Case cases[] = {
      {"f_z = \"21.25 GHz\"", "f_z = \"0 GHz\"", "ctle.f_z"},
      {"f_p1 = \"21.25 GHz\"", "f_p1 = \"0 GHz\"", "ctle.f_p1"},
      {"R_0 = \"50 ohm\"", "R_0 = \"0 ohm\"", "signal.R_0"},
      {"Z_c = [\"87.5 ohm\", \"92.5 ohm\"]", "Z_c = [\"0 ohm\", \"0 ohm\"]", "package.Z_c"},
      {"f_b = \"53.125 GBd\"", "f_b = \"0 GBd\"", "signal.f_b"},
      {"f_b = \"53.125 GBd\"", "f_b = \"-53.125 GBd\"", "signal.f_b"},
      {"SNR_TX = \"33 dB\"", "SNR_TX = \"-100 dB\"", "receiver.SNR_TX"},
      {"g_DC = { min = -20, step = 1, max = 0 }", "g_DC = { min = -20, step = 1e-9, max = 0 }",
       "ctle.g_DC"},
      {"c_m1 = { min = -0.34, step = 0.02, max = 0 }",
       "c_m1 = { min = -0.34, step = 0.00001, max = 0 }", "tx_ffe.c_m1"},
  };
  const std::string kr =
      slurp(fs::path(LINKPHY_SOURCE_DIR) / "transceivers/catalog/com/802.3ck-kr.toml");
  int i = 0;
  for (const Case &c : cases) {
    INFO(c.to);
    std::string text = kr;
    const auto pos = text.find(c.from);
    REQUIRE(pos != std::string::npos);
    const int line =
        1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(pos), '\n'));
    text.replace(pos, std::string(c.from).size(), c.to);
    const auto p = scratch("bad_table_" + std::to_string(++i) + ".toml");
    std::ofstream(p) << text;
    const Run r = run("--config " + p.string() + " " + data(kThru), "bad_table");
    CHECK(r.code == 2);
    CHECK(r.err.find("linkphy: " + p.string() + ":" + std::to_string(line) + ": key '" + c.key +
                     "'") == 0);
    CHECK(one_line(r.err));
  }
}

TEST_CASE("a COM run that fails keeps its input warnings on its one error line", "[com][cli]") {
  // Was three lines: two warnings, then the error.
  const auto p = fs::path(LINKPHY_TEST_DATA_DIR) / "touchstone/bad/coarse_31_points.s4p";
  const Run r = run("--config 802.3ck-kr " + p.string(), "coarse31");
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK(r.err.find("equaliser search failed") != std::string::npos);
  CHECK(r.err.find("(input warnings: ") != std::string::npos);
  CHECK(r.err.find("not passive") != std::string::npos);
}

TEST_CASE("a channel written for another reference impedance gives the same COM and ERL",
          "[com][cli]") {
  // Annex 93A terminates the channel in R_0 = 50 ohm. The same physical channel written at
  // 75 ohm (v1 `R 75`) or per port (v2 [Reference] 40 60 75 100) must give the 50-ohm COM and
  // ERL: it was read as if at 50 ohm (75 ohm: COM 4.568 / 3.440 dB, ERL 12.05 dB instead of
  // 4.822 / 3.715 / 14.11). The renormalisation is the one checked against scikit-rf's
  // renormalize in tests/phy/test_network_conversions.cpp; written at full double precision,
  // the 50 -> Z -> 50 round trip changes S by ~1e-15, so COM and ERL agree to 1e-6 dB (the
  // tolerance only absorbs that rounding in the figures printed to 10 digits).
  const Run ref = run("--config 802.3ck-kr " + data(kThru) + " --format json", "z0_ref");
  REQUIRE(ref.code == 0);
  const linkphy::Network at50 = linkphy::read_touchstone(data(kThru)).network;
  const std::vector<std::vector<double>> refs = {{75, 75, 75, 75}, {40, 60, 75, 100}};
  for (const auto &z0 : refs) {
    const auto path = scratch(z0[0] == z0[1] ? "z0_75.s4p" : "z0_mixed.s4p");
    {
      std::ofstream o(path);
      linkphy::write_touchstone(o, linkphy::renormalize(at50, z0));
    }
    const Run r = run("--config 802.3ck-kr " + path.string() + " --format json", "z0_other");
    INFO(path.string() << "\n" << r.err);
    REQUIRE(r.code == 0);
    for (const char *key : {"com_db", "erl11_db", "erl22_db", "il_nyquist_db", "fom_db"}) {
      const auto a = json_numbers(ref.out, key), b = json_numbers(r.out, key);
      REQUIRE(a.size() == b.size());
      for (std::size_t i = 0; i < a.size(); ++i)
        CHECK(b[i] == Approx(a[i]).margin(1e-6));
    }
    // Said on stderr and in the JSON warnings, with the file's impedances.
    CHECK(r.err.find("renormalised to R_0 = 50 ohm") != std::string::npos);
    CHECK(r.out.find(z0[0] == z0[1] ? "referenced to 75 75 75 75 ohm"
                                    : "referenced to 40 60 75 100 ohm") != std::string::npos);
  }
}

TEST_CASE("an aggressor whose band ends below Nyquist is named by its path, with the band",
          "[com][cli]") {
  // Was `linkphy: short_band: crosstalk channel band ends below f_b/2`: the file's stem, no
  // frequencies, nothing accepted; the thru's own message already gave them.
  const auto p = variant("short_band", [](double f, std::vector<double> &) { return f <= 20e9; });
  for (const std::string opt : {"--fext", "--next"}) {
    const Run r = run("--config 802.3ck-kr " + data(kThru) + " " + opt + " " + p.string(),
                      "short_band_aggressor");
    INFO(r.err);
    CHECK(r.code == 2);
    CHECK(one_line(r.err));
    CHECK(r.err.find("linkphy: " + p.string() +
                     ": crosstalk channel data end at 20 GHz, below "
                     "the Nyquist frequency 26.5625 GHz; COM needs the band up to at least "
                     "f_b/2") == 0);
  }
  // The thru is named by its path too (was its stem).
  const Run r = run("--config 802.3ck-kr " + p.string(), "short_band_thru");
  CHECK(r.code == 2);
  CHECK(r.err.find("linkphy: " + p.string() + ": channel data end at 20 GHz") == 0);
}

TEST_CASE("an aggressor of fewer than 10 frequency points says how many it has", "[com][cli]") {
  // Was `crosstalk channel band ends below f_b/2` for a channel whose band was wide enough.
  static int kept;
  kept = 0;
  const auto p = variant("nine_points", [](double, std::vector<double> &) { return ++kept <= 9; });
  const Run r = run("--config 802.3ck-kr " + data(kThru) + " --fext " + p.string(), "nine");
  CHECK(r.code == 2);
  CHECK(one_line(r.err));
  CHECK(r.err.find("linkphy: " + p.string() +
                   ": crosstalk channel has 9 frequency points; accepted: at least 10") == 0);
}
