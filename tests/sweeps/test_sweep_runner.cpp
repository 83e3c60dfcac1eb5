// The sweep runner in-process: SweepRows/SweepWriter edge cases the CLI tests do not reach.
#include <linkphy/phy/error.hpp>
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/sweep_runner.hpp>
#include <linkphy/sweeps/sweep_spec.hpp>

#include <catch2/catch.hpp>

#include "sweep_test_files.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace linkphy;
using namespace linkphy::sweeps;

namespace {
fs::path dir() { return test::fixed_scratch_dir("linkphy_test_sweep_runner"); }
SweepSpec fec_spec() { return test::fec_spec(dir(), "1e-6", 50); }
} // namespace

TEST_CASE("a resume whose partial file holds every row evaluates nothing", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions o;
  o.output = (dir() / "full.csv").string();
  o.threads = 2;
  REQUIRE(run_sweep(spec, *ev, o).evaluated == 100);
  const std::string expected = test::read_text_file(o.output);
  // A run killed after its last row but before the rename leaves a complete partial file.
  fs::rename(o.output, o.output + ".partial");
  fs::remove(o.output + ".json");
  o.resume = true;
  const SweepSummary s = run_sweep(spec, *ev, o);
  CHECK(s.evaluated == 0);
  CHECK(s.resumed == 100);
  CHECK(test::read_text_file(o.output) == expected);
  CHECK_FALSE(fs::exists(o.output + ".partial"));
  CHECK_THAT(test::read_text_file(o.output + ".json"),
             Catch::Matchers::Contains("\"resumed\": 100"));
}

TEST_CASE("SweepRows formats a point as the header describes", "[sweep]") {
  const SweepSpec spec = fec_spec();
  const auto ev = make_evaluator(spec.evaluator, "test");
  const SweepRows rows(spec, *ev);
  CHECK(rows.header_line() == "point,fec,ber_pre,ber_post_fec,codeword_error_ratio,"
                              "frame_loss_ratio");
  std::string line;
  std::vector<std::string> cells;
  rows.append_row(51, line, cells); // second code, second BER: KP4 at 1e-6 · 10^(4/49)
  CHECK(line.rfind("51,KP4,1.20679264064e-06,", 0) == 0);
  CHECK(line.back() == '\n');
  CHECK(std::count(line.begin(), line.end(), ',') == 5);
  // Writer options no backend accepts.
  SweepOptions bad;
  bad.shard_index = 3;
  bad.shard_count = 2;
  CHECK_THROWS_AS(check_sweep_options(bad), InputError);
  bad = {};
  bad.resume = true; // without an output file
  CHECK_THROWS_WITH(check_sweep_options(bad), Catch::Matchers::Contains("SweepOptions.resume"));
}

namespace {
// Interrupts its own sweep (SIGINT) at point "stop", as a user's Ctrl-C would.
class InterruptingEvaluator final : public Evaluator {
public:
  std::vector<std::string> columns() const override { return {"x"}; }
  std::vector<std::string> text_columns() const override { return {"x"}; }
  std::vector<std::string> accepted_keys() const override { return {"n"}; }
  void evaluate(const ParamSet &p, std::vector<std::string> &out) const override {
    if (p.text("n") == "stop")
      std::raise(SIGINT);
    out = {p.text("n")};
  }
};

// What a sweep run in a child process writes on stderr when the evaluator interrupts it, and
// whether the child ended by SIGINT.
std::string interrupted_stderr(const SweepOptions &o, bool &by_sigint) {
  const auto spec_file = dir() / "interrupt.toml";
  std::ofstream(spec_file)
      << "[sweep]\nevaluator = \"fec\"\n[axes]\nn = [\"a\", \"b\", \"stop\"]\n";
  const SweepSpec spec = read_sweep_spec(spec_file);
  const auto err = dir() / "interrupt.err";
  test::remove_sweep_outputs(o.output);
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) { // the child: stderr to the file, then the sweep it does not survive
    const int fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, STDERR_FILENO);
    try {
      (void)run_sweep(spec, InterruptingEvaluator(), o);
    } catch (...) {
    }
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  by_sigint = WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
  test::remove_sweep_outputs(o.output);
  std::filesystem::remove(o.output + ".partial.spec");
  return test::read_text_file(err);
}
} // namespace

TEST_CASE("an interrupted sweep says how to go on in the caller's words", "[sweep][names]") {
  // The library's line named the CLI's --resume, which a C++ caller has no use for.
  SweepOptions o;
  o.output = (dir() / "interrupt.csv").string();
  bool by_sigint = false;
  CHECK(interrupted_stderr(o, by_sigint) ==
        "\nlinkphy: sweep interrupted: the rows so far are kept in " + o.output +
            ".partial; run the sweep again with SweepOptions.resume to continue\n");
  CHECK(by_sigint);
  o.resume_hint = "call resume_my_job() to continue";
  CHECK(interrupted_stderr(o, by_sigint) ==
        "\nlinkphy: sweep interrupted: the rows so far are kept in " + o.output +
            ".partial; call resume_my_job() to continue\n");
  CHECK(by_sigint);
}

TEST_CASE("a sweep returns its setup's warnings and passes each once to on_warning", "[sweep]") {
  // host_length has no effect at 100G (dac's host_100G board replaces it): one warning for the
  // two 100G points, at the spec's `set` line, in the spec's terms.
  const auto file = dir() / "noeffect.toml";
  std::ofstream(file) << "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[fixed]\n"
                         "tech = \"dac\"\nrate = \"100G\"\nset = \"host_length=5 in\"\n[axes]\n"
                         "length = [\"1 m\", \"2 m\"]\n";
  const SweepSpec spec = read_sweep_spec(file);
  const auto ev = make_evaluator(spec.evaluator, "test");
  SweepOptions o;
  o.output = (dir() / "noeffect.csv").string();
  test::remove_sweep_outputs(o.output);
  std::vector<std::string> told;
  o.on_warning = [&](const std::string &w) { told.push_back(w); };
  const SweepSummary s = run_sweep(spec, *ev, o);
  const std::string expected = file.string() +
                               ":7: key 'set' 'host_length=5 in' has no effect at 100G: nothing of "
                               "technology 'dac' uses 'host_length' there (a per-rate key such as "
                               "host_100G may replace the key that does)";
  CHECK(s.warnings == std::vector<std::string>{expected});
  CHECK(told == s.warnings);
  CHECK(s.evaluated == 2);
}
