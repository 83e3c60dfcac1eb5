// `linkphy link` and `linkphy reach`: DESIGN.md §6 keys, text form, bad input → exit 2.
#include "cli_run.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using linkphy::test::run_program;

namespace {
linkphy::test::CliResult run(const std::vector<std::string> &args) {
  return run_program(LINKPHY_CLI, args);
}
} // namespace

TEST_CASE("linkphy link prints the DESIGN.md report keys", "[cli][link]") {
  const auto r = run({"link", "--tech", "dac", "--length", "2m", "--rate", "100G"});
  REQUIRE(r.exit_code == 0);
  for (const char *key :
       {"\"tech\":\"dac\"", "\"length_m\":2", "\"lane_rate_gbps\":106.25", "\"baud_gbd\":53.125",
        "\"modulation\":\"PAM4\"", "\"il_nyquist_db\":", "\"snr_db\":", "\"ber_pre_fec\":",
        "\"ber_post_fec\":", "\"fec\":\"KP4\"", "\"margin_db\":", "\"feasible\":", "\"power_w\":0",
        "\"energy_pj_per_bit\":", "\"heat_w\":", "\"stages\":[", "\"hops\":[",
        "\"com_db\":", "\"eye_height_mv\":"})
    CHECK(r.out.find(key) != std::string::npos);
  CHECK(r.out.find("\"kind\":\"twinax\"") != std::string::npos);
}

TEST_CASE("linkphy link prints null lanes when no module build gives a count", "[cli][link]") {
  // dac has no module build at 400G (no SerDes power entry above 256 Gb/s): no power model, so
  // no lane count either; it used to print "lanes":0.
  const auto r = run({"link", "--tech", "dac", "--rate", "400G", "--length", "1m"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("\"lanes\":null,\"power_w\":null,") != std::string::npos);
  CHECK(r.out.find("\"lanes\":0") == std::string::npos);
  // The text form says the power (and so its lanes) is not modelled.
  const auto text =
      run({"link", "--tech", "dac", "--rate", "400G", "--length", "1m", "--format", "text"});
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("power           not modelled at this rate (see warnings)") !=
        std::string::npos);
}

TEST_CASE("linkphy link text form and analytic fidelity", "[cli][link]") {
  const auto r = run({"link", "--tech", "pcb", "--length", "10in", "--rate", "50G", "--fidelity",
                      "analytic", "--format", "text"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("IL at Nyquist") != std::string::npos);
  CHECK(r.out.find("fidelity        analytic") != std::string::npos);
}

TEST_CASE("linkphy link and reach reject bad input with exit 2 and one line", "[cli][link]") {
  const std::vector<std::vector<std::string>> bad{
      {"link", "--tech", "nope", "--length", "1m", "--rate", "100G"},
      {"link", "--tech", "dac", "--length", "1", "--rate", "100G"},
      {"link", "--tech", "dac", "--length", "1m", "--rate", "100G", "--set", "colour=red"},
      {"link", "--tech", "dac", "--length", "1m", "--rate", "100G", "--set", "serdes.dfe_taps=99"},
      {"link", "--tech", "dac", "--length", "1m", "--rate", "100G", "--fidelity", "exact"},
      {"reach", "--tech", "dac", "--rate", "100G", "--ber-target", "2"},
      {"link", "--tech", "dsp-sr", "--length", "50m", "--rate", "400G"},
      {"reach", "--tech", "lpo", "--rate", "25G"},
      {"link", "--tech", "dsp-dr", "--length", "100m", "--rate", "100G", "--set",
       "extra_loss=-1dB"}};
  for (const auto &args : bad) {
    const auto r = run(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err_lines().size() == 1);
    CHECK(r.err.rfind("linkphy: ", 0) == 0);
  }
}

TEST_CASE("linkphy link names what a missing required option accepts", "[cli][link]") {
  const auto no_tech = run({"link", "--length", "2m", "--rate", "100G"});
  CHECK(no_tech.exit_code == 2);
  CHECK(no_tech.err == "linkphy: --tech: required, on the command line or as 'tech' in --config "
                       "(accepted: acc, aec, aoc, backplane, cpo, d2d, dac, dsp-dr, dsp-fr, "
                       "dsp-lr, dsp-sr, lpo, lro, pcb)\n");
  const auto no_length = run({"link", "--tech", "dac", "--rate", "100G"});
  CHECK(no_length.exit_code == 2);
  CHECK(no_length.err == "linkphy: --length: required, on the command line or as 'length' in "
                         "--config (accepted: a length with its unit, 0 m to 100 km, e.g. 2m)\n");
  const auto no_rate = run({"link", "--tech", "dac", "--length", "2m"});
  CHECK(no_rate.exit_code == 2);
  CHECK(no_rate.err == "linkphy: --rate: required, on the command line or as 'rate' in --config "
                       "(accepted: 25G, 50G, 100G, 200G, 400G, or a rate with its unit and "
                       "modulation such as '106.25 Gb/s PAM4')\n");
}

TEST_CASE("linkphy reach returns the bisected length", "[cli][reach]") {
  const auto r = run({"reach", "--tech", "dac", "--rate", "100G", "--fidelity", "analytic"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("\"reach_m\":") != std::string::npos);
  CHECK(r.out.find("\"tech\":\"dac\"") != std::string::npos);
}

TEST_CASE("linkphy link on a measured IEEE channel, a band below Nyquist is refused",
          "[cli][link]") {
  const std::string ch = std::string(LINKPHY_TEST_DATA_DIR) + "/channels/";
  const auto r =
      run({"link", "--tech", "backplane", "--length", "0m", "--rate", "100G", "--channel",
           "touchstone:file=" + ch + "Tp0_Tp5_28p5db_FQSFP_thru.s4p,ports=1-3:2-4"});
  REQUIRE(r.exit_code == 0);
  // The file's name gives its IL at Nyquist: 28.5 dB (IEEE 802.3ck channel set); our grid
  // interpolates the measured points, so 0.5 dB.
  const auto p = r.out.find("\"il_nyquist_db\":");
  REQUIRE(p != std::string::npos);
  CHECK(std::stod(r.out.substr(p + 16, 12)) == Approx(28.5).margin(0.5));
  // 400G PAM4: Nyquist 106.25 GHz, the stripline file ends at 70 GHz.
  const auto bad = run({"link", "--tech", "pcb", "--length", "0m", "--rate", "400G", "--channel",
                        "touchstone:file=" + ch + "pcb_stripline_119mm.s2p"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("below the Nyquist frequency") != std::string::npos);
}

TEST_CASE("linkphy sweep with the link evaluator writes one row per point", "[cli][link]") {
  const auto dir = linkphy::test::scratch_dir("link-sweep");
  const auto out = (dir / "links.csv").string();
  const auto r = run(
      {"sweep", std::string(LINKPHY_SOURCE_DIR) + "/sweeps/examples/link_reach.toml", "-o", out});
  REQUIRE(r.exit_code == 0);
  const std::string csv = linkphy::test::read_text_file(out);
  std::size_t lines = 0;
  for (char c : csv)
    lines += c == '\n';
  CHECK(lines == 1 + 2 * 3 * 16); // header + tech × rate × length
  CHECK(csv.find("ber_post_fec") != std::string::npos);
}

TEST_CASE("linkphy link on optical technologies: optical hops and the rate check", "[cli][link]") {
  const auto r = run(
      {"link", "--tech", "dsp-dr", "--length", "300m", "--rate", "100G", "--fidelity", "analytic"});
  REQUIRE(r.exit_code == 0);
  for (const char *key : {"\"kind\":\"optical\"", "\"pmd\":\"100gbase_dr\"",
                          "\"optical_margin_db\":", "\"optical_il_db\":", "\"limited_by\":\"\"",
                          "\"rate_class\":\"100G\"", "\"feasible\":true"})
    CHECK(r.out.find(key) != std::string::npos);
  const auto bad = run({"link", "--tech", "dsp-sr", "--length", "50m", "--rate", "400G"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "linkphy: --rate: technology 'dsp-sr' cannot run 400G (it runs 25G, 50G, "
                   "100G)\n");
  const auto unknown = run({"link", "--tech", "warp", "--length", "1m", "--rate", "100G"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown technology 'warp'") != std::string::npos);
}

TEST_CASE("linkphy link warns when the length is outside the technology's catalog range",
          "[cli][link]") {
  // technologies.toml: d2d is built for 0.5 mm to 50 mm, dac for 0.1 m to 10 m. A length outside
  // is still evaluated (the physics extrapolates) but the report says so, at every fidelity.
  const std::string warn = "outside the range technology 'd2d' is built for (0.0005 m to 0.05 m";
  for (const char *fid : {"analytic", "statistical"}) {
    const auto r =
        run({"link", "--tech", "d2d", "--length", "1m", "--rate", "50G", "--fidelity", fid});
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find(warn) != std::string::npos);
    CHECK(r.out.find(warn) != std::string::npos); // in the JSON report's warnings too
  }
  const auto in_range =
      run({"link", "--tech", "d2d", "--length", "10mm", "--rate", "50G", "--fidelity", "analytic"});
  REQUIRE(in_range.exit_code == 0);
  CHECK(in_range.err.find("outside the range") == std::string::npos);
  const auto long_dac =
      run({"link", "--tech", "dac", "--length", "12m", "--rate", "100G", "--fidelity", "analytic"});
  REQUIRE(long_dac.exit_code == 0);
  CHECK(long_dac.err.find("length 12 m is outside the range technology 'dac' is built for (0.1 m "
                          "to 10 m") != std::string::npos);
}

TEST_CASE("linkphy link and reach take user channel catalogs (--catalog KIND=FILE)",
          "[cli][link][catalog]") {
  // DESIGN.md §5: users add catalog entries and override built-in ones. `channel` had
  // --catalog; a technology's stages (e.g. backplane's material) could only use built-in entries.
  namespace fs = std::filesystem;
  const fs::path dir = linkphy::test::scratch_dir("link-catalog");
  const fs::path mine = dir / "mine.toml", other = dir / "other.toml";
  std::ofstream(mine) << "[lossy_resin]\nsource = \"test: an FR-4-like resin\"\ndk = 4.2\n"
                         "df = 0.02\nf_ref = \"1 GHz\"\n";
  // The same name with Megtron-7's figures: a cache keyed without the catalogs would mix them.
  std::ofstream(other) << "[lossy_resin]\nsource = \"test: Megtron-7 figures\"\ndk = 3.35\n"
                          "df = 0.002\nf_ref = \"12 GHz\"\n";
  auto il = [&](const fs::path &cat, const char *fid) {
    const auto r =
        run({"link", "--tech", "backplane", "--length", "0.3m", "--rate", "50G", "--set",
             "material=lossy_resin", "--catalog", "laminates=" + cat.string(), "--fidelity", fid});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto k = r.out.find("\"il_nyquist_db\":");
    return std::stod(r.out.substr(k + 16));
  };
  const auto m7 = run({"link", "--tech", "backplane", "--length", "0.3m", "--rate", "50G",
                       "--fidelity", "analytic"});
  REQUIRE(m7.exit_code == 0);
  const double il_m7 = std::stod(m7.out.substr(m7.out.find("\"il_nyquist_db\":") + 16));
  for (const char *fid : {"analytic", "statistical"}) {
    INFO(fid);
    // Df 0.02 against 0.002 over 0.3 m of backplane at 13.3 GHz: several dB more loss.
    CHECK(il(mine, fid) > il_m7 + 3.0);
    // Megtron-7's own Dk/Df under another name: the built-in backplane's loss (to 1e-9 dB).
    CHECK(il(other, fid) == Approx(il_m7).margin(1e-9));
  }
  const auto reach =
      run({"reach", "--tech", "backplane", "--rate", "50G", "--set", "material=lossy_resin",
           "--catalog", "laminates=" + mine.string(), "--fidelity", "analytic"});
  CHECK(reach.exit_code == 0);
  // Without the catalog the name is unknown; a bad catalog argument names the option.
  const auto unknown = run({"link", "--tech", "backplane", "--length", "0.3m", "--rate", "50G",
                            "--set", "material=lossy_resin", "--fidelity", "analytic"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown laminate 'lossy_resin'") != std::string::npos);
  const auto bad =
      run({"link", "--tech", "dac", "--length", "1m", "--rate", "100G", "--catalog", "laminates"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "linkphy: --catalog 'laminates': expected KIND=FILE (KIND: laminates, foils, "
                   "cables, packages)\n");
  const auto missing = run({"link", "--tech", "dac", "--length", "1m", "--rate", "100G",
                            "--catalog", "laminates=" + (dir / "none.toml").string()});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("catalog file not found") != std::string::npos);
  fs::remove_all(dir);
}
