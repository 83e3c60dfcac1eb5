// JSON text helpers shared by the reports and sidecars (RFC 8259 §7 string escaping).
#pragma once

#include <string>

namespace linkphy::sweeps {

/// `s` as a JSON string literal, quotes included: '"' and '\' escaped, control characters as
/// \n, \t, \r or \u00XX (RFC 8259 §7).
std::string json_string(const std::string &s);

} // namespace linkphy::sweeps
