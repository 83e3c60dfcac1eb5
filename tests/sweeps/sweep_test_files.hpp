// Scratch files shared by the in-process sweep-runner tests (test_sweep_runner/order/threads.cpp):
// a fixed per-test temporary directory, removal of a sweep's outputs, and the closed-form `fec`
// sweep spec they run (whole-file reads: read_text_file of tests/cli/cli_run.hpp).
#pragma once

#include "../cli/cli_run.hpp"

#include <linkphy/sweeps/sweep_spec.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace linkphy::test {

/// The temporary directory `name`, the same on every call (created if missing).
inline std::filesystem::path fixed_scratch_dir(const std::string &name) {
  const auto d = std::filesystem::temp_directory_path() / name;
  std::filesystem::create_directories(d);
  return d;
}

/// Removes OUT, OUT.partial and OUT.json.
inline void remove_sweep_outputs(const std::string &out) {
  for (const char *ext : {"", ".partial", ".json"})
    std::filesystem::remove(out + ext);
}

/// A `fec` sweep (codes KR4, KP4 × `points` pre-FEC BERs log-spaced from `ber_lo` to 1e-2),
/// written as DIR/fec.toml and read back.
inline sweeps::SweepSpec fec_spec(const std::filesystem::path &dir, const std::string &ber_lo,
                                  int points) {
  const auto p = dir / "fec.toml";
  std::ofstream(p) << "[sweep]\nevaluator = \"fec\"\n[axes]\nfec = [\"KR4\", \"KP4\"]\n"
                   << "ber_pre = { log = [\"" << ber_lo << "\", \"1e-2\"], points = " << points
                   << " }\n";
  return sweeps::read_sweep_spec(p);
}

} // namespace linkphy::test
