// Line signalling: NRZ and PAM-M levels with Gray mapping of bits to levels, and the slicer.
// Gray mapping as in IEEE 802.3-2022 §120.5.7.1 (PAM4: 00→0, 01→1, 11→2, 10→3); PAM level
// geometry as in J. G. Proakis & M. Salehi, Digital Communications, 5th ed., §3.2 and §4.3.
//
// Normalisation used throughout: the M levels are equally spaced in [-1, +1] (outer levels ±1),
// level i = -1 + 2i/(M-1), i = 0 … M-1. Half the distance between adjacent levels is
// d = 1/(M-1). With equiprobable symbols the average symbol power is E_s = (M+1)/(3(M-1)).
// Error ratios in noise are in ber.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy {

/// The PAM orders every function here and in ber.hpp, statistical_ber.hpp, montecarlo.hpp,
/// analytic_snr.hpp, com.hpp, hop.hpp and link.hpp accepts: M from 2 (NRZ) to 64.
inline constexpr int kMinLevels = 2, kMaxLevels = 64;

/// A pulse-amplitude modulation with `levels` = M levels. NRZ is PAM2.
struct Modulation {
  /// M ∈ [2, 64] (kMinLevels, kMaxLevels): 2 is NRZ; 4, 6, 8 are the usual PAM; 3 (PAM3) is also
  /// valid. An aggregate Modulation{m} is not checked when made: every entry point that takes a
  /// Modulation or a PAM order (ber.hpp, the statistical / Monte Carlo / analytic engines, COM,
  /// hop, link, symbol_levels, the Gray mappers) refuses M outside [2, 64] once on entry through
  /// check_modulation. The inline members and the per-sample functions (half_level_spacing,
  /// symbol_level, slice_to_index) do not check: with M = 1 they divide by zero.
  int levels = 2;

  static Modulation nrz() { return Modulation{2}; }
  /// PAM-M; throws InputError "modulation: PAM<m> is not supported (accepted: NRZ, PAM2 … PAM64)"
  /// unless 2 ≤ `m` ≤ 64.
  static Modulation pam(int m);

  /// "NRZ" for M = 2, else "PAM<M>".
  std::string name() const;
  /// log2(M) bits per symbol (information rate; fractional for PAM6: 2.585).
  double bits_per_symbol() const;
  /// True when M is a power of two: each symbol then carries an integer number of Gray-mapped
  /// bits. PAM6 etc. carry bits only over groups of symbols and have no per-symbol Gray map.
  bool gray_mappable() const;
  /// Half the distance between adjacent levels, d = 1/(M-1), for levels normalised to ±1.
  double half_level_spacing() const { return 1.0 / (levels - 1); }
  /// Average symbol power E_s = (M+1)/(3(M-1)) of equiprobable levels normalised to ±1.
  double average_symbol_power() const;

  friend bool operator==(const Modulation &, const Modulation &) = default;
};

/// Throws InputError "modulation: PAM<M> is not supported (accepted: NRZ, PAM2 … PAM64)" unless
/// 2 ≤ mod.levels ≤ 64: the one check of every entry point taking a Modulation or a PAM order
/// (once per call, before any per-sample work).
void check_modulation(Modulation mod);

/// Parses "NRZ", "PAM2", "PAM3", "PAM4", "PAM6", "PAM8", … up to PAM64 (case-insensitive). Throws
/// InputError naming `where` and the accepted forms.
Modulation parse_modulation(std::string_view text, std::string_view where = {});

/// Level of symbol index i ∈ [0, M-1]: -1 + 2i/(M-1) (normalised, outer levels ±1). Per-sample:
/// neither M (M = 1 divides by zero; see check_modulation) nor `index` is checked: outside
/// [0, M-1] the line is extended beyond ±1.
double symbol_level(Modulation mod, int index);
/// All M levels in increasing order; InputError (check_modulation) unless 2 ≤ M ≤ 64.
std::vector<double> symbol_levels(Modulation mod);

/// Binary-reflected Gray code g = i ^ (i >> 1) and its inverse.
constexpr unsigned gray_encode(unsigned i) { return i ^ (i >> 1); }
constexpr unsigned gray_decode(unsigned g) {
  unsigned i = g;
  for (unsigned s = g >> 1; s != 0; s >>= 1)
    i ^= s;
  return i;
}

/// Level index carrying the bit group `bits` (k = log2 M bits, MSB first) under Gray mapping.
/// Requires M ≤ 64 and mod.gray_mappable() (InputError otherwise); bits above the low k are ignored
/// (masked, not checked).
int gray_bits_to_index(Modulation mod, unsigned bits);
/// Bit group (k bits, MSB first) carried by level index `index` under Gray mapping. Requires
/// M ≤ 64 and mod.gray_mappable() (InputError otherwise); `index` outside [0, M-1] is clamped to it
/// (not an error).
unsigned gray_index_to_bits(Modulation mod, int index);

/// Maps bits (one per byte, 0 or 1; length a multiple of k = log2 M) to levels, k bits per
/// symbol MSB first, Gray mapped. `levels_out.size()` must be bits.size()/k. Requires
/// M ≤ 64 and mod.gray_mappable(); throws InputError otherwise or on size mismatch. Only the low
/// bit of each byte is read (2 reads as 0; not checked).
void gray_modulate(Modulation mod, std::span<const std::uint8_t> bits,
                   std::span<double> levels_out);
/// Slices each received sample to the nearest level (thresholds midway between levels) and
/// returns the level index, 0 … M-1. `sample` in the normalised level unit (outer levels ±1),
/// any value: beyond the outer levels it slices to them, NaN to 0. Per-sample: M is not checked
/// here (check_modulation).
int slice_to_index(Modulation mod, double sample);
/// Slices samples (normalised, as slice_to_index) and writes k Gray-demapped bits per sample
/// into `bits_out` (size samples.size()·k). Requires M ≤ 64 and mod.gray_mappable(); InputError
/// otherwise
/// or on size mismatch.
void gray_demodulate(Modulation mod, std::span<const double> samples,
                     std::span<std::uint8_t> bits_out);

} // namespace linkphy
