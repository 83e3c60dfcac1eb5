// Passivity (largest singular value) and reciprocity (|S − Sᵀ|) checks, against closed forms and
// numpy.linalg.svd figures for real networks.
#include "reference_csv.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/network_ops.hpp>

#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include <random>

using namespace linkphy;
using Catch::Matchers::Contains;
using test::read_columns;
using test::read_reference;

namespace {
/// S = U·diag(σ)·Vᴴ at every frequency, U and V random unitary (QR of a random matrix).
Network from_singular_values(const std::vector<std::vector<double>> &sigma, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> g;
  const int n = static_cast<int>(sigma.front().size());
  std::vector<double> f;
  for (std::size_t k = 0; k < sigma.size(); ++k)
    f.push_back(1e9 * static_cast<double>(k + 1));
  Network net(f, n);
  auto unitary = [&] {
    Eigen::MatrixXcd a(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        a(i, j) = Complex(g(rng), g(rng));
    return Eigen::MatrixXcd(Eigen::HouseholderQR<Eigen::MatrixXcd>(a).householderQ());
  };
  for (std::size_t k = 0; k < sigma.size(); ++k) {
    Eigen::VectorXd sv = Eigen::Map<const Eigen::VectorXd>(sigma[k].data(), n);
    net.matrix(k) = unitary() * sv.asDiagonal() * unitary().adjoint();
  }
  return net;
}
} // namespace

TEST_CASE("passivity: largest singular value of S", "[network][checks]") {
  // Random passive 4-port: σ ≤ 1 → passive, and the reported maximum is the largest σ (SVD of a
  // unitary-transformed diagonal reproduces σ to ~1e-15).
  const Network pas = from_singular_values({{0.2, 0.5, 0.9, 1.0}, {0.95, 0.1, 0.3, 0.7}}, 7);
  const PassivityReport p = check_passivity(pas);
  CHECK(p.passive);
  CHECK(p.max_singular_value == Approx(1.0).epsilon(1e-13));
  CHECK(p.at_freq_hz == 1e9);
  // A gain block (σ = 1.25 at the second frequency) fails.
  const Network gain = from_singular_values({{0.2, 0.5, 0.9, 0.4}, {1.25, 0.1, 0.3, 0.7}}, 11);
  const PassivityReport q = check_passivity(gain);
  CHECK_FALSE(q.passive);
  CHECK(q.max_singular_value == Approx(1.25).epsilon(1e-13));
  CHECK(q.at_freq_hz == 2e9);
  // A lossless network (σ = 1, 1) is passive at the boundary; with tolerance 0 too.
  CHECK(check_passivity(from_singular_values({{1.0, 1.0}}, 3), 1e-12).passive);
  // Large 6-port goes through the dynamic-size path.
  CHECK_FALSE(check_passivity(from_singular_values({{0.5, 0.5, 1.01, 0.2, 0.1, 0.0}}, 5)).passive);
}

TEST_CASE("passivity and reciprocity of measured networks match numpy", "[network][checks]") {
  for (const std::string stem : {"ca", "ring_slot"}) {
    INFO(stem);
    const Network net = read_reference(stem + "_s");
    const auto cols = read_columns(stem + "_checks");
    const double sv_max = *std::max_element(cols[1].begin(), cols[1].end());
    const double asym_max = *std::max_element(cols[2].begin(), cols[2].end());
    // Jacobi SVD (Eigen) vs LAPACK gesdd (numpy): both backward stable, agree to ~1e-15.
    const PassivityReport p = check_passivity(net);
    CHECK(p.max_singular_value == Approx(sv_max).epsilon(1e-12));
    CHECK(p.passive == (sv_max <= 1.0 + 1e-6));
    // |S − Sᵀ| is computed identically: exact to rounding of one subtraction.
    const ReciprocityReport r = check_reciprocity(net);
    CHECK(r.max_asymmetry == Approx(asym_max).epsilon(1e-14));
  }
  // The measured CA cable is reciprocal to measurement accuracy, and passive except at its DC
  // point, where the file's S has a singular value of 1.0005 (measurement/extrapolation error).
  const Network ca = read_reference("ca_s");
  const PassivityReport p = check_passivity(ca);
  CHECK_FALSE(p.passive);
  CHECK(p.at_freq_hz == 0.0);
  CHECK(p.max_singular_value == Approx(1.0005).margin(1e-4));
  CHECK(check_passivity(
            interpolate(ca, std::vector<double>(ca.freq_hz.begin() + 1, ca.freq_hz.end())))
            .passive);
  CHECK(check_reciprocity(ca, 1e-3).reciprocal);
}

TEST_CASE("reciprocity: S equals its transpose", "[network][checks]") {
  Network n({1e9, 2e9}, 3);
  n.at(0, 0, 1) = n.at(0, 1, 0) = Complex(0.3, 0.1);
  n.at(1, 0, 2) = Complex(0.5, 0.0);
  n.at(1, 2, 0) = Complex(0.2, 0.4);
  const ReciprocityReport r = check_reciprocity(n);
  CHECK_FALSE(r.reciprocal);
  CHECK(r.max_asymmetry == Approx(0.5).epsilon(1e-15)); // |0.3 − 0.4j|
  CHECK(r.at_freq_hz == 2e9);
  n.at(1, 2, 0) = n.at(1, 0, 2);
  CHECK(check_reciprocity(n).reciprocal);
  CHECK(check_reciprocity(n).max_asymmetry == 0.0);
}

TEST_CASE("checks reject bad arguments", "[network][checks][bad-input]") {
  Network n({1e9}, 2);
  CHECK_THROWS_AS(check_passivity(n, -1.0), InputError);
  CHECK_THROWS_WITH(check_reciprocity(n, -1.0), Contains("tolerance must be >= 0"));
  Network empty;
  CHECK_THROWS_WITH(check_passivity(empty), Contains("need at least 1"));
}
