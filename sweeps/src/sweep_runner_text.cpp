#include "sweep_runner_text.hpp"

#include <linkphy/sweeps/json_text.hpp>

#include <charconv>
#include <fstream>
#include <sstream>

namespace linkphy::sweeps::detail {

std::string csv_escape(const std::string &s) { return csv_field(s); }

std::string json_escape(const std::string &s) {
  const std::string quoted = json_string(s);
  return quoted.substr(1, quoted.size() - 2);
}

long long row_point(const std::string &line) {
  const auto comma = line.find(',');
  try {
    std::size_t pos = 0;
    const long long v = std::stoll(line.substr(0, comma), &pos);
    return pos == (comma == std::string::npos ? line.size() : comma) ? v : -1;
  } catch (const std::exception &) {
    return -1;
  }
}

long long csv_cell_count(const std::string &line) {
  long long cells = 1;
  bool quoted = false;
  for (const char c : line)
    if (c == '"')
      quoted = !quoted; // "" inside quotes toggles twice
    else if (c == ',' && !quoted)
      ++cells;
  return quoted ? -1 : cells;
}

std::string json_field(const std::filesystem::path &p, const std::string &field) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    return "";
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str(), key = "\"" + field + "\": \"";
  const auto at = text.find(key);
  if (at == std::string::npos)
    return "";
  const auto start = at + key.size(), end = text.find('"', start);
  return end == std::string::npos ? "" : text.substr(start, end - start);
}

std::vector<std::string> json_string_list(const std::filesystem::path &p,
                                          const std::string &field) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    return {};
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str(), key = "\"" + field + "\": [";
  const auto at = text.find(key);
  if (at == std::string::npos)
    return {};
  std::vector<std::string> out;
  std::size_t i = at + key.size();
  while (i < text.size() && text[i] != ']') {
    if (text[i] == ',' || text[i] == ' ') {
      ++i;
      continue;
    }
    const auto end = text[i] == '"' ? text.find('"', i + 1) : std::string::npos;
    if (end == std::string::npos)
      return {};
    out.push_back(text.substr(i + 1, end - i - 1));
    if (out.back().find('\\') != std::string::npos)
      return {};
    i = end + 1;
  }
  return i < text.size() ? out : std::vector<std::string>{};
}

long long json_count(const std::filesystem::path &p, const std::string &field) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    return -1;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str(), key = "\"" + field + "\": ";
  const auto at = text.rfind(key);
  if (at == std::string::npos)
    return -1;
  const char *first = text.data() + at + key.size(), *last = text.data() + text.size();
  long long v = -1;
  const auto r = std::from_chars(first, last, v);
  const bool ends = r.ptr == last || *r.ptr == ',' || *r.ptr == '}' || *r.ptr == '\n';
  return r.ec == std::errc() && ends && v >= 0 ? v : -1;
}

std::vector<std::string> read_complete_lines(const std::filesystem::path &p, bool truncate) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const auto last_nl = text.rfind('\n');
  const std::size_t keep = last_nl == std::string::npos ? 0 : last_nl + 1;
  if (keep != text.size()) {
    in.close();
    if (truncate)
      std::filesystem::resize_file(p, keep);
    text.resize(keep);
  }
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

} // namespace linkphy::sweeps::detail
