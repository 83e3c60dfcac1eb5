// Temperature-dependent dielectric from catalog Dk/Df (Djordjevic–Sarkar, IEEE Trans. EMC 2001).
#include <linkphy/channels/materials.hpp>
#include <linkphy/phy/error.hpp>

#include <algorithm>

namespace linkphy::channels {

DjordjevicSarkar Dielectric::model(double temperature_k) const {
  // Linear Df drift with temperature as laminate data sheets give it (e.g. Df at 25/85 °C).
  const double df_t = std::clamp(df * (1.0 + df_tc_per_k * (temperature_k - t_ref_k)), 0.0, 1.0);
  return DjordjevicSarkar(dk, df_t, f_ref_hz);
}

std::vector<Complex> Dielectric::epsilon(std::span<const double> freq_hz,
                                         double temperature_k) const {
  std::vector<Complex> out(freq_hz.size());
  if (!causal) {
    const double df_t = std::clamp(df * (1.0 + df_tc_per_k * (temperature_k - t_ref_k)), 0.0, 1.0);
    std::fill(out.begin(), out.end(), Complex(dk, -dk * df_t));
    return out;
  }
  const DjordjevicSarkar ds = model(temperature_k);
  for (std::size_t k = 0; k < freq_hz.size(); ++k)
    out[k] = ds.epsilon(freq_hz[k]);
  return out;
}

} // namespace linkphy::channels
