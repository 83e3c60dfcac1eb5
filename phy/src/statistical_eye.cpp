// Amplitude PMFs of IEEE 802.3 Annex 93A.1.7 (93A-37..93A-45).
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/statistical_eye.hpp>

#include <algorithm>
#include <cmath>

namespace linkphy {

AmplitudePmf delta_pmf(double bin_v) {
  AmplitudePmf d;
  d.bin_v = bin_v;
  d.first_bin = 0;
  d.p = {1.0};
  return d;
}

AmplitudePmf gaussian_pmf(double sigma_v, double n_sigma, double bin_v) {
  AmplitudePmf g;
  g.bin_v = bin_v;
  const long half = std::lround(2.0 * n_sigma * sigma_v / bin_v);
  g.first_bin = -half;
  g.p.resize(static_cast<std::size_t>(2 * half + 1));
  double sum = 0;
  for (std::size_t i = 0; i < g.p.size(); ++i) {
    const double y = g.y(i);
    g.p[i] = sigma_v > 0 ? std::exp(-y * y / (2.0 * sigma_v * sigma_v)) : 1.0;
    sum += g.p[i];
  }
  for (double &v : g.p)
    v /= sum;
  return g;
}

AmplitudePmf pam_interference_pmf(std::span<const double> samples_v, int levels, double bin_v) {
  AmplitudePmf pmf = delta_pmf(bin_v);
  std::vector<double> next;
  const double prob = 1.0 / levels;
  for (double h : samples_v) {
    if (std::abs(h) < bin_v)
      continue;
    // Symbol values 2i/(L−1) − 1 (93A-39); shifts in bins, symmetric about 0.
    std::vector<long> shift(static_cast<std::size_t>(levels));
    for (int i = 0; i < levels; ++i)
      shift[static_cast<std::size_t>(i)] =
          std::lround(std::abs(h) * (2.0 * i / (levels - 1) - 1.0) / bin_v);
    const long lo = shift.front(), hi = shift.back();
    next.assign(pmf.p.size() + static_cast<std::size_t>(hi - lo), 0.0);
    for (int i = 0; i < levels; ++i) {
      const auto off = static_cast<std::size_t>(shift[static_cast<std::size_t>(i)] - lo);
      for (std::size_t k = 0; k < pmf.p.size(); ++k)
        next[k + off] += prob * pmf.p[k];
    }
    pmf.first_bin += lo;
    pmf.p.swap(next);
  }
  return pmf;
}

AmplitudePmf convolve(const AmplitudePmf &a, const AmplitudePmf &b) {
  AmplitudePmf c;
  c.bin_v = a.bin_v;
  c.first_bin = a.first_bin + b.first_bin;
  c.p.assign(a.p.size() + b.p.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.p.size(); ++i) {
    const double ai = a.p[i];
    if (ai == 0)
      continue;
    double *dst = c.p.data() + i;
    for (std::size_t j = 0; j < b.p.size(); ++j)
      dst[j] += ai * b.p[j];
  }
  return c;
}

double tail_amplitude(const AmplitudePmf &pmf, double probability) {
  double cdf = 0;
  for (std::size_t i = 0; i < pmf.p.size(); ++i) {
    cdf += pmf.p[i];
    if (cdf > probability)
      return std::abs(pmf.y(i));
  }
  return std::abs(pmf.y(pmf.p.size() - 1));
}

double pmf_rms(const AmplitudePmf &pmf) {
  double s = 0;
  for (std::size_t i = 0; i < pmf.p.size(); ++i)
    s += pmf.y(i) * pmf.y(i) * pmf.p[i];
  return std::sqrt(s);
}

} // namespace linkphy
