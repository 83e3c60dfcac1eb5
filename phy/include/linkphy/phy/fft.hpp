// A small, thread-safe wrapper over FFTW3 in double precision (Frigo & Johnson, "The design and
// implementation of FFTW3", Proc. IEEE 93(2), 2005; FFTW 3.3 manual §4.6 "New-array Execute
// Functions" and §5 "Multi-threaded FFTW: Thread safety").
//
// Conventions (N = transform size, any N ≥ 1, including odd and prime sizes):
//   forward:  X[k] = Σ_{n=0}^{N-1} x[n] · exp(-2πi·k·n/N)            (unnormalised, as FFTW)
//   inverse:  x[n] = (1/N) · Σ_{k=0}^{N-1} X[k] · exp(+2πi·k·n/N)     (normalised by 1/N here)
// so that inverse(forward(x)) == x up to rounding. Real transforms keep the N/2+1 non-negative
// frequency bins k = 0 … ⌊N/2⌋ (the rest follow from Hermitian symmetry X[N-k] = conj(X[k])).
//
// Plans are created once per (kind, N) with FFTW_ESTIMATE (FFTW_MEASURE costs seconds per size and
// would dominate tests and short sweeps) and cached for the life of the process. Plan creation is
// serialised by fft_planner_mutex() (the FFTW planner is not thread-safe); execution uses the
// new-array execute functions and is safe from any number of threads concurrently. Arrays that are
// not SIMD-aligned like fftw_malloc's (or where input and output alias) are staged through
// thread-local aligned scratch, so any std::vector works; FftBuffer/FftComplexBuffer avoid that
// copy.
#pragma once

#include <complex>
#include <cstddef>
#include <mutex>
#include <new>
#include <span>
#include <string>
#include <vector>

namespace linkphy {

/// Alignment of FftwAllocator memory in bytes: ≥ every SIMD alignment FFTW uses (AVX-512: 64).
inline constexpr std::size_t fft_alignment_bytes = 64;

/// Allocator of fft_alignment_bytes-aligned memory (what FFTW's SIMD kernels need). Uses aligned
/// operator new rather than fftw_malloc, which the FFTW manual does not list as thread-safe.
template <class T> struct FftwAllocator {
  using value_type = T;
  FftwAllocator() noexcept = default;
  template <class U> FftwAllocator(const FftwAllocator<U> &) noexcept {}
  T *allocate(std::size_t n);
  void deallocate(T *p, std::size_t) noexcept;
  template <class U> bool operator==(const FftwAllocator<U> &) const noexcept { return true; }
};

template <class T> T *FftwAllocator<T>::allocate(std::size_t n) {
  return static_cast<T *>(::operator new (n * sizeof(T), std::align_val_t{fft_alignment_bytes}));
}
template <class T> void FftwAllocator<T>::deallocate(T *p, std::size_t) noexcept {
  ::operator delete (p, std::align_val_t{fft_alignment_bytes});
}

/// A real sample buffer aligned for FFTW: transforms on it run without staging copies.
using FftBuffer = std::vector<double, FftwAllocator<double>>;
/// A complex spectrum buffer aligned for FFTW.
using FftComplexBuffer = std::vector<std::complex<double>, FftwAllocator<std::complex<double>>>;

/// The mutex that serialises every FFTW planner call in linkphy. Code elsewhere that calls the
/// FFTW planner directly (fftw_plan_*, fftw_destroy_plan) must hold it.
std::mutex &fft_planner_mutex();

/// Real → complex forward DFT (convention above). `in`: N real samples (1 ≤ N ≤ 1073741823,
/// any unit; InputError "fft: transform size N out of range" otherwise); `out`: N/2+1 bins (same
/// unit × samples). Throws InputError on size mismatch.
void fft_r2c(std::span<const double> in, std::span<std::complex<double>> out);

/// Complex → real inverse DFT, normalised by 1/N. `in`: N/2+1 bins k = 0…⌊N/2⌋ of a Hermitian
/// spectrum (imaginary parts of bin 0 and, for even N, bin N/2 are ignored); `out`: N samples,
/// 1 ≤ N ≤ 1073741823 (InputError otherwise). `in` is not modified. Throws InputError on size
/// mismatch.
void ifft_c2r(std::span<const std::complex<double>> in, std::span<double> out);

/// ifft_c2r that may overwrite `in` (FFTW's c2r destroys its input): when `in` is aligned like
/// an FftComplexBuffer and apart from `out`, the transform runs on it without the staging copy.
/// The same result and the same checks as ifft_c2r, bit for bit.
void ifft_c2r_destroy(std::span<std::complex<double>> in, std::span<double> out);

/// Complex → complex forward DFT of N = in.size() points, 1 ≤ N ≤ 1073741823; out.size() must
/// equal N. InputError otherwise.
void fft_c2c(std::span<const std::complex<double>> in, std::span<std::complex<double>> out);

/// Complex → complex inverse DFT, normalised by 1/N; out.size() must equal in.size(), and N as
/// fft_c2c (InputError otherwise).
void ifft_c2c(std::span<const std::complex<double>> in, std::span<std::complex<double>> out);

/// Convenience: forward r2c of x (N = x.size(), 1 … 1073741823) returning N/2+1 bins.
std::vector<std::complex<double>> fft_r2c(std::span<const double> x);
/// Convenience: inverse c2r to `n` real samples (1 … 1073741823) from N/2+1 bins
/// (spectrum.size() must be n/2+1; InputError otherwise).
std::vector<double> ifft_c2r(std::span<const std::complex<double>> spectrum, std::size_t n);
/// Convenience: forward c2c (N = x.size(), 1 … 1073741823).
std::vector<std::complex<double>> fft_c2c(std::span<const std::complex<double>> x);
/// Convenience: inverse c2c (normalised by 1/N; N = x.size(), 1 … 1073741823).
std::vector<std::complex<double>> ifft_c2c(std::span<const std::complex<double>> x);

/// Most one-sided points of the uniform frequency grid a pulse or impulse response is computed
/// on (2^22 = 4,194,304; 64 MB per complex array): 850 GHz (M·f_b/2 of 802.3ck) in 200 kHz
/// steps, twenty times the points of a 10 MHz-step channel file over that band.
inline constexpr std::size_t kMaxFftGridPoints = std::size_t{1} << 22;

/// The intervals of the uniform grid 0 … f_max_hz with a step nearest step_hz,
/// llround(f_max_hz/step_hz), checked before anything is allocated: throws InputError naming
/// `where` unless step_hz is finite and > 0 and the grid has 2 to kMaxFftGridPoints points.
/// step_hz is a data file's step (2nd to 3rd point), so the messages say so. `f_max_hz` (Hz):
/// a NaN, infinite, negative or zero value fails the point-count check (InputError); `step_hz`
/// (Hz).
std::size_t fft_grid_intervals(double f_max_hz, double step_hz, const std::string &where);

/// Number of plans currently cached (for tests and diagnostics).
std::size_t fft_cached_plan_count();

} // namespace linkphy
