// JSON and CSV text helpers shared by the reports, tables and sidecars: RFC 8259 §7 string
// escaping, RFC 8259 §6 numbers (no inf/nan: null), RFC 4180 fields, and one spelling of
// non-finite numbers in CSV.
#pragma once

#include <string>

namespace linkphy::sweeps {

/// `s` as a JSON string literal, quotes included: '"' and '\' escaped, control characters as
/// \n, \t, \r or \u00XX (RFC 8259 §7).
std::string json_string(const std::string &s);

/// json_number / csv_number digits: the shortest text that reads back to the same double
/// (std::to_chars), as number_text writes finite values.
inline constexpr int kShortestDigits = 0;

/// `v` as a JSON number: null when it is not finite (RFC 8259 §6 has no inf or nan); otherwise
/// with `significant_digits` as printf's %.Ng (12: format_value's form) or, for
/// kShortestDigits (and any value ≤ 0), the shortest round-trip text. More than 17 digits are
/// written as 17 (enough to round-trip any double).
std::string json_number(double v, int significant_digits = 12);

/// `v` as a CSV cell: "inf", "-inf" or "nan" (never "-nan") when it is not finite — the
/// spellings pandas.read_csv, numpy.loadtxt/genfromtxt and Python's float() all read back —
/// otherwise exactly as json_number writes it (same `significant_digits` rules).
std::string csv_number(double v, int significant_digits = 12);

/// `s` as a CSV field (RFC 4180): as is, or in double quotes with '"' doubled when it holds a
/// comma, a quote, CR or LF.
std::string csv_field(const std::string &s);
/// `s` always in double quotes, '"' doubled (RFC 4180) — for a cell that may hold text with commas.
std::string csv_quoted(const std::string &s);

} // namespace linkphy::sweeps
