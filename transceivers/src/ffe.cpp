// Tap grids of COM parameter tables ("[min:step:max]" in the IEEE workbooks).
#include <linkphy/phy/error.hpp>
#include <linkphy/transceivers/ffe.hpp>

#include <cmath>
#include <sstream>

namespace linkphy::transceivers {

std::vector<double> tap_grid(double min, double step, double max, const char *where) {
  if (!std::isfinite(min) || !std::isfinite(max) || !std::isfinite(step))
    throw InputError(where, "min, step and max must be finite numbers");
  if (!(step > 0))
    throw InputError(where, "step must be > 0");
  if (max < min)
    throw InputError(where, "max must be >= min");
  const double points = std::floor((max - min) / step + 1e-3) + 1; // may be inf: checked first
  if (!(points <= static_cast<double>(kMaxGridPoints))) {
    std::ostringstream os;
    os << "step too fine: (max - min)/step + 1 = " << points << " points; at most "
       << kMaxGridPoints << " are accepted";
    throw InputError(where, os.str());
  }
  std::vector<double> v;
  const long n = std::lround(points - 1);
  for (long i = 0; i <= n; ++i) {
    const double x = min + static_cast<double>(i) * step;
    v.push_back(std::abs(x) < 1e-12 ? 0.0 : x);
  }
  return v;
}

} // namespace linkphy::transceivers
