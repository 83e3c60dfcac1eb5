// Optical fibre models (see fibre.hpp for the sources of each formula).
#include <linkphy/channels/fibre.hpp>
#include <linkphy/phy/error.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>

#ifndef LINKPHY_CHANNELS_CATALOG_INSTALL_DIR
#define LINKPHY_CHANNELS_CATALOG_INSTALL_DIR ""
#endif

namespace linkphy::channels {
namespace {

constexpr double kC = 299792458.0; // speed of light in vacuum, m/s

std::vector<std::string> split(const std::string &text) {
  std::vector<std::string> out;
  std::string item;
  std::stringstream ss(text);
  while (std::getline(ss, item, ','))
    out.push_back(item);
  return out;
}

std::vector<double> list(const ParamSet &p, const std::string &key, Dimension dim) {
  std::vector<double> out;
  for (const auto &item : split(p.text(key)))
    out.push_back(parse_quantity_as(item, dim, p.where_key(key)));
  return out;
}

// Piecewise interpolation in x → y after mapping x through `map`; constant beyond the ends.
template <class Map>
double interpolate(const std::vector<double> &x, const std::vector<double> &y, double at, Map map) {
  if (at <= x.front())
    return y.front();
  if (at >= x.back())
    return y.back();
  const auto it = std::upper_bound(x.begin(), x.end(), at);
  const auto i = static_cast<std::size_t>(it - x.begin());
  const double t = (map(at) - map(x[i - 1])) / (map(x[i]) - map(x[i - 1]));
  return y[i - 1] + t * (y[i] - y[i - 1]);
}

} // namespace

double chromatic_dispersion(double lambda_m, double lambda0_m, double s0) {
  // D(λ) = S0/4·(λ − λ0⁴/λ³) (IEEE 802.3 eq. 52-1 style; ITU-T G.652 §6.6)
  return 0.25 * s0 * (lambda_m - std::pow(lambda0_m, 4) / std::pow(lambda_m, 3));
}

void FibreType::check_window(double wavelength_m, const std::string &where) const {
  if (wavelength_m >= window_min_m && wavelength_m <= window_max_m)
    return;
  std::ostringstream os;
  os << "wavelength " << wavelength_m * 1e9 << " nm is outside the window of fibre " << name << " ("
     << window_min_m * 1e9 << " to " << window_max_m * 1e9 << " nm)";
  throw InputError(where, os.str());
}

double FibreType::attenuation_db_per_m(double wavelength_m) const {
  // Rayleigh scattering ∝ λ⁻⁴ dominates between the catalog points (Agrawal §2.5.2).
  return interpolate(att_wavelength_m, att_db_per_m, wavelength_m,
                     [](double l) { return std::pow(l, -4); });
}

double FibreType::dispersion(double wavelength_m) const {
  return chromatic_dispersion(wavelength_m, lambda0_nominal_m, s0_nominal);
}

std::pair<double, double> FibreType::dispersion_range(double wavelength_m) const {
  // D decreases with λ0 (∂D/∂λ0 = −S0·λ0³/λ³ < 0): min at λ0max, max at λ0min, both with S0max
  // as IEEE 802.3 states its limits (clauses 124, 140, 151: DR4, DR/FR1/LR1, FR4/LR4-6).
  return {chromatic_dispersion(wavelength_m, lambda0_max_m, s0_max),
          chromatic_dispersion(wavelength_m, lambda0_min_m, s0_max)};
}

double FibreType::modal_bandwidth_hz_m(double wavelength_m) const {
  if (single_mode || emb_wavelength_m.empty())
    return std::numeric_limits<double>::infinity();
  return interpolate(emb_wavelength_m, emb_hz_m, wavelength_m, [](double l) { return l; });
}

FibreType fibre_type_from_params(const std::string &name, const ParamSet &p) {
  FibreType t;
  t.name = name;
  t.source = p.text("source");
  const std::string kind = p.text("kind");
  if (kind != "smf" && kind != "mmf")
    throw InputError(p.where_key("kind"), "'" + kind + "' is not a fibre kind (smf, mmf)");
  t.single_mode = kind == "smf";
  t.window_min_m = p.quantity("window_min", Dimension::length);
  t.window_max_m = p.quantity("window_max", Dimension::length);
  t.att_wavelength_m = list(p, "attenuation_wavelengths", Dimension::length);
  t.att_db_per_m = list(p, "attenuation", Dimension::attenuation);
  if (t.att_wavelength_m.empty() || t.att_wavelength_m.size() != t.att_db_per_m.size() ||
      !std::is_sorted(t.att_wavelength_m.begin(), t.att_wavelength_m.end()))
    throw InputError(p.where_key("attenuation"),
                     "needs one value per entry of attenuation_wavelengths (ascending)");
  if (!t.single_mode) {
    t.emb_wavelength_m = list(p, "modal_bandwidth_wavelengths", Dimension::length);
    t.emb_hz_m = list(p, "modal_bandwidth", Dimension::bandwidth_length);
    if (t.emb_wavelength_m.empty() || t.emb_wavelength_m.size() != t.emb_hz_m.size())
      throw InputError(p.where_key("modal_bandwidth"),
                       "needs one value per entry of modal_bandwidth_wavelengths");
  }
  t.lambda0_min_m = p.quantity("lambda0_min", Dimension::length);
  t.lambda0_max_m = p.quantity("lambda0_max", Dimension::length);
  t.lambda0_nominal_m = p.quantity("lambda0_nominal", Dimension::length);
  t.s0_max = p.quantity("s0_max", Dimension::dispersion_slope);
  t.s0_nominal = p.quantity("s0_nominal", Dimension::dispersion_slope);
  t.pmd_s_per_sqrt_m = p.number("pmd_ps_per_sqrt_km", 0, 10) * 1e-12 / std::sqrt(1e3);
  t.group_index = p.number("group_index", 1.3, 1.6);
  t.connector_loss_db = p.quantity("connector_loss", Dimension::gain);
  t.splice_loss_db = p.quantity("splice_loss", Dimension::gain);
  t.connector_reflectance_db = p.quantity("connector_reflectance", Dimension::gain);
  p.reject_unused({"source", "kind", "window_min", "window_max", "attenuation_wavelengths",
                   "attenuation", "modal_bandwidth_wavelengths", "modal_bandwidth", "lambda0_min",
                   "lambda0_max", "lambda0_nominal", "s0_max", "s0_nominal", "pmd_ps_per_sqrt_km",
                   "group_index", "connector_loss", "splice_loss", "connector_reflectance"});
  return t;
}

const Catalog &fibre_catalog() {
  static const Catalog catalog = [] {
    Catalog c;
    const auto dir = find_data_dir("channels", {LINKPHY_CHANNELS_CATALOG_INSTALL_DIR});
    c.load(dir / "fibres.toml");
    return c;
  }();
  return catalog;
}

FibreType find_fibre(const std::string &name) {
  return fibre_type_from_params(name, fibre_catalog().entry(name, "fibre"));
}

Fibre::Fibre(FibreType type, double length_m, int connectors, int splices)
    : type_(std::move(type)), length_m_(length_m), connectors_(connectors), splices_(splices) {
  if (!(length_m >= 0 && length_m <= 200e3))
    throw InputError("fibre " + type_.name + " length", "must be 0 to 200 km");
  if (connectors < 0 || splices < 0)
    throw InputError("fibre " + type_.name, "connector and splice counts must be >= 0");
}

std::string Fibre::describe() const {
  std::ostringstream os;
  os << "fibre " << type_.name << " l=" << length_m_ << "m";
  if (connectors_)
    os << " connectors=" << connectors_;
  if (splices_)
    os << " splices=" << splices_;
  return os.str();
}

double Fibre::loss_db(const OpticalCarrier &carrier) const {
  type_.check_window(carrier.wavelength_m, "fibre " + type_.name);
  return type_.attenuation_db_per_m(carrier.wavelength_m) * length_m_ +
         connectors_ * type_.connector_loss_db + splices_ * type_.splice_loss_db;
}

double Fibre::dispersion_s_per_m(double wavelength_m) const {
  return type_.dispersion(wavelength_m) * length_m_;
}

double Fibre::dgd_max_s() const { return 3 * type_.pmd_s_per_sqrt_m * std::sqrt(length_m_); }

double Fibre::total_reflectance() const {
  return connectors_ * std::pow(10.0, type_.connector_reflectance_db / 10);
}

void Fibre::intensity_response(std::span<const double> freq_hz, const OpticalCarrier &carrier,
                               std::span<std::complex<double>> h) const {
  if (h.size() != freq_hz.size())
    throw InputError("fibre " + type_.name, "response buffer size differs from the grid");
  const double lambda = carrier.wavelength_m;
  type_.check_window(lambda, "fibre " + type_.name);
  const double dl = dispersion_s_per_m(lambda);                      // D·L, s/m
  const double phi_k = std::numbers::pi * lambda * lambda * dl / kC; // φ = phi_k·f²
  const double alpha = carrier.chirp_alpha;
  const double sigma_t = std::abs(dl) * carrier.spectral_width_rms_m; // spectral-width spread, s
  const double sw_k = 2 * std::numbers::pi * std::numbers::pi * sigma_t * sigma_t;
  const double ln2 = std::numbers::ln2;
  const double b_modal = type_.modal_bandwidth_hz_m(lambda) / std::max(length_m_, 1e-9);
  const double dgd = dgd_max_s();
  const double b_pmd = dgd > 0 ? 1 / (3 * dgd) : std::numeric_limits<double>::infinity();
  // Gaussian −3 dBo responses: |H| = exp(−ln2·(f/B)²), combined as 1/B² sums.
  const double g_k = ln2 * (std::isfinite(b_modal) ? 1 / (b_modal * b_modal) : 0.0) +
                     ln2 * (std::isfinite(b_pmd) ? 1 / (b_pmd * b_pmd) : 0.0);
  for (std::size_t i = 0; i < freq_hz.size(); ++i) {
    const double f2 = freq_hz[i] * freq_hz[i];
    const double phi = phi_k * f2;
    const double cd = std::cos(phi) - alpha * std::sin(phi);
    h[i] = cd * std::exp(-(sw_k + g_k) * f2);
  }
}

double Fibre::latency_s(const OpticalCarrier &) const { return type_.group_index * length_m_ / kC; }

} // namespace linkphy::channels
