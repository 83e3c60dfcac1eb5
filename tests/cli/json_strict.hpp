// A strict RFC 8259 JSON validity check for tests (no JSON library in the tests): one value, with
// only whitespace around it; no inf/nan/Infinity/NaN tokens, no trailing commas, no unescaped
// control characters in strings, no leading zeros or "+". Header-only.
#pragma once

#include <cctype>
#include <cstddef>
#include <string>

namespace linkphy::test {

class StrictJson {
public:
  /// Empty when `text` is one valid JSON value; else what is wrong and where (byte offset).
  static std::string error(const std::string &text) {
    StrictJson p(text);
    p.ws();
    if (!p.value())
      return p.err_;
    p.ws();
    if (p.i_ != text.size())
      p.fail("text after the value");
    return p.err_;
  }

private:
  explicit StrictJson(const std::string &t) : t_(t) {}

  bool fail(const std::string &what) {
    if (err_.empty())
      err_ = what + " at byte " + std::to_string(i_) + ": '" + t_.substr(i_, 20) + "'";
    return false;
  }
  char peek() const { return i_ < t_.size() ? t_[i_] : '\0'; }
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r'))
      ++i_;
  }
  bool literal(const char *w) {
    const std::string s(w);
    if (t_.compare(i_, s.size(), s) != 0)
      return fail("not a JSON value");
    i_ += s.size();
    return true;
  }
  bool digits() {
    if (!std::isdigit(static_cast<unsigned char>(peek())))
      return fail("digit expected");
    while (std::isdigit(static_cast<unsigned char>(peek())))
      ++i_;
    return true;
  }
  bool number() {
    if (peek() == '-')
      ++i_;
    if (peek() == '0')
      ++i_; // a leading zero stands alone
    else if (!digits())
      return false;
    if (peek() == '.') {
      ++i_;
      if (!digits())
        return false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++i_;
      if (peek() == '+' || peek() == '-')
        ++i_;
      if (!digits())
        return false;
    }
    return true;
  }
  bool string() {
    ++i_; // the opening quote
    while (i_ < t_.size()) {
      const unsigned char c = static_cast<unsigned char>(t_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20)
        return fail("unescaped control character in a string");
      if (c == '\\') {
        ++i_;
        const char e = peek();
        if (e == 'u') {
          for (int k = 1; k <= 4; ++k)
            if (!std::isxdigit(static_cast<unsigned char>(i_ + k < t_.size() ? t_[i_ + k] : 'x')))
              return fail("bad \\u escape");
          i_ += 4;
        } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos || e == '\0') {
          return fail("bad escape");
        }
      }
      ++i_;
    }
    return fail("unterminated string");
  }
  bool container(char close, bool object) {
    ++i_; // the opening bracket
    ws();
    if (peek() == close) {
      ++i_;
      return true;
    }
    for (;;) {
      ws();
      if (object) {
        if (peek() != '"')
          return fail("object key expected");
        if (!string())
          return false;
        ws();
        if (peek() != ':')
          return fail("':' expected");
        ++i_;
        ws();
      }
      if (!value())
        return false;
      ws();
      if (peek() == close) {
        ++i_;
        return true;
      }
      if (peek() != ',')
        return fail("',' or closing bracket expected");
      ++i_;
      ws();
      if (peek() == close)
        return fail("trailing comma");
    }
  }
  bool value() {
    if (++depth_ > 512)
      return fail("nested too deep");
    bool ok = false;
    const char c = peek();
    if (c == '{')
      ok = container('}', true);
    else if (c == '[')
      ok = container(']', false);
    else if (c == '"')
      ok = string();
    else if (c == '-' || std::isdigit(static_cast<unsigned char>(c)))
      ok = number();
    else if (c == 't')
      ok = literal("true");
    else if (c == 'f')
      ok = literal("false");
    else if (c == 'n')
      ok = literal("null");
    else
      ok = fail("not a JSON value");
    --depth_;
    return ok;
  }

  const std::string &t_;
  std::size_t i_ = 0;
  int depth_ = 0;
  std::string err_;
};

/// Empty when every cell of a CSV number column holds a number: strtod's decimal form or one of
/// "inf", "-inf", "nan" (the documented spellings); else the offending cell.
inline std::string csv_number_cell_error(const std::string &cell) {
  if (cell == "inf" || cell == "-inf" || cell == "nan")
    return {};
  if (cell.empty())
    return "empty cell";
  std::size_t i = 0;
  if (cell[i] == '-')
    ++i;
  bool digit = false;
  while (i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i])))
    ++i, digit = true;
  if (i < cell.size() && cell[i] == '.')
    for (++i; i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i]));)
      ++i, digit = true;
  if (digit && i < cell.size() && (cell[i] == 'e' || cell[i] == 'E')) {
    ++i;
    if (i < cell.size() && (cell[i] == '+' || cell[i] == '-'))
      ++i;
    bool exp = false;
    while (i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i])))
      ++i, exp = true;
    if (!exp)
      return "'" + cell + "' is not a number";
  }
  return digit && i == cell.size() ? std::string() : "'" + cell + "' is not a number";
}

} // namespace linkphy::test
