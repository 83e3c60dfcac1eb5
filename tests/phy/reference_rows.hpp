// Test-side reader of the SciPy reference tables written by scripts/reference/signal_reference.py
// (tests/data/reference/ber/*.csv, reference/fec/*.csv): '#' comment lines and empty lines
// anywhere, one header line, then rows of comma-separated cells.
#pragma once

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace linkphy::test {

/// The cells of every data row of the file at `path` (the header left out); REQUIRE fails when
/// the file cannot be opened.
inline std::vector<std::vector<std::string>> read_reference_rows(const std::string &path) {
  std::ifstream f(path);
  REQUIRE(f.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    if (header) {
      header = false;
      continue;
    }
    std::stringstream ss(line);
    std::vector<std::string> cells;
    std::string cell;
    while (std::getline(ss, cell, ','))
      cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

} // namespace linkphy::test
