// Tap grids of COM parameter tables ("[min:step:max]" in the IEEE workbooks).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/ffe.hpp>

#include <cmath>

namespace linkphy::transceivers {

std::vector<double> tap_grid(double min, double step, double max, const char *where) {
  if (!(step > 0))
    throw InputError(where, "step must be > 0");
  if (max < min)
    throw InputError(where, "max must be >= min");
  std::vector<double> v;
  const long n = std::lround(std::floor((max - min) / step + 1e-3));
  for (long i = 0; i <= n; ++i) {
    const double x = min + static_cast<double>(i) * step;
    v.push_back(std::abs(x) < 1e-12 ? 0.0 : x);
  }
  return v;
}

} // namespace linkphy::transceivers
