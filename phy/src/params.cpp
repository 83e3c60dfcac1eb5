#include <linkphy/phy/error.hpp>
#include <linkphy/phy/join_list.hpp>
#include <linkphy/phy/params.hpp>
#include <linkphy/phy/quantity.hpp>
#include <linkphy/phy/toml_syntax.hpp>

#include <toml++/toml.h>

#include <cmath>
#include <cstdlib>
#include <mutex>
#include <sstream>

#ifndef LINKPHY_DATA_RELDIR
#define LINKPHY_DATA_RELDIR "share/linkphy"
#endif

namespace linkphy {

void ParamSet::set(const std::string &key, std::string value, std::string where) {
  values_[key] = std::move(value);
  if (!where.empty())
    key_where_[key] = std::move(where);
  else
    key_where_.erase(key);
}

void ParamSet::merge(const ParamSet &other) {
  for (const auto &[k, v] : other.values_) {
    values_[k] = v;
    auto it = other.key_where_.find(k);
    key_where_[k] = it != other.key_where_.end() ? it->second : other.where_;
  }
}

std::string ParamSet::where_key(const std::string &key) const {
  auto it = key_where_.find(key);
  const std::string &place = it != key_where_.end() ? it->second : where_;
  return place.empty() ? "key '" + key + "'" : place + ": key '" + key + "'";
}

const std::string &ParamSet::text(const std::string &key) const {
  auto it = values_.find(key);
  if (it == values_.end())
    throw InputError(where_, "missing key '" + key + "'");
  used_.insert(key);
  return it->second;
}

std::optional<std::string> ParamSet::text_or(const std::string &key) const {
  if (!has(key))
    return std::nullopt;
  return text(key);
}

double ParamSet::quantity(const std::string &key, Dimension dim) const {
  return parse_quantity_as(text(key), dim, where_key(key));
}

double ParamSet::quantity_or(const std::string &key, Dimension dim, double fallback) const {
  return has(key) ? quantity(key, dim) : fallback;
}

double ParamSet::number(const std::string &key, double min, double max) const {
  const double v = parse_quantity_as(text(key), Dimension::dimensionless, where_key(key));
  if (!(v >= min && v <= max)) {
    std::ostringstream os;
    os << "'" << values_.at(key) << "' is out of range; accepted: " << min << " to " << max;
    throw InputError(where_key(key), os.str());
  }
  return v;
}

double ParamSet::number_or(const std::string &key, double fallback, double min, double max) const {
  return has(key) ? number(key, min, max) : fallback;
}

long ParamSet::integer(const std::string &key, long min, long max) const {
  const double v = number(key, static_cast<double>(min), static_cast<double>(max));
  if (v != std::floor(v))
    throw InputError(where_key(key), "'" + values_.at(key) + "' is not a whole number");
  return static_cast<long>(v);
}

void ParamSet::require_range(const std::string &key, double value, double min, double max,
                             const std::string &accepted) const {
  if (!(value >= min && value <= max))
    throw InputError(where_key(key), "'" + (has(key) ? values_.at(key) : std::string("?")) +
                                         "' is out of range; accepted: " + accepted);
}

std::vector<std::string> ParamSet::unused() const {
  std::vector<std::string> out;
  for (const auto &kv : values_)
    if (!used_.count(kv.first))
      out.push_back(kv.first);
  return out;
}

void ParamSet::reject_unused(const std::vector<std::string> &accepted) const {
  const auto left = unused();
  if (left.empty())
    return;
  throw InputError(where_key(left.front()), "unknown key; accepted: " + join_list(accepted));
}

Spec parse_spec(const std::string &text) {
  const std::string place = "spec '" + text + "'";
  const auto colon = text.find(':');
  if (colon == std::string::npos || colon == 0)
    throw InputError(place, "expected KIND:key=value,... (e.g. twinax:awg=26,length=2m)");
  Spec spec{text.substr(0, colon), ParamSet(place)};
  std::string rest = text.substr(colon + 1);
  std::size_t start = 0;
  while (start <= rest.size() && !rest.empty()) {
    const auto comma = rest.find(',', start);
    const std::string item =
        rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError(place, "'" + item + "' is not key=value");
    const std::string key = item.substr(0, eq);
    if (spec.params.has(key))
      throw InputError(place, "key '" + key + "' given twice");
    spec.params.set(key, item.substr(eq + 1));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return spec;
}

namespace {
std::string node_text(const toml::node &n, const std::string &where) {
  if (auto s = n.as_string())
    return s->get();
  if (auto i = n.as_integer())
    return std::to_string(i->get());
  if (auto f = n.as_floating_point())
    return number_text(f->get());
  if (auto b = n.as_boolean())
    return b->get() ? "true" : "false";
  if (auto a = n.as_array()) {
    std::string out;
    for (const auto &e : *a) {
      if (!out.empty())
        out += ",";
      out += node_text(e, where);
    }
    return out;
  }
  throw InputError(
      where, "unsupported value type (accepted: strings, numbers, booleans or arrays of them)");
}
} // namespace

void Catalog::load(const std::filesystem::path &file) {
  const std::string fname = file.string();
  if (!std::filesystem::is_regular_file(file))
    throw InputError(fname, "catalog file not found");
  toml::table tbl;
  try {
    tbl = toml::parse_file(fname);
  } catch (const toml::parse_error &e) {
    throw toml_syntax_error(fname, e.source().begin.line, e.source().begin.column, e.description());
  }
  for (const auto &[name, node] : tbl) {
    const std::string entry_where = fname + ":" + std::to_string(node.source().begin.line);
    const auto *t = node.as_table();
    if (!t)
      throw InputError(entry_where, "top-level key '" + std::string(name.str()) +
                                        "' must be a table [name] holding one entry");
    auto [it, fresh] = entries_.try_emplace(std::string(name.str()), ParamSet(entry_where));
    ParamSet &entry = it->second;
    for (const auto &[k, v] : *t) {
      const std::string kw = fname + ":" + std::to_string(v.source().begin.line);
      entry.set(std::string(k.str()), node_text(v, kw), kw);
    }
    if (!entry.has("source"))
      throw InputError(entry_where, "entry '" + std::string(name.str()) +
                                        "' has no 'source' (every catalog entry cites one)");
    (void)fresh;
  }
}

ParamSet Catalog::entry(const std::string &name, const std::string &noun) const {
  auto it = entries_.find(name);
  if (it == entries_.end()) {
    throw InputError("", "unknown " + noun + " '" + name + "' (known: " +
                             join_list(entries_, [](const auto &kv) { return kv.first; }) + ")");
  }
  ParamSet copy = it->second;
  (void)copy.text("source");
  return copy;
}

std::vector<std::string> Catalog::names() const {
  std::vector<std::string> out;
  for (const auto &kv : entries_)
    out.push_back(kv.first);
  return out;
}

namespace {
std::mutex data_root_mutex;
std::filesystem::path &data_root_slot() {
  static std::filesystem::path root;
  return root;
}
} // namespace

void set_data_root(const std::filesystem::path &root) {
  std::lock_guard<std::mutex> lock(data_root_mutex);
  data_root_slot() = root;
}

std::filesystem::path data_root() {
  std::lock_guard<std::mutex> lock(data_root_mutex);
  return data_root_slot();
}

std::filesystem::path find_data_dir(const std::string &subdir,
                                    const std::vector<std::filesystem::path> &candidates) {
  if (const char *env = std::getenv("LINKPHY_DATA_DIR")) {
    const auto p = std::filesystem::path(env) / subdir;
    if (std::filesystem::is_directory(p))
      return p;
  }
  std::error_code ec;
  if (const auto root = data_root();
      !root.empty() && std::filesystem::is_directory(root / subdir, ec))
    return root / subdir;
  // The program's own prefix (PREFIX/bin/linkphy → PREFIX/share/linkphy), so that an installed
  // prefix can be moved; the build tree mirrors that layout (cmake/LinkphyModule.cmake).
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto p = exe.parent_path().parent_path() / LINKPHY_DATA_RELDIR / subdir;
    if (std::filesystem::is_directory(p, ec)) {
      auto real = std::filesystem::canonical(p, ec); // the build tree's links → the sources
      return ec ? p : real;
    }
  }
  for (const auto &c : candidates)
    if (!c.empty() && std::filesystem::is_directory(c, ec))
      return c;
  throw InputError(subdir, "linkphy data directory not found (set LINKPHY_DATA_DIR to the "
                           "folder holding channels/, transceivers/ and sweeps/, e.g. "
                           "PREFIX/share/linkphy)");
}

} // namespace linkphy
