// Passivity (largest singular value of S ≤ 1, Pozar "Microwave Engineering" 4th ed. §4.3: a
// lossless network has unitary S, a passive one S^H·S ≤ I) and reciprocity (S = Sᵀ, same §).
#include "network_detail.hpp"

#include <linkphy/phy/network_ops.hpp>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <string>

namespace linkphy {

PassivityReport check_passivity(const Network &net, double tolerance) {
  detail::validate(net, "network");
  if (!(tolerance >= 0.0)) {
    throw InputError("passivity check of " + detail::where_of(net, "network"),
                     "tolerance must be >= 0");
  }
  PassivityReport report;
  report.max_singular_value = -1.0;
  detail::dispatch_size(net.ports, [&]<int N>() {
    // σ_max(S)² = λ_max(Sᴴ·S): a Hermitian eigenproblem, cheaper than an SVD and accurate to
    // rounding relative to σ_max (Golub & Van Loan 4th ed. §8.6.1).
    using Mat = Eigen::Matrix<Complex, N, N>;
    Mat m(net.ports, net.ports), g(net.ports, net.ports);
    Eigen::SelfAdjointEigenSolver<Mat> eig(net.ports);
    for (std::size_t k = 0; k < net.frequencies(); ++k) {
      m = net.matrix(k);
      g.noalias() = m.adjoint() * m;
      eig.compute(g, Eigen::EigenvaluesOnly);
      const double sv = std::sqrt(std::max(0.0, eig.eigenvalues().maxCoeff()));
      if (sv > report.max_singular_value) {
        report.max_singular_value = sv;
        report.at_freq_hz = net.freq_hz[k];
      }
    }
  });
  report.passive = report.max_singular_value <= 1.0 + tolerance;
  return report;
}

ReciprocityReport check_reciprocity(const Network &net, double tolerance) {
  detail::validate(net, "network");
  if (!(tolerance >= 0.0)) {
    throw InputError("reciprocity check of " + detail::where_of(net, "network"),
                     "tolerance must be >= 0");
  }
  ReciprocityReport report;
  const int n = net.ports;
  for (std::size_t k = 0; k < net.frequencies(); ++k) {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const double d = std::abs(net.at(k, i, j) - net.at(k, j, i));
        if (d > report.max_asymmetry) {
          report.max_asymmetry = d;
          report.at_freq_hz = net.freq_hz[k];
        }
      }
    }
  }
  report.at_freq_hz = report.max_asymmetry > 0.0 ? report.at_freq_hz : net.freq_hz.front();
  report.reciprocal = report.max_asymmetry <= tolerance;
  return report;
}

} // namespace linkphy
