// A sweep row's cells checked against what its evaluator writes (sweep_cells.hpp).
#include "sweep_cells.hpp"

#include "sweep_runner_text.hpp"

#include <linkphy/phy/error.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>

namespace linkphy::sweeps::detail {

namespace {

// format_value's longest form is "-1.23456789012e-308" (%.12g: 19 characters): a longer cell
// (a hundred thousand digits) is not one the sweep wrote, whatever it parses as.
constexpr std::size_t kMaxNumberChars = 24;

bool is_number_cell(std::string_view c) {
  if (c.empty() || c.size() > kMaxNumberChars)
    return false;
  if (c == "nan" || c == "inf" || c == "-inf") // format_value's spelling of the non-finite
    return true;
  // The grammar from_chars reads (-d[.d][e±d]: no '+', blank, hex or "infinity"), scanned byte by
  // byte: a resume checks millions of cells, and from_chars costs ≈ 5 % of it. The decimal
  // exponent of the first significant digit decides finiteness but near the ends of the double
  // range, where from_chars decides.
  std::size_t i = c[0] == '-' ? 1 : 0;
  int digits = 0, before_point = 0, lead = -1; // lead: index among the digits of the first non-0
  bool point = false;
  for (; i < c.size(); ++i) {
    const char ch = c[i];
    if (ch >= '0' && ch <= '9') {
      if (lead < 0 && ch != '0')
        lead = digits;
      ++digits;
      before_point += point ? 0 : 1;
    } else if (ch == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (digits == 0)
    return false;
  int exp10 = 0;
  if (i < c.size()) {
    if (c[i] != 'e' && c[i] != 'E')
      return false;
    ++i;
    const bool neg = i < c.size() && (c[i] == '-' || c[i] == '+');
    const bool minus = neg && c[i] == '-';
    i += neg ? 1 : 0;
    if (i == c.size())
      return false;
    for (; i < c.size(); ++i) {
      if (c[i] < '0' || c[i] > '9')
        return false;
      exp10 = std::min(10 * exp10 + (c[i] - '0'), 100000);
    }
    exp10 = minus ? -exp10 : exp10;
  }
  if (lead < 0) // zero
    return true;
  const int magnitude = before_point - 1 - lead + exp10; // of the first significant digit
  if (magnitude > -300 && magnitude < 300)
    return true;
  double v = 0; // near DBL_MAX or the least subnormal: out_of_range decides
  const auto r = std::from_chars(c.data(), c.data() + c.size(), v);
  return r.ec == std::errc() && r.ptr == c.data() + c.size() && std::isfinite(v);
}

// Printable UTF-8: well-formed (no overlong form, surrogate or code point past U+10FFFF), no C0
// or C1 control character, no DEL.
bool is_printable_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (b < 0x20 || b == 0x7f)
        return false;
      ++i;
      continue;
    }
    int n = 0;
    char32_t cp = 0, min = 0;
    if ((b & 0xe0) == 0xc0)
      n = 1, cp = b & 0x1f, min = 0x80;
    else if ((b & 0xf0) == 0xe0)
      n = 2, cp = b & 0x0f, min = 0x800;
    else if ((b & 0xf8) == 0xf0)
      n = 3, cp = b & 0x07, min = 0x10000;
    else
      return false;
    if (i + static_cast<std::size_t>(n) >= s.size()) // cut short
      return false;
    for (int k = 1; k <= n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((c & 0xc0) != 0x80)
        return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp < 0xa0))
      return false;
    i += static_cast<std::size_t>(n) + 1;
  }
  return true;
}

// A text cell as the sweep writes it: plain, or quoted exactly as csv_field quotes its content.
bool is_text_cell(std::string_view c) {
  if (c.empty() || c.front() != '"')
    return c.find('"') == std::string_view::npos && is_printable_utf8(c);
  if (c.size() < 2 || c.back() != '"')
    return false;
  std::string content;
  for (std::size_t i = 1; i + 1 < c.size(); ++i) {
    content += c[i];
    if (c[i] == '"')
      ++i; // "" inside the quotes: one quote (a lone one fails the comparison below)
  }
  return is_printable_utf8(content) && csv_escape(content) == c;
}

} // namespace

std::string shown_cell(std::string_view c) {
  std::string out;
  for (std::size_t i = 0; i < c.size() && i < 40; ++i) {
    const auto b = static_cast<unsigned char>(c[i]);
    if (b >= 0x20 && b < 0x7f && b != '\\') {
      out += static_cast<char>(b);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", b);
      out += hex;
    }
  }
  if (c.size() > 40)
    out += "… (" + std::to_string(c.size()) + " bytes)";
  return out;
}

std::vector<CellKind> cell_kinds(const std::vector<std::string> &header, const Evaluator *evaluator,
                                 CellKind other) {
  std::vector<CellKind> kinds(header.size(), other);
  if (!kinds.empty())
    kinds[0] = CellKind::skip; // the point index: row_point reads it
  if (!evaluator)
    return kinds;
  const auto cols = evaluator->columns(), text = evaluator->text_columns();
  for (std::size_t i = 1; i < header.size(); ++i)
    if (std::find(cols.begin(), cols.end(), header[i]) != cols.end())
      kinds[i] = std::find(text.begin(), text.end(), header[i]) != text.end() ? CellKind::text
                                                                              : CellKind::number;
  return kinds;
}

std::vector<std::string> csv_cells(std::string_view line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (const char c : line) {
    if (c == '"')
      quoted = !quoted;
    if (c == ',' && !quoted)
      cells.emplace_back();
    else
      cells.back() += c;
  }
  return cells;
}

void check_row_cells(std::string_view line, const std::vector<CellKind> &kinds,
                     const std::vector<std::string> &header, const std::string &file,
                     std::size_t lineno, const char *tail) {
  std::size_t start = 0, k = 0;
  bool quoted = false;
  for (std::size_t i = 0; i <= line.size() && k < kinds.size(); ++i) {
    if (i < line.size()) {
      if (line[i] == '"')
        quoted = !quoted;
      if (line[i] != ',' || quoted)
        continue;
    }
    const std::string_view cell = line.substr(start, i - start);
    const CellKind kind = kinds[k];
    if ((kind == CellKind::number && !is_number_cell(cell)) ||
        (kind == CellKind::text && !is_text_cell(cell))) {
      const std::string name = k < header.size() ? shown_cell(header[k]) : std::to_string(k + 1);
      throw InputError(
          file + ":" + std::to_string(lineno),
          "column '" + name + "': '" + shown_cell(cell) + "' " +
              (kind == CellKind::number
                   ? "is not a number (accepted: a number, or nan/inf/-inf as the sweep writes "
                     "them)"
                   : "is not printable UTF-8 text (accepted: text without control characters, "
                     "quoted as the sweep writes it)") +
              tail);
    }
    start = i + 1;
    ++k;
  }
}

} // namespace linkphy::sweeps::detail
