// Table-driven quantity parser (DESIGN.md §4). Unit spellings are normalised by removing spaces,
// '·', '*' and '.' between unit symbols, so "ps/(nm km)", "ps/(nm·km)" and "ps/nm/km" all match.
#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/quantity.hpp>

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace linkphy {
namespace {

struct UnitDef {
  const char *symbol; // normalised spelling
  Dimension dim;
  double scale;   // SI value = scale * number + offset
  double offset;  // only temperatures use it
  bool canonical; // listed in "units accepted"
};

constexpr double kInch = 0.0254;
constexpr double kMil = 25.4e-6;

// clang-format off
const UnitDef kUnits[] = {
    {"", Dimension::dimensionless, 1, 0, false},
    {"%", Dimension::dimensionless, 1e-2, 0, true},
    {"ppm", Dimension::dimensionless, 1e-6, 0, true},
    // length
    {"m", Dimension::length, 1, 0, true}, {"km", Dimension::length, 1e3, 0, true},
    {"cm", Dimension::length, 1e-2, 0, true}, {"mm", Dimension::length, 1e-3, 0, true},
    {"um", Dimension::length, 1e-6, 0, true}, {"µm", Dimension::length, 1e-6, 0, false},
    {"nm", Dimension::length, 1e-9, 0, true}, {"in", Dimension::length, kInch, 0, true},
    {"inch", Dimension::length, kInch, 0, false}, {"mil", Dimension::length, kMil, 0, true},
    {"mils", Dimension::length, kMil, 0, false}, {"ft", Dimension::length, 0.3048, 0, true},
    // frequency
    {"Hz", Dimension::frequency, 1, 0, true}, {"kHz", Dimension::frequency, 1e3, 0, true},
    {"MHz", Dimension::frequency, 1e6, 0, true}, {"GHz", Dimension::frequency, 1e9, 0, true},
    {"THz", Dimension::frequency, 1e12, 0, true},
    // time
    {"s", Dimension::time, 1, 0, true}, {"ms", Dimension::time, 1e-3, 0, true},
    {"us", Dimension::time, 1e-6, 0, true}, {"ns", Dimension::time, 1e-9, 0, true},
    {"ps", Dimension::time, 1e-12, 0, true}, {"fs", Dimension::time, 1e-15, 0, true},
    // power
    {"W", Dimension::power, 1, 0, true}, {"kW", Dimension::power, 1e3, 0, true},
    {"mW", Dimension::power, 1e-3, 0, true}, {"uW", Dimension::power, 1e-6, 0, true},
    {"nW", Dimension::power, 1e-9, 0, true},
    {"dBm", Dimension::power_level, 1, 0, true},
    {"dB", Dimension::gain, 1, 0, true},
    // temperature
    {"K", Dimension::temperature, 1, 0, true}, {"degC", Dimension::temperature, 1, 273.15, true},
    {"°C", Dimension::temperature, 1, 273.15, false}, {"C", Dimension::temperature, 1, 273.15, false},
    // rates
    {"Bd", Dimension::symbol_rate, 1, 0, true}, {"kBd", Dimension::symbol_rate, 1e3, 0, true},
    {"MBd", Dimension::symbol_rate, 1e6, 0, true}, {"GBd", Dimension::symbol_rate, 1e9, 0, true},
    {"b/s", Dimension::bit_rate, 1, 0, true}, {"bps", Dimension::bit_rate, 1, 0, false},
    {"Mb/s", Dimension::bit_rate, 1e6, 0, true}, {"Gb/s", Dimension::bit_rate, 1e9, 0, true},
    {"Gbps", Dimension::bit_rate, 1e9, 0, false}, {"Tb/s", Dimension::bit_rate, 1e12, 0, true},
    // attenuation (dB per metre)
    {"dB/m", Dimension::attenuation, 1, 0, true}, {"dB/km", Dimension::attenuation, 1e-3, 0, true},
    {"dB/cm", Dimension::attenuation, 1e2, 0, true}, {"dB/mm", Dimension::attenuation, 1e3, 0, true},
    {"dB/in", Dimension::attenuation, 1 / kInch, 0, true},
    // chromatic dispersion: ps/(nm km) = 1e-12 / (1e-9 * 1e3) s/m^2 = 1e-6 s/m^2
    {"ps/(nmkm)", Dimension::dispersion, 1e-6, 0, true}, {"ps/nm/km", Dimension::dispersion, 1e-6, 0, false},
    {"ps/(kmnm)", Dimension::dispersion, 1e-6, 0, false}, {"s/m2", Dimension::dispersion, 1, 0, false},
    {"s/m^2", Dimension::dispersion, 1, 0, false},
    // ps/(nm^2 km) = 1e-12 / (1e-18 * 1e3) = 1e3 s/m^3
    {"ps/(nm2km)", Dimension::dispersion_slope, 1e3, 0, false},
    {"ps/(nm^2km)", Dimension::dispersion_slope, 1e3, 0, true},
    {"ps/nm^2/km", Dimension::dispersion_slope, 1e3, 0, false},
    {"ps/nm2/km", Dimension::dispersion_slope, 1e3, 0, false},
    // electrical
    {"S/m", Dimension::conductivity, 1, 0, true}, {"MS/m", Dimension::conductivity, 1e6, 0, true},
    {"ohm", Dimension::resistance, 1, 0, true}, {"Ohm", Dimension::resistance, 1, 0, false},
    {"Ω", Dimension::resistance, 1, 0, false}, {"mohm", Dimension::resistance, 1e-3, 0, true},
    {"kohm", Dimension::resistance, 1e3, 0, true},
    {"F", Dimension::capacitance, 1, 0, true}, {"pF", Dimension::capacitance, 1e-12, 0, true},
    {"fF", Dimension::capacitance, 1e-15, 0, true}, {"nF", Dimension::capacitance, 1e-9, 0, true},
    {"H", Dimension::inductance, 1, 0, true}, {"nH", Dimension::inductance, 1e-9, 0, true},
    {"pH", Dimension::inductance, 1e-12, 0, true}, {"uH", Dimension::inductance, 1e-6, 0, true},
    {"V", Dimension::voltage, 1, 0, true}, {"mV", Dimension::voltage, 1e-3, 0, true},
    {"A", Dimension::current, 1, 0, true}, {"mA", Dimension::current, 1e-3, 0, true},
    {"uA", Dimension::current, 1e-6, 0, true}, {"nA", Dimension::current, 1e-9, 0, true},
    {"J", Dimension::energy, 1, 0, true}, {"pJ", Dimension::energy, 1e-12, 0, true},
    {"pJ/bit", Dimension::energy_per_bit, 1e-12, 0, true}, {"pJ/b", Dimension::energy_per_bit, 1e-12, 0, false},
    {"MHzkm", Dimension::bandwidth_length, 1e9, 0, true}, {"GHzkm", Dimension::bandwidth_length, 1e12, 0, true},
    {"A/sqrt(Hz)", Dimension::current_density, 1, 0, true},
    {"pA/sqrt(Hz)", Dimension::current_density, 1e-12, 0, true},
    {"pA/rtHz", Dimension::current_density, 1e-12, 0, false},
    {"dB/Hz", Dimension::rin, 1, 0, true},
    {"A/W", Dimension::responsivity, 1, 0, true},
    {"%/degC", Dimension::temperature_coefficient, 1e-2, 0, true},
    {"%/K", Dimension::temperature_coefficient, 1e-2, 0, false},
    {"ppm/degC", Dimension::temperature_coefficient, 1e-6, 0, true},
    {"1/K", Dimension::temperature_coefficient, 1, 0, true},
    {"ns/mm", Dimension::time_per_length, 1e-6, 0, true}, {"ps/mm", Dimension::time_per_length, 1e-9, 0, true},
    {"ps/in", Dimension::time_per_length, 1e-12 / kInch, 0, true},
    {"ns/m", Dimension::time_per_length, 1e-9, 0, true}, {"s/m", Dimension::time_per_length, 1, 0, true},
    {"ohm/m", Dimension::resistance_per_length, 1, 0, true},
    {"ohm/mm", Dimension::resistance_per_length, 1e3, 0, true},
};
// clang-format on

const char *const kDimensionNames[] = {
    "dimensionless",
    "length",
    "frequency",
    "time",
    "power",
    "power level",
    "gain",
    "temperature",
    "symbol rate",
    "bit rate",
    "attenuation",
    "chromatic dispersion",
    "dispersion slope",
    "conductivity",
    "resistance",
    "capacitance",
    "inductance",
    "voltage",
    "current",
    "energy",
    "energy per bit",
    "bandwidth-length",
    "noise current density",
    "relative intensity noise",
    "responsivity",
    "temperature coefficient",
    "time per length",
    "resistance per length",
};

std::string normalise_unit(std::string_view u) {
  std::string out;
  out.reserve(u.size());
  for (std::size_t i = 0; i < u.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(u[i]);
    if (c == ' ' || c == '\t' || c == '*' || c == '.')
      continue;
    if (c == 0xC2 && i + 1 < u.size() && static_cast<unsigned char>(u[i + 1]) == 0xB7) {
      ++i; // UTF-8 middle dot
      continue;
    }
    out.push_back(static_cast<char>(c));
  }
  return out;
}

const UnitDef *find_unit(const std::string &norm) {
  for (const auto &u : kUnits)
    if (norm == u.symbol)
      return &u;
  return nullptr;
}

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t'))
    ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
    --b;
  return std::string(s.substr(a, b - a));
}

} // namespace

std::string dimension_name(Dimension d) { return kDimensionNames[static_cast<int>(d)]; }

std::string dimension_phrase(Dimension d) {
  if (d == Dimension::dimensionless)
    return "a plain number";
  const std::string n = dimension_name(d);
  return (std::string("aeiou").find(n.front()) != std::string::npos ? "an " : "a ") + n;
}

std::string units_accepted(Dimension d) {
  std::vector<std::string_view> symbols;
  for (const auto &u : kUnits)
    if (u.dim == d && u.canonical)
      symbols.push_back(u.symbol);
  std::string out = join_list(symbols);
  if (d == Dimension::dimensionless)
    out = out.empty() ? "a plain number" : "a plain number, " + out;
  return out;
}

Quantity parse_quantity(std::string_view text_in, std::string_view where) {
  const std::string text = trim(text_in);
  const std::string place(where);
  if (text.empty())
    throw InputError(place, "empty value where a number with a unit was expected");
  double number = 0.0;
  const char *first = text.data();
  const char *last = text.data() + text.size();
  if (*first == '+')
    ++first;
  const auto [ptr, ec] = std::from_chars(first, last, number);
  if (ec == std::errc::result_out_of_range)
    throw InputError(place, "'" + text + "': the number is outside the range of a double");
  if (ec != std::errc() || ptr == first)
    throw InputError(place, "'" + text + "' does not start with a number");
  if (!std::isfinite(number))
    throw InputError(place, "'" + text + "' is not a finite number");
  const std::string unit_text = trim(std::string_view(ptr, static_cast<std::size_t>(last - ptr)));
  const UnitDef *u = find_unit(normalise_unit(unit_text));
  if (!u)
    throw InputError(place, "unknown unit '" + unit_text + "' in '" + text + "'");
  return Quantity{u->scale * number + u->offset, u->dim};
}

double parse_quantity_as(std::string_view text, Dimension expected, std::string_view where) {
  Quantity q;
  try {
    q = parse_quantity(text, where);
  } catch (const InputError &e) { // empty, not a number, not finite, unknown unit: say what is
    throw InputError(e.where(), e.detail() + "; accepted: " +
                                    (expected == Dimension::dimensionless
                                         ? units_accepted(expected)
                                         : dimension_phrase(expected) + ", a number with one of: " +
                                               units_accepted(expected)));
  }
  if (q.dimension == expected)
    return q.value;
  const std::string place(where);
  if (expected == Dimension::power_level && q.dimension == Dimension::power) {
    if (q.value <= 0)
      throw InputError(place, "'" + trim(text) + "' must be a positive power to be a level");
    return 10.0 * std::log10(q.value / 1e-3);
  }
  if (q.dimension == Dimension::dimensionless)
    throw InputError(place, "'" + trim(text) + "' has no unit; " + dimension_phrase(expected) +
                                " needs one of: " + units_accepted(expected));
  throw InputError(place, "'" + trim(text) + "' is " + dimension_phrase(q.dimension) + ", not " +
                              dimension_phrase(expected) +
                              "; accepted: " + units_accepted(expected));
}

Length parse_length(std::string_view t, std::string_view w) {
  return metres(parse_quantity_as(t, Dimension::length, w));
}
Frequency parse_frequency(std::string_view t, std::string_view w) {
  return hertz(parse_quantity_as(t, Dimension::frequency, w));
}
Time parse_time(std::string_view t, std::string_view w) {
  return seconds(parse_quantity_as(t, Dimension::time, w));
}
Power parse_power(std::string_view t, std::string_view w) {
  return watts(parse_quantity_as(t, Dimension::power, w));
}
Temperature parse_temperature(std::string_view t, std::string_view w) {
  const double k = parse_quantity_as(t, Dimension::temperature, w);
  if (k < 0)
    throw InputError(std::string(w), "'" + trim(t) + "' is below absolute zero");
  return kelvin(k);
}
Dbm parse_dbm(std::string_view t, std::string_view w) {
  return Dbm(parse_quantity_as(t, Dimension::power_level, w));
}
Db parse_db(std::string_view t, std::string_view w) {
  return Db(parse_quantity_as(t, Dimension::gain, w));
}

std::string number_text(double v) {
  if (!std::isfinite(v))
    return v > 0 ? "inf" : (v < 0 ? "-inf" : "nan");
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

} // namespace linkphy
