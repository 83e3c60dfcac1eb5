// PAM-M levels, Gray mapping and slicing (IEEE 802.3-2022 §120.5.7.1; Proakis & Salehi §4.3).
#include "signalling_internal.hpp"
#include "text_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/signalling.hpp>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>

namespace linkphy {
namespace {

int bits_per_symbol_int(Modulation mod) {
  return std::countr_zero(static_cast<unsigned>(mod.levels));
}

} // namespace

void signalling_detail::require_gray(Modulation mod, const char *where) {
  check_modulation(mod);
  if (!mod.gray_mappable())
    throw InputError(where, mod.name() +
                                " has no per-symbol Gray mapping (accepted: M a power of two: "
                                "NRZ, PAM4, PAM8, …)");
}

void check_modulation(Modulation mod) {
  if (mod.levels < kMinLevels || mod.levels > kMaxLevels)
    throw InputError("modulation", "PAM" + std::to_string(mod.levels) +
                                       " is not supported (accepted: NRZ, PAM2 … PAM64)");
}

Modulation Modulation::pam(int m) {
  check_modulation(Modulation{m});
  return Modulation{m};
}

std::string Modulation::name() const {
  return levels == 2 ? std::string("NRZ") : "PAM" + std::to_string(levels);
}

double Modulation::bits_per_symbol() const { return std::log2(static_cast<double>(levels)); }

bool Modulation::gray_mappable() const {
  return levels >= 2 && std::has_single_bit(static_cast<unsigned>(levels));
}

double Modulation::average_symbol_power() const { return (levels + 1.0) / (3.0 * (levels - 1.0)); }

Modulation parse_modulation(std::string_view text, std::string_view where) {
  const std::string s = text_detail::upper_no_space(text);
  const std::string w = where.empty() ? std::string("modulation") : std::string(where);
  const std::string accepted = " (accepted: NRZ, PAM2 … PAM64, e.g. PAM4)";
  if (s == "NRZ")
    return Modulation::nrz();
  if (s.size() > 3 && s.size() <= 5 && s.compare(0, 3, "PAM") == 0 &&
      std::all_of(s.begin() + 3, s.end(),
                  [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    const int m = std::stoi(s.substr(3));
    if (m >= kMinLevels && m <= kMaxLevels)
      return Modulation{m};
  }
  throw InputError(w, "unknown modulation '" + std::string(text) + "'" + accepted);
}

double symbol_level(Modulation mod, int index) { return -1.0 + 2.0 * index / (mod.levels - 1.0); }

std::vector<double> symbol_levels(Modulation mod) {
  check_modulation(mod);
  std::vector<double> v(static_cast<std::size_t>(mod.levels));
  for (int i = 0; i < mod.levels; ++i)
    v[static_cast<std::size_t>(i)] = symbol_level(mod, i);
  return v;
}

int gray_bits_to_index(Modulation mod, unsigned bits) {
  signalling_detail::require_gray(mod, "gray mapping");
  return static_cast<int>(gray_decode(bits & static_cast<unsigned>(mod.levels - 1)));
}

unsigned gray_index_to_bits(Modulation mod, int index) {
  signalling_detail::require_gray(mod, "gray mapping");
  return gray_encode(static_cast<unsigned>(std::clamp(index, 0, mod.levels - 1)));
}

void gray_modulate(Modulation mod, std::span<const std::uint8_t> bits,
                   std::span<double> levels_out) {
  signalling_detail::require_gray(mod, "gray_modulate");
  const int k = bits_per_symbol_int(mod);
  if (bits.size() % static_cast<std::size_t>(k) != 0 ||
      levels_out.size() != bits.size() / static_cast<std::size_t>(k))
    throw InputError("gray_modulate", std::to_string(bits.size()) + " bits do not fill " +
                                          std::to_string(levels_out.size()) + " " + mod.name() +
                                          " symbols of " + std::to_string(k) + " bits");
  const double step = 2.0 / (mod.levels - 1.0);
  for (std::size_t s = 0; s < levels_out.size(); ++s) {
    unsigned g = 0;
    for (int b = 0; b < k; ++b)
      g = (g << 1) | (bits[s * static_cast<std::size_t>(k) + static_cast<std::size_t>(b)] & 1u);
    levels_out[s] = -1.0 + step * static_cast<double>(gray_decode(g));
  }
}

int slice_to_index(Modulation mod, double sample) {
  const double v = std::floor((sample + 1.0) * 0.5 * (mod.levels - 1.0) + 0.5);
  if (!(v > 0.0)) // also maps NaN to the lowest level
    return 0;
  return v >= mod.levels - 1.0 ? mod.levels - 1 : static_cast<int>(v);
}

void gray_demodulate(Modulation mod, std::span<const double> samples,
                     std::span<std::uint8_t> bits_out) {
  signalling_detail::require_gray(mod, "gray_demodulate");
  const int k = bits_per_symbol_int(mod);
  if (bits_out.size() != samples.size() * static_cast<std::size_t>(k))
    throw InputError("gray_demodulate", std::to_string(samples.size()) + " " + mod.name() +
                                            " symbols need " + std::to_string(samples.size() * k) +
                                            " output bits, got " + std::to_string(bits_out.size()));
  for (std::size_t s = 0; s < samples.size(); ++s) {
    const unsigned g = gray_encode(static_cast<unsigned>(slice_to_index(mod, samples[s])));
    for (int b = 0; b < k; ++b)
      bits_out[s * static_cast<std::size_t>(k) + static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>((g >> (k - 1 - b)) & 1u);
  }
}

} // namespace linkphy
