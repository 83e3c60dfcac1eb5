// Touchstone reader: versions 1.0/1.1 and 2.0 (IBIS Open Forum, "Touchstone File Format
// Specification" rev 2.0, 2009). One pass over the file held in memory; numbers are read with
// std::from_chars, a frequency point may wrap over any number of lines.
#include "touchstone_internal.hpp"

#include <linkphy/phy/error.hpp>
#include <linkphy/phy/touchstone.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <limits>
#include <numbers>
#include <sstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace linkphy {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr int kMaxPorts = 10000;

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string show(double v) {
  std::ostringstream os;
  os.precision(12);
  os << v;
  return os.str();
}

/// The end of [b, e) without a '!' comment.
const char *before_comment(const char *b, const char *e) {
  const void *bang = std::memchr(b, '!', static_cast<std::size_t>(e - b));
  return bang ? static_cast<const char *>(bang) : e;
}

/// Splits [b, e) at blanks; calls fn(token) for each token.
template <class Fn> void for_each_token(const char *b, const char *e, Fn &&fn) {
  while (b < e) {
    while (b < e && is_blank(*b))
      ++b;
    if (b == e)
      break;
    const char *t = b;
    while (b < e && !is_blank(*b))
      ++b;
    fn(std::string_view(t, static_cast<std::size_t>(b - t)));
  }
}

// Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI
// 1990): a decimal m·10^k with m < 2^53 and |k| ≤ 22 is exactly one correctly rounded multiply
// or divide of two exact doubles, hence bit-identical to std::from_chars. Other text (more
// digits, large exponents, errors) returns false and goes to std::from_chars.
const char *fast_decimal(const char *p, const char *e, double &out) {
  static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  bool neg = false;
  if (p < e && (*p == '-' || *p == '+'))
    neg = *p++ == '-';
  std::uint64_t m = 0;
  const char *start = p;
  for (; p < e && static_cast<unsigned>(*p - '0') < 10; ++p)
    m = m * 10 + static_cast<unsigned>(*p - '0');
  int digits = static_cast<int>(p - start);
  int k = 0;
  if (p < e && *p == '.') {
    const char *f = ++p;
    for (; p < e && static_cast<unsigned>(*p - '0') < 10; ++p)
      m = m * 10 + static_cast<unsigned>(*p - '0');
    k = -static_cast<int>(p - f);
    digits -= k;
  }
  if (digits == 0 || digits > 19) // nothing, or a mantissa that may overflow: not for us
    return nullptr;
  if (p < e && (*p == 'e' || *p == 'E')) {
    ++p;
    bool eneg = false;
    if (p < e && (*p == '-' || *p == '+'))
      eneg = *p++ == '-';
    const char *x0 = p;
    int x = 0;
    for (; p < e && static_cast<unsigned>(*p - '0') < 10 && p - x0 < 4; ++p)
      x = x * 10 + (*p - '0');
    if (p == x0)
      return nullptr;
    k += eneg ? -x : x;
  }
  if (m > (std::uint64_t{1} << 53) || k < -22 || k > 22)
    return nullptr;
  const double v = k < 0 ? static_cast<double>(m) / kPow10[-k] : static_cast<double>(m) * kPow10[k];
  out = neg ? -v : v;
  return p;
}

class Parser {
public:
  Parser(std::string_view text, std::string source, int ext_ports)
      : text_(text), source_(std::move(source)), ext_ports_(ext_ports) {}

  TouchstoneData run();

private:
  [[noreturn]] void fail(int at_line, const std::string &what) const {
    throw InputError(source_ + ":" + std::to_string(at_line), what);
  }
  double number(std::string_view tok, const char *what) const;
  int integer(std::string_view rest, const char *keyword) const;
  void line_content(const char *b, const char *e);
  void keyword(const char *b, const char *e);
  void option_line(const char *b, const char *e);
  void reference_values(const char *b, const char *e);
  void data_line(const char *b, const char *e);
  void noise_line(const char *b, const char *e);
  void start_data(const char *from);
  std::string freq_text(double f_file) const {
    return show(f_file) + " " + std::string(to_string(out_.unit));
  }
  std::string point_shape() const;
  [[noreturn]] void fail_truncated_point(int at_line, const char *where_cut) const;
  [[noreturn]] void fail_unknown_keyword(const std::string &shown) const;
  void finish();

  std::string_view text_;
  std::string source_;
  int ext_ports_;
  TouchstoneData out_;

  int line_ = 0;
  bool v2_ = false;
  bool any_content_ = false; // a non-comment line was seen
  bool have_option_ = false;
  bool in_network_ = false; // v2: after [Network Data]
  bool in_noise_ = false;
  bool ended_ = false; // v2: [End] seen
  bool have_order_ = false;
  bool have_matrix_format_ = false;
  int ports_ = 0;
  int ports_line_ = 0; // v2: the line of [Number of Ports]
  long declared_freqs_ = -1;
  int freqs_line_ = 0; // v2: the line of [Number of Frequencies]
  long declared_noise_ = -1;
  std::vector<double> reference_;
  int reference_pending_ = 0; // [Reference] values still expected on following lines
  int reference_line_ = 0;

  // Network data of the point being read; the first number is the frequency.
  double mult_ = 1e9;
  std::size_t need_ = 0;
  std::vector<double> point_;
  std::size_t count_ = 0;
  int point_line_ = 0;
  int last_data_line_ = 0;
  std::vector<double> freq_file_; // frequencies as written (file unit)
  std::vector<int> point_lines_;  // the line each point starts on (for errors found later)
  std::vector<Complex> raw_;      // m pairs per point, as read (converted in finish())
  int prev_freq_line_ = 0;
  std::vector<std::array<double, 5>> noise_raw_;
  int prev_noise_line_ = 0;
};

double Parser::number(std::string_view tok, const char *what) const {
  const char *b = tok.data();
  const char *e = b + tok.size();
  if (b < e && *b == '+' && b + 1 < e && b[1] != '-' && b[1] != '+')
    ++b; // from_chars does not take a leading '+'
  double v = 0;
  if (fast_decimal(b, e, v) == e)
    return v;
  const auto [p, ec] = std::from_chars(b, e, v);
  if (ec == std::errc::result_out_of_range)
    fail(line_, std::string(what) + " '" + std::string(tok) + "' is out of the range of a double");
  if (ec != std::errc() || p != e)
    fail(line_, "expected a number (" + std::string(what) + "), found '" + std::string(tok) + "'");
  if (!std::isfinite(v))
    fail(line_, std::string(what) + " '" + std::string(tok) +
                    "' is not a finite number; Touchstone data are decimal numbers");
  return v;
}

int Parser::integer(std::string_view rest, const char *keyword) const {
  std::vector<std::string_view> toks;
  for_each_token(rest.data(), rest.data() + rest.size(),
                 [&](std::string_view t) { toks.push_back(t); });
  long v = 0;
  if (toks.size() == 1) {
    const auto [p, ec] = std::from_chars(toks[0].data(), toks[0].data() + toks[0].size(), v);
    if (ec == std::errc() && p == toks[0].data() + toks[0].size() && v >= 1 && v <= 1000000000)
      return static_cast<int>(v);
  }
  fail(line_, std::string(keyword) + " needs one positive whole number, found '" +
                  std::string(rest) + "'");
}

TouchstoneData Parser::run() {
  if (text_.empty())
    fail(0, "empty file (0 bytes); a Touchstone file holds an option line '# ...' and data");
  const char *p = text_.data();
  const char *end = p + text_.size();
  if (text_.size() >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0)
    p += 3; // UTF-8 byte order mark
  while (p < end) {
    ++line_;
    const char *eol =
        static_cast<const char *>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (!eol)
      eol = end;
    // Hot path: a network data line while data are being read. data_line() stops at a '!'
    // itself, so the line is not searched for one first.
    const char *first = p;
    while (first < eol && is_blank(*first))
      ++first;
    if (need_ > 0 && first < eol && *first != '!' && *first != '[' && *first != '#' && !in_noise_ &&
        !ended_ && reference_pending_ == 0) {
      data_line(first, eol);
      any_content_ = true;
      p = eol + 1;
      continue;
    }
    // std::find, not memchr: GCC's -Wstringop-overread cannot see eol >= p once keyword() is
    // inlined here.
    const char *ce = std::find(p, eol, '!');
    const char *bang = ce < eol ? ce : nullptr;
    const char *b = p;
    while (b < ce && is_blank(*b))
      ++b;
    const char *e = ce;
    while (e > b && is_blank(e[-1]))
      --e;
    if (b < e)
      line_content(b, e);
    if (bang && need_ == 0) { // comments before the data
      const char *cb = bang + 1;
      const char *cend = eol;
      while (cend > cb && is_blank(cend[-1]))
        --cend;
      out_.comments.emplace_back(cb, static_cast<std::size_t>(cend - cb));
    }
    p = eol + 1;
  }
  finish();
  return std::move(out_);
}

void Parser::line_content(const char *b, const char *e) {
  if (ended_)
    fail(line_, "text after [End]: '" + std::string(b, e) +
                    "' (accepted: only comments and blank lines after [End])");
  if (reference_pending_ > 0 && *b != '[' && *b != '#') {
    reference_values(b, e);
    return;
  }
  if (reference_pending_ > 0)
    fail(line_, "[Reference] at line " + std::to_string(reference_line_) + " needs " +
                    std::to_string(ports_) + " impedances (one per port), found " +
                    std::to_string(reference_.size()));
  if (*b == '[') {
    keyword(b, e);
  } else if (*b == '#') {
    option_line(b, e);
  } else if (in_noise_) {
    noise_line(b, before_comment(b, e));
  } else {
    data_line(b, e);
  }
  any_content_ = true;
}

void Parser::keyword(const char *b, const char *e) {
  const char *close =
      static_cast<const char *>(std::memchr(b, ']', static_cast<std::size_t>(e - b)));
  if (!close)
    fail(line_, "keyword '" + std::string(b, e) + "' has no closing ']'");
  const std::string name = lower(std::string_view(b + 1, static_cast<std::size_t>(close - b - 1)));
  const std::string_view rest(close + 1, static_cast<std::size_t>(e - close - 1));
  const std::string shown(b, close + 1);

  if (name == "version") {
    if (any_content_)
      fail(line_, "[Version] must be the first keyword of the file (before the option line)");
    std::string v;
    for_each_token(rest.data(), rest.data() + rest.size(),
                   [&](std::string_view t) { v += std::string(t); });
    if (v != "2.0" && v != "2.1")
      fail(line_, "unsupported [Version] '" + v + "'; accepted: 2.0 (version 1 files have none)");
    v2_ = true;
    out_.version = "2.0";
    return;
  }
  // Touchstone 2.0 keywords (specification §2-§5); the last four are known but not read here.
  static constexpr std::array<std::string_view, 13> kKeywords = {"number of ports",
                                                                 "two-port data order",
                                                                 "number of frequencies",
                                                                 "number of noise frequencies",
                                                                 "reference",
                                                                 "matrix format",
                                                                 "network data",
                                                                 "noise data",
                                                                 "end",
                                                                 "mixed-mode order",
                                                                 "begin information",
                                                                 "end information",
                                                                 "interpolation"};
  if (std::find(kKeywords.begin(), kKeywords.end(), name) == kKeywords.end())
    fail_unknown_keyword(shown); // before the version check: a misspelt [Version] is not v1
  if (!v2_)
    fail(line_, "keyword " + shown +
                    " in a version 1 file (accepted: keywords belong to version 2 files, which "
                    "start with [Version] 2.0)");
  if (in_network_ && name != "noise data" && name != "end")
    fail(line_,
         "keyword " + shown + " inside [Network Data]; only [Noise Data] or [End] may follow");

  if (name == "number of ports") {
    if (ports_ > 0)
      fail(line_, "[Number of Ports] given twice (accepted: once, before [Network Data])");
    ports_ = integer(rest, "[Number of Ports]");
    ports_line_ = line_;
    if (ports_ > kMaxPorts)
      fail(line_, "[Number of Ports] " + std::to_string(ports_) + " is more than " +
                      std::to_string(kMaxPorts) + " (accepted: 1 to " + std::to_string(kMaxPorts) +
                      ")");
    if (ext_ports_ > 0 && ext_ports_ != ports_)
      fail(line_, "port count mismatch: [Number of Ports] " + std::to_string(ports_) +
                      " but the file name says .s" + std::to_string(ext_ports_) +
                      "p (accepted: the extension .s" + std::to_string(ports_) +
                      "p or .ts for this file)");
  } else if (name == "two-port data order") {
    std::string v;
    for_each_token(rest.data(), rest.data() + rest.size(),
                   [&](std::string_view t) { v += lower(t); });
    if (v == "12_21")
      out_.two_port_order = TwoPortOrder::N12_N21;
    else if (v == "21_12")
      out_.two_port_order = TwoPortOrder::N21_N12;
    else
      fail(line_, "[Two-Port Data Order] must be 12_21 or 21_12, found '" + v + "'");
    have_order_ = true;
  } else if (name == "number of frequencies") {
    declared_freqs_ = integer(rest, "[Number of Frequencies]");
    freqs_line_ = line_;
  } else if (name == "number of noise frequencies") {
    declared_noise_ = integer(rest, "[Number of Noise Frequencies]");
  } else if (name == "reference") {
    if (ports_ == 0)
      fail(line_, "[Reference] before [Number of Ports]: the number of impedances is unknown");
    reference_.clear();
    reference_line_ = line_;
    reference_pending_ = ports_;
    reference_values(rest.data(), rest.data() + rest.size());
  } else if (name == "matrix format") {
    std::string v;
    for_each_token(rest.data(), rest.data() + rest.size(),
                   [&](std::string_view t) { v += lower(t); });
    if (v == "full")
      out_.matrix_format = MatrixFormat::Full;
    else if (v == "upper")
      out_.matrix_format = MatrixFormat::Upper;
    else if (v == "lower")
      out_.matrix_format = MatrixFormat::Lower;
    else
      fail(line_, "[Matrix Format] must be Full, Upper or Lower, found '" + v + "'");
    have_matrix_format_ = true;
  } else if (name == "network data") {
    if (!have_option_)
      fail(line_, "[Network Data] before the option line (accepted: the option line '# <unit> "
                  "<parameter> <format> R <ohms>' first)");
    if (ports_ == 0)
      fail(line_, "a version 2 file needs [Number of Ports] before [Network Data]");
    if (ports_ == 2 && !have_order_)
      fail(line_, "a version 2 2-port file needs [Two-Port Data Order] 12_21 or 21_12");
    if (ports_ != 2 && have_order_)
      fail(line_, "[Two-Port Data Order] is for 2-port files only; this one has " +
                      std::to_string(ports_) + " ports");
    if (declared_freqs_ < 0)
      fail(line_, "a version 2 file needs [Number of Frequencies] before [Network Data]");
    if (!freq_file_.empty())
      fail(line_, "[Network Data] given twice (accepted: one [Network Data] block)");
    in_network_ = true;
    start_data(e);
  } else if (name == "noise data") {
    if (!in_network_)
      fail(line_, "[Noise Data] before [Network Data]");
    if (ports_ != 2)
      fail(line_, "noise data are defined for 2-port files only; this one has " +
                      std::to_string(ports_) + " ports");
    if (declared_noise_ < 0)
      fail(line_, "a file with [Noise Data] needs [Number of Noise Frequencies]");
    if (count_ != 0)
      fail_truncated_point(line_, ("before " + shown).c_str());
    in_noise_ = true;
  } else if (name == "end") {
    if (!in_network_)
      fail(line_, "[End] before [Network Data]");
    if (count_ != 0)
      fail_truncated_point(line_, ("before " + shown).c_str());
    ended_ = true;
  } else if (name == "mixed-mode order" || name == "begin information" ||
             name == "end information" || name == "interpolation") {
    fail(line_, "keyword " + shown + " is not supported by this reader (single-ended data only)");
  } else {
    fail_unknown_keyword(shown);
  }
}

void Parser::reference_values(const char *b, const char *e) {
  for_each_token(b, e, [&](std::string_view t) {
    if (reference_pending_ == 0)
      fail(line_, "[Reference] has more than " + std::to_string(ports_) +
                      " impedances (one per port): '" + std::string(t) + "'");
    const double z = number(t, "reference impedance");
    if (!(z > 0))
      fail(line_, "reference impedance must be > 0 ohm, found '" + std::string(t) + "'");
    reference_.push_back(z);
    --reference_pending_;
  });
}

void Parser::option_line(const char *b, const char *e) {
  if (have_option_)
    return; // the specification: only the first option line counts
  bool unit = false, param = false, format = false, r = false, expect_r = false;
  for_each_token(b + 1, e, [&](std::string_view t) {
    if (expect_r) {
      const char *tb = t.data();
      double v = 0;
      const auto [p, ec] = std::from_chars(tb, tb + t.size(), v);
      if (ec != std::errc() || p != tb + t.size() || !std::isfinite(v) || !(v > 0))
        fail(line_, "option R needs a positive reference resistance in ohms, found '" +
                        std::string(t) + "'");
      out_.option_r_ohm = v;
      expect_r = false;
      return;
    }
    const std::string w = lower(t);
    auto once = [&](bool &seen, const char *what) {
      if (seen)
        fail(line_, std::string(what) + " given twice in the option line ('" + std::string(t) +
                        "'; accepted: at most one each of unit, parameter, format and R <ohms>)");
      seen = true;
    };
    if (w == "hz" || w == "khz" || w == "mhz" || w == "ghz") {
      once(unit, "frequency unit");
      out_.unit = w == "hz"    ? FrequencyUnit::Hz
                  : w == "khz" ? FrequencyUnit::kHz
                  : w == "mhz" ? FrequencyUnit::MHz
                               : FrequencyUnit::GHz;
    } else if (w == "s" || w == "y" || w == "z" || w == "h" || w == "g") {
      once(param, "parameter");
      out_.parameter = w == "s"   ? ParameterKind::S
                       : w == "y" ? ParameterKind::Y
                       : w == "z" ? ParameterKind::Z
                       : w == "h" ? ParameterKind::H
                                  : ParameterKind::G;
    } else if (w == "ma" || w == "db" || w == "ri") {
      once(format, "format");
      out_.format = w == "ma"   ? TouchstoneFormat::MA
                    : w == "db" ? TouchstoneFormat::DB
                                : TouchstoneFormat::RI;
    } else if (w == "r") {
      once(r, "R");
      expect_r = true;
    } else {
      fail(line_, "unknown option '" + std::string(t) +
                      "' in the option line; accepted: Hz kHz MHz GHz, S Y Z H G, MA DB RI, "
                      "R <ohms>");
    }
  });
  if (expect_r)
    fail(line_, "option R needs a positive reference resistance in ohms after it");
  have_option_ = true;
  mult_ = hz_per(out_.unit);
}

// A frequency point cut short (by [Noise Data], [End] or the end of the file): one message for
// the three places, saying how many numbers a point holds.
void Parser::fail_truncated_point(int at_line, const char *where_cut) const {
  fail(at_line, "truncated network data " + std::string(where_cut) +
                    ": the frequency point that starts at line " + std::to_string(point_line_) +
                    " has " + std::to_string(count_) + " of its " + std::to_string(need_) +
                    " numbers (accepted: " + std::to_string(need_) + " numbers per point, " +
                    point_shape() + ")");
}

void Parser::fail_unknown_keyword(const std::string &shown) const {
  fail(line_, "unknown keyword " + shown +
                  "; accepted: [Version], [Number of Ports], [Two-Port Data Order], [Number of "
                  "Frequencies], [Number of Noise Frequencies], [Reference], [Matrix Format], "
                  "[Network Data], [Noise Data], [End]");
}

std::string Parser::point_shape() const {
  std::string s = "frequency + " + std::to_string(need_ - 1) + " numbers for " +
                  std::to_string(ports_) + " port" + (ports_ == 1 ? "" : "s");
  if (!v2_)
    s += " (port count from the extension .s" + std::to_string(ports_) + "p)";
  return s;
}

void Parser::start_data(const char *from) {
  if (!v2_) {
    ports_ = ext_ports_;
    if (ports_ <= 0)
      fail(line_, "cannot tell the number of ports: a version 1 file needs the extension .sNp "
                  "(N = ports), a version 2 file [Number of Ports]");
  }
  const auto n = static_cast<std::size_t>(ports_);
  const bool full = out_.matrix_format == MatrixFormat::Full;
  const std::size_t m = full ? n * n : n * (n + 1) / 2;
  need_ = 1 + 2 * m;
  // The storage below follows the declared size, so the declared size must fit the text first:
  // every number takes at least one character and one separator, so the B bytes from `from` on
  // hold at most (B + 1) / 2 numbers. (10000 ports in a 100-byte file used to allocate 1.6 GB.)
  const auto bytes = static_cast<std::size_t>(text_.data() + text_.size() - from);
  const std::size_t fits = (bytes + 1) / 2;
  const std::string after = std::to_string(bytes) + " bytes from line " + std::to_string(line_) +
                            " on hold at most " + std::to_string(fits) + " numbers";
  if (need_ > fits) {
    const std::string ns = std::to_string(n);
    const std::string per = "1 + 2·" + (full ? ns + "²" : ns + "·" + std::to_string(n + 1) + "/2") +
                            " = " + std::to_string(need_) + " numbers per frequency point";
    if (v2_)
      fail(ports_line_, "[Number of Ports] " + ns + " needs " + per + " but the " + after +
                            " (accepted: a port count whose network data the file holds, 1 to " +
                            std::to_string(kMaxPorts) + ")");
    fail(line_, "the extension .s" + ns + "p declares " + ns + " ports, which need " + per +
                    ", but the " + after +
                    " (accepted: the extension .sNp with N = the ports "
                    "of the data)");
  }
  if (v2_ && static_cast<std::size_t>(declared_freqs_) > fits / need_)
    fail(freqs_line_, "[Number of Frequencies] " + std::to_string(declared_freqs_) + " needs " +
                          std::to_string(declared_freqs_) + " × " + std::to_string(need_) +
                          " numbers (" + point_shape() + ") but the " + after +
                          " (accepted: the number of points in [Network Data])");
  point_.assign(need_, 0.0);
  const std::size_t guess = text_.size() / (need_ * 8 + 1) + 1;
  freq_file_.reserve(guess);
  raw_.reserve(guess * (need_ - 1) / 2);
}

void Parser::data_line(const char *b, const char *e) {
  if (!have_option_)
    fail(line_, "data before the option line (accepted: the option line '# <unit> <parameter> "
                "<format> R <ohms>' before any data)");
  if (v2_ && !in_network_)
    fail(line_, "data outside [Network Data]: '" + std::string(b, e) +
                    "' (accepted: data lines after [Network Data] or [Noise Data] and before "
                    "[End], in a version 2 file)");
  if (need_ == 0)
    start_data(b);
  last_data_line_ = line_;
  bool first = true;
  const char *p = b;
  while (p < e) {
    while (p < e && is_blank(*p))
      ++p;
    if (p == e || *p == '!') // end of line or a trailing comment
      break;
    double v = 0;
    const char *q = fast_decimal(p, e, v);
    if (!q || (q < e && !is_blank(*q) && *q != '!')) { // not plain: the whole token, checked
      q = p;
      while (q < e && !is_blank(*q) && *q != '!')
        ++q;
      v = number(std::string_view(p, static_cast<std::size_t>(q - p)),
                 count_ == 0 ? "frequency" : "network data value");
    }
    const std::string_view t(p, static_cast<std::size_t>(q - p));
    p = q;
    if (count_ == 0) {
      if (!first)
        fail(line_, "wrong number of values: the frequency point that starts at line " +
                        std::to_string(point_line_) + " needs " + std::to_string(need_) +
                        " numbers (" + point_shape() +
                        ") but ends in the middle of this line (a value missing or extra, or a "
                        "row wrapped wrongly)");
      const double f = v;
      if (f < 0)
        fail(line_,
             "negative frequency " + std::string(t) + " (accepted: frequencies >= 0, ascending)");
      if (!(f * mult_ <= 1e15)) // 1 PHz: beyond any network measurement; inf in doubles above
        fail(line_, "frequency " + freq_text(f) +
                        " is above 1e15 Hz; accepted: up to 1 PHz "
                        "(is the option line's unit right?)");
      if (!freq_file_.empty() && !(f > freq_file_.back())) {
        std::size_t on_line = 0; // a noise line has 5 numbers; its frequency may repeat the last
        for_each_token(b, before_comment(b, e), [&](std::string_view) { ++on_line; });
        if (!v2_ && ports_ == 2 && (f < freq_file_.back() || on_line == 5)) {
          in_noise_ = true; // version 1 2-port: noise parameters follow
          break;
        }
        fail(line_, "frequencies not ascending: " + freq_text(f) + " after " +
                        freq_text(freq_file_.back()) + " (line " + std::to_string(prev_freq_line_) +
                        "); accepted: strictly ascending frequencies, each once");
      }
      point_line_ = line_;
    }
    point_[count_] = v;
    if (++count_ == need_) {
      freq_file_.push_back(point_[0]);
      point_lines_.push_back(point_line_);
      for (std::size_t i = 1; i + 1 < need_; i += 2)
        raw_.emplace_back(point_[i], point_[i + 1]);
      prev_freq_line_ = point_line_;
      count_ = 0;
    }
    first = false;
  }
  if (in_noise_) // the frequency went down at the start of this line: a noise block
    noise_line(b, e);
}

void Parser::noise_line(const char *b, const char *e) {
  std::array<double, 5> row{};
  std::size_t k = 0;
  for_each_token(b, e, [&](std::string_view t) {
    if (k < 5)
      row[k] = number(t, "noise data value");
    ++k;
  });
  if (k != 5) {
    std::string msg = "a noise data line holds 5 numbers (frequency, NFmin dB, |Γopt|, ∠Γopt "
                      "deg, Rn), this one has " +
                      std::to_string(k);
    if (!v2_ && noise_raw_.empty())
      msg += " — in a version 1 2-port file the noise block starts where the frequency goes "
             "down (from " +
             freq_text(freq_file_.back()) + " at line " + std::to_string(prev_freq_line_) + " to " +
             freq_text(row[0]) + "): are the frequencies not ascending?";
    fail(line_, msg);
  }
  if (row[0] < 0)
    fail(line_, "negative noise frequency (accepted: frequencies >= 0, ascending)");
  if (!noise_raw_.empty() && !(row[0] > noise_raw_.back()[0]))
    fail(line_, "noise frequencies not ascending: " + freq_text(row[0]) + " after " +
                    freq_text(noise_raw_.back()[0]) + " (line " + std::to_string(prev_noise_line_) +
                    "); accepted: strictly ascending noise frequencies, each once");
  noise_raw_.push_back(row);
  prev_noise_line_ = line_;
}

void Parser::finish() {
  const int last = line_ > 0 ? line_ : 1;
  if (reference_pending_ > 0)
    fail(last, "[Reference] at line " + std::to_string(reference_line_) + " needs " +
                   std::to_string(ports_) + " impedances, found " +
                   std::to_string(reference_.size()));
  if (!have_option_)
    fail(last, "no option line '# <unit> <parameter> <format> R <ohms>': not a Touchstone file");
  if (count_ != 0)
    fail_truncated_point(last_data_line_, "at the end of the file");
  if (freq_file_.empty())
    fail(last, "no network data");
  if (v2_) {
    if (!ended_)
      fail(last, "truncated: no [End] (accepted: a version 2 file ends with [End])");
    if (declared_freqs_ != static_cast<long>(freq_file_.size()))
      fail(last, "[Number of Frequencies] says " + std::to_string(declared_freqs_) +
                     " but [Network Data] holds " + std::to_string(freq_file_.size()) +
                     " frequency points");
    if (declared_noise_ >= 0 && declared_noise_ != static_cast<long>(noise_raw_.size()))
      fail(last, "[Number of Noise Frequencies] says " + std::to_string(declared_noise_) +
                     " but the file holds " + std::to_string(noise_raw_.size()) + " noise points");
  }

  const std::string where = source_ + ":" + std::to_string(last);
  const int n = ports_;
  const auto un = static_cast<std::size_t>(n);
  const std::size_t nf = freq_file_.size();
  std::vector<double> z0 =
      reference_.empty() ? std::vector<double>(un, out_.option_r_ohm) : reference_;

  // Complex values in file order (one format loop, no per-sample dispatch).
  const std::size_t m = (need_ - 1) / 2;
  std::vector<Complex> vals = std::move(raw_);
  switch (out_.format) {
  case TouchstoneFormat::RI:
    break;
  case TouchstoneFormat::MA:
    for (Complex &v : vals)
      v = std::polar(v.real(), kDeg * v.imag());
    break;
  case TouchstoneFormat::DB:
    for (Complex &v : vals)
      v = std::polar(std::pow(10.0, v.real() / 20.0), kDeg * v.imag());
    break;
  }
  if (vals.size() != nf * m)
    fail(last, "internal error: point count");

  Network &net = out_.network;
  net.ports = n;
  net.freq_hz.resize(nf);
  for (std::size_t k = 0; k < nf; ++k)
    net.freq_hz[k] = freq_file_[k] * mult_;
  net.z0_ohm = z0;
  if (out_.matrix_format == MatrixFormat::Full &&
      !(n == 2 && out_.two_port_order == TwoPortOrder::N21_N12)) {
    net.s = std::move(vals);
  } else {
    net.s.assign(nf * un * un, Complex{});
    for (std::size_t k = 0; k < nf; ++k) {
      const Complex *v = vals.data() + k * m;
      Complex *s = net.s.data() + k * un * un;
      if (out_.matrix_format == MatrixFormat::Full) { // 2-port, N11 N21 N12 N22
        s[0] = v[0];
        s[2] = v[1];
        s[1] = v[2];
        s[3] = v[3];
        continue;
      }
      std::size_t idx = 0;
      for (std::size_t i = 0; i < un; ++i) {
        const std::size_t j0 = out_.matrix_format == MatrixFormat::Upper ? i : 0;
        const std::size_t j1 = out_.matrix_format == MatrixFormat::Upper ? un : i + 1;
        for (std::size_t j = j0; j < j1; ++j) {
          s[i * un + j] = v[idx];
          s[j * un + i] = v[idx];
          ++idx;
        }
      }
    }
  }
  touchstone_detail::convert_to_s(net.s, net.freq_hz, n, out_.parameter, z0,
                                  v2_ ? 0.0 : out_.option_r_ohm, where);
  out_.point_lines = std::move(point_lines_);
  net.name = std::filesystem::path(source_).stem().string();

  NoiseData &nd = out_.noise;
  for (const auto &row : noise_raw_) {
    nd.freq_hz.push_back(row[0] * mult_);
    nd.nfmin_db.push_back(row[1]);
    nd.gamma_opt.push_back(std::polar(row[2], kDeg * row[3]));
    // Version 1 stores Rn/R, version 2 Rn in ohms (specification 2.0, [Noise Data]).
    nd.rn_ohm.push_back(v2_ ? row[4] : row[4] * out_.option_r_ohm);
  }
}

} // namespace

void require_channel_magnitudes(const TouchstoneData &d, const std::string &path) {
  const Network &net = d.network;
  const auto un = static_cast<std::size_t>(net.ports);
  const std::size_t nf = net.frequencies();
  for (std::size_t k = 0; k < nf; ++k)
    for (std::size_t e = 0; e < un * un; ++e) {
      const Complex v = net.s[k * un * un + e];
      if (v.real() * v.real() + v.imag() * v.imag() <= kMaxChannelAbsS * kMaxChannelAbsS)
        continue; // (a square that overflows to inf is refused too)
      std::ostringstream os;
      os << "S" << e / un + 1 << (un > 9 ? "," : "") << e % un + 1 << " has magnitude "
         << std::abs(v) << " at " << net.freq_hz[k] / 1e9 << " GHz"
         << (d.parameter == ParameterKind::S ? "" : " (converted to S)")
         << "; accepted for a channel: |S| <= 1e6 (120 dB)";
      const std::string line =
          k < d.point_lines.size() ? ":" + std::to_string(d.point_lines[k]) : "";
      throw InputError(path + line, os.str());
    }
}

int touchstone_ports_from_extension(const std::string &path) {
  const std::string ext = lower(std::filesystem::path(path).extension().string());
  if (ext.size() < 4 || ext[0] != '.' || ext[1] != 's' || ext.back() != 'p')
    return 0;
  int n = 0;
  const char *b = ext.data() + 2;
  const char *e = ext.data() + ext.size() - 1;
  const auto [p, ec] = std::from_chars(b, e, n);
  if (ec != std::errc() || p != e || n < 1 || n > kMaxPorts)
    return 0;
  return n;
}

TouchstoneData parse_touchstone(std::string_view text, const std::string &source,
                                int ports_from_extension) {
  if (ports_from_extension > kMaxPorts) // N² numbers per point would be allocated
    throw InputError(source, "port count " + std::to_string(ports_from_extension) +
                                 " from the extension is more than " + std::to_string(kMaxPorts) +
                                 " (accepted: 0 for unknown, 1 to " + std::to_string(kMaxPorts) +
                                 ")");
  return Parser(text, source, ports_from_extension).run();
}

TouchstoneData read_touchstone(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto st = fs::status(path, ec);
  const std::string accepted = "; accepted: a Touchstone file (.sNp, or .ts version 2)";
  if (!fs::exists(st))
    throw InputError(path + ":0", "no such file" + accepted);
  if (fs::is_directory(st))
    throw InputError(path + ":0", "is a directory, not a Touchstone file" + accepted);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw InputError(path + ":0", std::string("cannot open for reading: ") + std::strerror(errno));
  struct stat sb {};
  if (::fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size == 0) {
    // Not a regular file (a pipe, a device) or empty: read it whole.
    std::string buf;
    char chunk[1 << 16];
    while (true) {
      const ssize_t got = ::read(fd, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0) {
        const int err = errno;
        ::close(fd);
        throw InputError(path + ":0", std::string("read error: ") + std::strerror(err));
      }
      if (got == 0)
        break;
      buf.append(chunk, static_cast<std::size_t>(got));
    }
    ::close(fd);
    return parse_touchstone(buf, path, touchstone_ports_from_extension(path));
  }
  // A regular file is mapped (pages populated at once, no copy).
  const auto size = static_cast<std::size_t>(sb.st_size);
  void *map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED)
    throw InputError(path + ":0", std::string("cannot map for reading: ") + std::strerror(errno));
  struct Unmap {
    void *p;
    std::size_t n;
    ~Unmap() { ::munmap(p, n); }
  } unmap{map, size};
  return parse_touchstone(std::string_view(static_cast<const char *>(map), size), path,
                          touchstone_ports_from_extension(path));
}

std::string_view to_string(TouchstoneFormat format) {
  switch (format) {
  case TouchstoneFormat::RI:
    return "RI";
  case TouchstoneFormat::MA:
    return "MA";
  case TouchstoneFormat::DB:
    return "DB";
  }
  return "?";
}

std::string_view to_string(FrequencyUnit unit) {
  switch (unit) {
  case FrequencyUnit::Hz:
    return "Hz";
  case FrequencyUnit::kHz:
    return "kHz";
  case FrequencyUnit::MHz:
    return "MHz";
  case FrequencyUnit::GHz:
    return "GHz";
  }
  return "?";
}

double hz_per(FrequencyUnit unit) {
  switch (unit) {
  case FrequencyUnit::Hz:
    return 1.0;
  case FrequencyUnit::kHz:
    return 1e3;
  case FrequencyUnit::MHz:
    return 1e6;
  case FrequencyUnit::GHz:
    return 1e9;
  }
  return 1.0;
}

TouchstoneFormat parse_touchstone_format(std::string_view text, const std::string &where) {
  const std::string w = lower(text);
  if (w == "ri")
    return TouchstoneFormat::RI;
  if (w == "ma")
    return TouchstoneFormat::MA;
  if (w == "db")
    return TouchstoneFormat::DB;
  throw InputError(where,
                   "unknown Touchstone format '" + std::string(text) + "'; accepted: ri, ma, db");
}

} // namespace linkphy
