// The MPI backend of `linkphy sweep` (sweeps/mpi/): `mpirun -n 2` writes the same files as one
// process. Compiled only when the backend is built (LINKPHY_WITH_MPI; tests/CMakeLists.txt).
// Row order: a sweep's OUT is sorted by point index when it completes, whichever backend ran it,
// so the files are compared byte for byte with no normalisation.
#ifdef LINKPHY_WITH_MPI

#include "../cli/cli_run.hpp"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using linkphy::test::read_text_file;
using linkphy::test::run_program;

namespace {

// One mpirun at a time across the test processes ctest runs in parallel: two OpenMPI jobs
// started together on a loaded 2-core machine were seen to disturb each other once (a flaky
// failure of the bad-spec test under `ctest -j2`), so each run holds an exclusive flock.
class MpirunLock {
public:
  MpirunLock() : fd_(::open("/tmp/linkphy-tests-mpirun.lock", O_CREAT | O_RDWR, 0666)) {
    if (fd_ >= 0)
      ::flock(fd_, LOCK_EX);
  }
  ~MpirunLock() {
    if (fd_ >= 0)
      ::close(fd_); // releases the lock
  }
  MpirunLock(const MpirunLock &) = delete;
  MpirunLock &operator=(const MpirunLock &) = delete;

private:
  int fd_;
};

// The sanitizer build (LINKPHY_SANITIZE): the ranks unwind allocation stacks the slow way, so that
// a leak allocated through libc inside OpenMPI (vasprintf) is traced to the plugin that asked for
// it and tests/sanitizers/lsan.supp matches it (the fast unwinder stops in libc).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsanBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsanBuild = true;
#else
constexpr bool kAsanBuild = false;
#endif
#else
constexpr bool kAsanBuild = false;
#endif

// mpirun as the tests run it: root allowed, more ranks than cores allowed, no CMA single-copy
// transfers (they need ptrace rights containers rarely grant); env passes variables to the ranks.
linkphy::test::CliResult mpirun(int ranks, std::vector<std::string> args,
                                const std::vector<std::string> &env = {}) {
  std::vector<std::string> a{"-n",
                             std::to_string(ranks),
                             "--allow-run-as-root",
                             "--oversubscribe",
                             "--mca",
                             "btl_vader_single_copy_mechanism",
                             "none"};
  for (const auto &e : env) {
    a.push_back("-x");
    a.push_back(e);
  }
  if (kAsanBuild) {
    a.push_back("-x");
    a.push_back("ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0");
  }
  a.push_back(LINKPHY_CLI);
  a.insert(a.end(), args.begin(), args.end());
  const MpirunLock lock;
  return run_program(LINKPHY_MPIEXEC, a);
}

fs::path write_file(const fs::path &dir, const std::string &name, const std::string &text) {
  std::ofstream(dir / name) << text;
  return dir / name;
}

// 10,000 points of the `fec` evaluator (closed forms: fast, exact, so rows must match exactly).
const char *kFecSpec = "[sweep]\nname = \"mpi-test\"\nevaluator = \"fec\"\n[axes]\n"
                       "fec = [\"KR4\", \"KP4\"]\n"
                       "ber_pre = { log = [\"1e-8\", \"1e-2\"], points = 5000 }\n";

std::size_t count_lines_starting(const std::string &text, const std::string &prefix) {
  std::size_t n = 0, pos = 0;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    if (text.compare(pos, prefix.size(), prefix) == 0)
      ++n;
    pos = nl == std::string::npos ? text.size() : nl + 1;
  }
  return n;
}

} // namespace

TEST_CASE("mpirun -n 2 writes the same rows as one process", "[sweep][mpi]") {
  const auto dir = linkphy::test::scratch_dir("mpi");
  const auto spec = write_file(dir, "fec.toml", kFecSpec);
  const auto ref = dir / "ref.csv", out = dir / "mpi.csv";
  REQUIRE(
      run_program(LINKPHY_CLI, {"sweep", spec.string(), "-q", "--threads", "1", "-o", ref.string()})
          .exit_code == 0);
  const auto r = mpirun(2, {"sweep", spec.string(), "-q", "-o", out.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string expected = read_text_file(ref);
  REQUIRE(std::count(expected.begin(), expected.end(), '\n') == 10001);
  CHECK(read_text_file(out) == expected);
  CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial")));
  const std::string sidecar = read_text_file(out.string() + ".json");
  CHECK_THAT(sidecar, Catch::Matchers::Contains("\"mpi_ranks\": 2"));
  CHECK_THAT(sidecar, Catch::Matchers::Contains("\"evaluated\": 10000"));
  CHECK_THAT(r.err, Catch::Matchers::Contains("10000 points evaluated on 2 MPI ranks"));
  // Rank 0 alone reports: one summary line, not one per rank.
  CHECK(count_lines_starting(r.err, "linkphy:") == 1);

  // Two threads per rank and a shard: still the one-process shard's rows.
  const auto ref2 = dir / "ref2.csv", out2 = dir / "mpi2.csv";
  REQUIRE(run_program(LINKPHY_CLI,
                      {"sweep", spec.string(), "-q", "--shard", "2/3", "-o", ref2.string()})
              .exit_code == 0);
  REQUIRE(mpirun(2, {"sweep", spec.string(), "-q", "--threads", "2", "--shard", "2/3", "-o",
                     out2.string()})
              .exit_code == 0);
  CHECK(read_text_file(out2) == read_text_file(ref2));
  fs::remove_all(dir);
}

TEST_CASE("the link evaluator under mpirun -n 2 matches one process", "[sweep][mpi]") {
  // A small analytic link sweep (the real engine: channel set-up, SerDes, closed-form SNR).
  const auto dir = linkphy::test::scratch_dir("mpi-link");
  const auto spec = write_file(dir, "link.toml",
                               "[sweep]\nevaluator = \"link\"\nfidelity = \"analytic\"\n[axes]\n"
                               "tech = [\"dac\", \"backplane\"]\nrate = [\"50G\", \"100G\"]\n"
                               "length = { lin = [\"0.5 m\", \"3 m\"], points = 6 }\n");
  const auto ref = dir / "ref.csv", out = dir / "mpi.csv";
  REQUIRE(run_program(LINKPHY_CLI, {"sweep", spec.string(), "-q", "-o", ref.string()}).exit_code ==
          0);
  const auto r = mpirun(2, {"sweep", spec.string(), "-q", "-o", out.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(read_text_file(out) == read_text_file(ref));
  fs::remove_all(dir);
}

TEST_CASE("a sweep killed under mpirun resumes under mpirun to the same rows", "[sweep][mpi]") {
  const auto dir = linkphy::test::scratch_dir("mpi-resume");
  const auto spec = write_file(dir, "fec.toml", kFecSpec);
  const auto ref = dir / "ref.csv";
  REQUIRE(run_program(LINKPHY_CLI, {"sweep", spec.string(), "-q", "-o", ref.string()}).exit_code ==
          0);
  const std::string expected = read_text_file(ref);

  // Killed by the test hook on rank 0 after 3,000 rows; mpirun takes the job down.
  const auto out = dir / "killed.csv";
  const fs::path partial = out.string() + ".partial";
  const auto killed = mpirun(2, {"sweep", spec.string(), "-q", "-o", out.string()},
                             {"LINKPHY_TEST_KILL_AFTER_ROWS=3000"});
  CHECK(killed.exit_code != 0);
  REQUIRE(fs::exists(partial));
  CHECK_FALSE(fs::exists(out));
  const auto resumed = mpirun(2, {"sweep", spec.string(), "-q", "--resume", "-o", out.string()});
  INFO(resumed.err);
  REQUIRE(resumed.exit_code == 0);
  CHECK(read_text_file(out) == expected);
  CHECK_FALSE(fs::exists(partial));
  CHECK_THAT(read_text_file(out.string() + ".json"),
             Catch::Matchers::Contains("\"resumed\": ") &&
                 !Catch::Matchers::Contains("\"resumed\": 0,"));

  // A partial left by a one-process run resumes under mpirun too (and the other way round).
  const auto out2 = dir / "killed2.csv";
  const auto k2 =
      run_program("/usr/bin/env", {"LINKPHY_TEST_KILL_AFTER_ROWS=2500", LINKPHY_CLI, "sweep",
                                   spec.string(), "-q", "--threads", "1", "-o", out2.string()});
  CHECK(k2.exit_code != 0);
  REQUIRE(fs::exists(fs::path(out2.string() + ".partial")));
  REQUIRE(mpirun(2, {"sweep", spec.string(), "-q", "--resume", "-o", out2.string()}).exit_code ==
          0);
  CHECK(read_text_file(out2) == expected);
  fs::remove_all(dir);
}

TEST_CASE("bad specs and failing points under mpirun: one line, no output", "[sweep][mpi]") {
  const auto dir = linkphy::test::scratch_dir("mpi-bad");
  const auto check = [&](const std::string &name, const std::string &text,
                         const std::string &message) {
    const auto spec = write_file(dir, name, text);
    const auto out = dir / (name + ".csv");
    const auto r = mpirun(2, {"sweep", spec.string(), "-q", "-o", out.string()});
    INFO(r.err);
    CHECK(r.exit_code != 0);
    // mpirun adds its own notice; linkphy says it once (rank 0), not once per rank.
    CHECK(count_lines_starting(r.err, "linkphy: ") == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains((dir / name).string() + message));
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".partial")));
    CHECK_FALSE(fs::exists(fs::path(out.string() + ".json")));
  };
  check("unknown_key.toml", "[sweep]\nevaluator = \"fec\"\ncolour = \"red\"\n",
        ":3: unknown key 'colour' in [sweep]");
  check("unitless.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = [10, 20]\n",
        ":4: key 'snr': '10' has no unit");
  // Fails at point 900 of 1,000, evaluated on whichever rank took it.
  std::string values;
  for (int i = 0; i < 1000; ++i) {
    if (i)
      values += ", ";
    if (i == 900) {
      values += "30";
      continue;
    }
    values += '"';
    values += std::to_string(i % 40);
    values += " dB\"";
  }
  check("late.toml", "[sweep]\nevaluator = \"pam\"\n[axes]\nsnr = [" + values + "]\n",
        ":4: key 'snr': '30' has no unit");
  // A set entry the library refuses names the request's field (LinkRequest.sets '…'); rank 0's
  // line names the spec's key at its line, as the serial sweep's does (field_names.hpp). It named
  // `linkphy link`'s option (--set 'serdes.foo=1') before 2026-12-04.
  const auto spec = write_file(dir, "set.toml",
                               "[sweep]\nevaluator = \"link\"\n[axes]\ntech = [\"dac\"]\n"
                               "length = [\"1 m\"]\nrate = [\"100G\"]\nfidelity = [\"analytic\"]\n"
                               "set = [\"serdes.foo=1\"]\n");
  const auto r = mpirun(2, {"sweep", spec.string(), "-q", "-o", (dir / "set.csv").string()});
  INFO(r.err);
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.err, Catch::Matchers::Contains("linkphy: " + spec.string() +
                                              ":8: key 'set' 'serdes.foo=1': key 'foo': unknown "
                                              "key; accepted: source,"));
  CHECK_THAT(r.err, !Catch::Matchers::Contains("--set"));
  CHECK_THAT(r.err, !Catch::Matchers::Contains("LinkRequest"));
  fs::remove_all(dir);
}

#endif
