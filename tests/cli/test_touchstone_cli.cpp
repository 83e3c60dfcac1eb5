// `linkphy touchstone ...`: outputs checked against the library reader (itself checked against
// scikit-rf), and the CLI error contract: exit 2, one stderr line `linkphy: FILE:LINE: ...`, no
// output file left behind.
#include "cli_run.hpp"

#include <linkphy/phy/touchstone.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace linkphy;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using linkphy::test::read_text_file;
using linkphy::test::run_cli;
using linkphy::test::run_cli_limited;
using linkphy::test::scratch_dir;

namespace {

const std::string kData = LINKPHY_TEST_DATA_DIR;
const std::string kCa = kData + "/channels/CA_19p75dB_thru.s4p";

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    out.push_back(line);
  return out;
}

std::vector<double> csv_numbers(const std::string &line) {
  std::vector<double> v;
  std::stringstream ss(line);
  std::string cell;
  while (std::getline(ss, cell, ','))
    v.push_back(std::stod(cell));
  return v;
}

} // namespace

TEST_CASE("touchstone info: text and json", "[cli][touchstone]") {
  const auto text = run_cli({"touchstone", "info", kCa});
  REQUIRE(text.exit_code == 0);
  CHECK(text.err.empty());
  CHECK_THAT(text.out, Contains("ports:           4"));
  CHECK_THAT(text.out, Contains("points:          6001"));
  CHECK_THAT(text.out, Contains("0 Hz to 6e+10 Hz"));
  CHECK_THAT(text.out, Contains("format:          RI"));
  const auto json = run_cli(
      {"touchstone", "info", kData + "/touchstone/spec/ex17_v2_noise.ts", "--format", "json"});
  REQUIRE(json.exit_code == 0);
  CHECK_THAT(json.out, Contains("\"version\": \"2.0\""));
  CHECK_THAT(json.out, Contains("\"z0_ohm\": [50, 25]"));
  CHECK_THAT(json.out, Contains("\"noise_points\": 2"));
  CHECK_THAT(json.out, Contains("\"format\": \"MA\""));
  CHECK_THAT(json.out, Contains("\"freq_stop_hz\": 2.2e+10"));
}

TEST_CASE("touchstone convert: CSV columns and values equal the reader's", "[cli][touchstone]") {
  const std::string in = kData + "/touchstone/skrf/Agilent_E5071B.s4p";
  const auto r = run_cli({"touchstone", "convert", in});
  REQUIRE(r.exit_code == 0);
  const auto lines = lines_of(r.out);
  const auto d = read_touchstone(in);
  REQUIRE(lines.size() == d.network.frequencies() + 1);
  CHECK_THAT(lines[0], StartsWith("freq_hz,s11_re,s11_im,s12_re,s12_im,s13_re"));
  CHECK_THAT(lines[0], Contains("s21_re,s21_im") && Contains(",s44_re,s44_im"));
  for (std::size_t k : {std::size_t{0}, std::size_t{100}, d.network.frequencies() - 1}) {
    const auto v = csv_numbers(lines[k + 1]);
    REQUIRE(v.size() == 33);
    CHECK(v[0] == d.network.freq_hz[k]); // shortest round-trip text: exact
    for (int e = 0; e < 16; ++e) {
      CHECK(v[1 + 2 * e] == d.network.s[k * 16 + static_cast<std::size_t>(e)].real());
      CHECK(v[2 + 2 * e] == d.network.s[k * 16 + static_cast<std::size_t>(e)].imag());
    }
  }
}

TEST_CASE("touchstone convert: Touchstone out (format from -o name), reads back",
          "[cli][touchstone]") {
  const auto dir = scratch_dir("ts-convert");
  const std::string out = (dir / "ca_db.s4p").string();
  const auto r = run_cli({"touchstone", "convert", kCa, "-o", out, "--to", "db"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  const auto a = read_touchstone(kCa);
  const auto b = read_touchstone(out);
  CHECK(b.format == TouchstoneFormat::DB);
  REQUIRE(b.network.s.size() == a.network.s.size());
  double worst = 0;
  for (std::size_t i = 0; i < a.network.s.size(); ++i)
    worst = std::max(worst, std::abs(a.network.s[i] - b.network.s[i]));
  // dB/angle and back: a few ulps of |S| ≤ 1.
  CHECK(worst < 1e-15);
  CHECK(b.network.freq_hz == a.network.freq_hz);
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone convert: from 10 ports the CSV names join indices with _",
          "[cli][touchstone]") {
  const auto dir = scratch_dir("ts-ten");
  Network net({1e9, 2e9}, 10);
  for (std::size_t i = 0; i < net.s.size(); ++i)
    net.s[i] = Complex(1e-3 * static_cast<double>(i), 0);
  const std::string in = (dir / "ten.s10p").string();
  {
    std::ofstream f(in);
    write_touchstone(f, net);
  }
  const auto r = run_cli({"touchstone", "convert", in});
  REQUIRE(r.exit_code == 0);
  const auto header = lines_of(r.out).at(0);
  CHECK_THAT(header, StartsWith("freq_hz,s1_1_re,s1_1_im,s1_2_re"));
  CHECK_THAT(header, Contains(",s1_10_re,s1_10_im,s2_1_re"));
  CHECK_THAT(header, Contains(",s10_10_im"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone commands: bad input gives exit 2, one line FILE:LINE, no output file",
          "[cli][touchstone][errors]") {
  struct Case {
    std::string file;
    int line;
  };
  const std::string bad = kData + "/touchstone/bad/";
  const std::vector<Case> cases = {
      {bad + "empty.s2p", 0},
      {bad + "does_not_exist.s2p", 0},
      {kData + "/touchstone/bad", 0},
      {bad + "truncated.s4p", 8},
      {bad + "wrapped_wrong.s4p", 7},
      {bad + "non_ascending.s1p", 4},
      {bad + "unknown_option.s1p", 2},
      {bad + "nan_value.s2p", 3},
      {bad + "garbage_number.s2p", 3},
      {bad + "unknown_keyword.ts", 5},
      {bad + "port_count_mismatch.s4p", 3},
      {bad + "no_extension.txt", 2},
      {bad + "frequency_count.ts", 8},
      {bad + "no_end.ts", 7},
      {bad + "data_before_option.s1p", 1},
      {bad + "complex_r.s1p", 1},
      {bad + "two_port_data.s4p", 2},
  };
  const auto dir = scratch_dir("ts-bad");
  for (const auto &c : cases) {
    for (const std::string out : {"out.csv", "out.s4p"}) {
      const std::string out_path = (dir / out).string();
      INFO(c.file << " -> " << out);
      const auto r = run_cli({"touchstone", "convert", c.file, "-o", out_path});
      CHECK(r.exit_code == 2);
      const auto err = r.err_lines();
      REQUIRE(err.size() == 1);
      CHECK_THAT(err[0], StartsWith("linkphy: " + c.file + ":" + std::to_string(c.line) + ": "));
      CHECK(r.out.empty());
      CHECK(std::filesystem::is_empty(dir)); // neither the output nor a temporary file
    }
    const auto info = run_cli({"touchstone", "info", c.file});
    CHECK(info.exit_code == 2);
    CHECK(info.err_lines().size() == 1);
  }
  // An output name whose .sNp disagrees with the network's port count.
  const auto r = run_cli({"touchstone", "convert", kCa, "-o", (dir / "x.s2p").string()});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("has 4 ports"));
  CHECK(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone commands have --help with an example", "[cli][touchstone]") {
  for (const char *sub : {"info", "convert"}) {
    const auto r = run_cli({"touchstone", sub, "--help"});
    INFO(sub);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("Example"));
    CHECK_THAT(r.out, Contains(std::string("linkphy touchstone ") + sub));
  }
}

TEST_CASE("touchstone mixed-mode: Sdd21 of CA_19p75dB_thru at 26.5625 GHz", "[cli][touchstone]") {
  // References: scikit-rf 0.15.4 (tests/data/reference/touchstone/CA_19p75dB_thru.s4p
  // .mixed_mode.csv): −19.7486 dB at the 26.56 GHz grid point (the "19.75 dB" of the name, a
  // 0.05 dB-rounded label: ±0.01 dB), −20.0763 dB at 26.5625 GHz by linear re/im interpolation.
  // The CSV prints shortest round-trip doubles, so 1e-5 dB only allows for arithmetic order.
  const auto at = [](const std::string &f) {
    const auto r = run_cli({"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4", "--freq", f});
    REQUIRE(r.exit_code == 0);
    const auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 2);
    CHECK_THAT(lines[0], StartsWith("freq_hz,sdd11_db,sdd12_db,sdd21_db,sdd22_db,sdc11_db"));
    CHECK_THAT(lines[0], Contains(",scc22_db"));
    const auto v = csv_numbers(lines[1]);
    REQUIRE(v.size() == 17);
    return v[3];
  };
  CHECK(at("26.56GHz") == Approx(-19.75).margin(0.01));
  CHECK(at("26.5625 GHz") == Approx(-20.076331).margin(1e-5));
}

TEST_CASE("touchstone mixed-mode: whole-band CSV and Touchstone output", "[cli][touchstone]") {
  const auto r = run_cli({"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4"});
  REQUIRE(r.exit_code == 0);
  CHECK(lines_of(r.out).size() == 6002);
  const auto dir = scratch_dir("ts-mm");
  const std::string out = (dir / "mm.ts").string();
  const auto w = run_cli({"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4", "-o", out});
  REQUIRE(w.exit_code == 0);
  const auto mm = read_touchstone(out);
  CHECK(mm.version == "2.0");
  CHECK(mm.network.z0_ohm == std::vector<double>{100, 100, 25, 25});
  CHECK(20 * std::log10(std::abs(mm.network.at(2656, 1, 0))) == Approx(-19.75).margin(0.01));
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone cascade matches scikit-rf", "[cli][touchstone]") {
  const std::string line = kData + "/channels/pcb_stripline_119mm.s2p";
  const auto dir = scratch_dir("ts-cascade");
  const std::string out = (dir / "two.s2p").string();
  const auto r = run_cli({"touchstone", "cascade", line, line, "-o", out});
  REQUIRE(r.exit_code == 0);
  const auto two = read_touchstone(out).network;
  std::ifstream ref(kData + "/reference/touchstone/pcb_stripline_119mm_x2.cascade.csv");
  std::string row;
  std::getline(ref, row);
  std::getline(ref, row);
  std::size_t rows = 0;
  while (std::getline(ref, row)) {
    const auto v = csv_numbers(row);
    const auto k = static_cast<std::size_t>(v[0]);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) {
        const std::size_t c = 2 + 2 * static_cast<std::size_t>(i * 2 + j);
        // scikit-rf's connect vs our cascade, written at full precision: 1e-9 absolute (|S| ≤ 1).
        CHECK(std::abs(two.at(k, i, j) - Complex(v[c], v[c + 1])) < 1e-9);
      }
    ++rows;
  }
  CHECK(rows > 50);
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone cascade of files that do not fit names the files as given",
          "[cli][touchstone]") {
  // Were named by their stems: "cascade of network 'pcb_stripline_119mm' and network 'ntwk1'".
  const auto dir = scratch_dir("ts-cascade-misfit");
  const std::string o = (dir / "x.s2p").string();
  const std::string line = kData + "/channels/pcb_stripline_119mm.s2p";
  const std::string s4p = kData + "/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p";
  const std::string ntwk1 = kData + "/touchstone/skrf/ntwk1.s2p";
  const std::string s3p = kData + "/touchstone/skrf/designer_wilkinson_splitter.s3p";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{line, s4p},
       "linkphy: cascade of network '" + line + "' and network '" + s4p +
           "': port counts differ (2 vs 4); cascade needs two 2N-ports with the same N"},
      {{line, ntwk1},
       "linkphy: cascade of network '" + line + "' and network '" + ntwk1 +
           "': frequency grids differ"},
      {{s3p, s3p},
       "linkphy: cascade of network '" + s3p + "' and network '" + s3p +
           "': needs an even port count"}};
  for (const auto &[files, start] : cases) {
    std::vector<std::string> args{"touchstone", "cascade"};
    args.insert(args.end(), files.begin(), files.end());
    args.insert(args.end(), {"-o", o});
    const auto r = run_cli(args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err_lines().size() == 1);
    CHECK_THAT(r.err, StartsWith(start));
    CHECK_FALSE(std::filesystem::exists(o));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone --format csv under a Touchstone name is refused", "[cli][touchstone]") {
  // Was written: a CSV named .s4p, which every Touchstone reader (linkphy too) then refuses.
  const auto dir = scratch_dir("ts-csv-name");
  const std::string s4p = kData + "/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p";
  for (const std::string name : {"x.s4p", "x.ts", "x.S4P"})
    for (const std::vector<std::string> &cmd :
         {std::vector<std::string>{"touchstone", "convert", s4p},
          std::vector<std::string>{"touchstone", "cascade", s4p, s4p},
          std::vector<std::string>{"touchstone", "mixed-mode", s4p, "--ports", "1-3:2-4"}}) {
      const std::string o = (dir / name).string();
      auto args = cmd;
      args.insert(args.end(), {"--format", "csv", "-o", o});
      const auto r = run_cli(args);
      INFO(cmd[1] << " " << name << ": " << r.err);
      CHECK(r.exit_code == 2);
      CHECK(r.err == "linkphy: -o '" + o +
                         "': a Touchstone name (.sNp, .ts) for --format csv; accepted: another "
                         "name (e.g. .csv), or --format touchstone\n");
      CHECK_FALSE(std::filesystem::exists(o));
    }
  // The CSV under another name, and Touchstone under the name, are written.
  const std::string csv = (dir / "x.csv").string();
  CHECK(run_cli({"touchstone", "convert", s4p, "--format", "csv", "-o", csv}).exit_code == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone cascade --port-order 1,3,2,4 cascades IEEE channel files as scikit-rf",
          "[cli][touchstone]") {
  // IEEE 802.3 files run 1/3 in, 2/4 out; cascade joins ports 3/4 of a file to 1/2 of the next.
  // Without --port-order the CA cable twice gave Sdd21 -28.55 dB at 26.5625 GHz (in− and out−
  // joined to in+ and out+), silently; with it, -39.65 dB (`linkphy channel` with two
  // differential touchstone stages agrees). Reference: skrf cascade_list of CA, TP, DPO each
  // renumbered to ports 1,3,2,4 (tests/data/reference/network/cascade_ca_tp_dpo_io.csv, every
  // 100th point; its ports are in+, in−, out+, out−, the files' 1, 3, 2, 4).
  const auto dir = scratch_dir("ts-cascade-io");
  const std::string out = (dir / "three.s4p").string();
  const auto r =
      run_cli({"touchstone", "cascade", kCa, kData + "/channels/Tp0_Tp5_28p5db_FQSFP_thru.s4p",
               kData + "/channels/DPO_4in_Meg7_THRU.s4p", "--port-order", "1,3,2,4", "-o", out});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const auto got = read_touchstone(out).network;
  REQUIRE(got.ports == 4);
  std::ifstream ref(kData + "/reference/network/cascade_ca_tp_dpo_io.csv");
  std::string row;
  std::getline(ref, row);
  std::getline(ref, row);
  const int file_port[4] = {0, 2, 1, 3}; // reference port (in+, in−, out+, out−) → file port
  std::size_t rows = 0;
  while (std::getline(ref, row)) {
    const auto v = csv_numbers(row);
    const auto k = static_cast<std::size_t>(std::llround(v[0] / 1e7)); // 10 MHz grid from 0 Hz
    REQUIRE(got.freq_hz[k] == v[0]);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const std::size_t c = 1 + 2 * static_cast<std::size_t>(i * 4 + j);
        // skrf's connect vs our cascade, three 4-ports, full precision: 1e-9 absolute (|S| ≤ 1).
        CHECK(std::abs(got.at(k, file_port[i], file_port[j]) - Complex(v[c], v[c + 1])) < 1e-9);
      }
    ++rows;
  }
  CHECK(rows == 61);
  // Without the option the IEEE order is noticed and said (the cascade itself is unchanged).
  const auto w = run_cli({"touchstone", "cascade", kCa, kCa, "-o", (dir / "two.s4p").string()});
  CHECK(w.exit_code == 0);
  CHECK_THAT(w.err, Contains("give --port-order 1,3,2,4"));
  // Bad orders: one line naming the option and what is accepted, no file.
  for (const char *bad : {"1,3,2", "1,3,2,4,5", "1,1,2,4", "0,1,2,3", "1,3,2,x", "1,3,,2,4"}) {
    const std::string o = (dir / "bad.s4p").string();
    const auto b = run_cli({"touchstone", "cascade", kCa, kCa, "--port-order", bad, "-o", o});
    INFO(bad << " -> " << b.err);
    CHECK(b.exit_code == 2);
    REQUIRE(b.err_lines().size() == 1);
    CHECK_THAT(b.err, StartsWith("linkphy: --port-order '" + std::string(bad) + "': "));
    CHECK_THAT(b.err, Contains("accepted: a permutation of 1..4"));
    CHECK_FALSE(std::filesystem::exists(o));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone cascade/mixed-mode: bad input gives exit 2, one line, no output file",
          "[cli][touchstone][errors]") {
  const auto dir = scratch_dir("ts-bad2");
  const std::string out = (dir / "out.csv").string();
  const std::vector<std::vector<std::string>> bad = {
      {"touchstone", "mixed-mode", kCa, "--ports", "1-5:2-4", "-o", out},
      {"touchstone", "mixed-mode", kCa, "--ports", "1-3", "-o", out},
      {"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4", "--freq", "26 m", "-o", out},
      {"touchstone", "cascade", kCa, kData + "/channels/pcb_stripline_119mm.s2p", "-o", out},
      {"touchstone", "cascade", kData + "/touchstone/bad/truncated.s4p", kCa, "-o", out},
  };
  for (const auto &args : bad) {
    INFO(args[2] << " " << args[3] << " " << args[4]);
    const auto r = run_cli(args);
    CHECK(r.exit_code == 2);
    const auto err = r.err_lines();
    REQUIRE(err.size() == 1);
    CHECK_THAT(err[0], StartsWith("linkphy: "));
    CHECK(std::filesystem::is_empty(dir));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone convert to CSV says a reference impedance other than 50 ohm",
          "[cli][touchstone]") {
  // The CSV columns carry S only: a 75-ohm file converted to CSV read back as 50-ohm data with
  // nothing said. ex17_v2_noise.ts has [Reference] 50 25.
  const auto r = run_cli(
      {"touchstone", "convert", kData + "/touchstone/spec/ex17_v2_noise.ts", "--format", "csv"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Contains("referenced to 50 25 ohm (per port; the CSV has no z0 column)"));
  const auto plain = run_cli({"touchstone", "convert", kCa});
  REQUIRE(plain.exit_code == 0);
  CHECK(plain.err.empty()); // 50 ohm: nothing to say
}

TEST_CASE("touchstone mixed-mode: a --freq outside the band or out of order is named",
          "[cli][touchstone][errors]") {
  // Were "interpolation of network 'CA_19p75dB_thru mixed-mode': 70000000000.000000 Hz is
  // outside the network's band [0.000000, 60000000000.000000] Hz" (std::to_string, no option)
  // and "... strictly ascending (point 2)".
  const auto dir = scratch_dir("ts-freq");
  const std::string out = (dir / "out.csv").string();
  struct Bad {
    std::vector<std::string> freqs;
    std::string says;
  };
  const std::vector<Bad> bad = {
      {{"70GHz"}, "--freq '70GHz': outside the file's band; accepted: 0 to 60 GHz"},
      {{"26GHz", "13GHz"}, "--freq '13GHz': not above the --freq before it"},
      {{"26GHz", "26GHz"}, "--freq '26GHz': not above the --freq before it"},
  };
  for (const auto &b : bad) {
    std::vector<std::string> args = {"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4"};
    for (const auto &f : b.freqs) {
      args.push_back("--freq");
      args.push_back(f);
    }
    args.push_back("-o");
    args.push_back(out);
    const auto r = run_cli(args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    const auto err = r.err_lines();
    REQUIRE(err.size() == 1);
    CHECK_THAT(err[0], StartsWith("linkphy: " + b.says));
    CHECK(std::filesystem::is_empty(dir));
  }
  // The file's own band ends are accepted (no extrapolation needed).
  const auto ok = run_cli(
      {"touchstone", "mixed-mode", kCa, "--ports", "1-3:2-4", "--freq", "0Hz", "--freq", "60GHz"});
  CHECK(ok.exit_code == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("touchstone cascade and mixed-mode have --help with an example", "[cli][touchstone]") {
  for (const char *sub : {"cascade", "mixed-mode"}) {
    const auto r = run_cli({"touchstone", sub, "--help"});
    INFO(sub);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("Example"));
    CHECK_THAT(r.out, Contains(std::string("linkphy touchstone ") + sub));
  }
}

TEST_CASE("touchstone info: a port count the file cannot hold is refused within 512 MB",
          "[cli][touchstone][errors]") {
  // 10000 ports declare 2·10000² numbers a point: the reader used to allocate them (1.6 GB)
  // before reading any data, and died of bad_alloc under this limit.
  if (!linkphy::test::address_space_limits_work) {
    WARN(linkphy::test::address_space_limits_skipped);
    return;
  }
  const std::size_t limit = std::size_t{512} << 20;
  const auto dir = scratch_dir("ts-huge");
  const std::string v2 = (dir / "huge.ts").string();
  const std::string v1 = (dir / "huge.s9999p").string();
  std::ofstream(v2) << "[Version] 2.0\n# GHz S RI R 50\n[Number of Ports] 10000\n"
                       "[Number of Frequencies] 1\n[Network Data]\n1 0 0\n[End]\n";
  std::ofstream(v1) << "# GHz S RI R 50\n1 0 0\n";
  const auto a = run_cli_limited({"touchstone", "info", v2}, limit);
  CHECK(a.exit_code == 2);
  CHECK(a.out.empty());
  REQUIRE(a.err_lines().size() == 1);
  CHECK(a.err_lines()[0] ==
        "linkphy: " + v2 +
            ":3: [Number of Ports] 10000 needs 1 + 2·10000² = 200000001 numbers per frequency "
            "point but the 13 bytes from line 5 on hold at most 7 numbers (accepted: a port count "
            "whose network data the file holds, 1 to 10000)");
  const auto b = run_cli_limited({"touchstone", "info", v1}, limit);
  CHECK(b.exit_code == 2);
  CHECK(b.out.empty());
  REQUIRE(b.err_lines().size() == 1);
  CHECK(b.err_lines()[0] == "linkphy: " + v1 +
                                ":2: the extension .s9999p declares 9999 ports, which need 1 + "
                                "2·9999² = 199960003 numbers per frequency point, but the 6 bytes "
                                "from line 2 on hold at most 3 numbers (accepted: the extension "
                                ".sNp with N = the ports of the data)");
  // The limit leaves room for a real file.
  const auto ok = run_cli_limited({"touchstone", "info", kCa}, limit);
  CHECK(ok.exit_code == 0);
  CHECK_THAT(ok.out, Contains("ports:           4"));
  std::filesystem::remove_all(dir);
}
