// Runs a program (by default the linkphy CLI, macro LINKPHY_CLI) with arguments, capturing its
// stdout, stderr and exit code, for CLI tests. stdin is /dev/null. Header-only, POSIX.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

extern char **environ;

namespace linkphy::test {

struct CliResult {
  int exit_code = -1; ///< the program's exit status; 128 + signal number if it was killed
  std::string out;    ///< everything written to stdout
  std::string err;    ///< everything written to stderr

  /// stderr split into lines (without the '\n'; a last line without '\n' counts too).
  std::vector<std::string> err_lines() const {
    std::vector<std::string> lines;
    std::istringstream in(err);
    std::string line;
    while (std::getline(in, line))
      lines.push_back(line);
    return lines;
  }
};

inline std::string read_text_file(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A fresh empty directory under the system temporary directory, unique per call.
inline std::filesystem::path scratch_dir(const std::string &tag) {
  std::string tmpl = (std::filesystem::temp_directory_path() / ("linkphy-" + tag + "-XXXXXX"));
  if (!::mkdtemp(tmpl.data()))
    throw std::runtime_error("mkdtemp failed");
  return tmpl;
}

/// Runs `program` with `args` (argv[1..]) and waits for it. A nonzero `address_space_bytes`
/// limits the child's virtual memory (RLIMIT_AS), so that a program allocating from a declared
/// size fails (bad_alloc, exit other than 2) instead of taking the machine's memory.
inline CliResult run_program(const std::string &program, const std::vector<std::string> &args,
                             std::size_t address_space_bytes = 0) {
  const auto dir = scratch_dir("run");
  const auto out_path = (dir / "stdout").string();
  const auto err_path = (dir / "stderr").string();
  std::vector<std::string> storage;
  storage.push_back(program);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char *> argv;
  for (auto &s : storage)
    argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (address_space_bytes > 0) { // fork: posix_spawn cannot set a limit in the child only
    pid = ::fork();
    if (pid < 0)
      throw std::runtime_error("cannot fork for " + program);
    if (pid == 0) {
      const rlimit lim{address_space_bytes, address_space_bytes};
      const int in = ::open("/dev/null", O_RDONLY);
      const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (in < 0 || out < 0 || err < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 ||
          ::dup2(err, 2) < 0 || ::setrlimit(RLIMIT_AS, &lim) != 0)
        ::_exit(127);
      ::execve(program.c_str(), argv.data(), environ);
      ::_exit(127);
    }
  } else {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
      throw std::runtime_error("cannot start " + program);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text_file(out_path);
  r.err = read_text_file(err_path);
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return r;
}

/// Splits a command line into arguments at blanks; '…' and "…" group (quotes removed, no
/// escapes), as a POSIX shell would for these simple cases.
inline std::vector<std::string> split_command_line(const std::string &line) {
  std::vector<std::string> args;
  std::string cur;
  bool in_arg = false;
  char quote = 0;
  for (const char c : line) {
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_arg = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_arg)
        args.push_back(cur);
      cur.clear();
      in_arg = false;
    } else {
      cur += c;
      in_arg = true;
    }
  }
  if (quote)
    throw std::runtime_error("unbalanced quote in: " + line);
  if (in_arg)
    args.push_back(cur);
  return args;
}

// AddressSanitizer reserves terabytes of address space for its shadow memory, so a child started
// under an RLIMIT_AS or `ulimit -v` limit dies before main(): tests that run the CLI under such a
// limit skip that part, with a warning, in a sanitizer build.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool address_space_limits_work = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool address_space_limits_work = false;
#else
inline constexpr bool address_space_limits_work = true;
#endif
#else
inline constexpr bool address_space_limits_work = true;
#endif
inline constexpr const char *address_space_limits_skipped =
    "AddressSanitizer build: the checks under an address-space limit are skipped";

#ifdef LINKPHY_CLI
/// Runs the linkphy command-line tool built with the tests.
inline CliResult run_cli(const std::vector<std::string> &args) {
  return run_program(LINKPHY_CLI, args);
}
/// The same with the child's virtual memory limited to `address_space_bytes` (RLIMIT_AS).
inline CliResult run_cli_limited(const std::vector<std::string> &args,
                                 std::size_t address_space_bytes) {
  return run_program(LINKPHY_CLI, args, address_space_bytes);
}
/// The same with the arguments given as one command line (split_command_line).
inline CliResult run_cli_line(const std::string &line) { return run_cli(split_command_line(line)); }
#endif

} // namespace linkphy::test
