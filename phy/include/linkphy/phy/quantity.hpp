// One parser for quantities with units, used by the CLI, TOML files and spec strings alike
// (DESIGN.md §4). "2 m", "6 in", "5 mil", "26.5625 GHz", "106.25 GBd", "212.5 Gb/s", "-3 dBm",
// "25 degC", "0.35 dB/km", "17 ps/(nm km)", "5.8e7 S/m". A bare number is accepted only where the
// dimension is `dimensionless`.
#pragma once

#include <linkphy/phy/units.hpp>

#include <string>
#include <string_view>

namespace linkphy {

/// What a quantity measures. Values are returned in the SI unit named in each comment.
enum class Dimension {
  dimensionless,           ///< 1 (also accepts "%" → 0.01, "ppm")
  length,                  ///< m
  frequency,               ///< Hz
  time,                    ///< s
  power,                   ///< W
  power_level,             ///< dBm (a level; "dBm" only, or W-units converted to dBm)
  gain,                    ///< dB (a difference)
  temperature,             ///< K (absolute; degC, K)
  symbol_rate,             ///< Bd
  bit_rate,                ///< b/s
  attenuation,             ///< dB/m (dB/km, dB/m, dB/cm, dB/mm, dB/in)
  dispersion,              ///< s/m^2 (ps/(nm km))
  dispersion_slope,        ///< s/m^3 (ps/(nm^2 km))
  conductivity,            ///< S/m
  resistance,              ///< ohm
  capacitance,             ///< F
  inductance,              ///< H
  voltage,                 ///< V
  current,                 ///< A
  energy,                  ///< J
  energy_per_bit,          ///< J/bit (pJ/bit)
  bandwidth_length,        ///< Hz*m (MHz*km modal bandwidth)
  current_density,         ///< A/sqrt(Hz) (pA/sqrt(Hz) noise density)
  rin,                     ///< dB/Hz (relative intensity noise)
  responsivity,            ///< A/W
  temperature_coefficient, ///< 1/K (%/degC, ppm/degC)
  time_per_length,         ///< s/m (ns/mm, ps/in)
  resistance_per_length,   ///< ohm/m
};

/// Human name of a dimension, e.g. "length".
std::string dimension_name(Dimension d);
/// The dimension as a noun phrase for messages: "a length", "an attenuation", "a plain number".
std::string dimension_phrase(Dimension d);
/// The unit spellings accepted for a dimension, e.g. "m, km, cm, mm, um, nm, in, mil, ft".
std::string units_accepted(Dimension d);

struct Quantity {
  double value = 0.0;                             ///< in the SI unit of `dimension` (see Dimension)
  Dimension dimension = Dimension::dimensionless; ///< what the value measures
};

/// Parses "NUMBER [UNIT]" (leading '+' allowed, spaces trimmed). Throws InputError naming `where`
/// (a key, a file:line) and the text on empty text, a number that is not finite or outside a
/// double's range, or an unknown unit. The number may have any sign and size (no range is
/// checked here; callers check theirs). The SI value, number × unit scale, is not re-checked: it
/// can overflow to ±inf ("1e308 km").
Quantity parse_quantity(std::string_view text, std::string_view where = {});

/// The shortest decimal text that reads back to exactly `v` (std::to_chars round-trip form);
/// "inf", "-inf", "nan" for non-finite values. Any `v`.
std::string number_text(double v);

/// Parses text that must have dimension `expected`; returns the SI value. A bare number is
/// accepted only for Dimension::dimensionless; otherwise the error names the units accepted.
/// A power (W units) is accepted for power_level when > 0 W (converted to dBm; InputError "must
/// be a positive power to be a level" otherwise). No range is checked (as parse_quantity):
/// negative lengths and temperatures below 0 K pass here.
double parse_quantity_as(std::string_view text, Dimension expected, std::string_view where = {});

/// Typed forms of parse_quantity_as (m, Hz, s, W, K, dBm, dB). Only parse_temperature checks a
/// range: ≥ 0 K (InputError "... is below absolute zero"); the others return any value
/// parse_quantity_as does.
Length parse_length(std::string_view text, std::string_view where = {});
Frequency parse_frequency(std::string_view text, std::string_view where = {});
Time parse_time(std::string_view text, std::string_view where = {});
Power parse_power(std::string_view text, std::string_view where = {});
Temperature parse_temperature(std::string_view text, std::string_view where = {});
Dbm parse_dbm(std::string_view text, std::string_view where = {});
Db parse_db(std::string_view text, std::string_view where = {});

} // namespace linkphy
