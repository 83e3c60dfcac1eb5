// JSON string escaping and JSON/CSV numbers (json_text.hpp; RFC 8259 §6–7, RFC 4180).
#include <linkphy/sweeps/evaluators.hpp>
#include <linkphy/sweeps/json_text.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace linkphy::sweeps {

std::string json_string(const std::string &s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

namespace {

// A finite `v` with `digits` significant digits (%.Ng) or the shortest round-trip text.
std::string finite_text(double v, int digits) {
  if (digits == 12)
    return format_value(v); // %.12g, without printf
  char buf[40];
  if (digits <= kShortestDigits) {
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
  }
  // 17 significant digits round-trip any double (IEEE 754-2008 §5.12.2); more would print the
  // binary value's exact decimal expansion, which %.40g cut at the buffer.
  std::snprintf(buf, sizeof buf, "%.*g", std::min(digits, 17), v);
  return buf;
}

} // namespace

std::string json_number(double v, int significant_digits) {
  return std::isfinite(v) ? finite_text(v, significant_digits) : "null";
}

std::string csv_number(double v, int significant_digits) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  return finite_text(v, significant_digits);
}

std::string csv_field(const std::string &s) {
  return s.find_first_of(",\"\r\n") == std::string::npos ? s : csv_quoted(s);
}

std::string csv_quoted(const std::string &s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

} // namespace linkphy::sweeps
