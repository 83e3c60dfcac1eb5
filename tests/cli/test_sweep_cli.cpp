// The sweep CLI end to end: kill-and-resume, shards and merge, bad specs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string &name) {
  const auto dir = fs::temp_directory_path() / "linkphy_test_sweep_cli";
  fs::create_directories(dir);
  return dir / name;
}

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs a shell command; returns the raw wait status.
int run(const std::string &cmd) { return std::system(cmd.c_str()); }

std::string cli() { return std::string(LINKPHY_CLI); }

// 10,000 points of the `fec` evaluator: 2 codes × 5,000 pre-FEC BERs.
fs::path big_spec(const std::string &name) {
  const auto p = scratch(name);
  std::ofstream(p) << "[sweep]\nname = \"resume-test\"\nevaluator = \"fec\"\n[axes]\n"
                      "fec = [\"KR4\", \"KP4\"]\n"
                      "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 5000 }\n";
  return p;
}

} // namespace

TEST_CASE("a killed sweep resumes to exactly the rows of an uninterrupted run", "[sweep][cli]") {
  const auto spec = big_spec("big_resume.toml");
  const auto ref = scratch("ref.csv");
  REQUIRE(run(cli() + " sweep " + spec.string() + " -q --threads 2 -o " + ref.string()) == 0);
  const std::string expected = slurp(ref);
  REQUIRE(std::count(expected.begin(), expected.end(), '\n') == 10001);

  std::mt19937 rng(20261202);
  for (int trial = 0; trial < 4; ++trial) {
    const auto out = scratch("killed" + std::to_string(trial) + ".csv");
    fs::remove(out);
    fs::remove(fs::path(out.string() + ".partial"));
    // Kill at random points (SIGKILL from inside after N rows), resuming each time, until done.
    int kills = 0;
    for (int round = 0; round < 10; ++round) {
      const int n = std::uniform_int_distribution<int>(1, 4000)(rng);
      const std::string resume = round ? " --resume" : "";
      std::string cmd = "LINKPHY_TEST_KILL_AFTER_ROWS=";
      cmd += std::to_string(n) + " " + cli() + " sweep " + spec.string() + " -q --threads 2 -o " +
             out.string() + resume + " 2>/dev/null";
      const int status = run(cmd);
      if (status == 0)
        break;
      ++kills;
      REQUIRE(fs::exists(fs::path(out.string() + ".partial")));
      REQUIRE_FALSE(fs::exists(out));
    }
    CHECK(kills >= 1);
    if (!fs::exists(out))
      REQUIRE(run(cli() + " sweep " + spec.string() + " -q --threads 2 --resume -o " +
                  out.string()) == 0);
    CHECK(slurp(out) == expected);
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial")));
  }
}

TEST_CASE("shards merge to the same file as one run", "[sweep][cli]") {
  const auto spec = big_spec("big_shard.toml");
  const auto ref = scratch("ref_shard.csv");
  REQUIRE(run(cli() + " sweep " + spec.string() + " -q --threads 1 -o " + ref.string()) == 0);
  std::string parts;
  for (int k = 1; k <= 3; ++k) {
    std::string name = "part";
    name += std::to_string(k) + ".csv";
    const auto part = scratch(name);
    REQUIRE(run(cli() + " sweep " + spec.string() + " -q --shard " + std::to_string(k) + "/3 -o " +
                part.string()) == 0);
    parts += ' ';
    parts += part.string();
  }
  const auto merged = scratch("merged.csv");
  REQUIRE(run(cli() + " merge" + parts + " -o " + merged.string()) == 0);
  CHECK(slurp(merged) == slurp(ref));
}

TEST_CASE("bad sweep specs exit 2 with one line and leave no output", "[sweep][cli][bad-input]") {
  const auto check = [](const std::string &name, const std::string &text,
                        const std::string &message) {
    const auto spec = scratch(name);
    std::ofstream(spec) << text;
    const auto out = scratch(name + ".csv"), err = scratch(name + ".err");
    fs::remove(out);
    const int status =
        run(cli() + " sweep " + spec.string() + " -q -o " + out.string() + " 2>" + err.string());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    const std::string e = slurp(err);
    CHECK(std::count(e.begin(), e.end(), '\n') == 1);
    CHECK_THAT(e, Catch::Matchers::StartsWith("linkphy: ") && Catch::Matchers::Contains(message));
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial")));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".json")));
  };
  // The classes of issue 7's Done-means: unknown key (in [sweep], [fixed] and as an axis),
  // unit-less value, empty axis, a 10^9-point product without --force; each names FILE:LINE.
  check("unknown_sweep_key.toml", "[sweep]\nevaluator = \"fec\"\ncolour = \"red\"\n",
        "unknown_sweep_key.toml:3: unknown key 'colour' in [sweep]");
  check("unknown_axis_key.toml",
        "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = [\"10 dB\"]\n"
        "colour = [\"red\", \"blue\"]\n",
        "unknown_axis_key.toml:5: key 'colour': unknown key");
  check("unitless_range.toml",
        "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = { lin = [10, 20], points = 3 }\n",
        "unitless_range.toml:4: key 'snr': '10' has no unit");
  check("unitless_fixed.toml",
        "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\ntech = \"dac\"\n"
        "rate = \"100G\"\nlength = 2\n",
        "unitless_fixed.toml:7: key 'length': '2' has no unit");
  // A unit-less value that is not on the first point fails mid-run: the partial file goes too.
  check("unitless_later.toml",
        "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = [\"10 dB\", \"20 dB\", 30]\n",
        "unitless_later.toml:4: key 'snr': '30' has no unit");
  // A bad technology on a late point of the link evaluator: refused before any point runs.
  check("late_tech.toml",
        "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\nrate = \"100G\"\n"
        "length = \"1 m\"\n[axes]\ntech = [\"dac\", \"warp\"]\n",
        "late_tech.toml:8: axis 'tech': unknown technology 'warp'");
  check("empty_axis_line.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = []\n",
        "empty_axis_line.toml:4: axis 'snr' is empty");
  check("billion.toml",
        "[sweep]\nevaluator = \"pam\"\n[axes]\na = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n"
        "b = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n"
        "c = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n",
        "billion.toml:3: 1000000000 points in [axes]");
  check("unknown_evaluator_line.toml", "[sweep]\nname = \"x\"\nevaluator = \"magic\"\n",
        "unknown_evaluator_line.toml:3: unknown evaluator 'magic'");
  check("unknown_point_key.toml",
        "[sweep]\nevaluator = \"fec\"\n[fixed]\ncolour = \"red\"\n[axes]\nber_pre = [1e-3]\n",
        "unknown_point_key.toml:4: key 'colour': unknown key");
  check("unitless.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = [10, 20]\n",
        "unitless.toml:4: key 'snr': '10' has no unit");
  check("unknown_evaluator.toml", "[sweep]\nevaluator = \"magic\"\n", "unknown evaluator 'magic'");
  check("empty_axis.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = []\n", "is empty");
  check("huge.toml",
        "[sweep]\nevaluator = \"pam\"\n[axes]\na = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n"
        "b = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n"
        "c = { lin = [\"1 dB\", \"2 dB\"], points = 1000 }\n",
        "pass --force");
  check("out_of_range.toml", "[sweep]\nevaluator = \"fec\"\n[axes]\nber_pre = [1e-3, 0.9]\n",
        "out of range");
}

namespace {

// Runs `linkphy sweep SPEC -q --threads 1 -o OUT ARGS`, stderr to ERR; returns the exit status
// (or -1 when killed).
int sweep_to(const fs::path &spec, const fs::path &out, const std::string &args,
             const fs::path &err, const std::string &env = "") {
  const int status = run(env + cli() + " sweep " + spec.string() + " -q --threads 1 -o " +
                         out.string() + " " + args + " 2>" + err.string());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A killed run of `spec` into `out` (SIGKILL after 300 of its 10,000 rows): out.partial is left.
void killed_run(const fs::path &spec, const fs::path &out) {
  for (const auto &p : {out, fs::path(out.string() + ".partial"),
                        fs::path(out.string() + ".partial.spec"), fs::path(out.string() + ".json")})
    fs::remove(p);
  sweep_to(spec, out, "", scratch("killed.err"), "LINKPHY_TEST_KILL_AFTER_ROWS=300 ");
  REQUIRE(fs::exists(fs::path(out.string() + ".partial")));
  REQUIRE_FALSE(fs::exists(out));
}

std::string one_line(const fs::path &err) {
  const std::string e = slurp(err);
  CHECK(std::count(e.begin(), e.end(), '\n') == 1);
  return e;
}

} // namespace

TEST_CASE("sweep --resume refuses a partial written by a changed spec and leaves it as it is",
          "[sweep][cli][resume]") {
  const auto err = scratch("changed.err");
  const auto out = scratch("changed.csv");
  const fs::path partial(out.string() + ".partial");
  SECTION("an axis' values changed (same header, same point count)") {
    const auto spec = big_spec("changed_axis.toml");
    killed_run(spec, out);
    const std::string before = slurp(partial);
    std::ofstream(spec) << "[sweep]\nname = \"resume-test\"\nevaluator = \"fec\"\n[axes]\n"
                           "fec = [\"KR4\", \"KP4\"]\n"
                           "ber_pre = { log = [\"1e-9\", \"1e-2\"], points = 5000 }\n";
    CHECK(sweep_to(spec, out, "--resume", err) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: " + partial.string() +
                                                          ": written by another sweep") &&
                                  Catch::Matchers::Contains("not resuming"));
    CHECK(slurp(partial) == before);
    CHECK_FALSE(fs::exists(out));
    // A partial without its stamp (an older binary's): the rows' axis cells give it away.
    fs::remove(fs::path(partial.string() + ".spec"));
    CHECK(sweep_to(spec, out, "--resume", err) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: " + partial.string() +
                                                          ":2: "
                                                          "point 0: its axis values are not this "
                                                          "spec's"));
    CHECK(slurp(partial) == before);
    CHECK_FALSE(fs::exists(out));
  }
  SECTION("a fixed key changed (same header, same axes)") {
    const auto spec = scratch("changed_fixed.toml");
    const auto write = [&](const char *code) {
      std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"" << code
                          << "\"\n[axes]\nber_pre = { log = [\"1e-8\", \"1e-2\"], points = 10000 "
                             "}\n";
    };
    write("KP4");
    killed_run(spec, out);
    write("KR4");
    CHECK(sweep_to(spec, out, "--resume", err) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::Contains("written by another sweep"));
    CHECK_FALSE(fs::exists(out));
    // The spec restored: the run resumes and ends as an uninterrupted one.
    write("KP4");
    CHECK(sweep_to(spec, out, "--resume", err) == 0);
    const auto ref = scratch("changed_fixed_ref.csv");
    CHECK(sweep_to(spec, ref, "", err) == 0);
    CHECK(slurp(out) == slurp(ref));
    CHECK_FALSE(fs::exists(partial));
    CHECK_FALSE(fs::exists(fs::path(partial.string() + ".spec")));
  }
}

// Before, the result cells of a resumed row were copied unread: a partial with garbage in them
// gave an OUT carrying it, exit 0.
TEST_CASE("sweep --resume refuses a partial with a corrupted result cell and leaves it as it is",
          "[sweep][cli][resume]") {
  const auto err = scratch("cells.err");
  const auto out = scratch("cells.csv");
  const fs::path partial(out.string() + ".partial");
  const auto spec = scratch("cells.toml");
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                         "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 10000 }\n";
  // Columns: point,ber_pre,fec,ber_post_fec,codeword_error_ratio,frame_loss_ratio. Cell
  // `column` (0-based) of line 3 (point 1) replaced by `cell`; refused with `what`.
  const auto check = [&](int column, const std::string &cell, const std::string &what) {
    killed_run(spec, out);
    std::string text = slurp(partial);
    std::size_t at = text.find('\n', text.find('\n') + 1) + 1; // line 3
    for (int c = 0; c < column; ++c)
      at = text.find(',', at) + 1;
    const std::size_t end = text.find_first_of(",\n", at);
    text.replace(at, end - at, cell);
    std::ofstream(partial, std::ios::binary) << text;
    CHECK(sweep_to(spec, out, "--resume", err) == 2);
    CHECK(one_line(err) == "linkphy: " + partial.string() + ":3: " + what +
                               "; not resuming: the partial is corrupted (delete it to start "
                               "over)\n");
    CHECK(slurp(partial) == text);
    CHECK_FALSE(fs::exists(out));
  };
  const std::string number = " (accepted: a number, or nan/inf/-inf as the sweep writes them)";
  const std::string printable = " (accepted: text without control characters, quoted as the "
                                "sweep writes it)";
  SECTION("a numeric cell") {
    check(3, "abc", "column 'ber_post_fec': 'abc' is not a number" + number);
    check(4, "1e400", "column 'codeword_error_ratio': '1e400' is not a number" + number);
    check(5, "", "column 'frame_loss_ratio': '' is not a number" + number);
    check(3, "infinity", "column 'ber_post_fec': 'infinity' is not a number" + number);
    check(3, std::string(100000, '1'),
          "column 'ber_post_fec': '" + std::string(40, '1') + "… (100000 bytes)' is not a number" +
              number);
  }
  SECTION("a text cell") {
    check(2, "KP\xff", "column 'fec': 'KP\\xff' is not printable UTF-8 text" + printable);
    check(2, "KP\x01", "column 'fec': 'KP\\x01' is not printable UTF-8 text" + printable);
    check(2, "K\"P\"4", "column 'fec': 'K\"P\"4' is not printable UTF-8 text" + printable);
  }
  SECTION("the cells the sweep writes are resumed") {
    killed_run(spec, out);
    std::string text = slurp(partial);
    std::size_t at = text.find('\n', text.find('\n') + 1) + 1; // line 3: nan, -inf, quoted text
    for (int c = 0; c < 2; ++c)
      at = text.find(',', at) + 1;
    const std::size_t end = text.find('\n', at);
    text.replace(at, end - at, "\"K,P4\",nan,-inf,inf");
    std::ofstream(partial, std::ios::binary) << text;
    CHECK(sweep_to(spec, out, "--resume", err) == 0);
    CHECK(slurp(out).find(",\"K,P4\",nan,-inf,inf\n") != std::string::npos);
  }
}

TEST_CASE("sweep --resume with no partial: a complete output of the same sweep is left alone",
          "[sweep][cli][resume]") {
  const auto spec = scratch("complete.toml");
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                         "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 50 }\n";
  const auto out = scratch("complete.csv"), err = scratch("complete.err");
  fs::remove(out);
  fs::remove(fs::path(out.string() + ".partial"));
  // Neither OUT nor OUT.partial: a fresh run.
  REQUIRE(sweep_to(spec, out, "--resume", err) == 0);
  const std::string done = slurp(out), sidecar = slurp(fs::path(out.string() + ".json"));
  CHECK(std::count(done.begin(), done.end(), '\n') == 51);
  // The sidecar records the fingerprint --resume compares, and does not call every column SI
  // (the evaluators' columns carry their own units: _gbps, _mv, _pj_per_bit).
  CHECK_THAT(sidecar, Catch::Matchers::Contains("\"spec_hash\": \"") &&
                          Catch::Matchers::Contains("axis columns are in SI units") &&
                          !Catch::Matchers::Contains("\"units\": \"SI;"));
  // OUT complete, the same sweep: nothing evaluated, nothing rewritten.
  CHECK(sweep_to(spec, out, "--resume", err) == 0);
  CHECK_THAT(one_line(err), Catch::Matchers::Contains("is complete") &&
                                Catch::Matchers::Contains("nothing to resume"));
  CHECK(slurp(out) == done);
  CHECK(slurp(fs::path(out.string() + ".json")) == sidecar);
  // Another shard of it, or another sweep: refused, OUT kept.
  CHECK(sweep_to(spec, out, "--resume --shard 1/2", err) == 2);
  CHECK_THAT(one_line(err), Catch::Matchers::Contains("does not record this sweep"));
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KR4\"\n[axes]\n"
                         "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 50 }\n";
  CHECK(sweep_to(spec, out, "--resume", err) == 2);
  CHECK_THAT(one_line(err),
             Catch::Matchers::StartsWith("linkphy: --resume: " + out.string() + " exists") &&
                 Catch::Matchers::Contains("does not record this sweep"));
  CHECK(slurp(out) == done);
}

TEST_CASE("merge refuses shards of different sweeps that share a header", "[sweep][cli][merge]") {
  const auto a = scratch("merge_a.toml"), b = scratch("merge_b.toml");
  std::ofstream(a) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                      "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 30 }\n";
  std::ofstream(b) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                      "ber_pre = { log = [\"1e-9\", \"1e-2\"], points = 30 }\n";
  const auto p1 = scratch("merge_p1.csv"), p2 = scratch("merge_p2.csv"),
             q2 = scratch("merge_q2.csv"), err = scratch("merge.err"),
             merged = scratch("merge_ab.csv");
  REQUIRE(sweep_to(a, p1, "--shard 1/2", err) == 0);
  REQUIRE(sweep_to(a, p2, "--shard 2/2", err) == 0);
  REQUIRE(sweep_to(b, q2, "--shard 2/2", err) == 0);
  fs::remove(merged);
  const int status = run(cli() + " merge " + p1.string() + " " + q2.string() + " -o " +
                         merged.string() + " 2>" + err.string());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: " + q2.string() + ".json: ") &&
                                Catch::Matchers::Contains("shards of different sweeps"));
  CHECK_FALSE(fs::exists(merged));
  // The shards of one sweep still merge, in any order.
  CHECK(run(cli() + " merge " + p2.string() + " " + p1.string() + " -o " + merged.string()) == 0);
  const auto whole = scratch("merge_whole.csv");
  REQUIRE(sweep_to(a, whole, "", err) == 0);
  CHECK(slurp(merged) == slurp(whole));
}

TEST_CASE("a misspelt axis key, a rate a technology cannot run and an unknown --set key are "
          "refused before any point runs",
          "[sweep][cli][bad-input]") {
  const auto check = [](const std::string &name, const std::string &text,
                        const std::string &message) {
    const auto spec = scratch(name);
    std::ofstream(spec) << text;
    const auto out = scratch(name + ".csv"), err = scratch(name + ".err");
    fs::remove(out);
    CHECK(sweep_to(spec, out, "", err) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: " + spec.string() + ":") &&
                                  Catch::Matchers::Contains(message));
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial")));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial.spec")));
  };
  const std::string head = "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\n";
  // Was "missing key 'length'" (the evaluation ran before the unknown-key check).
  check("typo_axis.toml", head + "tech = \"dac\"\nrate = \"100G\"\n[axes]\nlenght = [\"1 m\"]\n",
        "typo_axis.toml:8: key 'lenght': unknown key; accepted: tech, length, rate");
  // Were "point 2: --rate: …" after the points before it had run (no FILE:LINE).
  check("tech_rate.toml",
        head +
            "length = \"1 m\"\n[axes]\ntech = [\"dac\", \"dsp-lr\"]\nrate = [\"100G\", \"25G\"]\n",
        "tech_rate.toml:7: tech = 'dsp-lr', rate = '25G': technology 'dsp-lr' cannot run 25G");
  check("rate_class.toml",
        head + "tech = \"dac\"\nlength = \"1 m\"\n[axes]\nrate = [\"100G\", \"300G\"]\n",
        "rate_class.toml:8: rate = '300G': unknown lane-rate class '300G'");
  check("set_key.toml",
        head + "tech = \"pcb\"\nrate = \"50G\"\nlength = \"1 m\"\n[axes]\n"
               "set = [\"material=fr4\", \"colour=red\"]\n",
        "set_key.toml:9: set = 'colour=red': technology 'pcb' has no key 'colour'");
  // A [sweep] key is a fixed key: the message says where it was given.
  check("fidelity_twice.toml",
        head + "tech = \"dac\"\nrate = \"100G\"\nlength = \"1 m\"\n"
               "[axes]\nfidelity = [\"analytic\", \"statistical\"]\n",
        "fidelity_twice.toml:9: axis 'fidelity' is also a fixed key (" +
            scratch("fidelity_twice.toml").string() + ":3, [sweep] or [fixed]); give it once");
  // zip: the combinations are the points' own.
  check("zip_rate.toml",
        "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\ncombine = \"zip\"\n[fixed]\n"
        "length = \"1 m\"\n[axes]\ntech = [\"dac\", \"dsp-lr\"]\nrate = [\"25G\", \"25G\"]\n",
        "zip_rate.toml:8: tech = 'dsp-lr', rate = '25G': technology 'dsp-lr' cannot run 25G");
  // A `set` in [fixed] is named at its own line, not at the first axis' line (was
  // "set_fixed.toml:8: tech = 'dac', rate = '100G': technology 'dac' has no key 'foo'").
  check("set_fixed.toml",
        head + "set = \"foo=1\"\nlength = \"1 m\"\n[axes]\ntech = [\"dac\"]\nrate = [\"100G\"]\n",
        "set_fixed.toml:5: key 'set': tech = 'dac', rate = '100G': technology 'dac' has no key "
        "'foo'");
  // A `set` value a stage refuses (AWG 99) is found before any point, at the line of the `set`
  // (was "linkphy: point 1: spec 'twinax:awg=99,length=1 m': …", no file or line).
  check("set_value_axis.toml",
        head + "tech = \"dac\"\nrate = \"100G\"\nlength = \"1 m\"\n[axes]\n"
               "set = [\"awg=28\", \"awg=99\"]\n",
        "set_value_axis.toml:9: set = 'awg=99': spec 'twinax:awg=99,length=1 m': key 'awg': "
        "'99' is out of range; accepted: 26 to 34");
  check("set_value_fixed.toml",
        head + "tech = \"dac\"\nrate = \"100G\"\nlength = \"1 m\"\nset = \"awg=99\"\n"
               "[axes]\nber_target = [1e-12, 1e-15]\n",
        "set_value_fixed.toml:8: key 'set': spec 'twinax:awg=99,length=1 m': key 'awg': '99' is "
        "out of range; accepted: 26 to 34");
}

TEST_CASE("a sweep's errors name the spec's keys, never the options of linkphy link",
          "[sweep][cli][bad-input][names]") {
  // Each was printed with a `linkphy link` option (--rate, --modulation, --set) that a spec has
  // no use for: the library's LinkRequest names went through the CLI's option names.
  const auto check = [](const std::string &name, const std::string &text,
                        const std::string &message, const std::string &before = "") {
    const auto spec = scratch(name);
    std::ofstream(spec) << text;
    const auto out = scratch(name + ".csv"), err = scratch(name + ".err");
    fs::remove(out);
    CHECK(sweep_to(spec, out, "", err) == 2);
    const std::string e = one_line(err);
    CHECK(e == "linkphy: " + before + spec.string() + message + "\n");
    CHECK(e.find("--") == std::string::npos);
    CHECK_FALSE(fs::exists(out));
  };
  const std::string stat = "[sweep]\nevaluator = \"link\"\nfidelity=\"statistical\"\n[fixed]\n";
  const std::string head = "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\n";
  const std::string needs = "explicit lane rate '7 Gb/s' needs a modulation: add it ('7 Gb/s "
                            "PAM4'; NRZ, PAM4, PAM6, PAM8, …) or give the key 'modulation'";
  // Was "… or give --modulation".
  check("names_axis_rate.toml",
        stat + "tech = \"dac\"\nlength=\"1 m\"\n[axes]\nrate = [\"100G\",\"7 Gb/s\"]\n",
        ":8: rate = '7 Gb/s': " + needs);
  // Were "linkphy: --rate: …" and "linkphy: --modulation: …", no file or line.
  check("names_fixed_rate.toml",
        head + "tech = \"dac\"\nrate = \"7 Gb/s\"\n[axes]\nlength = [\"1 m\", \"2 m\"]\n",
        ":6: key 'rate': " + needs);
  check("names_rate_class.toml",
        head + "tech = \"dsp-lr\"\nrate = \"25G\"\n[axes]\nlength = [\"1 m\", \"2 m\"]\n",
        ":6: key 'rate': technology 'dsp-lr' cannot run 25G (it runs 50G, 100G)");
  check(
      "names_fixed_mod.toml",
      head + "tech = \"dac\"\nrate = \"100G\"\nmodulation = \"PAM3x\"\n[axes]\n"
             "length = [\"1 m\", \"2 m\"]\n",
      ":7: key 'modulation': unknown modulation 'PAM3x' (accepted: NRZ, PAM2 … PAM64, e.g. PAM4)");
  // Was "linkphy: point 2: --modulation: …".
  check("names_optical_mod.toml",
        head + "tech = \"dsp-dr\"\nrate = \"100G\"\n[axes]\nmodulation = [\"PAM4\", \"NRZ\"]\n"
               "length = [\"1 m\", \"2 m\"]\n",
        ":8: key 'modulation': the optical PMD 100gbase_dr runs PAM4, not NRZ", "point 2: ");
  // Was "linkphy: --set 'serdes.foo=1': key 'foo': …", no file or line.
  const auto serdes = [&](const std::string &name, const std::string &where) {
    const auto spec = scratch(name);
    const auto out = scratch(name + ".csv"), err = scratch(name + ".err");
    CHECK(sweep_to(spec, out, "", err) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: " + spec.string() + where +
                                                          ": key 'set' 'serdes.foo=1': key 'foo': "
                                                          "unknown key; accepted: source,"));
  };
  std::ofstream(scratch("names_serdes.toml"))
      << head << "tech = \"dac\"\nrate = \"100G\"\nset = \"serdes.foo=1\"\n[axes]\n"
      << "length = [\"1 m\", \"2 m\"]\n";
  serdes("names_serdes.toml", ":7");
  std::ofstream(scratch("names_serdes_axis.toml"))
      << head << "tech = \"dac\"\nrate = \"100G\"\n[axes]\nset = [\"serdes.foo=1\"]\n"
      << "length = [\"1 m\", \"2 m\"]\n";
  serdes("names_serdes_axis.toml", ":8");
}

TEST_CASE("a sweep says once, at the spec's line, a set key that has no effect at a rate",
          "[sweep][cli][names]") {
  // dac's host_length sets the host board at 200G; at 100G and 50G the IEEE board of that
  // generation (host_100G, host_50G) replaces it. `linkphy link` warned; a sweep said nothing.
  const auto spec = scratch("noeffect.toml");
  std::ofstream(spec) << "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\n"
                         "tech = \"dac\"\nlength = \"1 m\"\nset = \"host_length=5 in\"\n[axes]\n"
                         "rate = [\"100G\", \"200G\", \"50G\"]\nber_target = [1e-15, 1e-12]\n";
  const auto out = scratch("noeffect.csv"), err = scratch("noeffect.err");
  REQUIRE(sweep_to(spec, out, "", err) == 0);
  std::ifstream in(err);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto warning = [&](const std::string &rate) {
    return "linkphy: warning: " + spec.string() +
           ":7: key 'set' 'host_length=5 in' has no effect at " + rate +
           ": nothing of technology 'dac' uses 'host_length' there (a per-rate key such as host_" +
           rate + " may replace the key that does)\n";
  };
  // Each once (six points, two per rate), none for 200G, before the closing line.
  CHECK(text == warning("100G") + warning("50G") + "linkphy: 6 points evaluated in " +
                    text.substr(text.find(" in ", text.find("evaluated")) + 4));
  CHECK(fs::exists(out));
}

TEST_CASE("sweep -o naming the spec itself is refused and the spec kept",
          "[sweep][cli][bad-input]") {
  const auto spec = scratch("self.toml");
  const std::string text = "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                           "ber_pre = [1e-5, 1e-4]\n";
  std::ofstream(spec) << text;
  const auto err = scratch("self.err");
  CHECK(sweep_to(spec, spec, "", err) == 2);
  CHECK_THAT(one_line(err), Catch::Matchers::Contains("is the sweep spec itself"));
  CHECK(slurp(spec) == text);
  CHECK_FALSE(fs::exists(fs::path(spec.string() + ".json")));
}

TEST_CASE("sweep -o onto a FIFO or a symbolic link is refused and leaves it as it was",
          "[sweep][cli][bad-input]") {
  // The output is renamed onto the path: a device (-o /dev/null as root), FIFO or symbolic link
  // was replaced by a plain file. A FIFO stands in for a device here (harmless if it is replaced).
  const auto spec = scratch("fifo.toml");
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                         "ber_pre = [1e-5, 1e-4]\n";
  const auto fifo = scratch("out.fifo"), link = scratch("out_link.csv"),
             target = scratch("out_target.csv"), err = scratch("fifo.err");
  fs::remove(fifo);
  REQUIRE(run("mkfifo " + fifo.string()) == 0);
  CHECK(sweep_to(spec, fifo, "", err) == 2);
  CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: -o '" + fifo.string() +
                                                        "': is not a regular file"));
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
  CHECK_FALSE(fs::exists(fs::path(fifo.string() + ".partial")));
  fs::remove(link);
  std::ofstream(target) << "kept\n";
  fs::create_symlink(target, link);
  CHECK(sweep_to(spec, link, "", err) == 2);
  CHECK_THAT(one_line(err), Catch::Matchers::Contains("is a symbolic link"));
  CHECK(fs::is_symlink(fs::symlink_status(link)));
  CHECK(slurp(target) == "kept\n");
  // merge writes through the same check.
  const int status =
      run(cli() + " merge " + target.string() + " -o " + fifo.string() + " 2>" + err.string());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
}

TEST_CASE("rows to a stdout that cannot take them end with exit 2, not 0", "[sweep][cli]") {
  // /dev/full: every write fails with ENOSPC (Linux).
  if (!fs::is_character_file("/dev/full")) {
    WARN("no /dev/full: not checked");
    return;
  }
  const auto spec = scratch("full.toml");
  std::ofstream(spec) << "[sweep]\nevaluator = \"fec\"\n[fixed]\nfec = \"KP4\"\n[axes]\n"
                         "ber_pre = [1e-5, 1e-4]\n";
  const auto err = scratch("full.err"), part = scratch("full_part.csv");
  std::ofstream(part) << "point,ber_pre,fec,ber_post_fec,codeword_error_ratio,frame_loss_ratio\n"
                         "0,1e-05,KP4,1e-20,1e-18,1e-17\n"; // a header a fec sweep writes
  for (const std::string &cmd :
       {cli() + " sweep " + spec.string() + " -q", cli() + " sweep " + spec.string() + " -q -o -",
        cli() + " merge " + part.string()}) {
    INFO(cmd);
    const int status = run(cmd + " >/dev/full 2>" + err.string());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    CHECK_THAT(one_line(err), Catch::Matchers::StartsWith("linkphy: stdout: write failed"));
  }
}

TEST_CASE("an interrupted sweep's partial is never overwritten by a fresh start",
          "[sweep][cli][bad-input]") {
  // A run without --resume restarted OUT.partial from its header: the rows of an interrupted run
  // (hours of work) were lost without a word. It is refused now; --resume continues it.
  const auto spec = big_spec("keep_partial.toml");
  const auto out = scratch("keep_partial.csv"), err = scratch("keep_partial.err");
  const fs::path partial(out.string() + ".partial");
  fs::remove(out);
  fs::remove(partial);
  CHECK(run("LINKPHY_TEST_KILL_AFTER_ROWS=3000 " + cli() + " sweep " + spec.string() +
            " -q --threads 1 -o " + out.string() + " 2>/dev/null") != 0);
  REQUIRE(fs::exists(partial));
  const std::string rows = slurp(partial);
  const int status =
      run(cli() + " sweep " + spec.string() + " -q -o " + out.string() + " 2>" + err.string());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(slurp(err) == "linkphy: -o '" + out.string() + "': an interrupted run left " +
                          partial.string() +
                          "; accepted: --resume to continue it, or delete it to start over\n");
  CHECK(slurp(partial) == rows);
  CHECK_FALSE(fs::exists(out));
  CHECK(run(cli() + " sweep " + spec.string() + " -q --resume -o " + out.string()) == 0);
  const std::string done = slurp(out);
  CHECK(std::count(done.begin(), done.end(), '\n') == 10001);
}

TEST_CASE("SIGINT on a sweep says where the rows are and how to go on", "[sweep][cli]") {
  const auto spec = scratch("sigint.toml");
  // Statistical link points: ~5-20 ms each, so the run lasts well past the signal.
  std::ofstream(spec) << "[sweep]\nname = \"sigint\"\nevaluator = \"link\"\n"
                         "fidelity = \"statistical\"\n[axes]\ntech = [\"dac\"]\n"
                         "rate = [\"100G\"]\nlength = { lin = [\"0.25 m\", \"4 m\"], points = "
                         "20000 }\n";
  const auto out = scratch("sigint.csv"), err = scratch("sigint.err");
  const fs::path partial(out.string() + ".partial"), stamp(partial.string() + ".spec");
  fs::remove(out);
  fs::remove(partial);
  fs::remove(stamp);
  // The handler is in place once OUT.partial.spec is written; the signal comes after that.
  const std::string cmd = "sh -c '" + cli() + " sweep " + spec.string() + " -q --threads 1 -o " +
                          out.string() + " 2>" + err.string() + " & pid=$!; n=0; while [ ! -s " +
                          stamp.string() +
                          " ] && [ $n -lt 600 ]; do sleep 0.05; n=$((n+1)); done; sleep 0.3; "
                          "kill -INT $pid; wait $pid'";
  const int status = run(cmd);
  CHECK(WEXITSTATUS(status) == 130); // the default action's status, as before
  CHECK_THAT(slurp(err),
             Catch::Matchers::Contains("linkphy: sweep interrupted: the rows so far are kept in " +
                                       partial.string() +
                                       "; run the same command with --resume to "
                                       "continue\n"));
  CHECK(fs::exists(partial));
  fs::remove(partial);
  fs::remove(stamp);
}

TEST_CASE("a sweep logs its progress as lines when stderr is not a terminal", "[sweep][cli]") {
  // Batch jobs (stderr to a log file) saw no progress at all. Lines come at each 10 % once the run
  // has lasted 10 s (LINKPHY_TEST_PROGRESS_AFTER_S=0 here), never in the CSV.
  const auto spec = big_spec("progress_log.toml");
  const auto out = scratch("progress_log.csv"), err = scratch("progress_log.err");
  fs::remove(out);
  REQUIRE(run("LINKPHY_TEST_PROGRESS_AFTER_S=0 " + cli() + " sweep " + spec.string() +
              " --threads 1 -o " + out.string() + " 2>" + err.string()) == 0);
  const std::string log = slurp(err);
  CHECK_THAT(log, Catch::Matchers::Contains("linkphy: sweep: ") &&
                      Catch::Matchers::Contains("/10000 points), ") &&
                      Catch::Matchers::Contains(" pt/s, ETA 00:"));
  CHECK(log.find('\r') == std::string::npos); // no bar redrawn into a log file
  CHECK(slurp(out).find("linkphy") == std::string::npos);
  // -q: silent.
  REQUIRE(run("LINKPHY_TEST_PROGRESS_AFTER_S=0 " + cli() + " sweep " + spec.string() +
              " -q --threads 1 -o " + out.string() + " 2>" + err.string()) == 0);
  CHECK(slurp(err).find("linkphy: sweep: ") == std::string::npos);
}

TEST_CASE("a link sweep reads user channel catalogs (key catalog)", "[sweep][cli][catalog]") {
  // `catalog = "KIND=FILE;…"` as LinkRequest::catalogs / `linkphy link --catalog`: a user laminate
  // under `set = "material=…"`; the row equals `linkphy link` on the same point.
  const auto cat = scratch("resin.toml");
  std::ofstream(cat) << "[resin]\nsource = \"test\"\ndk = 4.2\ndf = 0.02\nf_ref = \"1 GHz\"\n";
  const auto spec = scratch("catalog_sweep.toml");
  const std::string head = "[sweep]\nname = \"catalog\"\nevaluator = \"link\"\n"
                           "fidelity = \"analytic\"\n[fixed]\ntech = \"backplane\"\n"
                           "rate = \"50G\"\nset = \"material=resin\"\n";
  std::ofstream(spec) << head << "catalog = \"laminates=" << cat.string()
                      << "\"\n[axes]\nlength = [\"0.3 m\"]\n";
  const auto out = scratch("catalog_sweep.csv"), link = scratch("catalog_link.json");
  fs::remove(out);
  REQUIRE(run(cli() + " sweep " + spec.string() + " -q -o " + out.string()) == 0);
  REQUIRE(run(cli() + " link --tech backplane --length 0.3m --rate 50G --set material=resin " +
              "--fidelity analytic --catalog laminates=" + cat.string() + " -o " + link.string()) ==
          0);
  const std::string json = slurp(link), rows = slurp(out);
  const auto k = json.find("\"il_nyquist_db\":") + 16;
  const std::string il = json.substr(k, json.find(',', k) - k);
  CHECK(rows.find(",analytic," + il + ",") != std::string::npos);
  // A catalog file that is not there: one line naming the spec's line, before any point.
  std::ofstream(spec) << head << "catalog = \"laminates=" << scratch("none.toml").string()
                      << "\"\n[axes]\nlength = [\"0.3 m\"]\n";
  const auto err = scratch("catalog_sweep.err");
  fs::remove(out);
  const int status =
      run(cli() + " sweep " + spec.string() + " -q -o " + out.string() + " 2>" + err.string());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_THAT(slurp(err),
             Catch::Matchers::StartsWith("linkphy: " + spec.string() + ":9: key 'catalog': ") &&
                 Catch::Matchers::Contains("catalog file not found"));
  CHECK_FALSE(fs::exists(out));
  // A malformed KIND=FILE names the spec's key (not --catalog), in the words of every other place.
  std::ofstream(spec) << head << "catalog = \"laminates\"\n[axes]\nlength = [\"0.3 m\"]\n";
  CHECK(WEXITSTATUS(run(cli() + " sweep " + spec.string() + " -q -o " + out.string() + " 2>" +
                        err.string())) == 2);
  CHECK(slurp(err) == "linkphy: " + spec.string() +
                          ":9: key 'catalog' 'laminates': expected KIND=FILE (KIND: laminates, "
                          "foils, cables, packages)\n");
  CHECK_FALSE(fs::exists(out));
}
