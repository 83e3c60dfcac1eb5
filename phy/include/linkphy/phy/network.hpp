// N-port S-parameter network on a frequency grid (scikit-rf's Network: S as f×n×n).
#pragma once

#include <Eigen/Core>

#include <complex>
#include <cstddef>
#include <string>
#include <vector>

namespace linkphy {

using Complex = std::complex<double>;
/// One frequency's n×n matrix, row-major like the storage (row = output port, col = input port).
using CMatrix = Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using CMatrixMap = Eigen::Map<CMatrix>;
using CMatrixConstMap = Eigen::Map<const CMatrix>;

/// S-parameters of an n-port at nf frequencies. Storage is f×n×n row-major:
/// s[(k*n + i)*n + j] = S_{i+1, j+1} at freq_hz[k] (0-based i, j). Reference impedance is real
/// and per port (ohms).
struct Network {
  std::vector<double> freq_hz; ///< strictly ascending, ≥ 0 Hz
  int ports = 0;               ///< n ≥ 1
  std::vector<Complex> s;      ///< size nf·n·n
  std::vector<double> z0_ohm;  ///< size n, > 0 ohm
  std::string name;            ///< free text (file stem, spec), for messages

  Network() = default;
  /// A network of `ports` ports on `freq_hz`, S zero-filled, every port referenced to `z0_ohm`.
  /// Not checked here (`ports` ≥ 1, `freq_hz` Hz ≥ 0 strictly ascending, `z0_ohm` ohm > 0 are
  /// what the network_ops.hpp functions accept; they throw InputError otherwise).
  Network(std::vector<double> freq_hz, int ports, double z0_ohm = 50.0);

  std::size_t frequencies() const { return freq_hz.size(); }
  /// S_{i+1,j+1} at frequency index k (0-based indices).
  Complex &at(std::size_t k, int i, int j) {
    return s[(k * static_cast<std::size_t>(ports) + static_cast<std::size_t>(i)) *
                 static_cast<std::size_t>(ports) +
             static_cast<std::size_t>(j)];
  }
  const Complex &at(std::size_t k, int i, int j) const {
    return s[(k * static_cast<std::size_t>(ports) + static_cast<std::size_t>(i)) *
                 static_cast<std::size_t>(ports) +
             static_cast<std::size_t>(j)];
  }
  /// The n×n S matrix at frequency index k, as an Eigen view on the storage.
  CMatrixMap matrix(std::size_t k) {
    return CMatrixMap(s.data() + k * static_cast<std::size_t>(ports * ports), ports, ports);
  }
  CMatrixConstMap matrix(std::size_t k) const {
    return CMatrixConstMap(s.data() + k * static_cast<std::size_t>(ports * ports), ports, ports);
  }
};

} // namespace linkphy
