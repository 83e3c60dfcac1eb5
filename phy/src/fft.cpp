// FFTW3 wrapper: cached ESTIMATE plans, serialised planning, new-array execution (FFTW 3.3
// manual §4.6, §5.4).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/fft.hpp>

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <shared_mutex>
#include <sstream>
#include <string>
#include <utility>

namespace linkphy {
namespace {

enum class Kind { r2c, c2r, c2c_forward, c2c_backward };

struct PlanCache {
  std::shared_mutex map_mutex; // guards `plans`; planner calls additionally hold the planner mutex
  std::map<std::pair<Kind, std::size_t>, fftw_plan> plans; // never destroyed (process lifetime)
};

PlanCache &cache() {
  static PlanCache *c = new PlanCache; // leaked on purpose: plans may be used during static exit
  return *c;
}

// Aligned, owned storage used only while planning (FFTW_ESTIMATE never touches the arrays, but
// the planner records their alignment, which must match that of arrays given at execution).
struct PlanningArrays {
  explicit PlanningArrays(std::size_t n)
      : a(static_cast<double *>(
            ::operator new (2 * n * sizeof(double), std::align_val_t{fft_alignment_bytes}))),
        b(static_cast<double *>(::operator new (2 * (n + 1) * sizeof(double),
                                                std::align_val_t{fft_alignment_bytes}))) {}
  ~PlanningArrays() {
    ::operator delete (a, std::align_val_t{fft_alignment_bytes});
    ::operator delete (b, std::align_val_t{fft_alignment_bytes});
  }
  PlanningArrays(const PlanningArrays &) = delete;
  PlanningArrays &operator=(const PlanningArrays &) = delete;
  double *a;
  double *b;
};

fftw_plan make_plan(Kind kind, std::size_t n) {
  const int ni = static_cast<int>(n);
  PlanningArrays arr(n);
  auto *ca = reinterpret_cast<fftw_complex *>(arr.a);
  auto *cb = reinterpret_cast<fftw_complex *>(arr.b);
  switch (kind) {
  case Kind::r2c:
    return fftw_plan_dft_r2c_1d(ni, arr.a, cb, FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
  case Kind::c2r: // c2r always destroys its input: we execute it on a private copy
    return fftw_plan_dft_c2r_1d(ni, cb, arr.a, FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
  case Kind::c2c_forward:
    return fftw_plan_dft_1d(ni, ca, cb, FFTW_FORWARD, FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
  case Kind::c2c_backward:
    return fftw_plan_dft_1d(ni, ca, cb, FFTW_BACKWARD, FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
  }
  return nullptr;
}

fftw_plan get_plan(Kind kind, std::size_t n) {
  if (n == 0 || n > static_cast<std::size_t>(INT32_MAX / 2))
    throw InputError("fft", "transform size " + std::to_string(n) +
                                " out of range (accepted: 1 … 1073741823 points)");
  PlanCache &c = cache();
  const auto key = std::make_pair(kind, n);
  {
    std::shared_lock lock(c.map_mutex);
    if (auto it = c.plans.find(key); it != c.plans.end())
      return it->second;
  }
  std::lock_guard planner(fft_planner_mutex());
  {
    std::shared_lock lock(c.map_mutex); // another thread may have planned it meanwhile
    if (auto it = c.plans.find(key); it != c.plans.end())
      return it->second;
  }
  fftw_plan p = make_plan(kind, n);
  if (p == nullptr)
    throw std::runtime_error("fft: FFTW could not create a plan of size " + std::to_string(n));
  std::unique_lock lock(c.map_mutex);
  c.plans.emplace(key, p);
  return p;
}

// Per-thread aligned scratch arrays, grown on demand.
class Scratch {
public:
  ~Scratch() {
    for (auto &s : slots_)
      ::operator delete (s.ptr, std::align_val_t{fft_alignment_bytes});
  }
  /// An aligned array of at least `doubles` doubles in slot `i` (0 or 1).
  double *get(int i, std::size_t doubles) {
    Slot &s = slots_[i];
    if (s.size < doubles) {
      ::operator delete (s.ptr, std::align_val_t{fft_alignment_bytes});
      s.ptr = nullptr;
      s.size = 0;
      s.ptr = static_cast<double *>(
          ::operator new (doubles * sizeof(double), std::align_val_t{fft_alignment_bytes}));
      s.size = doubles;
    }
    return s.ptr;
  }

private:
  struct Slot {
    double *ptr = nullptr;
    std::size_t size = 0;
  };
  Slot slots_[2];
};

Scratch &scratch() {
  thread_local Scratch s;
  return s;
}

bool aligned(const void *p) {
  return fftw_alignment_of(const_cast<double *>(static_cast<const double *>(p))) == 0;
}

bool overlap(const void *a, std::size_t a_bytes, const void *b, std::size_t b_bytes) {
  const auto pa = reinterpret_cast<std::uintptr_t>(a);
  const auto pb = reinterpret_cast<std::uintptr_t>(b);
  return pa < pb + b_bytes && pb < pa + a_bytes;
}

void check_size(const char *what, std::size_t got, std::size_t want) {
  if (got != want)
    throw InputError("fft", std::string(what) + " has " + std::to_string(got) +
                                " elements, expected " + std::to_string(want));
}

void c2c(Kind kind, std::span<const std::complex<double>> in, std::span<std::complex<double>> out) {
  const std::size_t n = in.size();
  check_size("c2c output", out.size(), n);
  fftw_plan p = get_plan(kind, n);
  const std::size_t bytes = n * sizeof(std::complex<double>);
  const bool direct =
      aligned(in.data()) && aligned(out.data()) && !overlap(in.data(), bytes, out.data(), bytes);
  if (direct) {
    // PRESERVE_INPUT plan: `in` is read only, the cast drops a const FFTW's API lacks.
    fftw_execute_dft(
        p, reinterpret_cast<fftw_complex *>(const_cast<std::complex<double> *>(in.data())),
        reinterpret_cast<fftw_complex *>(out.data()));
  } else {
    double *si = scratch().get(0, 2 * n);
    double *so = scratch().get(1, 2 * n);
    std::copy(in.begin(), in.end(), reinterpret_cast<std::complex<double> *>(si));
    fftw_execute_dft(p, reinterpret_cast<fftw_complex *>(si), reinterpret_cast<fftw_complex *>(so));
    const auto *res = reinterpret_cast<const std::complex<double> *>(so);
    std::copy(res, res + n, out.begin());
  }
  if (kind == Kind::c2c_backward) {
    const double scale = 1.0 / static_cast<double>(n);
    for (auto &v : out)
      v *= scale;
  }
}

} // namespace

std::mutex &fft_planner_mutex() {
  static std::mutex m;
  return m;
}

std::size_t fft_cached_plan_count() {
  PlanCache &c = cache();
  std::shared_lock lock(c.map_mutex);
  return c.plans.size();
}

void fft_r2c(std::span<const double> in, std::span<std::complex<double>> out) {
  const std::size_t n = in.size();
  fftw_plan p = get_plan(Kind::r2c, n);
  check_size("r2c output", out.size(), n / 2 + 1);
  const bool direct = aligned(in.data()) && aligned(out.data()) &&
                      !overlap(in.data(), n * sizeof(double), out.data(),
                               out.size() * sizeof(std::complex<double>));
  if (direct) {
    fftw_execute_dft_r2c(p, const_cast<double *>(in.data()),
                         reinterpret_cast<fftw_complex *>(out.data()));
    return;
  }
  double *si = scratch().get(0, n);
  double *so = scratch().get(1, 2 * (n / 2 + 1));
  std::copy(in.begin(), in.end(), si);
  fftw_execute_dft_r2c(p, si, reinterpret_cast<fftw_complex *>(so));
  const auto *res = reinterpret_cast<const std::complex<double> *>(so);
  std::copy(res, res + out.size(), out.begin());
}

void ifft_c2r(std::span<const std::complex<double>> in, std::span<double> out) {
  const std::size_t n = out.size();
  fftw_plan p = get_plan(Kind::c2r, n);
  check_size("c2r input", in.size(), n / 2 + 1);
  // c2r overwrites its input, so it always runs on a private aligned copy.
  double *si = scratch().get(0, 2 * in.size());
  auto *ci = reinterpret_cast<std::complex<double> *>(si);
  std::copy(in.begin(), in.end(), ci);
  ci[0].imag(0.0); // a real signal's DC and Nyquist bins are real
  if (n % 2 == 0)
    ci[n / 2].imag(0.0);
  const double scale = 1.0 / static_cast<double>(n);
  if (aligned(out.data())) {
    fftw_execute_dft_c2r(p, reinterpret_cast<fftw_complex *>(si), out.data());
  } else {
    double *so = scratch().get(1, n);
    fftw_execute_dft_c2r(p, reinterpret_cast<fftw_complex *>(si), so);
    std::copy(so, so + n, out.begin());
  }
  for (auto &v : out)
    v *= scale;
}

void ifft_c2r_destroy(std::span<std::complex<double>> in, std::span<double> out) {
  const std::size_t n = out.size();
  if (!aligned(in.data()) ||
      overlap(in.data(), in.size() * sizeof(std::complex<double>), out.data(), n * sizeof(double)))
    return ifft_c2r(in, out); // staged
  fftw_plan p = get_plan(Kind::c2r, n);
  check_size("c2r input", in.size(), n / 2 + 1);
  in[0].imag(0.0); // as ifft_c2r: a real signal's DC and Nyquist bins are real
  if (n % 2 == 0)
    in[n / 2].imag(0.0);
  const double scale = 1.0 / static_cast<double>(n);
  auto *ci = reinterpret_cast<fftw_complex *>(in.data());
  if (aligned(out.data())) {
    fftw_execute_dft_c2r(p, ci, out.data());
  } else {
    double *so = scratch().get(1, n);
    fftw_execute_dft_c2r(p, ci, so);
    std::copy(so, so + n, out.begin());
  }
  for (auto &v : out)
    v *= scale;
}

void fft_c2c(std::span<const std::complex<double>> in, std::span<std::complex<double>> out) {
  c2c(Kind::c2c_forward, in, out);
}

void ifft_c2c(std::span<const std::complex<double>> in, std::span<std::complex<double>> out) {
  c2c(Kind::c2c_backward, in, out);
}

std::vector<std::complex<double>> fft_r2c(std::span<const double> x) {
  std::vector<std::complex<double>> out(x.size() / 2 + 1);
  fft_r2c(x, out);
  return out;
}

std::vector<double> ifft_c2r(std::span<const std::complex<double>> spectrum, std::size_t n) {
  std::vector<double> out(n);
  ifft_c2r(spectrum, out);
  return out;
}

std::vector<std::complex<double>> fft_c2c(std::span<const std::complex<double>> x) {
  std::vector<std::complex<double>> out(x.size());
  fft_c2c(x, out);
  return out;
}

std::vector<std::complex<double>> ifft_c2c(std::span<const std::complex<double>> x) {
  std::vector<std::complex<double>> out(x.size());
  ifft_c2c(x, out);
  return out;
}

std::size_t fft_grid_intervals(double f_max_hz, double step_hz, const std::string &where) {
  auto hz = [](double f) {
    std::ostringstream os;
    os << f / 1e9 << " GHz";
    return os.str();
  };
  if (!(step_hz > 0) || !std::isfinite(step_hz))
    throw InputError(where, "the frequency step (2nd to 3rd point) must be finite and > 0");
  const double ratio = f_max_hz / step_hz; // may be inf for a step of 1e-300 Hz
  if (!(ratio < static_cast<double>(kMaxFftGridPoints) - 0.5)) {
    std::ostringstream os;
    os << "0 to " << hz(f_max_hz) << " in steps of " << step_hz
       << " Hz (the frequency step, 2nd to 3rd point) needs " << ratio + 1
       << " grid points; at most " << kMaxFftGridPoints
       << " are accepted (check the frequencies and the option line's unit)";
    throw InputError(where, os.str());
  }
  const auto intervals = std::llround(ratio);
  if (intervals < 1) {
    std::ostringstream os;
    os << "the frequency step (2nd to 3rd point) of " << hz(step_hz) << " is coarser than the 0 to "
       << hz(f_max_hz)
       << " band the response is computed over (check the option line's frequency unit: # GHz "
          "on data written in Hz?)";
    throw InputError(where, os.str());
  }
  return static_cast<std::size_t>(intervals);
}

} // namespace linkphy
