// Test-side reader for the reference CSV files written by
// scripts/reference/make_network_reference.py (tests/data/reference/network/*.csv):
//   # ports=N z0_ohm=z1;z2;... <note>
//   freq_hz,p11_re,p11_im,...,pNN_re,pNN_im
//   rows of numbers (Python repr, read back exactly with std::from_chars)
#pragma once

#include <linkphy/phy/network.hpp>

#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace linkphy::test {

inline std::string reference_path(const std::string &name) {
  return std::string(LINKPHY_TEST_DATA_DIR) + "/reference/network/" + name + ".csv";
}

/// Splits a CSV line into doubles; throws std::runtime_error on anything that is not a number.
inline std::vector<double> parse_numbers(const std::string &line, const std::string &where) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= line.size()) {
    std::size_t end = line.find(',', start);
    if (end == std::string::npos)
      end = line.size();
    double v = 0.0;
    const char *b = line.data() + start;
    const char *e = line.data() + end;
    const auto [ptr, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || ptr != e) {
      throw std::runtime_error(where + ": bad number '" + std::string(b, e) + "'");
    }
    values.push_back(v);
    start = end + 1;
  }
  return values;
}

/// A reference file as a Network (its parameters, whatever their kind, stored in `s`).
inline Network read_reference(const std::string &name) {
  const std::string path = reference_path(name);
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot open " + path);
  }
  std::string line;
  std::getline(in, line);
  const auto ports_at = line.find("ports=");
  const auto z0_at = line.find("z0_ohm=");
  if (line.rfind("#", 0) != 0 || ports_at == std::string::npos || z0_at == std::string::npos) {
    throw std::runtime_error(path + ": first line must be '# ports=N z0_ohm=...'");
  }
  Network net;
  net.name = name;
  net.ports = std::stoi(line.substr(ports_at + 6));
  std::string z0_text = line.substr(z0_at + 7);
  z0_text = z0_text.substr(0, z0_text.find(' '));
  for (char &c : z0_text)
    c = c == ';' ? ',' : c;
  net.z0_ohm = parse_numbers(z0_text, path);
  std::getline(in, line); // column header
  const std::size_t cols = 1 + 2 * static_cast<std::size_t>(net.ports * net.ports);
  while (std::getline(in, line)) {
    if (line.empty())
      continue;
    const std::vector<double> v = parse_numbers(line, path);
    if (v.size() != cols) {
      throw std::runtime_error(path + ": row with " + std::to_string(v.size()) + " columns");
    }
    net.freq_hz.push_back(v[0]);
    for (std::size_t e = 1; e < cols; e += 2)
      net.s.emplace_back(v[e], v[e + 1]);
  }
  return net;
}

/// Columns of a plain numeric CSV with one '#' comment line and one header line.
inline std::vector<std::vector<double>> read_columns(const std::string &name) {
  const std::string path = reference_path(name);
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot open " + path);
  }
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  std::vector<std::vector<double>> cols;
  while (std::getline(in, line)) {
    if (line.empty())
      continue;
    const std::vector<double> v = parse_numbers(line, path);
    cols.resize(v.size());
    for (std::size_t c = 0; c < v.size(); ++c)
      cols[c].push_back(v[c]);
  }
  return cols;
}

/// Normwise relative error: the largest over frequencies of max_ij |got − want| / max_ij |want|
/// (n×n blocks of `nn` = n² entries). Conversions and cascades are accurate to about
/// cond·1e-16 in this norm; single tiny entries of a matrix are not magnified.
inline double max_relative_error(const std::vector<Complex> &got, const std::vector<Complex> &want,
                                 std::size_t nn) {
  if (got.size() != want.size() || nn == 0 || got.size() % nn != 0) {
    return 1e300;
  }
  double worst = 0.0;
  for (std::size_t k = 0; k < got.size(); k += nn) {
    double diff = 0.0;
    double scale = 0.0;
    for (std::size_t e = k; e < k + nn; ++e) {
      diff = std::max(diff, std::abs(got[e] - want[e]));
      scale = std::max(scale, std::abs(want[e]));
    }
    worst = std::max(worst, diff / (scale > 0.0 ? scale : 1.0));
  }
  return worst;
}

} // namespace linkphy::test
