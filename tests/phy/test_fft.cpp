// FFT wrapper checked against a naive DFT (the definition in fft.hpp), Parseval's theorem and
// round trips, and for thread safety.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fft.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <random>
#include <thread>
#include <vector>

using namespace linkphy;
using cd = std::complex<double>;

namespace {

std::vector<double> random_real(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> x(n);
  for (auto &v : x)
    v = u(rng);
  return x;
}

std::vector<cd> random_complex(std::size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<cd> x(n);
  for (auto &v : x)
    v = {u(rng), u(rng)};
  return x;
}

// X[k] = Σ x[n] exp(sign·2πi·k·n/N), twiddles from the exact index (k·n mod N) so that the
// reference itself loses no accuracy for large k·n; accumulated in long double.
std::vector<cd> naive_dft(const std::vector<cd> &x, int sign) {
  const std::size_t n = x.size();
  std::vector<cd> out(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::complex<long double> acc = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const long double ang = sign * 2.0L * std::numbers::pi_v<long double> *
                              static_cast<long double>((k * j) % n) / static_cast<long double>(n);
      acc += std::complex<long double>(x[j].real(), x[j].imag()) *
             std::complex<long double>(std::cos(ang), std::sin(ang));
    }
    out[k] = cd(static_cast<double>(acc.real()), static_cast<double>(acc.imag()));
  }
  return out;
}

double l1(const std::vector<double> &x) {
  double s = 0;
  for (double v : x)
    s += std::abs(v);
  return s;
}
double l1(const std::vector<cd> &x) {
  double s = 0;
  for (auto v : x)
    s += std::abs(v);
  return s;
}

const std::vector<std::size_t> kSizes = {1,  2,  3,  4,   5,   7,   8,   16,   17,  31,
                                         64, 97, 99, 100, 127, 128, 243, 1000, 1009};

} // namespace

// Tolerance for every DFT comparison: |error| ≤ 1e-12·Σ|x|. |X[k]| ≤ Σ|x|, and the rounding error
// of an FFT is O(ε·log2 N)·Σ|x| (≈ 2e-15 for N ≈ 1000); 1e-12 leaves two decades of room while a
// wrong twiddle, bin or scale factor errs by O(Σ|x|/N) ≥ 1e-3·Σ|x| here.
TEST_CASE("r2c matches the naive DFT for even, odd and prime sizes", "[fft]") {
  for (std::size_t n : kSizes) {
    CAPTURE(n);
    const auto x = random_real(n, 11 + static_cast<unsigned>(n));
    std::vector<cd> xc(x.begin(), x.end());
    const auto ref = naive_dft(xc, -1);
    const auto got = fft_r2c(x);
    REQUIRE(got.size() == n / 2 + 1);
    const double tol = 1e-12 * l1(x);
    for (std::size_t k = 0; k < got.size(); ++k) {
      CAPTURE(k);
      CHECK(std::abs(got[k] - ref[k]) <= tol);
    }
  }
}

TEST_CASE("c2c forward and inverse match the naive DFT", "[fft]") {
  for (std::size_t n : kSizes) {
    CAPTURE(n);
    const auto x = random_complex(n, 7 + static_cast<unsigned>(n));
    const auto ref_f = naive_dft(x, -1);
    const auto ref_b = naive_dft(x, +1);
    const auto f = fft_c2c(x);
    const auto b = ifft_c2c(x);
    const double tol = 1e-12 * l1(x);
    for (std::size_t k = 0; k < n; ++k) {
      CAPTURE(k);
      CHECK(std::abs(f[k] - ref_f[k]) <= tol);
      // the inverse carries the 1/N normalisation documented in fft.hpp
      CHECK(std::abs(b[k] - ref_b[k] / static_cast<double>(n)) <= tol / static_cast<double>(n));
    }
  }
}

TEST_CASE("a cosine lands in its bin with amplitude N/2", "[fft]") {
  // x[n] = cos(2π·k0·n/N) → X[k0] = N/2, all other bins 0 (definition of the DFT).
  const std::size_t n = 96, k0 = 5;
  std::vector<double> x(n);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = std::cos(2 * std::numbers::pi * static_cast<double>(k0 * j) / n);
  const auto spec = fft_r2c(x);
  for (std::size_t k = 0; k < spec.size(); ++k) {
    CAPTURE(k);
    CHECK(std::abs(spec[k] - cd(k == k0 ? n / 2.0 : 0.0, 0.0)) < 1e-12 * n);
  }
}

TEST_CASE("Parseval: energy is preserved (r2c and c2c)", "[fft]") {
  // Σ|x|² = (1/N) Σ_{k=0}^{N-1} |X[k]|²; for r2c bins 1…⌈N/2⌉−1 stand for two bins each.
  // Relative tolerance 1e-12: both sides are sums of positive terms, rounding ~N·ε ≈ 2e-13.
  for (std::size_t n : kSizes) {
    CAPTURE(n);
    const auto x = random_real(n, 3 + static_cast<unsigned>(n));
    double ex = 0;
    for (double v : x)
      ex += v * v;
    const auto spec = fft_r2c(x);
    double es = 0;
    for (std::size_t k = 0; k < spec.size(); ++k) {
      const bool paired = k != 0 && !(n % 2 == 0 && k == n / 2);
      es += (paired ? 2.0 : 1.0) * std::norm(spec[k]);
    }
    CHECK(es / n == Approx(ex).epsilon(1e-12));

    const auto xc = random_complex(n, 5 + static_cast<unsigned>(n));
    double exc = 0, esc = 0;
    for (auto v : xc)
      exc += std::norm(v);
    for (auto v : fft_c2c(xc))
      esc += std::norm(v);
    CHECK(esc / n == Approx(exc).epsilon(1e-12));
  }
}

TEST_CASE("inverse(forward(x)) == x for r2c/c2r and c2c", "[fft]") {
  // Round-trip error is O(ε·log N)·max|x|; 1e-13 absolute on values in [-1, 1].
  for (std::size_t n : kSizes) {
    CAPTURE(n);
    const auto x = random_real(n, 21 + static_cast<unsigned>(n));
    const auto back = ifft_c2r(fft_r2c(x), n);
    REQUIRE(back.size() == n);
    for (std::size_t j = 0; j < n; ++j)
      CHECK(back[j] == Approx(x[j]).margin(1e-13));
    const auto xc = random_complex(n, 23 + static_cast<unsigned>(n));
    const auto backc = ifft_c2c(fft_c2c(xc));
    for (std::size_t j = 0; j < n; ++j)
      CHECK(std::abs(backc[j] - xc[j]) < 1e-13);
  }
}

TEST_CASE("c2r does not modify its input and ignores the imaginary DC/Nyquist parts", "[fft]") {
  const std::size_t n = 64;
  const auto x = random_real(n, 99);
  auto spec = fft_r2c(x);
  const auto copy = spec;
  std::vector<double> out(n);
  ifft_c2r(spec, out);
  CHECK(spec == copy);
  // A real signal's DC and Nyquist bins are real: imaginary parts there carry no information.
  spec[0] += cd(0, 3.0);
  spec[n / 2] += cd(0, -2.0);
  std::vector<double> out2(n);
  ifft_c2r(spec, out2);
  for (std::size_t j = 0; j < n; ++j)
    CHECK(out2[j] == Approx(out[j]).margin(1e-14));
}

TEST_CASE("unaligned and aliased arrays give the same result as aligned ones", "[fft]") {
  const std::size_t n = 1000;
  const auto x = random_real(n, 5);
  FftBuffer aligned_in(x.begin(), x.end());
  FftComplexBuffer aligned_out(n / 2 + 1);
  fft_r2c(aligned_in, aligned_out);
  // Shift by one double: 8-byte aligned only, which FFTW's SIMD plan cannot use directly.
  std::vector<double> storage(n + 1);
  std::copy(x.begin(), x.end(), storage.begin() + 1);
  std::span<const double> shifted(storage.data() + 1, n);
  std::vector<cd> shifted_out(n / 2 + 2);
  std::span<cd> out_span(shifted_out.data(), n / 2 + 1);
  fft_r2c(shifted, out_span);
  for (std::size_t k = 0; k <= n / 2; ++k)
    CHECK(out_span[k] == aligned_out[k]); // same plan, same arithmetic: bit-identical

  // In-place c2c (input and output alias) is staged through scratch and still correct.
  auto xc = random_complex(n, 6);
  const auto ref = fft_c2c(xc);
  fft_c2c(xc, xc);
  for (std::size_t k = 0; k < n; ++k)
    CHECK(xc[k] == ref[k]);
}

TEST_CASE("c2r on a disposable aligned input equals c2r bit for bit", "[fft]") {
  // ifft_c2r_destroy runs FFTW on the caller's aligned input (no staging copy) or, unaligned,
  // falls back to ifft_c2r: the same plan either way, so the same doubles; odd and even sizes.
  for (std::size_t n : {999u, 1000u, 16000u}) {
    const auto x = random_complex(n / 2 + 1, 8);
    const std::vector<double> want = ifft_c2r(x, n);
    FftComplexBuffer in(x.begin(), x.end());
    FftBuffer out(n);
    ifft_c2r_destroy(in, out);
    std::vector<cd> unaligned_storage(n / 2 + 2); // std::vector: maybe aligned, maybe not
    std::copy(x.begin(), x.end(), unaligned_storage.begin() + 1);
    std::vector<double> out2(n);
    ifft_c2r_destroy(std::span<cd>(unaligned_storage.data() + 1, n / 2 + 1), out2);
    INFO("N = " << n);
    CHECK(std::equal(out.begin(), out.end(), want.begin(), want.end()));
    CHECK(out2 == want);
  }
}

TEST_CASE("plans are cached per size and kind", "[fft]") {
  const std::size_t before = fft_cached_plan_count();
  const auto x = random_real(777, 1);
  fft_r2c(x);
  const std::size_t after_first = fft_cached_plan_count();
  fft_r2c(x);
  fft_r2c(x);
  CHECK(after_first == before + 1);
  CHECK(fft_cached_plan_count() == after_first);
  ifft_c2r(fft_r2c(x), x.size());
  CHECK(fft_cached_plan_count() == after_first + 1); // c2r is a different plan
}

TEST_CASE("bad sizes are InputErrors", "[fft][bad-input]") {
  std::vector<double> empty;
  CHECK_THROWS_AS(fft_r2c(empty), InputError);
  std::vector<double> x(8);
  std::vector<cd> wrong(4); // needs 5
  CHECK_THROWS_WITH(fft_r2c(x, wrong), Catch::Matchers::Contains("expected 5"));
  std::vector<cd> spec(5);
  std::vector<double> out(10); // 10/2+1 = 6 bins needed
  CHECK_THROWS_AS(ifft_c2r(spec, out), InputError);
  std::vector<cd> a(4), b(5);
  CHECK_THROWS_AS(fft_c2c(a, b), InputError);
}

TEST_CASE("transforms from 4 threads equal the single-threaded results", "[fft][threads]") {
  // Sizes not used by any earlier step of this test: the threads race to create the plans, which
  // exercises the planner lock. Each thread owns its buffers; results must be bit-identical to a
  // single-threaded run afterwards (same plan, same arithmetic).
  const std::vector<std::size_t> sizes = {4099, 6007, 8192, 12289, 1536, 2187};
  constexpr int threads = 4;
  constexpr int repeats = 20;
  std::vector<std::vector<std::vector<cd>>> got(threads);
  std::vector<std::vector<std::vector<double>>> round(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int r = 0; r < repeats; ++r)
        for (std::size_t i = 0; i < sizes.size(); ++i) {
          const std::size_t n = sizes[(i + static_cast<std::size_t>(t)) % sizes.size()];
          const auto x = random_real(n, static_cast<unsigned>(n));
          FftComplexBuffer spec(n / 2 + 1);
          fft_r2c(x, spec);
          std::vector<double> back(n);
          ifft_c2r(spec, back);
          if (r == repeats - 1) {
            got[t].emplace_back(spec.begin(), spec.end());
            round[t].push_back(std::move(back));
          }
        }
    });
  for (auto &th : pool)
    th.join();
  for (int t = 0; t < threads; ++t) {
    REQUIRE(got[t].size() == sizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const std::size_t n = sizes[(i + static_cast<std::size_t>(t)) % sizes.size()];
      const auto x = random_real(n, static_cast<unsigned>(n));
      const auto ref = fft_r2c(x);
      const auto ref_back = ifft_c2r(ref, n);
      CAPTURE(t, n);
      CHECK(got[t][i] == ref);
      CHECK(round[t][i] == ref_back);
    }
  }
}

TEST_CASE("fft_grid_intervals bounds the grid before anything is allocated", "[fft]") {
  // The COM grid of 802.3ck: 850 GHz in the 10 MHz step of a measured channel.
  CHECK(linkphy::fft_grid_intervals(850e9, 10e6, "ch") == 85000);
  CHECK(linkphy::fft_grid_intervals(850e9, 850e9 / 4194303.0, "ch") ==
        4194303); // the cap: 4194304 points
  // Too fine (1e-300 Hz step: std::length_error before), too coarse (< 2 points: the inverse
  // FFT refused without a place), not a step at all.
  CHECK_THROWS_WITH(linkphy::fft_grid_intervals(850e9, 1e-300, "ch"),
                    Catch::StartsWith("ch: ") && Catch::Contains("at most 4194304"));
  CHECK_THROWS_WITH(linkphy::fft_grid_intervals(1e300, 1e8, "ch"),
                    Catch::Contains("at most 4194304"));
  CHECK_THROWS_WITH(linkphy::fft_grid_intervals(850e9, 1e17, "ch"),
                    Catch::StartsWith("ch: ") && Catch::Contains("coarser"));
  CHECK_THROWS_WITH(linkphy::fft_grid_intervals(850e9, 0.0, "ch"), Catch::Contains("> 0"));
  CHECK_THROWS_WITH(linkphy::fft_grid_intervals(850e9, std::nan(""), "ch"), Catch::Contains("> 0"));
}
